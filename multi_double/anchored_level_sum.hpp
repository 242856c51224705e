#pragma once
// anchored_level_sum<N>: a sum of products x_j y_j of two expansion<N> (a GEMV row, a GEMM
// output) rounded once, its N + 1 levels held at fixed binades so that every cascade step is a
// FastTwoSum (3 FP64 instructions) where multi_double/level_sum.hpp's free-floating levels need
// TwoSum (6).
// qd_real: 10 TwoProds, 3 products, 30 FastTwoSums and 23 rounded additions, 136 FP64
// instructions a product where the level sum takes 226, plus a carry pass of 20 every 4.
//
// Levels. Level k holds a_k = sigma_k + v_k, sigma_k = 1.5 2^(e_k), e_k = e_0 - s k (s = spacing),
// |v_k| < 2^(e_k - 1): a_k stays in the binade [2^e_k, 2^(e_k + 1)), so its ulp is U_k = 2^(e_k -
// 52), v_k is a multiple of it, v_k = a_k - sigma_k is exact, and sigma_k is read off a_k's
// exponent. The products' terms enter as in the level sum (diagonal d's TwoProd his at level d,
// their los at d + 1, diagonal N's rounded products at level N, the diagonals above N dropped),
// each by FastTwoSum down to level N - 1 and one rounded addition at level N. A FastTwoSum into
// a_k is exact because |term| < 2^(e_k), and the error it passes on is at most U_k / 2.
// - Capacity. A carry pass (renormalise(), after at most R = segment products) moves each level's
//   part above U_(k-1) into level k - 1, bottom up, exactly, leaving |v_k| <= U_(k-1) / 2. A
//   product sends level k >= 1 at most t_(k-1) errors of U_(k-1) / 2 (t_d the terms that pass
//   level d) and its own terms (weight w_k P, P = |x_0 y_0|); the spacing is the widest with
//   (1 + R t_(N-1)) 2^(s-53) + R w_k 2^(s k - g) < 1/2, so no level leaves its binade within a
//   segment. Level 0 holds the running sum: a product whose lead is at least 2^(e_0 - g) (g =
//   headroom, 2^g >= 8 R), and a carry pass that leaves |v_0| >= 2^(e_0 - 2), re-anchor first
//   (rebased, out of line: e_0 only grows, so a chain re-anchors a few times at most).
// - Anchor. rebased picks e_0 = max(e_min, E(lead) + g, E(v_0) + 3), E(x) = floor(log2 |x|) + 1, and
//   re-enters the held values v_k as terms; a chain starts the same way from its start value. So
//   2^(e_0) <= 2^(g+1) M (1 + 2^-30), M = |start| + sum P_j, or e_0 = e_min = -1022 + s N, where
//   the lowest level's ulp is 2^-1074; e_0 above 1023 (a lead near DBL_MAX) makes the sum NaN,
//   so that the caller redoes the chain with fma.
//
// Bound. Level N rounds each of the T = t_N additions a product makes by at most U_N / 2 =
// 2^(e_0 - s N - 53); re-anchoring rounds at most N + 1 values there each time, at strictly
// growing e_0; diagonal N's roundings and the dropped diagonals move a product by at most
// D 2^-52N P (level_sum.hpp); the final N extractions err by at most u_N times the levels' sum.
// With u_N = 2^-52N (1 + 2^-46) and S = start + sum x_j y_j, for k products:
//   |result - S| <= u_N |S| + (k product_error + fixed_error) u_N M + k floor_per_product +
//                   fixed_floor,
// product_error = T 2^(g - s N - 52) / u_N + D, fixed_error = (N + 1) 2^(g - s N - 51) / u_N (each
// with a factor 1 + 2^-30), the floors 2^-1075 for each addition at level N at e_0 = e_min and
// for each TwoProd or product below 2^-969 (not exact). The shape (R, s, g) is the longest
// segment, at least 4 (the kernels' loads run 4 products ahead), whose product_error stays at most
// 2^-12: qd_real R = 4, s = 45, g = 5 (2^-14.5). Expansions with more than 4 components find no
// such shape with N + 1 levels (fits is false) and keep the level sum.
//
// Special values: a non-finite product or level propagates (Inf and NaN stay so through the
// additions and the carries); result() then gives Inf or NaN, and the caller redoes the chain
// with the format's fma (needs_recompute). A zero result is +0.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <utility>

#include "core/eft.hpp"
#include "core/extended_float.hpp"
#include "core/out_of_line.hpp"
#include "core/unroll.hpp"
#include "multi_double/exact_sum.hpp"
#include "multi_double/expansion_type.hpp"
#include "multi_double/grown_cores.hpp"
#include "multi_double/level_sum.hpp"

namespace kamp::multi_double {

namespace detail {

struct anchored_shape {
  int segment = 0;   // R
  int spacing = 0;   // s
  int headroom = 0;  // g
  double product_error = 0;
  double fixed_error = 0;
};

constexpr double power_of_two_double(int e) {
  double r = 1;
  for (; e > 0; --e) r *= 2;
  for (; e < 0; ++e) r *= 0.5;
  return r;
}

// Whether no level leaves its binade within a segment of r products (the capacity above), each
// (1 + u) factor and the evaluation's roundings covered by a margin of 1/64.
constexpr bool anchored_levels_hold(int n, const product_profile& p, int r, int s, int g) {
  int through = 0;  // t_(k-1)
  for (int k = 0; k <= n; ++k) {
    if (k > 0) {
      const double inflow = (1 + static_cast<double>(r) * through) * power_of_two_double(s - 53) +
                            r * p.weight[k] * power_of_two_double(s * k - g);
      if (inflow > 0.5 - 1.0 / 64) return false;
    }
    through += p.count[k];
  }
  return 0.25 + r * power_of_two_double(-g) + power_of_two_double(-s - 1) <= 0.5 - 1.0 / 64;  // level 0
}

// T = t_N: the additions at level N a product makes.
constexpr int anchored_terms(int n) {
  const product_profile p = profile_of(n, true);
  int terms = 0;
  for (int k = 0; k <= n; ++k) terms += p.count[k];
  return terms;
}

constexpr anchored_shape anchored_shape_of(int n) {
  const product_profile p = profile_of(n, true);
  const int terms = anchored_terms(n);
  const double growth = 1 + 0x1p-30;
  for (int r = 512, log_r = 9; r >= 4; r /= 2, --log_r) {
    const int g = log_r + 3;  // R 2^-g = 1/8
    for (int s = 52; s > 20; --s) {
      if (!anchored_levels_hold(n, p, r, s, g)) continue;
      // In units of u_N: 2^(g - s N - 52 + 52 N).
      const double unit = power_of_two_double(g - s * n - 52 + 52 * n);
      const double product_error = growth * (terms * unit + p.dropped);
      if (product_error > 0x1p-12) break;
      return {r, s, g, product_error, growth * (n + 1) * 2 * unit};
    }
  }
  return {};
}

}  // namespace detail

// Whether anchored levels reach expansion<N>'s precision (see the file comment).
template <int N>
constexpr bool anchored_levels_fit = detail::anchored_shape_of(N).segment > 0;

template <int N>
struct anchored_level_sum {
  static_assert(anchored_levels_fit<N>, "no anchored shape keeps the bound for this expansion");
  static constexpr detail::anchored_shape shape = detail::anchored_shape_of(N);
  static constexpr int segment = shape.segment;
  static constexpr int spacing = shape.spacing;
  static constexpr int headroom = shape.headroom;
  static constexpr int lowest_anchor = -1022 + spacing * N;  // e_min
  static constexpr int highest_anchor = 1023;
  // The bound above, for the tests.
  static constexpr double product_error = shape.product_error;
  static constexpr double fixed_error = shape.fixed_error;
  static constexpr double floor_per_product = (N * (N + 3) / 2 + detail::anchored_terms(N)) * 0x1p-1074;
  static constexpr double fixed_floor = (N + 1) * 0x1p-1074;

  // Invariant: a[k] = sigma_k + v_k with |v_k| < 2^(e_k - 1) (above), so a_k's exponent is e_k and
  // sigma_k follows from a_k's bits (no anchor is stored: it would be one more register, and the
  // compiler would keep every sigma_k live across the loops); sum v_k is the exact sum of what was added
  // less the roundings of the bound; at most `segment` products since the last carry pass (the
  // caller's part).
  double a[N + 1];

  KOKKOS_INLINE_FUNCTION anchored_level_sum() : anchored_level_sum(expansion<N>()) {}
  // A chain that continues from `start`.
  KOKKOS_INLINE_FUNCTION explicit anchored_level_sum(const expansion<N>& start) {
    double held[N + 1] = {};
    KAMP_UNROLL
    for (int k = 0; k < N; ++k) held[k] = start.c[k];
    enter(held, 0.0, lowest_anchor);
  }

  KOKKOS_INLINE_FUNCTION void add_product(const expansion<N>& x, const expansion<N>& y) {
    if (!takes(x, y)) make_room(x, y);
    add_taken(x, y);
  }

  // The carry pass, then a new anchor if the running sum has grown into level 0's headroom.
  KOKKOS_INLINE_FUNCTION void renormalise() {
    carry();
    if (!holds_running_sum()) make_room_for_sum();
  }

  // add_product and renormalise in their parts, for the kernels' loops (blas/generic/chain_steps.hpp):
  // a test, the rare re-anchoring, and the branch-free rest.
  // - Whether x y's lead stays below 2^(e_0 - g).
  KOKKOS_INLINE_FUNCTION bool takes(const expansion<N>& x, const expansion<N>& y) const {
    return magnitude_word(core::mul_rn(x.c[0], y.c[0])) < exponent_word(a[0]) - (headroom << 20);
  }
  KOKKOS_INLINE_FUNCTION void make_room(const expansion<N>& x, const expansion<N>& y) {
    *this = rebased(*this, core::mul_rn(x.c[0], y.c[0]));
  }
  // x y's terms into the levels (takes(x, y) must hold).
  KOKKOS_INLINE_FUNCTION void add_taken(const expansion<N>& x, const expansion<N>& y) {
    detail::product_terms(x, y, [this](auto level, double t) { deposit<decltype(level)::value>(t); });
  }
  // Each level's part above the next level's ulp moved up, bottom first: v = a_k - sigma_k
  // exactly, its multiple of U_(k-1) into a_(k-1) by FastTwoSum, the rest (at most U_(k-1) / 2,
  // a multiple of U_k) back on sigma_k, exactly.
  KOKKOS_INLINE_FUNCTION void carry() {
    KAMP_UNROLL
    for (int k = N; k >= 1; --k) {
      double rest = 0;
      const double sigma = sigma_of(a[k]);
      a[k - 1] = core::fast_two_sum(a[k - 1], core::sub_rn(a[k], sigma), rest);
      a[k] = core::add_rn(sigma, rest);
    }
  }
  // Whether |v_0| < 2^(e_0 - 2).
  KOKKOS_INLINE_FUNCTION bool holds_running_sum() const {
    return magnitude_word(core::sub_rn(a[0], sigma_of(a[0]))) < exponent_word(a[0]) - (2 << 20);
  }
  KOKKOS_INLINE_FUNCTION void make_room_for_sum() { *this = rebased(*this, 0.0); }

  KOKKOS_INLINE_FUNCTION bool finite() const { return detail::levels_finite<N>(a); }

  // The sum rounded to N components, or a non-finite value where a level is not finite.
  KOKKOS_INLINE_FUNCTION expansion<N> result() const {
    if (!finite()) return detail::non_finite_levels<N>(a);
    double terms[N + 1];
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) terms[k] = core::sub_rn(a[N - k], sigma_of(a[N - k]));
    return detail::rounded_levels<N>(terms);
  }

  // Whether every level is in its binade (exponent e_0 - s k and |a_k - sigma_k| < 2^(e_k - 1)),
  // or all are NaN: the capacity argument above, checked by the tests after every step.
  KOKKOS_INLINE_FUNCTION bool in_binades() const {
    bool all = true, nan = true;
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) {
      const double sigma = sigma_of(a[k]);
      all = all && exponent_word(a[k]) == exponent_word(a[0]) - ((spacing * k) << 20) &&
            std::fabs(core::sub_rn(a[k], sigma)) < sigma / 3;
      nan = nan && std::isnan(a[k]);
    }
    return all || nan;
  }

 private:
  // |x|'s high word: below 2^e's exactly when |x| < 2^e; NaN's is never below a finite one's.
  KOKKOS_FORCEINLINE_FUNCTION static std::int32_t magnitude_word(double x) {
    return static_cast<std::int32_t>((core::detail::bits_of(x) >> 32) & 0x7fffffff);
  }

  // The high word of 2^e for a level 2^e <= a_k < 2^(e+1) (of NaN for a NaN level).
  KOKKOS_FORCEINLINE_FUNCTION static std::int32_t exponent_word(double level) {
    return magnitude_word(level) & 0x7ff00000;
  }
  // sigma_k = 1.5 2^(e_k) from a_k's exponent (NaN for a NaN level).
  KOKKOS_FORCEINLINE_FUNCTION static double sigma_of(double level) {
    return core::detail::double_of((core::detail::bits_of(level) & 0x7ff0000000000000) | 0x0008000000000000);
  }
  KOKKOS_FORCEINLINE_FUNCTION int exponent() const { return (exponent_word(a[0]) >> 20) - 1023; }  // e_0

  // 1.5 2^e for lowest_anchor - spacing N <= e <= 1023.
  KOKKOS_FORCEINLINE_FUNCTION static double one_and_a_half_times(int e) {
    return core::detail::double_of((std::int64_t(e + 1023) << 52) | (std::int64_t(1) << 51));
  }

  // t into level Level: FastTwoSums down to level N - 1 (exact: every a_k exceeds what enters
  // it), the last addition rounded.
  template <int Level>
  KOKKOS_FORCEINLINE_FUNCTION void deposit(double t) {
    KAMP_UNROLL
    for (int k = Level; k < N; ++k) a[k] = core::fast_two_sum(a[k], t, t);
    a[N] = core::add_rn(a[N], t);
  }

  // Empty levels anchored for `lead` and the values held[0..N] (held[0] the largest, the others
  // below it by the levels' spacing), at least at 2^floor, which then enter at level 0 and are
  // carried; NaN levels where the anchor would pass 2^1023 or a value is not finite.
  KOKKOS_INLINE_FUNCTION void enter(const double (&held)[N + 1], double lead, int floor) {
    const int wanted = exponent_above(lead) + headroom, running = exponent_above(held[0]) + 3;
    int e0 = wanted > running ? wanted : running;
    if (e0 < floor) e0 = floor;
    bool finite_values = std::isfinite(lead);
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) finite_values = finite_values && std::isfinite(held[k]);
    const bool representable = finite_values && e0 <= highest_anchor;
    const double nan = core::detail::double_of(0x7ff8000000000000);
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) a[k] = representable ? one_and_a_half_times(e0 - spacing * k) : nan;
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) deposit<0>(held[k]);
    carry();
  }

  // E(x) = floor(log2 |x|) + 1 for a normal x (|x| < 2^E); anything at most -1021 for zero and the
  // subnormals, which lowest_anchor then dominates, and above 1024 for Inf and NaN.
  KOKKOS_FORCEINLINE_FUNCTION static int exponent_above(double x) {
    return static_cast<int>((core::detail::bits_of(x) >> 52) & 0x7ff) - 1022;
  }

  // The levels re-anchored for a product of lead `lead` (0 after a carry pass), out of line: the
  // common path keeps only the test.
  static KAMP_OUT_OF_LINE_FUNCTION anchored_level_sum rebased(anchored_level_sum s, double lead) {
    double held[N + 1];
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) held[k] = core::sub_rn(s.a[k], sigma_of(s.a[k]));
    s.enter(held, lead, s.exponent());
    return s;
  }
};

}  // namespace kamp::multi_double

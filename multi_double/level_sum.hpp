#pragma once
// level_sum<N, Operand>: a sum of products rounded once to an expansion<N>. Operand = double: exact
// products a_j b_j of doubles (a sparse row times a vector held in double, as the VP solver's inner
// solves leave it). Operand = expansion<N>: products x_j y_j of two expansions (a GEMV row), cut
// into their diagonals' terms. Each term goes into N + 1 unnormalised levels by TwoSum cascades,
// exact down to level N - 1; only level N rounds. The caller renormalises the levels (Compress, as
// the expansion arithmetic does) after at most `segment` products (sparse/spmv.hpp's rows and
// blas/generic/gemv_kernels.hpp's chains do it between blocks, so that no branch sits between a
// product's loads and the next's), and the result is the exact sum of the levels rounded by N
// extractions.
// - Doubles: TwoProd, its pair at levels 0 and 1. qd_real: 46 FP64 instructions a product (TwoProd
//   2, the pair's cascades of 4 and 3 TwoSums, 2 rounded additions) where the fma by a double puts
//   8 terms into bins and extracts every time (a few hundred).
// - Expansions: diagonal d of x y (the products x_i y_(d-i)) by TwoProd for d < N, hi at level d
//   and lo at level d + 1; diagonal N's products rounded, at level N; the diagonals above N
//   dropped. qd_real: 10 TwoProds, 30 TwoSums, 3 products and 23 rounded additions, about 230
//   FP64 instructions, where fma(x, y, s) forms and extracts the whole product every time (over
//   300 FP64 instructions a term, and a dependent chain).
//
// Bound. Write u = 2^-53, P_j = |a_j b_j| (doubles) or |x_(j,0) y_(j,0)| (expansions: by the
// invariant |x_i y_k| <= 2^-52(i+k) P_j), M = |start| + sum P_j and S = start + sum of the exact
// products (start, the expansion a chain continues from). A product puts n_d terms into level d,
// of total magnitude at most w_d P (detail::product_profile), and t_d = n_0 + ... + n_d cascades
// pass through level d. A segment of r <= R products starting from levels that keep the expansion
// invariant (|a_d| <= (2u)^d |a_0|) and V = |a_0| + the segment's sum P_j:
// - level 0 takes r rounded sums: |a_0| <= B_0 = (1 + u)^(R+1) V, and each TwoSum passes on an
//   error of at most u B_0 (|TwoSum error| <= u |fl(a + t)|; 0 for a subnormal sum);
// - level 1 <= d <= N: B_d = g ((2u)^d V + w_d V + R t_(d-1) u B_(d-1)), g = (1 + u)^(R t_d + 1)
//   for the rounded sums that form the level; R t_d TwoSums pass on u B_d each;
// - level N rounds each of its R (t_(N-1) + n_N) additions by at most u B_N;
// - expansions: diagonal N's roundings and the dropped diagonals move each product by at most
//   D 2^-52N P ((N - 1) 2^-53 + (N - 2) 2^-52, up to a factor 1 + 2^-50).
// So a segment moves the levels' sum from the products' by at most R (t_(N-1) + n_N) u B_N + D
// 2^-52N V, at most E u_N V by the choice of R (segment_error, checked at compile time): E =
// 2^-24 for doubles; 2^-8 for expansions, whose t_d = (d + 1)^2 cascades make B_d grow about as
// (R d^2 / 2)^d (2^-24 would leave expansion<8> no segment at all, and qd_real segments of 8).
// Renormalising (Compress into N + 1 components) errs by at most 2^-52(N+1) |levels' sum| and
// restores the invariant; |a_0| <= |levels' sum| / (1 - 2u), so the V of all segments add up to
// at most (ceil(k / R) + 1) M (1 + 2^-48). The final N extractions err by at most u_N |levels'
// sum| (multi_double/expansion.hpp). In all, for k products:
//   |result - S| <= u_N |S| + (k / R + 2) 2E u_N M + k T 2^-1075,
// T the TwoProds and rounded products a product makes (1 for doubles, N (N + 3) / 2 for
// expansions), for those below 2^-969, which are not exact. That is inside one rounding of the
// format plus a few 2^-23 (doubles) or 2^-7 (expansions) of one, whatever the cancellation: what
// the SpMV's chain of fmas (gamma_(2r+3), sparse/spmv.hpp) and the GEMV's (gamma_(k+2)) give, and
// more.
//
// Special values: a non-finite or overflowing product, or a sum past DBL_MAX, leaves a non-finite
// level (Inf and NaN stay so through TwoSum and are never renormalised away); result() then gives
// Inf or NaN, and the caller redoes the chain with the format's fma (needs_recompute), which has the
// IEEE results and the rescaled retries of multi_double/range_edges.hpp. A zero result is +0.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>
#include <utility>

#include "core/eft.hpp"
#include "core/unroll.hpp"
#include "multi_double/exact_sum.hpp"
#include "multi_double/expansion_type.hpp"
#include "multi_double/grown_cores.hpp"

namespace kamp::multi_double {

namespace detail {

// How one product enters the levels: count[d] terms at level d, of total magnitude at most
// weight[d] P (level 0: the leading product, counted in V), and the rest of the product, dropped
// or rounded outside the levels, at most dropped 2^-52N P.
struct product_profile {
  int count[10] = {};
  double weight[10] = {};
  double dropped = 0;
};

constexpr product_profile profile_of(int n, bool expansions) {
  const double u = 0x1p-53;
  product_profile p;
  p.count[0] = 1;
  if (!expansions) {  // TwoProd's pair
    p.count[1] = 1;
    p.weight[1] = u * (1 + u);
    return p;
  }
  double scale = 1;  // 2^-52d
  for (int d = 1; d <= n; ++d) {
    scale *= 0x1p-52;
    // Level d: diagonal d's his (d + 1 of them below N, N - 1 at N) and diagonal d - 1's los (d).
    const int his = d < n ? d + 1 : n - 1, los = d;
    p.count[d] = his + los;
    p.weight[d] = (1 + u) * (his + 0.5 * los) * scale;
  }
  p.dropped = ((n - 1) * 0x1p-53 + (n - 2) * 0x1p-52) * (1 + 0x1p-50);
  return p;
}

// The segment's error (R (t_(N-1) + n_N) u B_N + D 2^-52N V) / (u_N V), by the recurrence
// above, evaluated upwards; each (1 + u)^k factor bounded by 1 + 1.01 k u, and the evaluation's
// own roundings by 1 + 2^-40.
constexpr double level_sum_segment_error(int n, int r, const product_profile& p) {
  const double u = 0x1p-53;
  const auto growth = [u](double steps) { return 1 + 1.01 * steps * u; };
  int through = p.count[0];      // t_d
  double level = growth(r + 1);  // B_0 / V
  double scale = 1;              // (2u)^d
  for (int d = 1; d <= n; ++d) {
    scale *= 2 * u;
    const int previous = through;  // t_(d-1)
    level = growth(static_cast<double>(r) * (previous + p.count[d]) + 1) *
            (scale + p.weight[d] + static_cast<double>(r) * previous * u * level);
    if (d < n) through += p.count[d];
  }
  double unit = 1;  // u_N
  for (int d = 0; d < n; ++d) unit *= 0x1p-52;
  const double additions = static_cast<double>(r) * (through + p.count[n]);
  return (1 + 0x1p-40) * (additions * u * level / unit + p.dropped);
}

// The longest segment (a power of two up to 512) whose error stays below limit u_N V.
constexpr int level_sum_segment(int n, const product_profile& p, double limit) {
  int r = 512;
  while (r > 1 && level_sum_segment_error(n, r, p) > limit) r /= 2;
  return r;
}

// The terms of x y handed to into(level, t), level a std::integral_constant: diagonal D's products
// x_i y_(D-i) as TwoProd pairs for D < N (hi at level D, lo at D + 1), rounded at level N for
// D = N, the diagonals above N dropped (profile_of's count, weight and dropped), in the order
// D = 0 .. N, i ascending.
template <int D, int N, class Into>
KOKKOS_FORCEINLINE_FUNCTION void diagonal_terms(const expansion<N>& x, const expansion<N>& y, Into& into) {
  KAMP_UNROLL
  for (int i = D < N ? 0 : D - N + 1; i <= (D < N ? D : N - 1); ++i) {
    if constexpr (D < N) {
      double lo = 0;
      const double hi = core::two_prod(x.c[i], y.c[D - i], lo);
      into(std::integral_constant<int, D>(), hi);
      into(std::integral_constant<int, D + 1>(), lo);
    } else {
      into(std::integral_constant<int, N>(), core::mul_rn(x.c[i], y.c[D - i]));
    }
  }
}

template <int N, class Into, int... D>
KOKKOS_FORCEINLINE_FUNCTION void product_terms(const expansion<N>& x, const expansion<N>& y, Into&& into,
                                               std::integer_sequence<int, D...>) {
  (diagonal_terms<D>(x, y, into), ...);
}

template <int N, class Into>
KOKKOS_FORCEINLINE_FUNCTION void product_terms(const expansion<N>& x, const expansion<N>& y, Into&& into) {
  product_terms(x, y, into, std::make_integer_sequence<int, N + 1>());
}

// Whether all N + 1 levels are finite.
template <int N>
KOKKOS_INLINE_FUNCTION bool levels_finite(const double (&a)[N + 1]) {
  bool all = true;
  KAMP_UNROLL
  for (int k = 0; k <= N; ++k) all = all && std::isfinite(a[k]);
  return all;
}

// Levels with a non-finite one as an expansion: their plain sum, Inf or NaN whenever one is
// (the caller redoes the chain).
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> non_finite_levels(const double (&a)[N + 1]) {
  double plain = 0;
  KAMP_UNROLL  // a loop left rolled would index a[] at run time and put it in local memory
      for (int k = 0; k <= N; ++k) plain += a[k];
  return expansion<N>(plain);
}

// The exact sum of N + 1 values (smallest first) rounded to N components by extraction; +0 for
// zero (the levels' zeros may be -0).
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> rounded_levels(const double (&smallest_first)[N + 1]) {
  exact_sum<N + 1> s(smallest_first);
  expansion<N> r = leading_components<N>(s);
  if (r.c[0] == 0) r.c[0] = 0.0;
  return r;
}

}  // namespace detail

template <int N, class Operand = double>
struct level_sum {
  static_assert(std::is_same<Operand, double>::value || std::is_same<Operand, expansion<N>>::value,
                "level sums take products of doubles or of expansion<N>");
  static constexpr bool of_expansions = !std::is_same<Operand, double>::value;
  // E above: a segment's error in units of u_N V.
  static constexpr double segment_error = of_expansions ? 0x1p-8 : 0x1p-24;
  static constexpr int segment = detail::level_sum_segment(N, detail::profile_of(N, of_expansions), segment_error);
  static_assert(detail::level_sum_segment_error(N, segment, detail::profile_of(N, of_expansions)) <= segment_error,
                "no segment keeps the bound");
  // The bound above as |result - S| <= u_N |S| + (k product_error + fixed_error) u_N M + k
  // floor_per_product, for the tests.
  static constexpr double product_error = 2 * segment_error / segment;
  static constexpr double fixed_error = 4 * segment_error;
  static constexpr double floor_per_product = (of_expansions ? N * (N + 3) / 2 : 1) * 0x1p-1074;
  static constexpr double fixed_floor = 0;

  // Invariant: a[0] + ... + a[N] is the exact sum of what was added, less the roundings at level
  // N and the renormalisations (the bound above), and the levels kept the expansion invariant
  // after the last renormalisation (the caller's part: at most `segment` products since).
  double a[N + 1] = {};

  level_sum() = default;
  // A chain that continues from `start` (its components are levels that keep the invariant).
  KOKKOS_INLINE_FUNCTION explicit level_sum(const expansion<N>& start) {
    KAMP_UNROLL
    for (int k = 0; k < N; ++k) a[k] = start.c[k];
  }

  KOKKOS_INLINE_FUNCTION void add_product(double x, double y) {
    static_assert(!of_expansions, "a level sum of expansion products takes expansions");
    double lo = 0;
    const double hi = core::two_prod(x, y, lo);
    deposit<0>(hi);
    deposit<1>(lo);
  }

  KOKKOS_INLINE_FUNCTION void add_product(const expansion<N>& x, const expansion<N>& y) {
    static_assert(of_expansions, "a level sum of products of doubles takes doubles");
    detail::product_terms(x, y, [this](auto level, double t) { deposit<decltype(level)::value>(t); });
  }

  // The levels as N + 1 components of their sum (not where one is non-finite: it stays so).
  KOKKOS_INLINE_FUNCTION void renormalise() {
    if (!finite()) return;
    detail::exact_sum<N + 1> s = grown();
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) a[k] = s.extract(N + 1 - k);
  }

  KOKKOS_INLINE_FUNCTION bool finite() const { return detail::levels_finite<N>(a); }

  // The sum rounded to N components, or a non-finite value where a level is not finite (redo
  // the chain).
  KOKKOS_INLINE_FUNCTION expansion<N> result() const {
    if (!finite()) return detail::non_finite_levels<N>(a);
    double terms[N + 1];
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) terms[k] = a[N - k];
    return detail::rounded_levels<N>(terms);
  }

 private:
  // t into level Level: TwoSums down to level N - 1 (exact), the last addition rounded.
  template <int Level>
  KOKKOS_FORCEINLINE_FUNCTION void deposit(double t) {
    KAMP_UNROLL
    for (int k = Level; k < N; ++k) a[k] = core::two_sum(a[k], t, t);
    a[N] = core::add_rn(a[N], t);
  }

  // The levels' exact sum (Grow-Expansion, smallest first).
  KOKKOS_INLINE_FUNCTION detail::exact_sum<N + 1> grown() const {
    double terms[N + 1];
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) terms[k] = a[N - k];
    return detail::exact_sum<N + 1>(terms);
  }
};

}  // namespace kamp::multi_double

#pragma once
// level_sum<N>: the sum of exact products a_j b_j of doubles (a sparse row times a vector held in
// double, as the VP solver's inner solves leave it) rounded once to an expansion<N>. Each TwoProd
// pair goes into N + 1 unnormalised levels by TwoSum cascades, exact down to level N - 1; only
// level N rounds. The caller renormalises the levels (Compress, as the expansion arithmetic
// does) after at most `segment` products (sparse/spmv.hpp's rows do it between blocks of entries,
// so that no branch sits between an entry's loads and the next's), and the result is the exact sum
// of the levels rounded by N extractions. qd_real: 46 FP64 instructions a product (TwoProd 2,
// the pair's cascades of 4 and 3 TwoSums, 2 rounded additions) where the fma by a double puts 8
// terms into bins and extracts every time (a few hundred).
//
// Bound. Write u = 2^-53, M = |start| + sum |a_j b_j| and S = start + sum a_j b_j (start, the
// expansion a chain continues from). A segment of r <= R products starting from levels that keep
// the expansion invariant (|a_d| <= (2u)^d |a_0|) and V = |a_0| + the segment's sum |a_j b_j|:
// - level 0 takes r rounded sums: |a_0| <= B_0 = (1 + u)^(R+1) V, and each TwoSum passes on an
//   error of at most u B_0 (|TwoSum error| <= u |fl(a + t)|; 0 for a subnormal sum);
// - level 1 starts below 2u V and takes those errors and the TwoProd errors (at most u (1 + u)
//   |a_j b_j| each): B_1 = (1 + u)^(2R) ((3 + u) u V + R u B_0); 2R TwoSums pass on u B_1 each;
// - level 2 <= d <= N: B_d = (1 + u)^(2R) ((2u)^d V + 2R u B_(d-1));
// - level N rounds each of its 2r additions by at most u B_N.
// So a segment moves the levels' sum from the products' by at most 2R u B_N, at most 2^-24 u_N V
// by the choice of R (segment_error, checked at compile time; (1 + u)^(2R) is bounded by 1 +
// 2^-40). Renormalising (Compress into N + 1 components) errs by at most 2^-52(N+1) |levels'
// sum| and restores the invariant; |a_0| <= |levels' sum| / (1 - 2u), so the V of all segments
// add up to at most (ceil(k / R) + 1) M (1 + 2^-48). The final N extractions err by at most
// u_N |levels' sum| (dd/expansion.hpp). In all, for k products:
//   |result - S| <= u_N |S| + (k / R + 2) 2^-23 u_N M + k 2^-1074,
// the last term for TwoProd errors of products below 2^-969, which are not exact. That is inside
// one rounding of the format plus a few 2^-23 of one, whatever the cancellation: what the SpMV's
// chain of fmas gives (gamma_(2r+3), sparse/spmv.hpp) and more.
//
// Special values: a non-finite or overflowing product, or a sum past DBL_MAX, leaves a non-finite
// level (Inf and NaN stay so through TwoSum and are never renormalised away); result() then gives
// Inf or NaN, and the caller redoes the chain with the format's fma (needs_recompute), which has the
// IEEE results and the rescaled retries of dd/range_edges.hpp. A zero result is +0.
#include <Kokkos_Core.hpp>

#include <cmath>

#include "core/eft.hpp"
#include "core/unroll.hpp"
#include "dd/exact_sum.hpp"
#include "dd/expansion_type.hpp"
#include "dd/grown_cores.hpp"

namespace kamp::dd {

namespace detail {

// 2R u B_N / (u_N V) for segments of R products (the recurrence above, evaluated upwards; each
// (1 + u)^k factor bounded by 1 + 2^-40, and the evaluation's own roundings by another).
constexpr double level_sum_segment_error(int n, int r) {
  const double u = 0x1p-53, growth = 1 + 0x1p-40;
  double level = growth * growth * ((3 + u) * u + r * u * growth);  // B_1 / V
  double scale = 2 * u;                                               // (2u)^d
  for (int d = 2; d <= n; ++d) {
    scale *= 2 * u;
    level = growth * (scale + 2 * r * u * level);
  }
  double unit = 1;  // u_N
  for (int d = 0; d < n; ++d) unit *= 0x1p-52;
  return growth * 2 * r * u * level / unit;
}

// The longest segment (a power of two up to 512) whose error stays below 2^-24 u_N V.
constexpr int level_sum_segment(int n) {
  int r = 512;
  while (r > 1 && level_sum_segment_error(n, r) > 0x1p-24) r /= 2;
  return r;
}

}  // namespace detail

template <int N>
struct level_sum {
  static constexpr int segment = detail::level_sum_segment(N);
  static_assert(detail::level_sum_segment_error(N, segment) <= 0x1p-24, "no segment keeps the bound");

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
    double lo = 0;
    const double hi = core::two_prod(x, y, lo);
    deposit<0>(hi);
    deposit<1>(lo);
  }

  // The levels as N + 1 components of their sum (not where one is non-finite: it stays so).
  KOKKOS_INLINE_FUNCTION void renormalise() {
    if (!finite()) return;
    detail::exact_sum<N + 1> s = grown();
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) a[k] = s.extract(N + 1 - k);
  }

  KOKKOS_INLINE_FUNCTION bool finite() const {
    bool all = true;
    KAMP_UNROLL
    for (int k = 0; k <= N; ++k) all = all && std::isfinite(a[k]);
    return all;
  }

  // The sum rounded to N components, or a non-finite value where a level is not finite (redo
  // the chain): the levels' plain sum, Inf or NaN whenever one of them is.
  KOKKOS_INLINE_FUNCTION expansion<N> result() const {
    if (!finite()) {
      double plain = 0;
      KAMP_UNROLL  // a loop left rolled would index a[] at run time and put it in local memory
      for (int k = 0; k <= N; ++k) plain += a[k];
      return expansion<N>(plain);
    }
    detail::exact_sum<N + 1> s = grown();
    expansion<N> r = detail::leading_components<N>(s);
    if (r.c[0] == 0) r.c[0] = 0.0;  // +0 (the levels' zeros may be -0)
    return r;
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

}  // namespace kamp::dd

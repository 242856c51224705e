#pragma once
// mixed_product_sum: a sum of products a_j x_j of doubles a_j and dd_real x_j = h_j + l_j (a
// sparse row of doubles times a vector in dd_real), held as two doubles s + e and rounded to a
// dd_real at the end. A product enters as TwoProd(a, h) = p + q, r = fl(a l + q); p joins s by
// TwoSum, whose error t and r join e by two rounded additions: 11 FP64 instructions a product,
// where the chain of fma(a, x, s) (DWTimesDW3 and AccurateDWPlusDW, with their exits) takes about
// 36. The caller renormalises (s, e <- TwoSum(s, e), exact) after at most `segment` products.
//
// Bound. u = 2^-53, H = |start| + sum |a_j| |h_j| over a chain of k products. In a segment of K <= 4
// products that starts from |e| <= u |s| (or from zero), with B the running sum's bound
// |s| <= (1 + u)^(K+1) (|s_0| + H_seg) <= (1 + 2^-40) H (|s_0| is the sum so far, within its own
// magnitudes): r's rounding errs by at most u^2 (2 + u) |a h|, each |t| <= u B, |r| <= 2.01 u |a h|,
// and after i products |e| <= (3.01 + i) u B, so the two additions into e err by at most
// u (|t| + |r|) and u |e|. A segment's errors add up to u^2 (4.02 H_seg + (4.01 K + K (K + 1) / 2) B),
// at most 6.51 K u^2 B for K <= 4, and a chain of k products errs by at most
//   |result - S| <= (6.51 k + 4.02) (1 + 2^-40) u^2 H + 3 k 2^-1075,
// the last term for products below 2^-969, whose TwoProd error and r are not exact. With
// H <= M / (1 - u), M = sum |a_j| |x_j|, that is inside the fma chain's 2k roundings of dd_real's
// unit 5u^2 (10 k u^2 M, sparse/spmv.hpp), and the final TwoSum is exact.
//
// Special values: an Inf or NaN operand, a product past DBL_MAX or a sum that overflows leaves s
// or e not finite (TwoSum's error of an Inf is NaN), and result() then is not finite: the caller
// redoes the chain with the format's fma (needs_recompute), whose results are IEEE's. A zero sum
// is +0, as the fma chain from +0 gives.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/eft.hpp"
#include "multi_double/dd_real.hpp"

namespace kamp::multi_double {

struct mixed_product_sum {
  // Products between renormalisations (the bound above is for K <= 4).
  static constexpr std::int64_t segment = 4;
  // The bound above as |result - S| <= (k product_error + fixed_error) u^2 H + k floor_per_product.
  static constexpr double product_error = 6.51 * (1 + 0x1p-40);
  static constexpr double fixed_error = 4.02 * (1 + 0x1p-40);
  static constexpr double floor_per_product = 1.5 * 0x1p-1074;  // 3 2^-1075
  static_assert(product_error <= 10 && fixed_error <= 5, "inside the fma chain's 2k + 1 roundings of 5u^2");

  // Invariant: s + e is the exact sum of what was added, less the roundings of r and of the
  // additions into e; after a renormalisation |e| <= ulp(s) / 2.
  double s = 0;
  double e = 0;

  mixed_product_sum() = default;
  // A chain that continues from `start` (a dd_real keeps |lo| <= ulp(hi) / 2).
  KOKKOS_INLINE_FUNCTION explicit mixed_product_sum(const dd_real& start) : s(start.hi), e(start.lo) {}

  KOKKOS_FORCEINLINE_FUNCTION void add_product(double a, const dd_real& x) {
    double q = 0, t = 0;
    const double p = core::two_prod(a, x.hi, q);
    const double r = core::fma_rn(a, x.lo, q);
    s = core::two_sum(s, p, t);
    e = core::add_rn(e, core::add_rn(t, r));
  }

  KOKKOS_FORCEINLINE_FUNCTION void renormalise() { s = core::two_sum(s, e, e); }

  // s + e as a dd_real (TwoSum: exact); +0 for a zero sum; not finite where s or e is not.
  KOKKOS_INLINE_FUNCTION dd_real result() const {
    double lo = 0;
    const double hi = core::two_sum(s, e, lo);
    if (hi == 0) return dd_real(0.0, 0.0);
    return dd_real(hi, lo);
  }
};

}  // namespace kamp::multi_double

#pragma once
// level_sum_chain<N>: the chain s <- s + a_j b_j over doubles a_j, b_j (a sparse row times a
// vector held in double, as the VP solver's inner solves leave it) for an RNS format: the exact
// products summed in dd's level sums of K doubles (multi_double/level_sum.hpp), K the fewest with
// u_K = 2^-52K at most 2^(-q-19), and the sum truncated once to the format
// (rns::from_expansion_sum). The fma chain over from_double(b_j) it replaces rounds every
// product and every sum: two full RNS roundings an entry, where this takes a few dozen FP64
// instructions an entry and one rounding a row.
//
// Bound, k products, S their exact sum and M the sum of their magnitudes: the level sums give T
// with |T - S| <= u_K |S| + (k / R + 2) 2^-23 u_K M (plus k 2^-1075 for products below 2^-969,
// which TwoProd cannot split exactly: a chain whose largest product lies below 2^-600 asks to be
// redone with fma instead, so M >= 2^-600 makes that term negligible), and the truncation adds
// (2^(1-q) + K 2^(-q-54)) |T|. In all |result - S| < (2^(1-q) + 2^(-q-17)) |S| + (k / R + 2)
// 2^(-q-41) M: within the format's unit roundoff 4/sqrt(M) >= 2^(1.5-q) of S and 2^-23 of it per
// block of R products, what format_traits' product_sum promises (formats/product_sum_chain.hpp).
// A non-finite level (an Inf or NaN operand, a product or sum past DBL_MAX) gives NaN, which
// also asks for the fma chain, so special values and the range beyond doubles are the format's.
//
// K <= 8 (dd's longest expansion) holds up to 212 bits (N <= 16); above, `fits` is false and the
// formats keep the fma chain (sparse/row_sum_chain.hpp chooses).
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "multi_double/level_sum.hpp"
#include "rns/add.hpp"
#include "rns/expansion_sum.hpp"
#include "rns/mp_float.hpp"
#include "rns/rns_format.hpp"

namespace kamp::rns {

template <int N>
struct level_sum_chain {
  using value = mp_float<N>;
  static constexpr int q = basis_constants<N>::significand_bits;
  static constexpr int levels_needed = (q + 19 + 51) / 52;
  static constexpr bool fits = levels_needed <= 8;
  static constexpr int levels = fits ? levels_needed : 8;

  struct accumulator {
    multi_double::level_sum<levels> sum;
    double largest = 0;  // the largest |a_j b_j| (rounded)
    // The chain's start, added by one more rounding where it is not zero (the SpMV's chains
    // start from zero).
    value start;
    // result() has no context: the basis travels from the first product (a chain without
    // products needs none).
    const basis_constants<N>* basis = nullptr;
  };

  static constexpr std::int64_t segment = multi_double::level_sum<levels>::segment;

  KOKKOS_INLINE_FUNCTION static accumulator start(const value& s) {
    accumulator a;
    a.start = s;
    return a;
  }
  KOKKOS_INLINE_FUNCTION static accumulator add(const context_t<value>& c, accumulator s, double a, double b) {
    s.sum.add_product(a, b);
    s.largest = ::fmax(s.largest, ::fabs(core::mul_rn(a, b)));
    s.basis = c.basis;
    return s;
  }
  KOKKOS_INLINE_FUNCTION static accumulator renormalise(accumulator s) {
    s.sum.renormalise();
    return s;
  }
  KOKKOS_INLINE_FUNCTION static value result(const accumulator& s) {
    if (s.basis == nullptr) return s.start;
    if (!s.sum.finite() || (s.largest != 0 && s.largest < 0x1p-600)) return value::nan();
    const multi_double::expansion<levels> r = s.sum.result();
    const value sum = from_expansion_sum<N>(r.c, *s.basis);
    return s.start.is_zero() ? sum : rns::add<N>(s.start, sum, *s.basis);
  }
  // NaN above, or a NaN start: redo the chain with fma.
  KOKKOS_INLINE_FUNCTION static bool needs_recompute(const context_t<value>&, const value& s) { return !s.is_finite(); }
};

}  // namespace kamp::rns

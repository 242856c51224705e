#pragma once
// a x + c with one rounding where it pays: the level-1 AXPY's element operation.
//
// add(mul(a, x), c) rounds twice, and each rounding of a full-precision value is the exact
// truncation's O(N words) CRT product and reduction. Here the exact product P = a x (up to 2q
// bits) and c are aligned to one exponent E and added exactly, and only that sum is rounded:
//   T = the higher of the two leading-bit bounds, E = T - (2q - 2), so both aligned terms stay
//   below 2^(2q - 2) and their sum or difference below M / 2, as the round stage needs;
//   a term with its exponent below E loses its bits below 2^E (drop_low_bits: floor, exact in
//   RNS), at most 3 bits of P when P leads; c is dropped when it lies entirely below 2^E.
// The special and zero operands, and a product more than 2^(q - 4) below c (it would lose more
// than q - 1 bits, and its own rounding is then far below the sum's last bit), take the two
// roundings.
//
// Bound: |fma(a, x, c) - (a x + c)| <= u |a x + c| + 2^(8 - 2q) (|a x| + |c|), u = 4/sqrt(M):
// the truncations before the sum err by less than 2^(E + 1) <= 2^(5 - 2q) max(|a x|, |c|)
// (each bound's value is at least a quarter of 2^T), the final truncation by less than
// 2^(1 - q) of the sum, and the two-rounding path's product rounding by less than
// 2^(1 - q) |a x| < 2^(7 - 2q) |c|. Overflow and underflow are the round stage's, on the sum.
// The result is the same bits on every backend (integer arithmetic and exact CRT ranks).
#include <cstdint>

#include "rns/add.hpp"
#include "rns/mul.hpp"

namespace kamp::rns {

template <int N>
KOKKOS_INLINE_FUNCTION mp_float<N> fma(const mp_float<N>& a, const mp_float<N>& x, const mp_float<N>& c,
                                       const basis_constants<N>& b) {
  constexpr int q = basis_constants<N>::significand_bits;
  mp_float<N> p;
  const std::int32_t active = mul_esi<N>(a, x, p, b);
  if (!active || !c.is_finite() || c.is_zero()) return add<N>(mul<N>(a, x, b), c, b);
  const std::int64_t p_top = p.exp + bit_length_bound<N>(p.eval[1], b);
  const std::int64_t c_top = c.exp + bit_length_bound<N>(c.eval[1], b);
  if (c_top > p_top + q - 4) return add<N>(mul<N>(a, x, b), c, b);
  for (int i = 0; i < N; ++i) p.digits[i] = mod_mul(a.digits[i], x.digits[i], b.m[i], b.inv_m[i]);
  const std::int64_t E = (p_top > c_top ? p_top : c_top) - (2 * q - 2);
  // P loses at most bits_hi(P) - q - 2 <= q - 1 bits (c_top <= p_top + q - 4), within max_shift.
  if (p.exp < E) {
    detail::drop_low_bits<N>(p, p.digits, static_cast<int>(E - p.exp), b);
    p.exp = static_cast<std::int32_t>(E);
  }
  mp_float<N> t = c;
  if (t.exp < E) {
    const std::int64_t k = E - t.exp;
    if (k >= bit_length_bound<N>(t.eval[1], b)) {  // c < 2^E
      round_stage<N>(p, round_plain, b);
      return p;
    }
    // Here P leads and c keeps fewer than q bits: its lowered bound may be loose, so c is
    // evaluated afresh (X < 2^q < M/2), as the round stage does for a short result.
    detail::drop_low_bits<N>(t, t.digits, static_cast<int>(k), b);
    evaluate<N>(t.digits, b, t.eval[0], t.eval[1], range_hint::below_half);
    t.exp = static_cast<std::int32_t>(E);
  }
  // Both terms now have exponents of at least E and leading bits at most T: the one with the
  // larger exponent is shifted onto the other's, and the exact sum has at most 2q - 1 bits.
  const bool p_leads = p.exp >= t.exp;
  const mp_header lead = detail::pick(p_leads, p, t), other = detail::pick(p_leads, t, p);
  term_plan lead_plan, other_plan;
  lead_plan.shift = lead.exp - other.exp;
  other_plan.shift = 0;
  mp_float<N> z;
  z.exp = other.exp;
  const add_plan plan =
      detail::combine_planned<N>(lead, lead_plan, lead.sign, other, other_plan, other.sign, p_leads, z, b);
  for (int i = 0; i < N; ++i) z.digits[i] = add_digit<N, false>(p.digits[i], t.digits[i], plan, i, b);
  round_stage<N>(z, plan.flags, b);
  return z;
}

}  // namespace kamp::rns

#pragma once
// Multiplication as three stages: the esi stage forms sign, exponent and the interval
// [lo_x lo_y M, up_x up_y M] (directed), each residue is a product mod m_i, and the round
// stage truncates the up to 2q-bit product back to q bits and then fits the exponent range,
// so overflow and underflow are decided on the normalised product: 2^(2^30) times 2 is finite
// however the 2 is written (X = 1 or X = 2^52).
#include <cstdint>

#include "rns/round_stage.hpp"

namespace kamp::rns {

// Returns 1 when the residues are to be multiplied, 0 when z is zero or special.
template <int N>
KOKKOS_INLINE_FUNCTION std::int32_t mul_esi(const mp_header& x, const mp_header& y, mp_header& z,
                                            const basis_constants<N>& b) {
  z = mp_header();
  const std::int32_t sign = x.sign ^ y.sign;
  if (x.is_nan() || y.is_nan() || (x.is_inf() && y.is_zero()) || (x.is_zero() && y.is_inf())) {
    z = mp_header::nan();
  } else if (x.is_inf() || y.is_inf()) {
    z = mp_header::inf(sign);
  } else if (!x.is_zero() && !y.is_zero()) {
    const std::int64_t exp = static_cast<std::int64_t>(x.exp) + y.exp;
    // Only products the round stage would map to infinity or zero anyway are decided here,
    // which also keeps z.exp in 32 bits: with 1 <= X_x X_y < 2^(2q), a product at exp >= limit + q
    // keeps an exponent above the limit however long its significand is made, and one at
    // exp <= -limit - 2q is below 2^-limit.
    if (exp >= exponent_limit + basis_constants<N>::significand_bits) {
      z = mp_header::inf(sign);
    } else if (exp > -exponent_limit - 2 * basis_constants<N>::significand_bits) {
      z.sign = sign;
      z.exp = static_cast<std::int32_t>(exp);
      z.eval[0] = core::mul_rd(core::mul_rd(x.eval[0], y.eval[0]), b.M_rd);
      z.eval[1] = core::mul_ru(core::mul_ru(x.eval[1], y.eval[1]), b.M_ru);
      return 1;
    }
  }
  return 0;
}

template <int N>
KOKKOS_INLINE_FUNCTION residue mul_digit(residue xi, residue yi, std::int32_t active, int i,
                                         const basis_constants<N>& b) {
  return active ? mod_mul(xi, yi, b.m[i], b.inv_m[i]) : 0;
}

template <int N>
KOKKOS_INLINE_FUNCTION mp_float<N> mul(const mp_float<N>& x, const mp_float<N>& y, const basis_constants<N>& b) {
  mp_float<N> z;
  const std::int32_t active = mul_esi<N>(x, y, z, b);
  for (int i = 0; i < N; ++i) z.digits[i] = mul_digit<N>(x.digits[i], y.digits[i], active, i, b);
  round_stage<N>(z, round_plain, b);
  return z;
}

}  // namespace kamp::rns

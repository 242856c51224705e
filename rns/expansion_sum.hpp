#pragma once
// from_expansion_sum: the sum of an expansion's components (a few doubles led by the first)
// truncated once to the format, host and device. The SpMV over doubles rounds its rows' level
// sums to RNS with it (blas/rns/level_sum_chain.hpp).
#include <cmath>
#include <cstdint>

#include "core/extended_float.hpp"
#include "rns/montgomery.hpp"
#include "rns/mp_float.hpp"
#include "rns/round_stage.hpp"

namespace kamp::rns {

// The sum S = c_0 + ... + c_(K-1) of finite doubles with |c_1| + ... + |c_(K-1)| <= 2^-50 |c_0|
// (an expansion's components, as dd's level sums give them), truncated once to the format:
// |result - S| < (2^(1-q) + K 2^(-q-54)) |S|.
// - The sum is formed exactly as an integer X on the grid 2^g, g = e - q - 56 for
//   2^(e-1) <= |c_0| < 2^e: each component's bits below the grid are dropped (at most K units of
//   it in all), so X < 2^(q+58) < M.
// - Its residues take one Montgomery product per component and modulus; its interval comes from
//   |c_0| (X = |c_0| 2^-g within 2^-48 relative).
// - The round stage then truncates X to q bits. The exponents lie far inside the format's range,
//   so nothing overflows or underflows.
template <int N, int K>
KOKKOS_INLINE_FUNCTION mp_float<N> from_expansion_sum(const double (&c)[K], const basis_constants<N>& b) {
  if (c[0] == 0) return mp_float<N>::zero();
  constexpr int q = basis_constants<N>::significand_bits;
  int e = 0;
  ::frexp(c[0], &e);
  const int g = e - q - 56;
  mp_float<N> x;
  x.sign = c[0] < 0;
  for (int k = 0; k < K; ++k) {
    if (c[k] == 0) continue;
    int ek = 0;
    const double significand = ::ldexp(::frexp(::fabs(c[k]), &ek), 53);  // an integer below 2^53
    const int shift = ek - 53 - g;                                       // c_k = +-significand 2^(ek - 53)
    if (shift <= -53) continue;
    const auto integer =
        shift >= 0 ? static_cast<std::uint64_t>(significand) : static_cast<std::uint64_t>(significand) >> -shift;
    const int d = shift > 0 ? shift : 0;  // d <= q + 3 (k = 0): inside the pow2 table
    const bool same_sign = (c[k] < 0) == (c[0] < 0);
    for (int i = 0; i < N; ++i) {
      const residue t = mont_mul(mod_u63(integer, b.m[i], b.inv_m[i]), b.pow2_mont[d][i], b.m[i], b.mont_neg_inv[i]);
      x.digits[i] = same_sign ? static_cast<residue>(subtract_if_above(x.digits[i] + t, b.m[i]))
                              : mod_sub(x.digits[i], t, b.m[i]);
    }
  }
  const core::er_float leading = core::er_float::make(::fabs(c[0]), -g);  // fraction in [0.5, 1): no overflow
  x.eval[0] = core::mul_rd(core::er_float::make(leading.frac * (1 - 0x1p-46), leading.exp), b.inv_M_rd);
  x.eval[1] = core::mul_ru(core::er_float::make(leading.frac * (1 + 0x1p-46), leading.exp), b.inv_M_ru);
  round_with_exponent<N>(x, x.digits, round_plain, g, b);
  return x;
}

}  // namespace kamp::rns

#pragma once
// The round stage shared by every operation: settle what the esi stage could not decide
// from the intervals (an exact sign, a re-evaluation after cancellation), canonicalise
// zero, truncate significands longer than q bits, and map exponent overflow to infinity
// and underflow to zero.
#include <cstdint>

#include "rns/evaluation.hpp"
#include "rns/mp_float.hpp"
#include "rns/truncation.hpp"

namespace kamp::rns {

enum round_flags : std::int32_t {
  round_plain = 0,
  round_reevaluate = 1,       // the propagated interval is too wide: evaluate the residues (X < M/2)
  round_exact_sign = 2,       // X may have wrapped around (a negative difference): decide exactly
};

// Number of bits q' with X < 2^q', from the upper bound of X/M.
template <int N>
KOKKOS_INLINE_FUNCTION std::int64_t bit_length_bound(const core::er_float& up, const basis_constants<N>& b) {
  return core::mul_ru(up, b.M_ru).exp;
}

template <int N>
KOKKOS_INLINE_FUNCTION void round_stage(mp_header& z, residue* digits, std::int32_t flags,
                                        const basis_constants<N>& b) {
  const auto clear = [&](const mp_header& h) {
    z = h;
    for (int i = 0; i < N; ++i) digits[i] = 0;
  };
  if (!z.is_finite()) {
    clear(z.is_nan() ? mp_header::nan() : mp_header::inf(z.sign));
    return;
  }
  if (flags & round_exact_sign) {
    evaluate<N>(digits, b, z.eval[0], z.eval[1], range_hint::none);
    // A wrapped difference M - D has X/M above 3/4; a true one is below 1/4.
    if (core::compare(z.eval[0], core::er_float::make(0.5)) > 0) {
      for (int i = 0; i < N; ++i) digits[i] = digits[i] == 0 ? 0 : b.m[i] - digits[i];
      z.sign ^= 1;
      evaluate<N>(digits, b, z.eval[0], z.eval[1], range_hint::below_half);
    }
  } else if (flags & round_reevaluate) {
    evaluate<N>(digits, b, z.eval[0], z.eval[1], range_hint::below_half);
  }
  if (z.eval[1].is_zero()) {
    clear(mp_header());
    return;
  }
  const std::int64_t bits = bit_length_bound<N>(z.eval[1], b);
  std::int64_t exp = z.exp;
  if (bits > basis_constants<N>::significand_bits) {
    const int k = static_cast<int>(bits - basis_constants<N>::significand_bits);
    residue s[N];
    for (int i = 0; i < N; ++i) s[i] = mod_mul(digits[i], b.w[i], b.m[i], b.inv_m[i]);
    const double middle = 0.5 * (z.eval[0].to_double() + z.eval[1].to_double());
    const double rank = crt_rank<N>(s, b, middle);
    truncate_bits<N>(digits, s, k, static_cast<std::uint64_t>(rank), b);
    // floor(X/2^k) > X/2^k - 1, so X'/M > (X/M) 2^-k - 1/M.
    const core::er_float lowered = core::sub_rd(z.eval[0].scaled(-k), b.inv_M_ru);
    z.eval[0] = lowered.sign() > 0 ? lowered : core::er_float{};
    z.eval[1] = z.eval[1].scaled(-k);
    exp += k;
  }
  if (exp > exponent_limit) {
    clear(mp_header::inf(z.sign));
  } else if (exp < -exponent_limit) {
    clear(mp_header());
  } else {
    z.exp = static_cast<std::int32_t>(exp);
  }
}

template <int N>
KOKKOS_INLINE_FUNCTION void round_stage(mp_float<N>& z, std::int32_t flags, const basis_constants<N>& b) {
  round_stage<N>(z, z.digits, flags, b);
}

}  // namespace kamp::rns

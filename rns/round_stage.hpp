#pragma once
// The round stage shared by every operation: settle what the esi stage could not decide
// from the intervals (an exact sign, a re-evaluation after cancellation), canonicalise
// zero, truncate significands longer than q bits, and fit the exponent range.
//
// The result is the exact significand truncated to q bits: bits are dropped only when the
// significand really has more than q. The interval gives its bit length L only within one
// (X < 2^hi from the upper bound, X >= 2^(lo - 1) from the lower, and hi - lo <= 1 since every
// operation keeps the interval narrower than a factor of two), so the stage first drops the
// lo - q bits the lower bound proves surplus, after which X < 2^(q+1) is short enough to be
// read exactly modulo 2^(q+1) when the bounds still disagree (X within about 2^-50 of a power
// of two: rare, but 2^q - 1 + 0 and 2^q - 1 times 1 are such cases).
//
// Range (see rns/mp_float.hpp): the value X 2^exp, truncated to q bits, is then truncated to a
// multiple of 2^-exponent_limit (gradual underflow; zero when below it) or, when exp is above
// the limit, written with a longer significand X 2^(exp - limit) if that still has q bits,
// else it overflows to infinity. Overflow thus happens exactly when the truncated value is at
// least 2^(q + exponent_limit), whatever significand/exponent split the operands had.
#include <cstdint>

#include "core/out_of_line.hpp"
#include "rns/evaluation.hpp"
#include "rns/mp_float.hpp"
#include "rns/truncation.hpp"

namespace kamp::rns {

enum round_flags : std::int32_t {
  round_plain = 0,
  round_reevaluate = 1,  // the propagated interval is too wide: evaluate the residues (X < M/2)
  round_exact_sign = 2,  // X may have wrapped around (a negative difference): decide exactly
};

// hi with X < 2^hi, from the upper bound of X/M.
template <int N>
KOKKOS_INLINE_FUNCTION std::int64_t bit_length_bound(const core::er_float& up, const basis_constants<N>& b) {
  return core::mul_ru(up, b.M_ru).exp;
}

// lo with X >= 2^(lo - 1), from the lower bound of X/M (0 when that bound is zero).
template <int N>
KOKKOS_INLINE_FUNCTION std::int64_t bit_length_floor(const core::er_float& lo, const basis_constants<N>& b) {
  return lo.is_zero() ? 0 : core::mul_rd(lo, b.M_rd).exp;
}

namespace detail {

// s_i = x_i w_i mod m_i and the exact CRT rank of X, which truncation and low_bits need.
template <int N>
KOKKOS_INLINE_FUNCTION std::uint64_t crt_of(const mp_header& z, const residue* digits, residue* s,
                                            const basis_constants<N>& b) {
  for (int i = 0; i < N; ++i) s[i] = mont_mul(digits[i], b.w_mont[i], b.m[i], b.mont_neg_inv[i]);
  return static_cast<std::uint64_t>(crt_rank<N>(s, b, 0.5 * (z.eval[0].to_double() + z.eval[1].to_double())));
}

// X <- floor(X / 2^k) for 1 <= k <= max_shift, with the interval: floor(X/2^k) > X/2^k - 1.
// The lowered bound stays within a factor of two of X when X keeps q - 1 bits or more.
template <int N>
KOKKOS_INLINE_FUNCTION void drop_low_bits(mp_header& z, residue* digits, int k, const basis_constants<N>& b) {
  residue s[N];
  const std::uint64_t rank = crt_of<N>(z, digits, s, b);
  truncate_bits<N>(digits, s, k, rank, b);
  const core::er_float lowered = core::sub_rd(z.eval[0].scaled(-k), b.inv_M_ru);
  z.eval[0] = lowered.sign() > 0 ? lowered : core::er_float{};
  z.eval[1] = z.eval[1].scaled(-k);
}

}  // namespace detail

// The exact bit length of a nonzero X < 2^(q+1) whose interval is narrower than a factor of
// two: from the bounds when they agree, else by reading X exactly (X mod 2^(q+1) = X).
template <int N>
KOKKOS_INLINE_FUNCTION std::int64_t exact_bit_length(const mp_header& z, const residue* digits,
                                                     const basis_constants<N>& b) {
  const std::int64_t hi = bit_length_bound<N>(z.eval[1], b), lo = bit_length_floor<N>(z.eval[0], b);
  if (lo >= hi) return hi;
  residue s[N];
  const std::uint64_t rank = detail::crt_of<N>(z, digits, s, b);
  std::uint64_t x[basis_constants<N>::words];
  low_bits<N>(s, rank, static_cast<int>(hi), b, x);
  for (std::int64_t bit = hi - 1; bit >= lo; --bit)
    if ((x[bit / 64] >> (bit % 64)) & 1) return bit + 1;
  return lo;
}

namespace detail {

// Everything round_with_exponent does, for the results its short path cannot settle.
template <int N>
KAMP_OUT_OF_LINE_FUNCTION void round_in_full(mp_header& z, residue* digits, std::int32_t flags, std::int64_t exp,
                                             const basis_constants<N>& b) {
  constexpr int q = basis_constants<N>::significand_bits;
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
  // Operations keep the interval far narrower than a factor of two (near 2^-50 relative; the
  // addition re-evaluates one wider than 2^-30); should one not be, evaluating it keeps the
  // bit length below exact.
  if (bit_length_bound<N>(z.eval[1], b) - bit_length_floor<N>(z.eval[0], b) > 1)
    evaluate<N>(digits, b, z.eval[0], z.eval[1], range_hint::none);
  const std::int64_t surplus = bit_length_floor<N>(z.eval[0], b) - q;
  if (surplus > 0) {
    detail::drop_low_bits<N>(z, digits, static_cast<int>(surplus), b);
    exp += surplus;
  }
  std::int64_t bits = exact_bit_length<N>(z, digits, b);
  if (bits > q) {
    detail::drop_low_bits<N>(z, digits, 1, b);
    exp += 1;
    bits = q;
  }
  if (exp > exponent_limit) {
    const std::int64_t shift = exp - exponent_limit;
    if (bits + shift > q) {
      clear(mp_header::inf(z.sign));
      return;
    }
    for (int i = 0; i < N; ++i) digits[i] = mod_mul(digits[i], b.pow2[shift][i], b.m[i], b.inv_m[i]);
    z.eval[0] = z.eval[0].scaled(shift);
    z.eval[1] = z.eval[1].scaled(shift);
    exp = exponent_limit;
  } else if (exp < -exponent_limit) {
    const std::int64_t k = -exponent_limit - exp;
    if (k >= bits) {
      clear(mp_header());
      return;
    }
    // A short result: the lowered bound may be loose, so evaluate it afresh (X < 2^q < M/2).
    detail::drop_low_bits<N>(z, digits, static_cast<int>(k), b);
    evaluate<N>(digits, b, z.eval[0], z.eval[1], range_hint::below_half);
    exp = -exponent_limit;
  }
  z.exp = static_cast<std::int32_t>(exp);
}

}  // namespace detail

// Whether rounding z, of value (-1)^sign X 2^exp, would change nothing but z.exp: a finite
// nonzero X < 2^q with the usual narrow interval, whose exponent is in range. It reads only
// z.exp (for finiteness) and z.eval, so a kernel can decide from those alone.
template <int N>
KOKKOS_INLINE_FUNCTION bool rounds_to_itself(const mp_header& z, std::int32_t flags, std::int64_t exp,
                                             const basis_constants<N>& b) {
  if (flags != round_plain || !z.is_finite() || z.eval[1].is_zero() || exp > exponent_limit || exp < -exponent_limit)
    return false;
  const std::int64_t hi = bit_length_bound<N>(z.eval[1], b);
  return hi <= basis_constants<N>::significand_bits && hi - bit_length_floor<N>(z.eval[0], b) <= 1;
}

// Rounds z, whose value is (-1)^sign X 2^exp for any 64-bit exp (z.exp is ignored), into the
// format; see the top of this file. Only the common case, rounds_to_itself, is inline.
template <int N>
KOKKOS_INLINE_FUNCTION void round_with_exponent(mp_header& z, residue* digits, std::int32_t flags, std::int64_t exp,
                                                const basis_constants<N>& b) {
  if (rounds_to_itself<N>(z, flags, exp, b)) {
    z.exp = static_cast<std::int32_t>(exp);
    return;
  }
  detail::round_in_full<N>(z, digits, flags, exp, b);
}

template <int N>
KOKKOS_INLINE_FUNCTION void round_stage(mp_header& z, residue* digits, std::int32_t flags,
                                        const basis_constants<N>& b) {
  round_with_exponent<N>(z, digits, flags, z.exp, b);
}

template <int N>
KOKKOS_INLINE_FUNCTION void round_stage(mp_float<N>& z, std::int32_t flags, const basis_constants<N>& b) {
  round_stage<N>(z, z.digits, flags, b);
}

}  // namespace kamp::rns

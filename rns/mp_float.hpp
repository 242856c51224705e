#pragma once
// mp_float<N>: one RNS multiple-precision number, usable on host and device.
#include <cstdint>

#include "rns/basis.hpp"

namespace kamp::rns {

// The exponent range: finite values are X 2^e with X < 2^q and |e| <= exponent_limit, so the
// largest is MAX = (2^q - 1) 2^(2^30) and the smallest positive MIN = 2^(-2^30). Operations
// truncate their exact result (rns/round_stage.hpp): results of magnitude 2^(q + 2^30) or more
// overflow to infinity, results below MIN underflow to zero, and results below 2^(q - 2^30)
// are truncated to a multiple of MIN (gradual underflow, with less than q bits).
constexpr std::int32_t exponent_limit = 1 << 30;
constexpr std::int32_t exponent_inf = 2147483647;   // marks +-infinity (sign gives which)
constexpr std::int32_t exponent_nan = -2147483647;  // marks NaN

// Sign, exponent and interval of a number: everything but its residues. The stage
// functions take a header and a pointer to the N residues, so the same code runs on an
// mp_float and on an element of an mp_array (whose residues are contiguous too).
struct mp_header {
  // Invariant: a finite value is (-1)^sign * X * 2^exp where X < 2^q is the number whose
  // residues are the digits, |exp| <= exponent_limit, and eval[0] <= X/M <= eval[1], bounds
  // less than a factor of two apart for X != 0 (so they give X's bit length within one).
  // Zero has all digits 0, sign 0, exp 0 and eval {0, 0}. Infinity and NaN have exp ==
  // exponent_inf / exponent_nan, zero digits and eval {0, 0}. The significand/exponent split
  // of a value is not unique (2 may be X = 1, exp = 1 or X = 2^52, exp = -51).
  std::int32_t sign = 0;
  std::int32_t exp = 0;
  core::er_float eval[2] = {};

  KOKKOS_INLINE_FUNCTION bool is_nan() const { return exp == exponent_nan; }
  KOKKOS_INLINE_FUNCTION bool is_inf() const { return exp == exponent_inf; }
  KOKKOS_INLINE_FUNCTION bool is_finite() const { return exp != exponent_nan && exp != exponent_inf; }
  KOKKOS_INLINE_FUNCTION bool is_zero() const { return is_finite() && eval[1].is_zero(); }

  KOKKOS_INLINE_FUNCTION static mp_header nan() {
    mp_header h;
    h.exp = exponent_nan;
    return h;
  }
  KOKKOS_INLINE_FUNCTION static mp_header inf(std::int32_t sign) {
    mp_header h;
    h.exp = exponent_inf;
    h.sign = sign;
    return h;
  }
};

template <int N>
struct mp_float : mp_header {
  residue digits[N] = {};

  KOKKOS_INLINE_FUNCTION static mp_float zero() { return mp_float(); }
  KOKKOS_INLINE_FUNCTION static mp_float nan() { return with_header(mp_header::nan()); }
  KOKKOS_INLINE_FUNCTION static mp_float inf(std::int32_t sign) { return with_header(mp_header::inf(sign)); }
  KOKKOS_INLINE_FUNCTION static mp_float with_header(const mp_header& h) {
    mp_float r;
    static_cast<mp_header&>(r) = h;
    return r;
  }
};

}  // namespace kamp::rns

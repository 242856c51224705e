#pragma once
// Host conversions between mp_float and MPFR values or decimal strings. Incoming values
// are rounded to nearest at q bits (q = basis_constants<N>::significand_bits) and their
// intervals computed exactly; outgoing values are exact (q bits of significand).
// NaN and infinities map to the special values; a finite value that, rounded to q bits, is
// not X 2^e with |e| <= 2^30 (above MAX, or not a multiple of MIN = 2^-2^30) raises
// kamp::invalid_argument. None of them depends on MPFR's exponent range (global state): they
// work in the widest one and restore the caller's. A value of to_mpfr may lie outside MPFR's
// default range (MAX is about 2^(2^30 + q)): widen it (mpfr_set_emax) before computing with it.
#include <string>

#include "core/mpfr_value.hpp"
#include "rns/mp_float.hpp"

namespace kamp::rns {

template <int N>
mp_float<N> from_mpfr(mpfr_srcptr value);

template <int N>
core::mpfr_value to_mpfr(const mp_float<N>& x);

// Decimal text such as "-1.25e-300", "inf", "nan"; throws kamp::invalid_argument naming
// `text` otherwise, and for numbers outside the format.
template <int N>
mp_float<N> from_string(const std::string& text);

// Scientific notation with `digits` significant digits (0: enough to round-trip).
template <int N>
std::string to_string(const mp_float<N>& x, int digits = 0);

// The exact significand X (0 <= X < M, the product of the moduli) of a finite x.
template <int N>
void significand(const mp_float<N>& x, mpz_ptr out);

// The exact significand X as a decimal integer (for tests and debugging).
template <int N>
std::string significand_string(const mp_float<N>& x);

}  // namespace kamp::rns

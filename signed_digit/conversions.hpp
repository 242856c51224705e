#pragma once
// Exact conversions of signed_digit::number to and from decimal text, doubles, GMP integers and MPFR.
//
// Every conversion into the format takes the digit count n of the result and produces the
// representation with the fewest digits (digits in [-3, 6]); a value that n digits cannot hold
// raises kamp::invalid_argument naming "digit_count", a malformed argument kamp::invalid_argument
// naming it. Nothing is rounded except in to_mpfr, which rounds once, correctly, and does not
// depend on MPFR's global exponent range.
#include <gmp.h>
#include <mpfr.h>

#include <string>

#include "core/mpfr_value.hpp"
#include "signed_digit/number.hpp"

namespace kamp::signed_digit {

// K 10^exponent.
number from_mpz(mpz_srcptr significand, std::int32_t exponent, int digit_count);
// The significand K of x = K 10^t (t is x.exponent()).
void to_mpz(mpz_ptr significand, const number& x);

// Decimal text: [+|-]digits[.digits][(e|E)[+|-]digits]; the exponent is the text's exponent less
// its fraction digits ("-12.50e3" is -1250 10^1).
number from_string(const std::string& text, int digit_count);
// "-125e2"-style exact text (no exponent part when t = 0); from_string reads it back.
std::string to_string(const number& x);

// The exact decimal expansion of a finite double: m 2^e = m 5^-e 10^e for e < 0.
number from_double(double x, int digit_count);

// x rounded to nearest at `precision` bits (values beyond MPFR's widest range give +-Inf or 0).
core::mpfr_value to_mpfr(const number& x, mpfr_prec_t precision);
// x to the nearest double, rounded once (subnormals and overflow as in IEEE arithmetic).
double to_double(const number& x);

// The digit count from_mpz/from_string/from_double need for a value: the smallest n that holds it.
int digits_needed(mpz_srcptr significand);

}  // namespace kamp::signed_digit

// elementary/constants.hpp against MPFR: each table's components are, one after the other, the
// double nearest what the ones before leave of the constant (so every prefix is a valid dd_real
// or expansion<N>); ln 2's leading Cody-Waite piece has at most 42 significant bits, and the tail
// table is what it leaves of ln 2; pi/2's Cody-Waite pieces have at most 47 bits each and close in
// by 47 bits a piece; the words of 2/pi are its first bits, and the reduction's
// cancellation bound is at least what the exponent range alone gives.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

#include "core/mpfr_value.hpp"
#include "elementary/constants.hpp"

namespace {

namespace constants = kamp::elementary::constants;
using kamp::core::mpfr_value;

constexpr mpfr_prec_t bits = 1600;

// Empty when table(0..7) are the successive nearest doubles of value.
std::string components_violation(const mpfr_value& value, const std::function<double(int)>& table) {
  mpfr_value rest(bits);
  mpfr_set(rest.get(), value.get(), MPFR_RNDN);
  for (int i = 0; i < constants::components; ++i) {
    const double nearest = mpfr_get_d(rest.get(), MPFR_RNDN);
    if (table(i) != nearest) return "component " + std::to_string(i) + " is not the nearest double of the rest";
    mpfr_sub_d(rest.get(), rest.get(), nearest, MPFR_RNDN);  // exact at this precision
  }
  return "";
}

TEST(elementary_constants, logarithms_of_two_and_ten_are_the_successive_nearest_doubles) {
  mpfr_value ln2(bits), ln10(bits), r(bits), ten(10.0, 64);
  mpfr_const_log2(ln2.get(), MPFR_RNDN);
  EXPECT_EQ(components_violation(ln2, constants::ln2), "");
  mpfr_ui_div(r.get(), 1, ln2.get(), MPFR_RNDN);
  EXPECT_EQ(components_violation(r, constants::inv_ln2), "");
  mpfr_log(ln10.get(), ten.get(), MPFR_RNDN);
  mpfr_ui_div(r.get(), 1, ln10.get(), MPFR_RNDN);
  EXPECT_EQ(components_violation(r, constants::inv_ln10), "");
}

TEST(elementary_constants, inverse_factorials_are_the_successive_nearest_doubles) {
  mpfr_value f(bits), r(bits);
  mpfr_set_ui(f.get(), 1, MPFR_RNDN);
  for (int k = 0; k < constants::inverse_factorial_count; ++k) {
    if (k > 0) mpfr_mul_ui(f.get(), f.get(), static_cast<unsigned long>(k), MPFR_RNDN);  // exact
    mpfr_ui_div(r.get(), 1, f.get(), MPFR_RNDN);
    EXPECT_EQ(components_violation(r, [k](int i) { return constants::inverse_factorial(k, i); }), "")
        << "1/" << k << "!";
  }
}

TEST(elementary_constants, the_leading_piece_of_ln2_is_an_exact_multiplier_and_the_tail_the_rest) {
  const double lead = constants::ln2_lead(0);
  int exponent = 0;
  const double mantissa = std::frexp(lead, &exponent);
  EXPECT_EQ(std::ldexp(std::round(std::ldexp(mantissa, 42)), -42), mantissa) << "over 42 significant bits";
  mpfr_value tail(bits);
  mpfr_const_log2(tail.get(), MPFR_RNDN);
  mpfr_sub_d(tail.get(), tail.get(), lead, MPFR_RNDN);  // exact at this precision
  EXPECT_EQ(components_violation(tail, constants::ln2_tail), "");
}

// Each piece has at most 47 significant bits (k times it is exact for |k| <= 32), and the first M
// leave |pi/2 - sum| <= 2^-(47 M), which the Cody-Waite reduction's bound assumes.
TEST(elementary_constants, the_pieces_of_half_pi_are_exact_multipliers_each_47_bits_closer) {
  mpfr_value rest(bits);
  mpfr_const_pi(rest.get(), MPFR_RNDN);
  mpfr_mul_2si(rest.get(), rest.get(), -1, MPFR_RNDN);
  for (int m = 0; m < constants::half_pi_piece_count; ++m) {
    const double piece = constants::half_pi_piece(m);
    int exponent = 0;
    const double mantissa = std::frexp(piece, &exponent);
    EXPECT_EQ(std::ldexp(std::round(std::ldexp(mantissa, 47)), -47), mantissa) << "piece " << m << " over 47 bits";
    mpfr_sub_d(rest.get(), rest.get(), piece, MPFR_RNDN);  // exact at this precision
    mpfr_value limit(std::ldexp(1.0, -47 * (m + 1)), 64);
    EXPECT_LE(mpfr_cmpabs(rest.get(), limit.get()), 0) << "after " << m + 1 << " pieces";
  }
}

TEST(elementary_constants, pi_is_the_successive_nearest_doubles) {
  mpfr_value pi(bits);
  mpfr_const_pi(pi.get(), MPFR_RNDN);
  EXPECT_EQ(components_violation(pi, constants::pi), "");
}

TEST(elementary_constants, the_words_of_two_over_pi_are_its_leading_bits) {
  const mpfr_prec_t word_bits = 64 * constants::two_over_pi_word_count;
  mpfr_value scaled(word_bits + 64), word(word_bits + 64), rest(word_bits + 64);
  mpfr_const_pi(scaled.get(), MPFR_RNDN);
  mpfr_ui_div(scaled.get(), 2, scaled.get(), MPFR_RNDN);
  for (int i = 0; i < constants::two_over_pi_word_count; ++i) {
    mpfr_mul_2ui(scaled.get(), scaled.get(), 64, MPFR_RNDN);  // the next 64 bits above the point
    mpfr_floor(word.get(), scaled.get());
    mpfr_sub(rest.get(), scaled.get(), word.get(), MPFR_RNDN);
    const std::uint64_t w = constants::two_over_pi_word(i);
    mpfr_value expected(static_cast<double>(w >> 32), 64);
    mpfr_mul_2ui(expected.get(), expected.get(), 32, MPFR_RNDN);
    mpfr_add_d(expected.get(), expected.get(), static_cast<double>(w & 0xffffffffu), MPFR_RNDN);
    ASSERT_TRUE(mpfr_equal_p(expected.get(), word.get())) << "word " << i;
    mpfr_set(scaled.get(), rest.get(), MPFR_RNDN);
  }
}

// x (2/pi) - K for x = M 2^-1074 can be no smaller than 2^-1074 / (2^2098 ...): the bound the
// generator proves from the continued fraction lies past 1074 + 2098 bits and within a few bits
// of it (2/pi's partial quotients there are small).
TEST(elementary_constants, the_cancellation_bound_lies_just_past_the_exponent_range) {
  EXPECT_GE(constants::cancellation_bits, 1074 + 2098);
  EXPECT_LE(constants::cancellation_bits, 1074 + 2098 + 24);
}

}  // namespace

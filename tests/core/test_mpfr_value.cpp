// The MPFR bridge: exact conversions, refusal to round silently, string parsing errors,
// value semantics of the RAII wrapper, and error measures that round up.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"
#include "core/mpfr_value.hpp"

namespace {

using kamp::core::mpfr_value;

TEST(mpfr_value_test, doubles_and_integers_convert_exactly) {
  for (double x : {0.1, -DBL_MAX, DBL_MIN, 4.9e-324, 1.0 + 0x1.0p-52}) {
    const mpfr_value v(x, 53);
    EXPECT_EQ(v.to_double(), x);
  }
  const mpfr_value big(std::int64_t{9007199254740993}, 64);  // 2^53 + 1, not a double
  EXPECT_EQ(mpfr_cmp_si(big.get(), 0), 1);
  EXPECT_EQ(big.to_double(MPFR_RNDU), 9007199254740994.0);
  EXPECT_EQ(big.to_double(MPFR_RNDD), 9007199254740992.0);
}

TEST(mpfr_value_test, too_small_precision_for_an_exact_conversion_is_an_error) {
  EXPECT_THROW(mpfr_value(0.1, 52), kamp::invalid_argument);
  EXPECT_THROW(mpfr_value(std::int64_t{3}, 63), kamp::invalid_argument);
  EXPECT_THROW(mpfr_value(mpfr_prec_t{0}), kamp::invalid_argument);
}

TEST(mpfr_value_test, decimal_strings_round_correctly_and_report_exactness) {
  bool exact = true;
  const mpfr_value tenth = mpfr_value::from_string("0.1", 53, &exact);
  EXPECT_FALSE(exact);
  EXPECT_EQ(tenth.to_double(), 0.1);
  const mpfr_value quarter = mpfr_value::from_string("-0.25e2", 10, &exact);
  EXPECT_TRUE(exact);
  EXPECT_EQ(quarter.to_double(), -25.0);
  // 200 digits of 1/3 at 600 bits: closer than 2^-600 relative to the decimal value.
  const std::string third = "0." + std::string(200, '3');
  const mpfr_value t = mpfr_value::from_string(third, 600);
  EXPECT_EQ(t.to_string(20), "3.3333333333333333333e-01");
}

TEST(mpfr_value_test, malformed_strings_name_the_text) {
  try {
    mpfr_value::from_string("1.5x", 53);
    FAIL() << "no exception";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "text");
    EXPECT_NE(std::string(e.what()).find("\"1.5x\""), std::string::npos) << e.what();
  }
  EXPECT_THROW(mpfr_value::from_string("", 53), kamp::invalid_argument);
  // A NUL byte ends MPFR's reading, not the text (fuzz/corpus/format_text/nul_inside): read only
  // up to the NUL, these would be 4 and 1.
  EXPECT_THROW(mpfr_value::from_string(std::string("4\0=", 3), 53), kamp::invalid_argument);
  EXPECT_THROW(mpfr_value::from_string(std::string("1\0", 2), 53), kamp::invalid_argument);
}

// Rounded once into double, as strtod does: read at 1200 bits and then rounded to 53, a text just
// above the midpoint 1 + 2^-53 (450 digits; fuzz/corpus/format_text/above_midpoint) would be 1.
TEST(mpfr_value_test, nearest_double_rounds_once) {
  const std::string midpoint = "1.00000000000000011102230246251565404236316680908203125";
  const std::string above = midpoint + std::string(450 - midpoint.size(), '0') + "1";
  for (const std::string& text :
       {above, midpoint, std::string("0.1"), std::string("2.5e-324"), std::string("2.4e-324"), std::string("-1e-400"),
        std::string("1e400"), std::string("2.2250738585072011e-308")}) {
    const double got = kamp::core::nearest_double(text), expected = std::strtod(text.c_str(), nullptr);
    EXPECT_EQ(std::memcmp(&got, &expected, sizeof got), 0) << text << ": " << got << " vs strtod " << expected;
  }
  EXPECT_EQ(kamp::core::nearest_double(above), 1 + 0x1p-52);
  EXPECT_TRUE(std::isnan(kamp::core::nearest_double("nan")));
  EXPECT_THROW(kamp::core::nearest_double("1.5x"), kamp::invalid_argument);
}

// MPFR 4.2 reads an exponent beyond long after leading fraction zeros as an overflow: a tiny
// value becomes +Inf (fuzz/corpus/format_text/exponent_beyond_long). Exponents beyond +-2e18 give
// 0 or Inf in any range; those within it are still read.
TEST(mpfr_value_test, exponents_beyond_long_read_as_zero_or_infinity) {
  const kamp::core::widest_exponent_range wide;
  for (const char* text : {".01e-99999999999999999999", "-0.001e-99999999999999999999", "5e-2000000000000000001",
                           "1@-99999999999999999999"}) {
    const mpfr_value v = mpfr_value::from_string(text, 53);
    EXPECT_TRUE(mpfr_zero_p(v.get())) << text << " read as " << v.to_string();
    EXPECT_EQ(mpfr_signbit(v.get()) != 0, text[0] == '-') << text;
  }
  for (const char* text : {".01e99999999999999999999", "-.01e+0099999999999999999999", "7e2000000000000000001"}) {
    const mpfr_value v = mpfr_value::from_string(text, 53);
    EXPECT_TRUE(mpfr_inf_p(v.get())) << text << " read as " << v.to_string();
    EXPECT_EQ(mpfr_signbit(v.get()) != 0, text[0] == '-') << text;
  }
  EXPECT_TRUE(mpfr_regular_p(mpfr_value::from_string(".001e-1300000000000000000", 53).get()));
  EXPECT_EQ(kamp::core::nearest_double(".0000000000258864e-3299999999999969999999939999999999999999999228"), 0.0);
}

TEST(mpfr_value_test, copies_are_deep_and_moves_leave_valid_objects) {
  mpfr_value a(1.5, 100);
  mpfr_value b = a;
  mpfr_add_d(b.get(), b.get(), 1.0, MPFR_RNDN);
  EXPECT_EQ(a.to_double(), 1.5);
  EXPECT_EQ(b.to_double(), 2.5);
  EXPECT_EQ(b.precision(), 100);
  mpfr_value c = std::move(b);
  EXPECT_EQ(c.to_double(), 2.5);
  a = c;
  EXPECT_EQ(a.to_double(), 2.5);
}

TEST(mpfr_value_test, errors_are_upper_bounds) {
  const mpfr_value one(1.0, 53), third = mpfr_value::from_string("0.333333333333333333333333", 200);
  const mpfr_value three_tenths(0.3, 53);
  const mpfr_value err = kamp::core::absolute_error(three_tenths, third);
  // |0.3 - 0.3333...| = 0.0333...; the bound may not be below the exact value.
  EXPECT_GE(err.to_double(MPFR_RNDU), 0.03333333333333333);
  EXPECT_LT(err.to_double(), 0.0333333333333334);
  const mpfr_value rel = kamp::core::relative_error(mpfr_value(1.0 + 0x1.0p-52, 53), one);
  EXPECT_EQ(rel.to_double(), 0x1.0p-52);
  EXPECT_EQ(one.to_string(3), "1.00e+00");
  EXPECT_EQ(mpfr_value(-INFINITY, 53).to_string(), "-inf");
}

}  // namespace

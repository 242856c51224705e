// Host conversions: MPFR and decimal strings round-trip within the unit roundoff, huge and tiny
// decimals saturate like double, the special values convert, malformed text raises
// kamp::invalid_argument naming the text. At the ends of the range: a value above max() gives
// the canonical infinity (double: IEEE, from Omega), -0 keeps its sign, and to_string's text
// reads back as the same value exactly (dd_real and double: the same components).
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <utility>

#include "multi_double/ds_format.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

template <class Config>
class dd_conversion_test : public ::testing::Test {};
TYPED_TEST_SUITE(dd_conversion_test, dd_host_configs, dd_config_name);

TYPED_TEST(dd_conversion_test, strings_and_mpfr_round_trip_within_unit_roundoff) {
  using F = typename TypeParam::format;
  using traits = kamp::format_traits<F>;
  const mpfr_value u = traits::unit_roundoff();
  kamp::core::random_source rng(31);
  for (int i = 0; i < 2000; ++i) {
    const auto x = random_value<F>(rng, -1000, 1000);
    const mpfr_value exact = traits::to_mpfr(x);
    const auto back = traits::from_mpfr(exact.get());
    ASSERT_TRUE(same_bits(back, x)) << show(x) << " -> " << show(back);  // extraction recovers a normalised value
    const auto parsed = traits::from_string(traits::to_string(x));
    ASSERT_EQ(invariant_violation(parsed), "") << traits::to_string(x);
    ASSERT_EQ(bound_violation(traits::to_mpfr(parsed), exact, u), "") << traits::to_string(x);
  }
  // A decimal that no binary format holds: rounded to within u.
  const auto tenth = traits::from_string("0.1");
  ASSERT_EQ(bound_violation(traits::to_mpfr(tenth), mpfr_value::from_string("0.1", 2000), u), "");
  EXPECT_EQ(component(traits::from_string("1e400"), 0), HUGE_VAL);
  EXPECT_EQ(component(traits::from_string("-1e400"), 0), -HUGE_VAL);
  EXPECT_EQ(component(traits::from_string("1e-400"), 0), 0.0);
  EXPECT_TRUE(std::isnan(component(traits::from_string("nan"), 0)));
  EXPECT_EQ(component(traits::from_string("-inf"), 0), -HUGE_VAL);
  EXPECT_EQ(traits::to_string(traits::from_string("inf")), "inf");
  for (const char* bad : {"", "abc", "1.5x", "--1", "0x"})
    expect_invalid_argument("text", [&] { traits::from_string(bad); });
}

TYPED_TEST(dd_conversion_test, above_max_is_infinity_zeros_keep_their_sign_and_text_reads_back_exactly) {
  using F = typename TypeParam::format;
  using traits = kamp::format_traits<F>;
  using V = kamp::value_type_t<F>;
  const bool ieee_double = std::is_same<V, double>::value;
  const V largest = std::numeric_limits<V>::max();
  const mpfr_value top = traits::to_mpfr(largest);
  mpfr_value omega(1.0, 64), clearly_above(4000), least_above(4000);
  mpfr_mul_2si(omega.get(), omega.get(), 1024, MPFR_RNDN);
  mpfr_sub(omega.get(), omega.get(), power_of_two(970).get(), MPFR_RNDN);  // 2^1024 - 2^970
  mpfr_mul_d(clearly_above.get(), top.get(), 1.0 + 0x1p-30, MPFR_RNDN);
  mpfr_set(least_above.get(), top.get(), MPFR_RNDN);
  mpfr_nextabove(least_above.get());  // max() (1 + 2^-3999): beyond any rounding of text to 2162 bits
  for (const mpfr_value* v : {&least_above, &clearly_above, &omega}) {
    for (const int sign : {1, -1}) {
      mpfr_value x = *v;
      if (sign < 0) mpfr_neg(x.get(), x.get(), MPFR_RNDN);
      const bool finite = ieee_double && mpfr_cmpabs(x.get(), omega.get()) < 0;  // IEEE rounds to DBL_MAX
      for (const V& r : {traits::from_mpfr(x.get()), traits::from_string(x.to_string(1300))}) {
        ASSERT_EQ(invariant_violation(r), "") << x.to_string(40);
        EXPECT_EQ(component(r, 0), finite ? sign * DBL_MAX : sign * HUGE_VAL) << x.to_string(40) << " -> " << show(r);
        for (int k = 1; k < component_count(r); ++k) EXPECT_EQ(component(r, k), 0.0) << show(r);
      }
    }
  }
  // max() itself converts to its own value (an expansion's extraction may split it differently).
  for (const V& r : {traits::from_mpfr(top.get()), traits::from_string(traits::to_string(largest))}) {
    ASSERT_EQ(invariant_violation(r), "") << show(r);
    EXPECT_TRUE(mpfr_equal_p(traits::to_mpfr(r).get(), top.get())) << show(r);
  }

  // Signed zeros, from MPFR, text and what to_string prints for them.
  mpfr_value minus_zero(53);
  mpfr_set_zero(minus_zero.get(), -1);
  for (const V& r :
       {traits::from_mpfr(minus_zero.get()), traits::from_string("-0"), traits::from_string("-0.0e7"),
        traits::from_string("-1e-400"), traits::from_string(traits::to_string(traits::from_string("-0")))}) {
    EXPECT_EQ(component(r, 0), 0.0) << show(r);
    EXPECT_TRUE(std::signbit(component(r, 0))) << show(r);
    EXPECT_EQ(invariant_violation(r), "");
  }
  EXPECT_FALSE(std::signbit(component(traits::from_string("0"), 0)));

  // to_string reads back exactly over the whole range: random values with gaps, next to
  // DBL_MAX, in the subnormals, and dd_real's ties (lo = ulp(hi)/2 beside an even hi).
  kamp::core::random_source rng(37);
  std::vector<V> values = {std::numeric_limits<V>::min(), std::numeric_limits<V>::denorm_min(), largest};
  for (int i = 0; i < 3000; ++i) {
    values.push_back(i % 3 == 0 ? near_largest<F>(rng)
                                : exact_random_value<F>(rng, static_cast<int>(rng.integer(-1074, 1023))));
    if (i % 10 == 0) {
      mpfr_value tie(0x1.8p0 * std::ldexp(1.0, static_cast<int>(rng.integer(-960, 960))), 200);
      mpfr_value half_ulp(1.0, 53);
      mpfr_mul_2si(half_ulp.get(), tie.get(), -53, MPFR_RNDN);
      mpfr_add(tie.get(), tie.get(), half_ulp.get(), MPFR_RNDN);
      values.push_back(traits::from_mpfr(tie.get()));
    }
  }
  for (const V& x : values) {
    const std::string text = traits::to_string(x);
    const V back = traits::from_string(text);
    if (std::is_same<V, kamp::multi_double::dd_real>::value || ieee_double) {
      // The same components (a zero lo of either sign: -(1, 0) is (-1, -0), read back as (-1, 0)).
      bool same = same_bits(component(back, 0), component(x, 0));
      for (int k = 1; k < component_count(x); ++k) same = same && component(back, k) == component(x, k);
      ASSERT_TRUE(same) << show(x) << " printed " << text << " read " << show(back);
    } else {
      ASSERT_EQ(invariant_violation(back), "") << text;
      ASSERT_TRUE(mpfr_equal_p(traits::to_mpfr(back).get(), traits::to_mpfr(x).get()))
          << show(x) << " printed " << text;
    }
  }
}

TEST(ds_conversion_test, ds_formats_convert_as_dd_real) {
  using traits = kamp::format_traits<kamp::multi_double::ds_aos>;
  EXPECT_EQ(traits::name(), "ds_aos");
  EXPECT_EQ(kamp::format_traits<kamp::multi_double::ds_soa>::name(), "ds_soa");
  EXPECT_EQ(traits::precision, 77);
  const auto x = traits::from_string("3.25");
  EXPECT_EQ(x.hi, 3.25);
  EXPECT_EQ(traits::to_string(x).substr(0, 4), "3.25");
  expect_invalid_argument("text", [] { traits::from_string("three"); });
}

}  // namespace

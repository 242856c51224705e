// Host conversions: MPFR and decimal strings round-trip within the unit roundoff, huge and tiny
// decimals saturate like double, the special values convert, malformed text raises
// kamp::invalid_argument naming the text.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <utility>

#include "dd/ds_format.hpp"
#include "tests/dd/dd_test_support.hpp"

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

// Just below the overflow threshold DBL_MAX + 2^970 a remainder rounds up to half an ulp of the
// component before: a dd_real's renormalised hi overflowed to {Inf, -Inf}, and an expansion<2>
// summed to the threshold itself, which read back as Inf (the format_text fuzz target's checks on
// fuzz/corpus/format_text/top_of_double_range; format_mpfr's on format_mpfr/at_overflow_threshold),
// as did every longer expansion whose third component rounded to zero (2^-2976 below it, at 4200
// bits). Such values convert to at most the largest value, within u, and back unchanged.
TYPED_TEST(dd_conversion_test, values_just_below_the_overflow_threshold_stay_finite) {
  using F = typename TypeParam::format;
  using traits = kamp::format_traits<F>;
  const mpfr_value u = traits::unit_roundoff(), largest = traits::to_mpfr(std::numeric_limits<F>::max());
  const char* below =  // 2^1024 - 2^970 - 2^900
      "1797693134862315807937289714053034150714814202118671829945363424217807025884631937300710736235398357"
      "5190350397578529015935587945364942539631586716877939176181979134104866541508026523119041067830123028"
      "8786285988508871662676800019857971473108405096278252705715760340522882928361179426924469210262883540"
      "366524416";
  mpfr_value closer(4200);  // 2^1024 - 2^970 - 2^-2976
  mpfr_set_ui_2exp(closer.get(), 1, 1024, MPFR_RNDN);
  for (const int e : {970, -2976}) {
    mpfr_value step(4200);
    mpfr_set_ui_2exp(step.get(), 1, e, MPFR_RNDN);
    mpfr_sub(closer.get(), closer.get(), step.get(), MPFR_RNDN);
  }
  for (const int sign : {1, -1}) {
    mpfr_value exact = mpfr_value::from_string(below, 1200), near = closer;
    if (sign < 0) {
      mpfr_neg(exact.get(), exact.get(), MPFR_RNDN);
      mpfr_neg(near.get(), near.get(), MPFR_RNDN);
    }
    const auto from_text = traits::from_string(sign < 0 ? "-" + std::string(below) : std::string(below));
    const auto from_mpfr = traits::from_mpfr(near.get());
    for (const auto& [x, reference] : {std::pair(from_text, &exact), std::pair(from_mpfr, &near)}) {
      const mpfr_value value = traits::to_mpfr(x);
      ASSERT_EQ(invariant_violation(x), "") << show(x);
      EXPECT_LE(mpfr_cmpabs(value.get(), largest.get()), 0) << show(x);
      EXPECT_EQ(bound_violation(value, *reference, u), "") << show(x);
      EXPECT_TRUE(same_bits(traits::from_mpfr(value.get()), x)) << show(x) << " reads back as "
                                                                 << show(traits::from_mpfr(value.get()));
    }
  }
  // Above the threshold the nearest double is 2^1024: Inf.
  EXPECT_EQ(component(traits::from_string("1.7976931348623158079372897140530342e308"), 0), HUGE_VAL);
}

TEST(ds_conversion_test, ds_formats_convert_as_dd_real) {
  using traits = kamp::format_traits<kamp::dd::ds_aos>;
  EXPECT_EQ(traits::name(), "ds_aos");
  EXPECT_EQ(kamp::format_traits<kamp::dd::ds_soa>::name(), "ds_soa");
  EXPECT_EQ(traits::precision, 77);
  const auto x = traits::from_string("3.25");
  EXPECT_EQ(x.hi, 3.25);
  EXPECT_EQ(traits::to_string(x).substr(0, 4), "3.25");
  expect_invalid_argument("text", [] { traits::from_string("three"); });
}

}  // namespace

// Conversions do not depend on MPFR's exponent range (issue 12): under MPFR's default range
// and under a deliberately narrow one, MAX and MIN print and parse back exactly, decimal
// numbers beyond the format raise kamp::invalid_argument naming the text (not +Inf or 0),
// MPFR values above 2^30 that fit in q bits are accepted, and the caller's range is kept,
// also when a conversion throws.
#include "tests/rns/rns_test_support.hpp"
#include "tests/tested_formats.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

// MPFR values the format holds or not, made in the widest range.
struct wide_values {
  mpfr_value above_limit{64}, beyond_max{64}, below_min{64};
  explicit wide_values(long q) {
    const kamp::test::mpfr_exponent_range wide;
    mpfr_set_ui_2exp(above_limit.get(), 1, rns::exponent_limit + 1, MPFR_RNDN);  // 2 * 2^(2^30)
    mpfr_set_ui_2exp(beyond_max.get(), 1, rns::exponent_limit + q, MPFR_RNDN);   // 2^(q + 2^30)
    mpfr_set_ui_2exp(below_min.get(), 3, -rns::exponent_limit - 1, MPFR_RNDN);   // 1.5 MIN
  }
};

template <int N>
void check_conversions_in_range(mpfr_exp_t emin, mpfr_exp_t emax) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const auto max = kamp::test::from_power_of_two<N>(q, -1, rns::exponent_limit);
  const auto min = kamp::test::from_power_of_two<N>(0, 0, -rns::exponent_limit);
  const wide_values values(q);
  std::string max_text, min_text;
  rns::mp_float<N> max_back, min_back, above;
  mpfr_value max_exact;
  mpfr_exp_t kept_emin = 0, kept_emax = 0;
  {
    const kamp::test::mpfr_exponent_range narrow(emin, emax);
    max_text = rns::to_string<N>(max);
    min_text = rns::to_string<N>(min);
    max_back = rns::from_string<N>(max_text);
    min_back = rns::from_string<N>(min_text);
    above = rns::from_mpfr<N>(values.above_limit.get());
    for (const char* text : {"1e400000000", "-1e400000000", "1e-400000000"})
      kamp::test::expect_invalid_argument("text", [&] { rns::from_string<N>(text); });
    kamp::test::expect_invalid_argument("value", [&] { rns::from_mpfr<N>(values.beyond_max.get()); });
    kamp::test::expect_invalid_argument("value", [&] { rns::from_mpfr<N>(values.below_min.get()); });
    max_exact = rns::to_mpfr<N>(max);
    kept_emin = mpfr_get_emin();
    kept_emax = mpfr_get_emax();
  }
  EXPECT_EQ(kept_emin, emin);
  EXPECT_EQ(kept_emax, emax);
  EXPECT_NE(max_text, "inf");
  EXPECT_TRUE(kamp::test::identical<N>(max_back, max)) << max_text << " -> " << kamp::test::describe<N>(max_back);
  EXPECT_TRUE(kamp::test::identical<N>(min_back, min)) << min_text << " -> " << kamp::test::describe<N>(min_back);
  EXPECT_EQ(above.exp, rns::exponent_limit);
  EXPECT_EQ(rns::significand_string<N>(above), "2");
  const kamp::test::mpfr_exponent_range wide;
  mpfr_value want(q);
  mpfr_set_ui_2exp(want.get(), 1, q, MPFR_RNDN);
  mpfr_sub_ui(want.get(), want.get(), 1, MPFR_RNDN);
  mpfr_mul_2si(want.get(), want.get(), rns::exponent_limit, MPFR_RNDN);
  EXPECT_TRUE(max_exact == want) << max_exact.to_string();
}

template <class Format>
class rns_conversion_range_test : public ::testing::Test {};
using rns_formats = kamp::formats::apply_t<kamp::test::tested_formats_t<kamp::blas::rns_formats>, ::testing::Types>;
struct format_name {
  template <class T>
  static std::string GetName(int) {
    return kamp::format_traits<T>::name();
  }
};
TYPED_TEST_SUITE(rns_conversion_range_test, rns_formats, format_name);

TYPED_TEST(rns_conversion_range_test, conversions_ignore_the_default_mpfr_exponent_range) {
  check_conversions_in_range<kamp::format_traits<TypeParam>::moduli>(mpfr_get_emin(), mpfr_get_emax());
}
TYPED_TEST(rns_conversion_range_test, conversions_ignore_a_narrowed_mpfr_exponent_range) {
  check_conversions_in_range<kamp::format_traits<TypeParam>::moduli>(-1000, 1000);
}

}  // namespace

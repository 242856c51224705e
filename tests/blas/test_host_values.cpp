// The host-side questions the BLAS layer asks of alpha and beta (formats/host_values.hpp), for
// every format of the list: a format's own zero test must answer as the exact comparison
// through MPFR does, on zeros, tiny values at and beyond the edge of each format's exponent
// range, ones, and the special values.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <string>

#include "blas/format_list.hpp"
#include "formats/host_values.hpp"

namespace {

template <class Format>
class host_values : public ::testing::Test {};

struct format_name {
  template <class Format>
  static std::string GetName(int) {
    return kamp::format_traits<Format>::name();
  }
};

using value_formats = kamp::formats::apply_t<kamp::blas::value_formats, ::testing::Types>;
TYPED_TEST_SUITE(host_values, value_formats, format_name);

TYPED_TEST(host_values, equals_double_is_the_exact_comparison) {
  using traits = kamp::format_traits<TypeParam>;
  const char* texts[] = {"0",       "-0",       "1",      "-1",           "0.5",           "1e-300",
                         "-1e-300", "4.9e-324", "1e-400", "1e-323000000", "-1e-323000000", "nan",
                         "inf",     "-inf"};
  for (const char* text : texts) {
    const auto v = traits::from_string(text);
    const auto exact = traits::to_mpfr(v);
    for (const double d : {0.0, 1.0, -1.0}) {
      const bool expected = !mpfr_nan_p(exact.get()) && mpfr_cmp_d(exact.get(), d) == 0;
      EXPECT_EQ(kamp::equals_double<TypeParam>(v, d), expected) << text << " == " << d;
    }
  }
  EXPECT_TRUE(kamp::equals_double<TypeParam>(traits::zero(), 0.0));
}

}  // namespace

// Seeded generators: reproducible, in range, and the adversarial ones are what they claim.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "core/random.hpp"

namespace {

TEST(random_test, same_seed_same_numbers_and_uniform_in_range) {
  kamp::core::random_source a(7), b(7), c(8);
  const auto va = a.uniform_vector(10000), vb = b.uniform_vector(10000), vc = c.uniform_vector(10000);
  EXPECT_EQ(va, vb);
  EXPECT_NE(va, vc);
  double mean = 0;
  for (double x : va) {
    ASSERT_GE(x, -1.0);
    ASSERT_LT(x, 1.0);
    mean += x / va.size();
  }
  EXPECT_NEAR(mean, 0.0, 0.05);  // 5 standard deviations of the mean of 10^4 uniforms
  // A fixed first value pins the generator across platforms and library versions.
  kamp::core::random_source fixed(5489);  // std::mt19937_64's default seed
  EXPECT_EQ(fixed.next_u64(), 14514284786278117030ull);
}

TEST(random_test, wide_exponents_cover_the_requested_range) {
  kamp::core::random_source rng(9);
  int lowest = 10000, highest = -10000;
  for (int i = 0; i < 20000; ++i) {
    const int e = std::ilogb(rng.wide_exponent(-30, 30));
    lowest = std::min(lowest, e);
    highest = std::max(highest, e);
  }
  EXPECT_EQ(lowest, -30);
  EXPECT_EQ(highest, 30);
}

TEST(random_test, adversarial_sum_pairs_contain_cancellations_and_ties) {
  kamp::core::random_source rng(10);
  const auto p = kamp::core::adversarial_sum_pairs(rng, 1000);
  ASSERT_EQ(p.a.size(), 1000u);
  int cancellations = 0, ties = 0, subnormals = 0;
  for (std::size_t i = 0; i < p.a.size(); ++i) {
    ASSERT_TRUE(std::isfinite(p.a[i] + p.b[i]));
    if (p.a[i] + p.b[i] == 0 && p.a[i] != 0) ++cancellations;
    const double ulp = std::nextafter(std::fabs(p.a[i]), INFINITY) - std::fabs(p.a[i]);
    if (std::fabs(p.b[i]) == ulp / 2) ++ties;
    if (std::fpclassify(p.a[i]) == FP_SUBNORMAL) ++subnormals;
  }
  EXPECT_GE(cancellations, 100);
  EXPECT_GE(ties, 100);
  EXPECT_GE(subnormals, 50);
}

TEST(random_test, ill_conditioned_dot_reaches_the_requested_condition) {
  kamp::core::random_source rng(11);
  for (double condition : {1e5, 1e15, 1e30}) {
    const auto p = kamp::core::ill_conditioned_dot(rng, 100, condition);
    EXPECT_GT(p.condition, condition * 1e-3) << condition;
    EXPECT_LT(p.condition, condition * 1e3) << condition;
  }
  EXPECT_THROW(kamp::core::ill_conditioned_dot(rng, 5, 10.0), kamp::invalid_argument);
  EXPECT_THROW(kamp::core::ill_conditioned_dot(rng, 100, 0.5), kamp::invalid_argument);
}

}  // namespace

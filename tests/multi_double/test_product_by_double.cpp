// An expansion times a double (multi_double::mul(x, b)) against MPFR: mul's bound and underflow floor, the
// invariant, and mul(x, expansion(b))'s special values, over random operands, wide exponent
// spreads, cancelling x, powers of two, signed zeros, both ends of the range and Inf/NaN. The
// SpMV tests run it on every backend; fma_by_double, the SpMV's step, is test_expansion_fma.cpp's.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "multi_double/dd_format.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

template <class E>
class product_by_double_test : public ::testing::Test {};
TYPED_TEST_SUITE(product_by_double_test, sampled_expansions);

template <class E>
std::vector<std::pair<E, double>> operands() {
  kamp::core::random_source rng(6100 + E::size);
  std::vector<std::pair<E, double>> pairs;
  for (int i = 0; i < 3000; ++i) {
    const E x = random_value<E>(rng, -200, 200);
    double b = rng.wide_exponent(-200, 200);
    if (i % 7 == 1) b = std::ldexp(1.0, static_cast<int>(rng.integer(-60, 60)));
    if (i % 7 == 2) b = -1.0;
    pairs.push_back({x, b});
  }
  // Cancelling x (a difference of close values), both ends of the range, zeros.
  for (int i = 0; i < 500; ++i) {
    const E a = random_value<E>(rng, 0, 0);
    pairs.push_back(
        {kamp::multi_double::sub(a, kamp::multi_double::add(a, E(std::ldexp(rng.uniform(), -60 - 52 * (i % E::size))))),
         rng.wide_exponent(-20, 20)});
    pairs.push_back({random_value<E>(rng, 1010, 1020), rng.wide_exponent(0, 2)});
    pairs.push_back({random_value<E>(rng, -1000, -960), rng.wide_exponent(-80, -40)});
  }
  pairs.push_back({E(0.0), -3.0});
  pairs.push_back({E(-0.0), 3.0});
  pairs.push_back({random_value<E>(rng, 0, 0), -0.0});
  pairs.push_back({std::numeric_limits<E>::max(), 2.0});
  pairs.push_back({std::numeric_limits<E>::max(), -0.5});
  return pairs;
}

TYPED_TEST(product_by_double_test, is_within_mul_bound_and_keeps_the_invariant) {
  using E = TypeParam;
  using traits = kamp::format_traits<E>;
  const mpfr_value bound = traits::unit_roundoff(), floor = product_underflow_floor(E());
  for (const auto& [x, b] : operands<E>()) {
    const E r = kamp::multi_double::mul(x, b);
    const mpfr_value exact = exact_product(traits::to_mpfr(x), mpfr_value(b, 64));
    ASSERT_EQ(edge_violation<E>(r, exact, bound, floor), "") << show(x) << " * " << b << " -> " << show(r);
    if (std::isfinite(kamp::multi_double::to_double(r)) && kamp::multi_double::to_double(r) == 0)
      ASSERT_EQ(std::signbit(kamp::multi_double::to_double(r)),
                std::signbit(kamp::multi_double::to_double(x)) != std::signbit(b))
          << show(x) << " * " << b;
  }
}

TYPED_TEST(product_by_double_test, special_values_are_those_of_mul) {
  using E = TypeParam;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (double a : {0.0, -0.0, 1.5, -2.0, DBL_MAX, inf, -inf, nan})
    for (double b : {0.0, -0.0, 3.0, -DBL_MAX, inf, -inf, nan}) {
      const E general = kamp::multi_double::mul(E(a), E(b)), by_double = kamp::multi_double::mul(E(a), b);
      ASSERT_TRUE(same_bits(general, by_double) || (std::isnan(kamp::multi_double::to_double(general)) &&
                                                    std::isnan(kamp::multi_double::to_double(by_double))))
          << a << " * " << b << ": " << show(general) << " vs " << show(by_double);
    }
}

}  // namespace

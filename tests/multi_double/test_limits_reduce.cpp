// numeric_limits sanity for dd_real and expansions, and Kokkos::parallel_reduce with Kokkos::Sum
// (through reduction_identity and the volatile joins) on every backend, against MPFR with the
// classical recursive-summation bound gamma_n = n u / (1 - n u) applied to sum |x_i|.
#include <gtest/gtest.h>

#include <limits>

#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

template <class Config>
class dd_limits_test : public ::testing::Test {};
TYPED_TEST_SUITE(dd_limits_test, dd_configs, dd_config_name);

TYPED_TEST(dd_limits_test, numeric_limits_are_consistent) {
  using F = typename TypeParam::format;
  using V = kamp::value_type_t<F>;
  using L = std::numeric_limits<V>;
  using traits = kamp::format_traits<F>;
  const kamp::no_context ctx;
  static_assert(L::is_specialized && L::has_infinity && L::has_quiet_NaN, "limits specialised");
  const V max = L::max();
  EXPECT_TRUE(std::isfinite(component(max, 0)));
  EXPECT_EQ(invariant_violation(max), "");
  EXPECT_TRUE(std::isinf(component(traits::add(ctx, max, max), 0)));
  EXPECT_EQ(component(traits::add(ctx, L::lowest(), L::lowest()), 0), -HUGE_VAL);
  EXPECT_TRUE(std::isinf(component(L::infinity(), 0)));
  EXPECT_TRUE(std::isnan(component(L::quiet_NaN(), 0)));
  EXPECT_GT(component(L::min(), 0), 0.0);
  // 1 + epsilon is representable and differs from 1; epsilon is 2^(-52 * components).
  const V one_eps = traits::add(ctx, traits::from_double(ctx, 1.0), L::epsilon());
  EXPECT_FALSE(same_bits(one_eps, traits::from_double(ctx, 1.0)));
  EXPECT_EQ(component(L::epsilon(), 0), std::ldexp(1.0, -52 * component_count(V())));
  EXPECT_EQ(L::digits, traits::precision);
}

// sum_i x(i) with Kokkos::Sum and the format's reduction_identity (a free function: device
// lambdas cannot live in gtest's private TestBody).
template <class Space, class V, class View>
void kokkos_sum(const View& x, V& sum) {
  Kokkos::parallel_reduce(
      Kokkos::RangePolicy<Space>(0, x.extent(0)), KOKKOS_LAMBDA(std::size_t i, V & acc) { acc += x(i); },
      Kokkos::Sum<V>(sum));
}

TYPED_TEST(dd_limits_test, parallel_reduce_with_kokkos_sum_matches_mpfr) {
  using F = typename TypeParam::format;
  using Space = typename TypeParam::space;
  using V = kamp::value_type_t<F>;
  using traits = kamp::format_traits<F>;
  const std::size_t n = 10000;
  kamp::core::random_source rng(21);
  std::vector<V> x(n);
  for (auto& v : x) v = random_value<F>(rng, -20, 20);
  auto vx = to_space<Space>(x, "x");
  V sum = traits::from_double(kamp::no_context{}, 7.0);  // overwritten: the reducer starts from the identity
  kokkos_sum<Space>(vx, sum);
  mpfr_value exact(4000), magnitude(4000);
  for (const auto& v : x) {
    const mpfr_value m = traits::to_mpfr(v);
    mpfr_add(exact.get(), exact.get(), m.get(), MPFR_RNDN);
    mpfr_value a = m;
    mpfr_abs(a.get(), a.get(), MPFR_RNDN);
    mpfr_add(magnitude.get(), magnitude.get(), a.get(), MPFR_RNDN);
  }
  // |error| <= gamma_{n-1} sum |x_i| in any summation order (each partial sum rounds once);
  // gamma_{n-1} <= n u (1 + 2 n u) for n u < 1/2.
  mpfr_value bound = traits::unit_roundoff();
  mpfr_mul_ui(bound.get(), bound.get(), n, MPFR_RNDU);
  mpfr_mul_d(bound.get(), bound.get(), 1.01, MPFR_RNDU);
  mpfr_mul(bound.get(), bound.get(), magnitude.get(), MPFR_RNDU);
  const mpfr_value err = kamp::core::absolute_error(traits::to_mpfr(sum), exact);
  EXPECT_TRUE(err <= bound) << "error " << err.to_string(6) << " bound " << bound.to_string(6);
}

}  // namespace

// pow(x, n) of dd_real and expansion<2..8> for integer n against MPFR's mpfr_pow_si: within
// pow_bound(n) times the unit roundoff (plus the product by a double's floor below 2^-1022), the
// special values of C's pown (signed zeros and infinities by the parity of n, pow(NaN, 0) = 1),
// overflow and underflow, and the same bits on every backend.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/elementary/function_cases.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

constexpr long long exponents[] = {1, 2, 3, 7, 16, 101, -1, -2, -3, -13, -100, 1LL << 40, -(1LL << 40)};

template <class Space, class V>
std::vector<V> pow_on(long long n, const std::vector<V>& host_x) {
  const auto x = to_space<Space>(host_x, "x");
  Kokkos::View<V*, typename Space::memory_space> y("y", host_x.size());
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, host_x.size()), KOKKOS_LAMBDA(std::size_t i) { y(i) = pow(x(i), n); });
  return to_host(y);
}

template <class V>
std::string pow_violation(const V& x, long long n, const V& r) {
  using traits = kamp::format_traits<V>;
  mpfr_value exact(traits::precision + 128);
  mpfr_pow_si(exact.get(), traits::to_mpfr(x).get(), static_cast<long>(n), MPFR_RNDN);
  return violation_of(exact, r, kamp::elementary::pow_bound<V>(n), product_underflow_floor(V()));
}

template <class Config>
class elementary_pow_test : public ::testing::Test {};
TYPED_TEST_SUITE(elementary_pow_test, elementary_configs, dd_config_name);

TYPED_TEST(elementary_pow_test, within_stated_bounds_with_the_same_bits_on_every_space) {
  using V = typename TypeParam::format;
  const bool check_mpfr = std::is_same<typename TypeParam::space, reference_space>::value;
  kamp::core::random_source rng(77);
  const std::size_t count = sweep_count(200, 100000);
  for (const long long n : exponents) {
    std::vector<V> x;
    const double inf = HUGE_VAL, nan = std::nan("");
    for (double d : {0.0, -0.0, inf, -inf, nan, 1.0, -1.0, 2.0, -2.0, 0.5, 0x1p-1074, DBL_MAX}) x.push_back(V(d));
    // Bases whose powers run from the subnormals past overflow: exponents e with |e n| up to 1100.
    const double magnitude = n < 0 ? -static_cast<double>(n) : static_cast<double>(n);
    const int reach = static_cast<int>(std::min(1100.0 / magnitude, 1000.0));
    for (std::size_t i = 0; i < count; ++i) {
      x.push_back(magnitude < 1e6 ? random_value<V>(rng, -reach - 1, reach)
                                  : kamp::multi_double::add(V(1.0), V(std::ldexp(rng.uniform(), -50))));
    }
    const std::vector<V> y = pow_on<typename TypeParam::space>(n, x);
    for (std::size_t i = 0; i < x.size(); ++i) {
      ASSERT_TRUE(same_bits(y[i], pow(x[i], n))) << n << show(x[i]);
      if (check_mpfr) ASSERT_EQ(pow_violation(x[i], n, y[i]), "") << "n = " << n << show(x[i]);
    }
  }
}

TYPED_TEST(elementary_pow_test, exponent_zero_gives_one_for_every_base) {
  using V = typename TypeParam::format;
  for (double d : {0.0, -0.0, HUGE_VAL, -HUGE_VAL, std::nan(""), -3.0})
    ASSERT_TRUE(same_bits(pow(V(d), 0LL), V(1.0))) << d;
}

}  // namespace

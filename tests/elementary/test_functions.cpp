// The elementary functions of dd_real and expansion<2..8> against MPFR: every result within its
// stated bound (elementary/*.hpp) times the format's unit roundoff, plus the product by a
// double's floor where a scaled result's lower components fall into the subnormals; special
// values, signed zeros, overflow and underflow as MPFR gives them (C's Annex F); every result a
// valid value of the format; arguments below 2^-(p/2 + 4) returned exactly where the function is
// x + O(x^3); and the same bits from a kernel on every backend as on the host.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/elementary/function_cases.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
namespace el = kamp::elementary;

template <class Space, class V>
std::vector<V> evaluate_on(el::function_id f, const std::vector<V>& host_x) {
  const auto x = to_space<Space>(host_x, "x");
  Kokkos::View<V*, typename Space::memory_space> y("y", host_x.size());
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, host_x.size()), KOKKOS_LAMBDA(std::size_t i) { y(i) = el::evaluate(f, x(i)); });
  return to_host(y);
}

// Empty when r is f(x) within the contract above.
template <class V>
std::string violation(el::function_id f, const V& x, const V& r) {
  using traits = kamp::format_traits<V>;
  mpfr_value exact(traits::precision + 128);
  el::mpfr_evaluate(f, exact.get(), traits::to_mpfr(x).get());
  const mpfr_value floor = el::scales_result(f) ? product_underflow_floor(V()) : mpfr_value(0.0, 64);
  return violation_of(exact, r, el::bound_of<V>(f), floor);
}

template <class Config>
class elementary_function_test : public ::testing::Test {};
TYPED_TEST_SUITE(elementary_function_test, elementary_configs, dd_config_name);

TYPED_TEST(elementary_function_test, within_stated_bounds_with_the_same_bits_on_every_space) {
  using V = typename TypeParam::format;
  using Space = typename TypeParam::space;
  const bool check_mpfr = std::is_same<Space, reference_space>::value;
  const std::size_t count = sweep_count(400, 1000000);
  for (const el::function_id f : el::every_function_id) {
    std::vector<V> x = hard_cases<V>(f);
    const std::size_t hard = x.size();
    for (const V& v : random_arguments<V>(f, count, 9000 + static_cast<int>(f))) x.push_back(v);
    const std::vector<V> y = evaluate_on<Space>(f, x);
    for (std::size_t i = 0; i < x.size(); ++i) {
      const char* kind = i < hard ? " (hard case)" : "";
      ASSERT_TRUE(same_bits(y[i], el::evaluate(f, x[i]))) << el::name_of(f) << show(x[i]) << kind;
      if (!check_mpfr) continue;
      ASSERT_EQ(violation(f, x[i], y[i]), "") << el::name_of(f) << show(x[i]) << kind;
    }
  }
}

// The odd functions that are x + O(x^3) return a tiny x itself (-0 and the subnormals included);
// expm1 and log1p return it where x^2 / 2 underflows.
TYPED_TEST(elementary_function_test, tiny_arguments_returned_exactly) {
  using V = typename TypeParam::format;
  if (!std::is_same<typename TypeParam::space, reference_space>::value) return;
  const int p = el::detail::shape<V>::precision;
  for (const double d : {0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1p-1022, -0x1p-1030, std::ldexp(1.0, -(p / 2 + 5))}) {
    const V x(d);
    for (const el::function_id f :
         {el::function_id::sinh, el::function_id::tanh, el::function_id::asinh, el::function_id::atanh})
      ASSERT_TRUE(same_bits(el::evaluate(f, x), x)) << el::name_of(f) << " " << d;
    if (std::fabs(d) < 0x1p-1000) {
      ASSERT_TRUE(same_bits(el::evaluate(el::function_id::expm1, x), x)) << d;
      ASSERT_TRUE(same_bits(el::evaluate(el::function_id::log1p, x), x)) << d;
    }
  }
}

}  // namespace

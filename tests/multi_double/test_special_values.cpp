// Special values behave as IEEE on the leading component (Inf + 1 = Inf, 1/Inf = 0, overflow to
// Inf, NaN propagation, signed zeros), for dd_real and every expansion, on every backend.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

#include "multi_double/dd_arithmetic.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
const double inf = HUGE_VAL;
const double nan_ = std::nan("");

// Leading component (all others must be 0 for a non-finite result).
template <class F>
void expect_leading(const kamp::value_type_t<F>& r, double expected, const char* what) {
  const double lead = component(r, 0);
  if (std::isnan(expected)) {
    EXPECT_TRUE(std::isnan(lead)) << what << ": " << show(r);
  } else {
    EXPECT_EQ(lead, expected) << what << ": " << show(r);
    EXPECT_EQ(std::signbit(lead), std::signbit(expected)) << what << ": sign of " << show(r);
  }
  if (!std::isfinite(lead) || lead == 0)
    for (int k = 1; k < component_count(r); ++k) EXPECT_EQ(component(r, k), 0.0) << what << ": " << show(r);
}

// r(i) = a(i) op(i) b(i) (0: +, 1: -, 2: x) on the space (a free function: device lambdas cannot
// live in gtest's private TestBody).
template <class Space, class F, class ValueView, class OpView>
void apply_table(const ValueView& a, const ValueView& b, const OpView& op, const ValueView& r) {
  using traits = kamp::format_traits<F>;
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, a.extent(0)), KOKKOS_LAMBDA(std::size_t i) {
        const kamp::no_context c;
        r(i) = op(i) == 0   ? traits::add(c, a(i), b(i))
               : op(i) == 1 ? traits::sub(c, a(i), b(i))
                            : traits::mul(c, a(i), b(i));
      });
}

template <class Config>
class dd_special_values_test : public ::testing::Test {};
TYPED_TEST_SUITE(dd_special_values_test, dd_configs, dd_config_name);

TYPED_TEST(dd_special_values_test, ieee_table_on_the_leading_component) {
  using F = typename TypeParam::format;
  using Space = typename TypeParam::space;
  using traits = kamp::format_traits<F>;
  using V = kamp::value_type_t<F>;
  struct row {
    int op;
    double x, y, expected;
    const char* what;
  };
  const std::vector<row> table = {{0, inf, 1.0, inf, "Inf + 1"},
                                  {0, -inf, 1.0, -inf, "-Inf + 1"},
                                  {0, inf, -inf, nan_, "Inf - Inf"},
                                  {2, inf, 2.0, inf, "Inf * 2"},
                                  {2, inf, 0.0, nan_, "Inf * 0"},
                                  {2, 0.0, -inf, nan_, "0 * -Inf"},
                                  {0, nan_, 1.0, nan_, "NaN + 1"},
                                  {2, 2.0, nan_, nan_, "2 * NaN"},
                                  {0, DBL_MAX, DBL_MAX, inf, "DBL_MAX + DBL_MAX"},
                                  {1, -DBL_MAX, DBL_MAX, -inf, "-DBL_MAX - DBL_MAX"},
                                  {2, 1e300, 1e300, inf, "overflow"},
                                  {2, -1e300, 1e300, -inf, "negative overflow"},
                                  {0, -0.0, -0.0, -0.0, "-0 + -0"},
                                  {0, 0.0, -0.0, 0.0, "0 + -0"},
                                  {1, 3.0, 3.0, 0.0, "x - x = +0"},
                                  {2, -0.0, 1.0, -0.0, "-0 * 1"},
                                  {2, 0.0, -5.0, -0.0, "0 * -5"},
                                  {1, -0.0, 0.0, -0.0, "-0 - 0"}};
  std::vector<V> a, b;
  std::vector<int> ops;
  const kamp::no_context ctx;
  for (const auto& r : table) {
    a.push_back(traits::from_double(ctx, r.x));
    b.push_back(traits::from_double(ctx, r.y));
    ops.push_back(r.op);
  }
  auto va = to_space<Space>(a, "a");
  auto vb = to_space<Space>(b, "b");
  auto vo = to_space<Space>(ops, "ops");
  Kokkos::View<V*, typename Space::memory_space> vr("r", a.size());
  apply_table<Space, F>(va, vb, vo, vr);
  const auto r = to_host(vr);
  for (std::size_t i = 0; i < table.size(); ++i) expect_leading<F>(r[i], table[i].expected, table[i].what);
}

// q = x / y and s = sqrt(x) on the space (a free function: device lambdas cannot live in gtest's
// private TestBody).
template <class Space, class View>
void divide_and_root(const View& x, const View& y, const View& q, const View& s) {
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, x.extent(0)), KOKKOS_LAMBDA(std::size_t i) {
        q(i) = kamp::multi_double::div(x(i), y(i));
        s(i) = kamp::multi_double::sqrt(x(i));
      });
}

KAMP_BACKEND_TEST_SUITE(dd_real_special_values_test);

TYPED_TEST(dd_real_special_values_test, division_and_square_root) {
  using kamp::multi_double::dd_real;
  const std::vector<dd_real> x = {1.0, 1.0, -1.0, 0.0, inf, 1.0, -4.0, inf, -0.0, 4.0, 0.0};
  const std::vector<dd_real> y = {inf, 0.0, 0.0, 0.0, inf, -inf, 1.0, 1.0, 1.0, 1.0, 1.0};
  auto vx = to_space<TypeParam>(x, "x");
  auto vy = to_space<TypeParam>(y, "y");
  Kokkos::View<dd_real*, typename TypeParam::memory_space> q("q", x.size()), s("s", x.size());
  divide_and_root<TypeParam>(vx, vy, q, s);
  const auto hq = to_host(q), hs = to_host(s);
  using F = dd_real;
  expect_leading<F>(hq[0], 0.0, "1/Inf");
  expect_leading<F>(hq[1], inf, "1/0");
  expect_leading<F>(hq[2], -inf, "-1/0");
  expect_leading<F>(hq[3], nan_, "0/0");
  expect_leading<F>(hq[4], nan_, "Inf/Inf");
  expect_leading<F>(hq[5], -0.0, "1/-Inf");
  expect_leading<F>(hs[6], nan_, "sqrt(-4)");
  expect_leading<F>(hs[7], inf, "sqrt(Inf)");
  expect_leading<F>(hs[8], -0.0, "sqrt(-0)");
  expect_leading<F>(hs[9], 2.0, "sqrt(4)");
  expect_leading<F>(hs[10], 0.0, "sqrt(0)");
}

}  // namespace

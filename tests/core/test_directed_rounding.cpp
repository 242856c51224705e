// Directed rounding against MPFR: results equal MPFR's round-down/round-up of the exact
// value on every backend; products and quotients below 2^-969 may be one ulp outward
// on the host (still rigorous), and IEEE special values behave as IEEE says.
#include <cfloat>
#include <cmath>

#include "core/directed_rounding.hpp"
#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "tests/backends.hpp"

namespace {

using kamp::core::mpfr_value;

enum op { add_rd, add_ru, sub_rd, sub_ru, mul_rd, mul_ru, div_rd, div_ru, op_count };

template <class Space>
std::vector<double> apply_on(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t n = a.size();
  auto va = kamp::test::to_space<Space>(a, "a");
  auto vb = kamp::test::to_space<Space>(b, "b");
  Kokkos::View<double*, typename Space::memory_space> out("out", n * op_count);
  Kokkos::deep_copy(out, 12345.0);  // poison
  Kokkos::parallel_for(
      "kamp::test::directed_rounding", Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(std::size_t i) {
        namespace c = kamp::core;
        const double x = va(i), y = vb(i);
        out(i * op_count + add_rd) = c::add_rd(x, y);
        out(i * op_count + add_ru) = c::add_ru(x, y);
        out(i * op_count + sub_rd) = c::sub_rd(x, y);
        out(i * op_count + sub_ru) = c::sub_ru(x, y);
        out(i * op_count + mul_rd) = c::mul_rd(x, y);
        out(i * op_count + mul_ru) = c::mul_ru(x, y);
        out(i * op_count + div_rd) = c::div_rd(x, y);
        out(i * op_count + div_ru) = c::div_ru(x, y);
      });
  return kamp::test::to_host(out);
}

// MPFR's directed rounding of the exact result to a double (subnormals and overflow included:
// rounding twice in the same direction equals rounding once).
double expected(int which, double a, double b) {
  const bool up = which % 2 == 1;
  const mpfr_rnd_t rnd = up ? MPFR_RNDU : MPFR_RNDD;
  mpfr_value r(2200), x(a, 2200), y(b, 2200);
  switch (which / 2) {
    case 0:
      mpfr_add(r.get(), x.get(), y.get(), rnd);
      break;
    case 1:
      mpfr_sub(r.get(), x.get(), y.get(), rnd);
      break;
    case 2:
      mpfr_mul(r.get(), x.get(), y.get(), rnd);
      break;
    default:
      mpfr_div(r.get(), x.get(), y.get(), rnd);
      break;
  }
  return r.to_double(rnd);
}

void expect_directed(const std::vector<double>& a, const std::vector<double>& b, const std::vector<double>& out) {
  const char* names[] = {"add_rd", "add_ru", "sub_rd", "sub_ru", "mul_rd", "mul_ru", "div_rd", "div_ru"};
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (int k = 0; k < op_count; ++k) {
      const double got = out[i * op_count + k], want = expected(k, a[i], b[i]);
      const bool up = k % 2 == 1;
      if (std::isnan(want)) {
        ASSERT_TRUE(std::isnan(got)) << names[k] << "(" << a[i] << ", " << b[i] << ") = " << got;
        continue;
      }
      const bool tiny_product = k >= mul_rd && std::fabs(want) < DBL_MIN * 0x1.0p53;
      if (tiny_product && got != want) {
        // Allowed one ulp outward, never inward.
        ASSERT_EQ(got, up ? std::nextafter(want, INFINITY) : std::nextafter(want, -INFINITY))
            << names[k] << "(" << a[i] << ", " << b[i] << ")";
        continue;
      }
      ASSERT_EQ(got, want) << names[k] << "(" << std::hexfloat << a[i] << ", " << b[i] << ")";
      ASSERT_EQ(std::signbit(got), std::signbit(want)) << names[k] << "(" << a[i] << ", " << b[i] << ")";
    }
  }
}

KAMP_BACKEND_TEST_SUITE(directed_rounding_test);

TYPED_TEST(directed_rounding_test, matches_mpfr_on_random_and_adversarial_operands) {
  kamp::core::random_source rng(21);
  auto sums = kamp::core::adversarial_sum_pairs(rng, 2000);
  auto products = kamp::core::adversarial_product_pairs(rng, 2000);
  std::vector<double> a = sums.a, b = sums.b;
  a.insert(a.end(), products.a.begin(), products.a.end());
  b.insert(b.end(), products.b.begin(), products.b.end());
  for (int i = 0; i < 2000; ++i) {
    a.push_back(rng.uniform());
    b.push_back(rng.wide_exponent(-1074, 1023));
  }
  expect_directed(a, b, apply_on<TypeParam>(a, b));
}

TYPED_TEST(directed_rounding_test, special_values_follow_ieee) {
  std::vector<double> a, b;
  for (double x : kamp::core::special_values())
    for (double y : kamp::core::special_values()) {
      a.push_back(x);
      b.push_back(y);
    }
  expect_directed(a, b, apply_on<TypeParam>(a, b));
}

TYPED_TEST(directed_rounding_test, bounds_bracket_inexact_results) {
  // 1/3, 0.1 + 0.2 and (1 + 2^-52)^2 are inexact: the two directions differ by one ulp.
  const std::vector<double> a{1.0, 0.1, 1.0 + 0x1.0p-52}, b{3.0, 0.2, 1.0 + 0x1.0p-52};
  const auto out = apply_on<TypeParam>(a, b);
  EXPECT_EQ(std::nextafter(out[0 * op_count + div_rd], 2.0), out[0 * op_count + div_ru]);
  EXPECT_EQ(std::nextafter(out[1 * op_count + add_rd], 2.0), out[1 * op_count + add_ru]);
  EXPECT_EQ(std::nextafter(out[2 * op_count + mul_rd], 2.0), out[2 * op_count + mul_ru]);
}

}  // namespace

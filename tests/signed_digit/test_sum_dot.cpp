// signed_digit::sum (summation methods 1 and 2) and signed_digit::dot (digitwise and grouped
// partial products) on every backend, exact against GMP: k across the team sizes and the
// 16384-number column chunk, digit counts 1 to 1001, equal exponents (the contiguous-row path) and
// different ones (the shifted path), all digits +-6 (the largest column sums), cancelling integers;
// the BLAS entry points kamp::blas::sum and kamp::blas::dot on signed-digit arrays with strides,
// and kamp::blas::sum on other formats against the dot product with ones.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "blas/level1.hpp"
#include "core/random.hpp"
#include "multi_double/dd_format.hpp"
#include "multi_double/double_format.hpp"
#include "signed_digit/result_width.hpp"
#include "signed_digit/sd_format.hpp"
#include "tests/signed_digit/sd_test_support.hpp"

namespace {

namespace signed_digit = kamp::signed_digit;

using namespace kamp::test::sd_support;
using kamp::test::expect_invalid_argument;
namespace blas = kamp::blas;

const signed_digit::partial_products both_forms[] = {signed_digit::partial_products::digitwise,
                                                     signed_digit::partial_products::grouped};

// Both methods against GMP: value, exponent min t_j and the documented digit count.
template <class Space>
void check_sum(const sd_array<Space>& x, const std::string& what, bool method1 = true) {
  const Space exec;
  const auto xs = exact_values(x);
  const scaled expected = exact_sum(xs);
  std::int64_t t_min = 0, t_max = 0;
  if (!xs.empty()) t_min = t_max = xs[0].exponent;
  for (const auto& v : xs) {
    t_min = std::min(t_min, v.exponent);
    t_max = std::max(t_max, v.exponent);
  }
  const int digits = static_cast<int>(
      signed_digit::sum_digit_count(x.digit_count() + (t_max - t_min), static_cast<std::int64_t>(x.size())));
  const signed_digit::number s2 = signed_digit::sum(exec, x, signed_digit::summation_method::method2);
  ASSERT_TRUE(same_value(s2, expected)) << what << ", method 2";
  ASSERT_EQ(s2.exponent(), t_min) << what;
  ASSERT_EQ(s2.digit_count(), digits) << what;
  EXPECT_TRUE(same_value(signed_digit::sum(exec, x), expected)) << what << ", default method";
  if (!method1) return;
  const signed_digit::number s1 = signed_digit::sum(exec, x, signed_digit::summation_method::method1);
  ASSERT_TRUE(same_value(s1, expected)) << what << ", method 1";
  ASSERT_EQ(s1.exponent(), t_min) << what;
  ASSERT_EQ(s1.digit_count(), digits) << what;
}

template <class Space>
void random_sums() {
  const Space exec;
  std::uint64_t seed = 500;
  struct shape {
    std::int64_t k;
    int n;
  };
  std::vector<shape> shapes;
  for (const std::int64_t k : {1, 2, 255, 257, 16385})
    for (const int n : {1, 5, 51}) shapes.push_back({k, n});
  for (const std::int64_t k : {1, 2, 257}) shapes.push_back({k, 1001});
  shapes.push_back({40000, 1});
  shapes.push_back({40000, 51});
  shapes.push_back({16385, 1001});
  for (const auto& s : shapes) {
    for (const int gap : {0, 3, 60}) {  // exponents in [-gap, gap]: equal (fast path) or shifted
      if (s.n == 1001 && s.k > 257 && gap == 60) continue;
      sd_array<Space> x(s.k, s.n, "x");
      signed_digit::fill_random_digits(exec, x, seed++, -gap, gap);
      check_sum<Space>(x, "random digits, k = " + std::to_string(s.k) + ", n = " + std::to_string(s.n) + ", gap " +
                              std::to_string(gap));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

template <class Space>
void extreme_sums() {
  const Space exec;
  // All digits +6 (every column sum 6k) and all -6, across the column chunk.
  for (const std::int64_t k : {1, 255, 16385, 40000}) {
    for (const int n : {1, 51}) {
      for (const int d : {6, -6}) {
        sd_array<Space> x(k, n, "x");
        signed_digit::copy_from_host(
            x, std::vector<signed_digit::number>(static_cast<std::size_t>(k), constant_digits(n, d)));
        check_sum<Space>(
            x, "all digits " + std::to_string(d) + ", k = " + std::to_string(k) + ", n = " + std::to_string(n));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  // All +6 at spread exponents (the shifted path at its largest columns).
  {
    std::vector<signed_digit::number> values;
    for (int j = 0; j < 20000; ++j) values.push_back(constant_digits(5, 6, j % 7));
    check_sum<Space>(stored<Space>(values, 5, "x"), "all +6 at exponents 0..6");
  }
  // Random integers of random signs (cancellation) and x, -x pairs summing to zero.
  {
    sd_array<Space> x(16385, 31, "x");
    signed_digit::fill_random_integers(exec, x, 21, 30, true);
    check_sum<Space>(x, "integers of both signs");
    auto values = signed_digit::copy_to_host(x);
    const std::size_t half = values.size() / 2;
    for (std::size_t j = 0; j < half; ++j) values[half + j] = values[j].negated();
    values.back() = signed_digit::number(31);
    const auto cancelling = stored<Space>(values, 31, "cancelling");
    check_sum<Space>(cancelling, "x and -x");
    EXPECT_TRUE(signed_digit::sum(exec, cancelling, signed_digit::summation_method::method1).is_zero());
    EXPECT_TRUE(signed_digit::sum(exec, cancelling, signed_digit::summation_method::method2).is_zero());
  }
  // Exponents at both ends of a wide gap, and the empty array.
  {
    const auto x =
        stored<Space>({constant_digits(3, -6, 500), constant_digits(3, 6, -500), signed_digit::number(3, 0)}, 3, "x");
    check_sum<Space>(x, "exponents -500 and 500");
    sd_array<Space> empty(0, 4, "empty");
    EXPECT_TRUE(signed_digit::sum(exec, empty).is_zero());
    EXPECT_TRUE(signed_digit::sum(exec, empty, signed_digit::summation_method::method1).is_zero());
  }
  // A sum whose exact result would need more than max_digit_count digits.
  {
    const auto x = stored<Space>(
        {signed_digit::number(1, -signed_digit::max_exponent), signed_digit::number(1, signed_digit::max_exponent)}, 1,
        "x");
    expect_invalid_argument("x", [&] { signed_digit::sum(exec, x); });
    expect_invalid_argument("x", [&] { signed_digit::sum(exec, x, signed_digit::summation_method::method1); });
  }
}

// sum_j x_j y_j exactly, both forms, against GMP.
template <class Space>
void check_dot(const sd_array<Space>& x, const sd_array<Space>& y, const std::string& what) {
  const Space exec;
  const auto xs = exact_values(x), ys = exact_values(y);
  std::vector<scaled> products;
  for (std::size_t j = 0; j < xs.size(); ++j) products.push_back(exact_product(xs[j], ys[j]));
  const scaled expected = exact_sum(products);
  for (const auto form : both_forms) {
    const signed_digit::number d = signed_digit::dot(exec, x, y, form);
    ASSERT_TRUE(same_value(d, expected)) << what
                                         << (form == signed_digit::partial_products::grouped ? ", grouped"
                                                                                             : ", digitwise");
    if (!products.empty()) {
      ASSERT_EQ(d.exponent(), expected.exponent) << what;
    }
  }
  EXPECT_TRUE(same_value(signed_digit::dot(exec, x, y), expected)) << what << ", default form";
}

template <class Space>
void random_dots() {
  const Space exec;
  std::uint64_t seed = 600;
  struct shape {
    int nx, ny;
  };
  for (const std::int64_t k : {1, 300, 5000}) {
    for (const shape s : {shape{1, 1}, shape{5, 3}, shape{4, 9}, shape{50, 50}, shape{129, 17}}) {
      for (const int gap : {0, 4}) {
        if (k == 5000 && s.nx == 129 && gap != 0) continue;
        sd_array<Space> x(k, s.nx, "x"), y(k, s.ny, "y");
        signed_digit::fill_random_digits(exec, x, seed++, -gap, gap);
        signed_digit::fill_random_digits(exec, y, seed++, -gap, 0);
        check_dot<Space>(x, y,
                         "k = " + std::to_string(k) + ", " + std::to_string(s.nx) + " x " + std::to_string(s.ny) +
                             " digits, gap " + std::to_string(gap));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  // Long numbers: scratch beyond the first level.
  {
    sd_array<Space> x(40, 1001, "x"), y(40, 1001, "y");
    signed_digit::fill_random_digits(exec, x, seed++, 0, 0);
    signed_digit::fill_random_digits(exec, y, seed++, 0, 0);
    check_dot<Space>(x, y, "1001 digits, equal exponents");
    signed_digit::fill_random_digits(exec, y, seed++, -2, 2);
    check_dot<Space>(x, y, "1001 digits, different exponents");
  }
}

template <class Space>
void extreme_dots() {
  const Space exec;
  // All digits +-6: the largest partial-product columns.
  for (const std::int64_t k : {1, 300, 5000}) {
    for (const int n : {1, 4, 50}) {
      const auto x =
          stored<Space>(std::vector<signed_digit::number>(static_cast<std::size_t>(k), constant_digits(n, 6)), n, "x");
      const auto y =
          stored<Space>(std::vector<signed_digit::number>(static_cast<std::size_t>(k), constant_digits(n, 6)), n, "y");
      const auto z = stored<Space>(
          std::vector<signed_digit::number>(static_cast<std::size_t>(k), constant_digits(n, -6, 2)), n, "z");
      check_dot<Space>(x, y, "all +6, k = " + std::to_string(k) + ", n = " + std::to_string(n));
      check_dot<Space>(x, z, "+6 by -6 at exponent 2, k = " + std::to_string(k) + ", n = " + std::to_string(n));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // Cancelling integers: x.y with y_{2j+1} = -y_{2j}, x_{2j+1} = x_{2j}: exactly zero.
  {
    sd_array<Space> a(5000, 21, "a");
    signed_digit::fill_random_integers(exec, a, 31, 20, true);
    auto xs = signed_digit::copy_to_host(a), ys = xs;
    for (std::size_t j = 0; j + 1 < xs.size(); j += 2) {
      xs[j + 1] = xs[j];
      ys[j + 1] = ys[j].negated();
    }
    const auto x = stored<Space>(xs, 21, "x"), y = stored<Space>(ys, 21, "y");
    check_dot<Space>(x, y, "cancelling pairs");
    for (const auto form : both_forms) EXPECT_TRUE(signed_digit::dot(exec, x, y, form).is_zero());
  }
  // Errors: lengths, an exact result too long, a product exponent out of range; empty arrays.
  {
    sd_array<Space> a(10, 3, "a"), b(11, 3, "b"), empty(0, 3, "empty");
    expect_invalid_argument("y", [&] { signed_digit::dot(exec, a, b); });
    EXPECT_TRUE(signed_digit::dot(exec, empty, empty).is_zero());
    const auto wide = stored<Space>({signed_digit::number(1, -signed_digit::max_exponent / 2),
                                     signed_digit::number(1, signed_digit::max_exponent / 2)},
                                    1, "w");
    const auto ones = stored<Space>({signed_digit::number(1, -signed_digit::max_exponent / 2),
                                     signed_digit::number(1, signed_digit::max_exponent / 2)},
                                    1, "o");
    expect_invalid_argument("y", [&] { signed_digit::dot(exec, wide, ones); });
    const auto top =
        stored<Space>({signed_digit::number(std::vector<std::int8_t>{1}, signed_digit::max_exponent)}, 1, "top");
    expect_overflow([&] { signed_digit::dot(exec, top, top); }, "product exponent 2 max_exponent");
  }
}

// The BLAS entry points on signed-digit arrays: whole arrays, strides 2 and negative ones.
template <class Space>
void blas_on_signed_digits(bool equal_exponents) {
  const Space exec;
  const std::int64_t n = 700;
  sd_array<Space> x(3 * n, 23, "x"), y(3 * n, 11, "y");
  signed_digit::fill_random_digits(exec, x, 71, equal_exponents ? 2 : -3, equal_exponents ? 2 : 3);
  signed_digit::fill_random_digits(exec, y, 72, equal_exponents ? -1 : -1, equal_exponents ? -1 : 2);
  const auto xs = exact_values(x), ys = exact_values(y);
  // Element e of a vector with increment inc over an array of length `length` (reference BLAS).
  const auto at = [&](std::int64_t e, std::int64_t inc) {
    return static_cast<std::size_t>(inc > 0 ? e * inc : (n - 1 - e) * -inc);
  };
  const auto expected_sum = [&](std::int64_t count, std::int64_t inc) {
    std::vector<scaled> picked;
    for (std::int64_t e = 0; e < count; ++e) picked.push_back(xs[at(e, inc)]);
    return exact_sum(picked);
  };
  const auto expected_dot = [&](std::int64_t count, std::int64_t incx, std::int64_t incy) {
    std::vector<scaled> products;
    for (std::int64_t e = 0; e < count; ++e) products.push_back(exact_product(xs[at(e, incx)], ys[at(e, incy)]));
    return exact_sum(products);
  };
  // Whole arrays: method 2 and the grouped dot product.
  EXPECT_TRUE(same_value(blas::sum(exec, x), expected_sum(3 * n, 1))) << "sum(x)";
  {
    std::vector<scaled> products;
    for (std::size_t j = 0; j < xs.size(); ++j) products.push_back(exact_product(xs[j], ys[j]));
    EXPECT_TRUE(same_value(blas::dot(exec, x, y), exact_sum(products))) << "dot(x, y)";
  }
  for (const std::int64_t inc : {1, 2, 3, -1, -2, -3}) {
    EXPECT_TRUE(same_value(blas::sum(exec, n, x, inc), expected_sum(n, inc))) << "sum, incx " << inc;
    for (const std::int64_t incy : {1, -2, 3}) {
      EXPECT_TRUE(same_value(blas::dot(exec, n, x, inc, y, incy), expected_dot(n, inc, incy)))
          << "dot, incx " << inc << ", incy " << incy;
    }
  }
  // Prefixes (unit stride, n below the length) and a single element.
  EXPECT_TRUE(same_value(blas::sum(exec, n - 1, x, 1), expected_sum(n - 1, 1)));
  EXPECT_TRUE(same_value(blas::sum(exec, 1, x, -3), expected_sum(1, 1)));
  // Reference-BLAS argument checks and quick returns.
  expect_invalid_argument("n", [&] { blas::sum(exec, -1, x, 1); });
  expect_invalid_argument("incx", [&] { blas::sum(exec, 5, x, 0); });
  expect_invalid_argument("x", [&] { blas::sum(exec, 3 * n + 1, x, 1); });
  expect_invalid_argument("x", [&] { blas::sum(exec, n + 1, x, -3); });
  expect_invalid_argument("y", [&] { blas::dot(exec, n, x, 1, y, 4); });
  sd_array<Space> shorter(3 * n - 1, 11, "shorter");
  expect_invalid_argument("y", [&] { blas::dot(exec, x, shorter); });
  EXPECT_TRUE(blas::sum(exec, 0, x, 1).is_zero());
  EXPECT_TRUE(blas::dot(exec, 0, x, 1, y, 1).is_zero());
}

// kamp::blas::sum on the other formats: the dot product with a vector of ones, bit for bit; with
// integer-valued doubles (every partial sum exact) it is the exact sum GMP gives.
template <class Space>
void blas_sum_on_other_formats() {
  using memory = typename Space::memory_space;
  const Space exec;
  const std::int64_t n = 1000;
  kamp::core::random_source rng(81);
  {
    std::vector<double> values;
    for (std::int64_t i = 0; i < 3 * n; ++i) {
      const std::int64_t v = rng.integer(-(1 << 20), 1 << 20);
      values.push_back(static_cast<double>(v));
    }
    kamp::array_t<double, memory> x(values.size(), "x"), ones(static_cast<std::size_t>(n), "ones");
    kamp::copy_from_host(x, values);
    kamp::copy_from_host(ones, std::vector<double>(static_cast<std::size_t>(n), 1.0));
    for (const std::int64_t inc : {1, 2, -3}) {
      mpz total;
      for (std::int64_t e = 0; e < n; ++e) {
        const double v = values[static_cast<std::size_t>(inc > 0 ? e * inc : (n - 1 - e) * -inc)];
        mpz_add(total.get(), total.get(), mpz(static_cast<long>(v)).get());
      }
      const double s = blas::sum(exec, n, x, inc);
      EXPECT_EQ(s, blas::dot(exec, n, x, inc, ones, 1)) << inc;
      EXPECT_EQ(mpz(static_cast<long>(s)), total) << inc;
    }
    EXPECT_EQ(blas::sum(exec, 0, x, 1), 0.0);
    expect_invalid_argument("incx", [&] { blas::sum(exec, n, x, 0); });
  }
  {
    using dd = kamp::multi_double::dd_real;
    using traits = kamp::format_traits<dd>;
    std::vector<dd> values;
    for (std::int64_t i = 0; i < 2 * n; ++i) {
      kamp::core::mpfr_value r(200);
      mpfr_set_d(r.get(), rng.uniform(-1.0, 1.0), MPFR_RNDN);
      mpfr_mul_d(r.get(), r.get(), 1.0 + rng.uniform(0.0, 1.0) * 0x1p-60, MPFR_RNDN);
      values.push_back(traits::from_mpfr(r.get()));
    }
    kamp::array_t<dd, memory> x(values.size(), "x"), ones(static_cast<std::size_t>(n), "ones");
    kamp::copy_from_host(x, values);
    kamp::copy_from_host(ones, std::vector<dd>(static_cast<std::size_t>(n), dd(1.0)));
    for (const std::int64_t inc : {1, 2, -2}) {
      const dd s = blas::sum(exec, n, x, inc), d = blas::dot(exec, n, x, inc, ones, 1);
      EXPECT_EQ(s.hi, d.hi) << inc;
      EXPECT_EQ(s.lo, d.lo) << inc;
    }
    const dd whole = blas::sum(exec, x);
    kamp::array_t<dd, memory> all_ones(values.size(), "all_ones");
    kamp::copy_from_host(all_ones, std::vector<dd>(values.size(), dd(1.0)));
    const dd d = blas::dot(exec, x, all_ones);
    EXPECT_EQ(whole.hi, d.hi);
    EXPECT_EQ(whole.lo, d.lo);
  }
}

KAMP_BACKEND_TEST_SUITE(sd_sum_dot);

TYPED_TEST(sd_sum_dot, sum_methods_agree_with_gmp) { random_sums<TypeParam>(); }
TYPED_TEST(sd_sum_dot, sum_of_extreme_and_cancelling_data) { extreme_sums<TypeParam>(); }
TYPED_TEST(sd_sum_dot, dot_forms_agree_with_gmp) { random_dots<TypeParam>(); }
TYPED_TEST(sd_sum_dot, dot_of_extreme_and_cancelling_data) { extreme_dots<TypeParam>(); }
TYPED_TEST(sd_sum_dot, blas_sum_and_dot_on_signed_digits) {
  blas_on_signed_digits<TypeParam>(false);  // the shifted paths
  blas_on_signed_digits<TypeParam>(true);   // the equal-exponent paths
}
TYPED_TEST(sd_sum_dot, blas_sum_on_other_formats_is_the_dot_with_ones) { blas_sum_on_other_formats<TypeParam>(); }

}  // namespace

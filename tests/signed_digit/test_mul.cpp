// signed_digit::mul on arrays, on every backend, both partial-product forms (digitwise as Otsokov
// and Magomedov form them, grouped in limbs of four digits), exact against GMP: random digits of
// various widths and exponents, random integers of both signs, all digits +-6 (the largest
// partial-product columns), zeros and units; z of product_digit_count digits always holds the
// product, a narrower z gives the exact product or an overflow that leaves z untouched; exponent
// overflow; aliasing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "signed_digit/result_width.hpp"
#include "tests/signed_digit/sd_test_support.hpp"

namespace {

namespace signed_digit = kamp::signed_digit;

using namespace kamp::test::sd_support;
using kamp::test::expect_invalid_argument;

const signed_digit::partial_products both_forms[] = {signed_digit::partial_products::digitwise,
                                                     signed_digit::partial_products::grouped};

std::string form_name(signed_digit::partial_products p) {
  return p == signed_digit::partial_products::grouped ? "grouped" : "digitwise";
}

// z = x y into a poisoned z of `z_digits` digits. With `may_overflow`, an signed_digit::overflow_error is
// accepted when the named element's product needs at least z_digits digits (a representation
// with digits in [-6, 6] uses at most one digit more than the fewest), and z must be untouched.
template <class Space>
void check_mul(const sd_array<Space>& x, const sd_array<Space>& y, int z_digits, signed_digit::partial_products form,
               const std::string& what, bool may_overflow = false) {
  const Space exec;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const auto xs = exact_values(x), ys = exact_values(y);
  sd_array<Space> z(k, z_digits, "z");
  signed_digit::fill_random_digits(exec, z, 77, -4, 4);
  const raw_storage before = raw(z);
  const std::string label = what + ", " + form_name(form);
  try {
    signed_digit::mul(exec, x, y, z, form);
  } catch (const signed_digit::overflow_error& e) {
    ASSERT_TRUE(may_overflow) << label << ": " << e.what();
    ASSERT_TRUE(raw(z) == before) << label << ": z changed";
    const std::string message = e.what(), key = ": element ";
    const auto at = message.find(key);
    ASSERT_NE(at, std::string::npos) << message;
    const std::int64_t j = std::stoll(message.substr(at + key.size()));
    ASSERT_TRUE(j >= 0 && j < k) << message;
    ASSERT_GE(fewest_digits(exact_product(xs[j], ys[j]).significand), z_digits) << label << ": " << message;
    return;
  }
  exec.fence();
  ASSERT_TRUE(digits_in_range(z)) << label;
  const auto zs = signed_digit::copy_to_host(z);
  for (std::int64_t j = 0; j < k; ++j) {
    ASSERT_TRUE(same_value(zs[j], exact_product(xs[j], ys[j]))) << label << ", element " << j;
    ASSERT_EQ(zs[j].exponent(), xs[j].exponent + ys[j].exponent) << label << ", element " << j;
  }
}

template <class Space>
void random_digit_products() {
  const Space exec;
  std::uint64_t seed = 300;
  const int counts[] = {1, 3, 4, 5, 50, 129};
  for (const int nx : counts) {
    for (const int ny : counts) {
      const std::int64_t k = (nx == 129 && ny == 129) || (nx == 5 && ny == 4) ? 1000 : 37;
      sd_array<Space> x(k, nx, "x"), y(k, ny, "y");
      signed_digit::fill_random_digits(exec, x, seed++, -20, 20);
      signed_digit::fill_random_digits(exec, y, seed++, -30, 10);
      const std::string what = std::to_string(nx) + " x " + std::to_string(ny) + " digits, k = " + std::to_string(k);
      for (const auto form : both_forms) {
        check_mul<Space>(x, y, static_cast<int>(signed_digit::product_digit_count(nx, ny)), form, what);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

template <class Space>
void random_integer_products() {
  const Space exec;
  std::uint64_t seed = 400;
  for (const int n : {2, 4, 5, 50, 129}) {
    sd_array<Space> x(257, n, "x"), y(257, n, "y");
    signed_digit::fill_random_integers(exec, x, seed++, n - 1, true);
    signed_digit::fill_random_integers(exec, y, seed++, n > 2 ? n - 2 : 1, true);
    for (const auto form : both_forms) {
      check_mul<Space>(x, y, static_cast<int>(signed_digit::product_digit_count(n, n)), form,
                       "integers, n = " + std::to_string(n));
      // Products of d1- and d2-digit integers have at most d1 + d2 ordinary digits, so 2n - 2
      // signed digits hold them (fewest digits <= ordinary digits + 1).
      check_mul<Space>(x, y, 2 * n - 2 > 0 ? 2 * n - 2 : 1, form, "integers in 2n - 2 digits, n = " + std::to_string(n),
                       true);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// One pattern per element: all +-6 against all +-6, zero, one, minus one, alternating signs.
template <class Space>
void adversarial_products() {
  gmp_random rng(45);
  for (const int n : {1, 3, 4, 5, 50, 129}) {
    std::vector<signed_digit::number> xs, ys;
    for (int j = 0; j < 300; ++j) {
      const std::int32_t tx = static_cast<std::int32_t>(rng.between(-3, 3)),
                         ty = static_cast<std::int32_t>(rng.between(-3, 3));
      switch (j % 8) {
        case 0:
          xs.push_back(constant_digits(n, 6, tx));
          ys.push_back(constant_digits(n, 6, ty));
          break;
        case 1:
          xs.push_back(constant_digits(n, -6, tx));
          ys.push_back(constant_digits(n, 6, ty));
          break;
        case 2:
          xs.push_back(constant_digits(n, -6, tx));
          ys.push_back(constant_digits(n, -6, ty));
          break;
        case 3:
          xs.push_back(rng.digits(n, tx));
          ys.push_back(signed_digit::number(n, ty));
          break;
        case 4:
          xs.push_back(rng.digits(n, tx));
          ys.push_back(signed_digit::number(std::vector<std::int8_t>{1}, ty).resized(n));
          break;
        case 5:
          xs.push_back(rng.digits(n, tx));
          ys.push_back(signed_digit::number(std::vector<std::int8_t>{-1}, ty).resized(n));
          break;
        case 6: {
          std::vector<std::int8_t> a, b;
          for (int i = 0; i < n; ++i) {
            a.push_back(static_cast<std::int8_t>(i % 2 ? -6 : 6));
            b.push_back(static_cast<std::int8_t>(i % 3 ? 6 : -6));
          }
          xs.push_back(signed_digit::number(a, tx));
          ys.push_back(signed_digit::number(b, ty));
          break;
        }
        default:
          xs.push_back(rng.digits(n, tx));
          ys.push_back(rng.digits(n, ty));
          break;
      }
    }
    const auto x = stored<Space>(xs, n, "x"), y = stored<Space>(ys, n, "y");
    for (const auto form : both_forms) {
      check_mul<Space>(x, y, static_cast<int>(signed_digit::product_digit_count(n, n)), form,
                       "adversarial, n = " + std::to_string(n));
      // One digit fewer: 66...6^2 = 44...4355...56 needs 2n digits and fits, others may not.
      check_mul<Space>(x, y, 2 * n, form, "adversarial in 2n digits, n = " + std::to_string(n), true);
      check_mul<Space>(x, y, 2 * n - 1 > 0 ? 2 * n - 1 : 1, form, "adversarial in 2n - 1 digits", true);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

template <class Space>
void overflow_and_arguments() {
  const Space exec;
  for (const int n : {1, 4, 5, 50}) {
    for (const auto form : both_forms) {
      // 66...6^2 needs 2n digits: 2n - 1 overflows, z untouched, the message names the element.
      std::vector<signed_digit::number> xs(1000, signed_digit::number(n));
      xs[617] = constant_digits(n, 6);
      const auto x = stored<Space>(xs, n, "x");
      sd_array<Space> z(1000, 2 * n - 1, "z");
      signed_digit::fill_random_digits(exec, z, 3, -1, 1);
      const raw_storage before = raw(z);
      try {
        signed_digit::mul(exec, x, x, z, form);
        ADD_FAILURE() << "no overflow, n = " << n;
      } catch (const signed_digit::overflow_error& e) {
        EXPECT_NE(std::string(e.what()).find("element 617"), std::string::npos) << e.what();
      }
      EXPECT_TRUE(raw(z) == before) << "z changed, n = " << n;
      // In place: z = x with x widened to the product width.
      std::vector<signed_digit::number> wide;
      for (const auto& v : xs) wide.push_back(v.resized(2 * n + 1));
      const auto xw = stored<Space>(wide, 2 * n + 1, "xw");
      signed_digit::mul(exec, xw, xw, xw, form);
      exec.fence();
      const auto squares = signed_digit::copy_to_host(xw);
      for (std::size_t j = 0; j < xs.size(); ++j) {
        ASSERT_TRUE(same_value(squares[j], exact_product(exact(xs[j]), exact(xs[j])))) << j;
      }
    }
  }
  // The product's exponent t_x + t_y beyond the format's range.
  {
    const auto x =
        stored<Space>({signed_digit::number(std::vector<std::int8_t>{2}, signed_digit::max_exponent)}, 1, "x");
    const auto y = stored<Space>({signed_digit::number(std::vector<std::int8_t>{3}, 1)}, 1, "y");
    const auto w = stored<Space>({signed_digit::number(std::vector<std::int8_t>{3}, -1)}, 1, "w");
    sd_array<Space> z(1, 3, "z");
    for (const auto form : both_forms) {
      expect_overflow([&] { signed_digit::mul(exec, x, y, z, form); }, "exponent beyond max_exponent");
      check_mul<Space>(x, w, 3, form, "exponent max_exponent - 1 + 1");
    }
  }
  sd_array<Space> a(10, 3, "a"), b(11, 3, "b"), z(10, 7, "z"), z9(9, 7, "z9"), empty(0, 2, "empty");
  expect_invalid_argument("y", [&] { signed_digit::mul(exec, a, b, z); });
  expect_invalid_argument("z", [&] { signed_digit::mul(exec, a, a, z9); });
  EXPECT_NO_THROW(signed_digit::mul(exec, empty, empty, empty));
}

KAMP_BACKEND_TEST_SUITE(sd_mul);

TYPED_TEST(sd_mul, random_digits_of_many_widths) { random_digit_products<TypeParam>(); }
TYPED_TEST(sd_mul, random_integers_of_both_signs) { random_integer_products<TypeParam>(); }
TYPED_TEST(sd_mul, adversarial_operands) { adversarial_products<TypeParam>(); }
TYPED_TEST(sd_mul, overflow_exponents_and_arguments) { overflow_and_arguments<TypeParam>(); }

}  // namespace

// signed_digit::add and signed_digit::sub on arrays, on every backend, exact against GMP: random digits (with
// exponent gaps), random integers of both signs, and adversarial operands (all digits +-6, long
// carry and borrow chains in ordinary digits, x + (-x), x + 0, disjoint digit ranges); the
// digit-range invariant of every output digit; z aliasing x or y; overflow leaves z untouched;
// arrays of different lengths are named.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/signed_digit/sd_test_support.hpp"

namespace {

namespace signed_digit = kamp::signed_digit;

using namespace kamp::test::sd_support;
using kamp::test::expect_invalid_argument;

// z = x +- y into a poisoned z of `z_digits` digits, checked element by element against GMP, and
// the same in place (z = x and z = y) when `in_place`.
template <class Space>
void check_add(const sd_array<Space>& x, const sd_array<Space>& y, bool subtract, int z_digits, const std::string& what,
               bool in_place = true) {
  const Space exec;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const auto xs = exact_values(x), ys = exact_values(y);
  std::vector<scaled> expected;
  for (std::int64_t j = 0; j < k; ++j) expected.push_back(exact_add(xs[j], ys[j], subtract));
  const auto check = [&](const sd_array<Space>& z, const std::string& how) {
    exec.fence();
    ASSERT_TRUE(digits_in_range(z)) << what << how;
    const auto zs = signed_digit::copy_to_host(z);
    for (std::int64_t j = 0; j < k; ++j) {
      ASSERT_TRUE(same_value(zs[j], expected[j])) << what << how << ", element " << j;
      ASSERT_EQ(zs[j].exponent(), std::min(xs[j].exponent, ys[j].exponent)) << what << how << ", element " << j;
    }
  };
  sd_array<Space> z(k, z_digits, "z");
  signed_digit::fill_random_digits(exec, z, 99, -9, 9);  // poison: every element must be written
  if (subtract)
    signed_digit::sub(exec, x, y, z);
  else
    signed_digit::add(exec, x, y, z);
  check(z, "");
  if (!in_place) return;
  // In place: copies of x (and y) widened to z's digit count, then z = x and z = y.
  const auto widened = [&](const sd_array<Space>& a) {
    std::vector<signed_digit::number> values = signed_digit::copy_to_host(a);
    for (auto& v : values) v = v.resized(std::max(z_digits, v.used_digits()));
    return stored<Space>(values, std::max(z_digits, a.digit_count()), "widened");
  };
  if (x.digit_count() <= z_digits) {
    const auto xz = widened(x);
    if (subtract)
      signed_digit::sub(exec, xz, y, xz);
    else
      signed_digit::add(exec, xz, y, xz);
    check(xz, " (z = x)");
  }
  if (y.digit_count() <= z_digits) {
    const auto yz = widened(y);
    if (subtract)
      signed_digit::sub(exec, x, yz, yz);
    else
      signed_digit::add(exec, x, yz, yz);
    check(yz, " (z = y)");
  }
}

// The digit count that always holds x_j +- y_j: max(n_x + s_x, n_y + s_y) + 1 with exponent
// shifts up to `max_shift`.
int safe_width(int nx, int ny, int max_shift) { return std::max(nx, ny) + max_shift + 1; }

// z = x +- y into z of `z_digits` digits, fewer than the safe width: either every element is
// exact, or signed_digit::overflow_error names an element whose value needs at least z_digits digits (a
// representation with digits in [-6, 6] uses at most one digit more than the fewest, so a value
// of fewer digits always fits) and z is untouched.
template <class Space>
void check_add_or_overflow(const sd_array<Space>& x, const sd_array<Space>& y, bool subtract, int z_digits,
                           const std::string& what) {
  const Space exec;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const auto xs = exact_values(x), ys = exact_values(y);
  sd_array<Space> z(k, z_digits, "z");
  signed_digit::fill_random_digits(exec, z, 98, -2, 2);
  const raw_storage before = raw(z);
  try {
    if (subtract)
      signed_digit::sub(exec, x, y, z);
    else
      signed_digit::add(exec, x, y, z);
  } catch (const signed_digit::overflow_error& e) {
    ASSERT_TRUE(raw(z) == before) << what << ": z changed";
    const std::string message = e.what(), key = ": element ";
    const auto at = message.find(key);
    ASSERT_NE(at, std::string::npos) << message;
    const std::int64_t j = std::stoll(message.substr(at + key.size()));
    ASSERT_GE(j, 0) << message;
    ASSERT_LT(j, k) << message;
    const scaled v = exact_add(xs[j], ys[j], subtract);
    ASSERT_GE(fewest_digits(v.significand), z_digits) << what << ": " << message;
    return;
  }
  exec.fence();
  ASSERT_TRUE(digits_in_range(z)) << what;
  const auto zs = signed_digit::copy_to_host(z);
  for (std::int64_t j = 0; j < k; ++j)
    ASSERT_TRUE(same_value(zs[j], exact_add(xs[j], ys[j], subtract))) << what << ", element " << j;
}

template <class Space>
void random_digits_cases() {
  const Space exec;
  std::uint64_t seed = 1;
  for (const std::int64_t k : {std::int64_t(1), std::int64_t(37), std::int64_t(1000)}) {
    for (const int n : {1, 7, 50, 300}) {
      for (const int gap : {0, 3, 400}) {  // exponents in [-gap, gap]; 400 > n: disjoint digit ranges
        const int ny = n > 1 ? n / 2 + 1 : 1;
        sd_array<Space> x(k, n, "x"), y(k, ny, "y");
        signed_digit::fill_random_digits(exec, x, seed++, -gap, gap);
        signed_digit::fill_random_digits(exec, y, seed++, -gap, gap);
        const int width = safe_width(n, ny, 2 * gap);
        const std::string what =
            "k = " + std::to_string(k) + ", n = " + std::to_string(n) + ", gap " + std::to_string(gap);
        check_add<Space>(x, y, false, width, "add " + what, k < 1000 || gap == 0);
        check_add<Space>(y, x, true, width, "sub " + what, k < 1000 || gap == 0);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

template <class Space>
void random_integer_cases() {
  const Space exec;
  std::uint64_t seed = 100;
  for (const std::int64_t k : {std::int64_t(1), std::int64_t(37), std::int64_t(1000)}) {
    for (const int n : {2, 7, 50, 300}) {
      sd_array<Space> x(k, n, "x"), y(k, n, "y");
      signed_digit::fill_random_integers(exec, x, seed++, n - 1, true);
      signed_digit::fill_random_integers(exec, y, seed++, n > 2 ? n - 2 : 1, true);
      const std::string what = "integers, k = " + std::to_string(k) + ", n = " + std::to_string(n);
      check_add<Space>(x, y, false, n + 1, "add " + what);
      check_add<Space>(x, y, true, n + 1, "sub " + what);
      // x - x = 0 and x + (-x) = 0 (y aliasing x as an input).
      check_add<Space>(x, x, true, n + 1, "x - x, " + what, false);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // The random integers have exactly the requested ordinary digits (leading digit nonzero).
  sd_array<Space> x(500, 41, "x");
  signed_digit::fill_random_integers(exec, x, 7, 40, true);
  const auto xs = exact_values(x);
  int negative = 0;
  for (const auto& v : xs) {
    mpz a;
    mpz_abs(a.get(), v.significand.get());
    ASSERT_EQ(a.str().size(), 40u);
    negative += v.significand.sign() < 0;
  }
  EXPECT_GT(negative, 150);
  EXPECT_LT(negative, 350);
  ASSERT_TRUE(digits_in_range(x));
}

// Adversarial pairs, one pattern per element (k = 1000 elements of n digits, cycling).
template <class Space>
void adversarial_cases() {
  gmp_random rng(31);
  for (const int n : {1, 7, 50, 300}) {
    const std::int64_t k = 1000;
    std::vector<signed_digit::number> xs, ys;
    for (std::int64_t j = 0; j < k; ++j) {
      const int pattern = static_cast<int>(j % 12);
      const std::int32_t t = static_cast<std::int32_t>(rng.between(-5, 5));
      signed_digit::number x(n, t), y(n, t);
      switch (pattern) {
        case 0:  // all +6 twice: the largest sums
          x = constant_digits(n, 6, t);
          y = constant_digits(n, 6, t);
          break;
        case 1:  // all -6 twice
          x = constant_digits(n, -6, t);
          y = constant_digits(n, -6, t);
          break;
        case 2:  // +6 and -6: zero
          x = constant_digits(n, 6, t);
          y = constant_digits(n, -6, t);
          break;
        case 3:  // 99...9 + 1: a carry through every ordinary digit (n - 1 nines need n digits)
          x = signed_digit::from_string(n > 1 ? repeated(static_cast<std::size_t>(n - 1), '9') : "6", n).resized(n);
          y = signed_digit::from_string("1", 1).resized(n);
          break;
        case 4:  // -10^(n-1) + 1: a borrow through every ordinary digit
          x = signed_digit::from_string("-1" + repeated(static_cast<std::size_t>(n - 1), '0'), n).resized(n);
          y = signed_digit::from_string("1", 1).resized(n);
          break;
        case 5:  // all 5 + all 5: a transfer at every position
          x = constant_digits(n, 5, t);
          y = constant_digits(n, 5, t);
          break;
        case 6: {  // x + (-x)
          x = rng.digits(n, t);
          y = x.negated();
          break;
        }
        case 7:  // x + 0, the zero at another exponent
          x = rng.digits(n, t);
          y = signed_digit::number(n, t + 3);
          break;
        case 8: {  // alternating +6 / -6 against alternating -5 / +5 (mixed signs at every position)
          std::vector<std::int8_t> a, b;
          for (int i = 0; i < n; ++i) {
            a.push_back(static_cast<std::int8_t>(i % 2 ? -6 : 6));
            b.push_back(static_cast<std::int8_t>(i % 2 ? 5 : -5));
          }
          x = signed_digit::number(a, t);
          y = signed_digit::number(b, t);
          break;
        }
        case 9:  // 66...6 + 1: the fewest-digit maximum plus one ulp
          x = constant_digits(n, 6, t);
          y = signed_digit::number(std::vector<std::int8_t>{1}, t).resized(n);
          break;
        case 10:  // a positive number plus a negative one of nearly the same magnitude
          x = rng.digits(n, t);
          y = x.negated();
          {
            std::vector<std::int8_t> d = y.digits();
            d[0] = static_cast<std::int8_t>(d[0] > -6 ? d[0] - 1 : d[0] + 1);
            y = signed_digit::number(d, t);
          }
          break;
        default:  // random digits with a wide exponent gap
          x = rng.digits(n, t);
          y = rng.digits(n, t + static_cast<std::int32_t>(rng.between(-12, 12)));
          break;
      }
      xs.push_back(x);
      ys.push_back(y);
    }
    const auto x = stored<Space>(xs, n, "x"), y = stored<Space>(ys, n, "y");
    const std::string what = "adversarial, n = " + std::to_string(n);
    check_add<Space>(x, y, false, safe_width(n, n, 12), "add " + what);
    check_add<Space>(x, y, true, safe_width(n, n, 12), "sub " + what);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// An element whose sum does not fit: signed_digit::overflow_error and z untouched.
template <class Space>
void overflow_cases() {
  const Space exec;
  for (const int n : {1, 7, 50}) {
    for (const std::int64_t k : {std::int64_t(1), std::int64_t(1000)}) {
      const std::int64_t bad = k / 2;
      std::vector<signed_digit::number> xs(static_cast<std::size_t>(k), signed_digit::number(n)), ys = xs;
      xs[bad] = constant_digits(n, 6);
      ys[bad] = constant_digits(n, 6);
      const auto x = stored<Space>(xs, n, "x"), y = stored<Space>(ys, n, "y");
      sd_array<Space> z(k, n, "z");
      signed_digit::fill_random_digits(exec, z, 5, -3, 3);
      const raw_storage before = raw(z);
      try {
        signed_digit::add(exec, x, y, z);
        ADD_FAILURE() << "no overflow, n = " << n;
      } catch (const signed_digit::overflow_error& e) {
        EXPECT_NE(std::string(e.what()).find("element " + std::to_string(bad)), std::string::npos) << e.what();
      }
      EXPECT_TRUE(raw(z) == before) << "z changed, n = " << n;
      // In place: x unchanged too.
      const raw_storage x_before = raw(x);
      expect_overflow([&] { signed_digit::add(exec, x, y, x); }, "in place");
      EXPECT_TRUE(raw(x) == x_before);
      // -66...6 - 66...6 likewise, through sub.
      std::vector<signed_digit::number> negative = xs;
      negative[bad] = constant_digits(n, -6);
      const auto xn = stored<Space>(negative, n, "-x");
      expect_overflow([&] { signed_digit::sub(exec, xn, y, z); }, "-66...6 - 66...6");
      EXPECT_TRUE(raw(z) == before) << "z changed by sub, n = " << n;
    }
  }
}

template <class Space>
void overflow_details() {
  const Space exec;
  const int n = 5;
  // 66666 - 0 fits five digits but its carry-limited representation 1(-3)(-3)(-3)(-3)(-4) does
  // not: fewer than the safe n + 1 digits are checked on the computed representation
  // (signed_digit/operations.hpp), so this overflows; six digits hold it, and 66666 - 66666 fits
  // five.
  {
    const auto y = stored<Space>({constant_digits(n, 6)}, n, "y"),
               zero = stored<Space>({signed_digit::number(n)}, n, "0");
    sd_array<Space> z(1, n, "z");
    check_add_or_overflow<Space>(y, zero, true, n, "66666 - 0 in 5 digits");
    check_add<Space>(y, zero, true, n + 1, "66666 - 0 in 6 digits");
    const auto neg = stored<Space>({constant_digits(n, -6)}, n, "-y");
    expect_overflow([&] { signed_digit::sub(exec, neg, y, z); }, "-66666 - 66666 in 5 digits");
    EXPECT_NO_THROW(signed_digit::sub(exec, y, y, z));
  }
  // Exponent gaps: 66666e5 + 66666 needs 11 digits at exponent 0.
  {
    const auto x = stored<Space>({constant_digits(n, 6, 5)}, n, "x"),
               y = stored<Space>({constant_digits(n, 6)}, n, "y");
    sd_array<Space> z10(1, 10, "z10"), z11(1, 11, "z11");
    signed_digit::fill_random_digits(exec, z10, 3, 0, 0);
    const raw_storage before = raw(z10);
    expect_overflow([&] { signed_digit::add(exec, x, y, z10); }, "66666e5 + 66666 in 10 digits");
    EXPECT_TRUE(raw(z10) == before);
    check_add<Space>(x, y, false, 11, "66666e5 + 66666");
  }
  // Fewer digits than the safe width work when the result fits: 1 + 1 in one digit.
  {
    const auto one = stored<Space>({signed_digit::from_string("1", 1).resized(n)}, n, "1");
    check_add<Space>(one, one, false, 1, "1 + 1 in one digit", false);
  }
  // The result's exponent is the smaller one even when it is the extreme of the range.
  {
    const auto x =
        stored<Space>({signed_digit::number(std::vector<std::int8_t>{3}, signed_digit::max_exponent)}, 1, "x");
    const auto y =
        stored<Space>({signed_digit::number(std::vector<std::int8_t>{-2}, -signed_digit::max_exponent)}, 1, "y");
    sd_array<Space> z(1, 2, "z");
    expect_overflow([&] { signed_digit::add(exec, x, y, z); }, "3e1e8 - 2e-1e8 in 2 digits");
    const auto a =
        stored<Space>({signed_digit::number(std::vector<std::int8_t>{3}, -signed_digit::max_exponent)}, 1, "a");
    check_add<Space>(y, a, false, 2, "at -max_exponent");
  }
}

// z narrower than the safe width: exact or a justified overflow, element by element.
template <class Space>
void narrow_cases() {
  const Space exec;
  gmp_random rng(41);
  for (int t = 0; t < 60; ++t) {
    const int nx = static_cast<int>(rng.between(1, 30)), ny = static_cast<int>(rng.between(1, 30));
    const int gap = static_cast<int>(rng.between(0, 5));
    const auto x = stored<Space>({rng.digits(nx, static_cast<std::int32_t>(rng.between(-gap, gap)))}, nx, "x");
    const auto y = stored<Space>({rng.digits(ny, static_cast<std::int32_t>(rng.between(-gap, gap)))}, ny, "y");
    const int width = static_cast<int>(rng.between(1, safe_width(nx, ny, 2 * gap)));
    check_add_or_overflow<Space>(x, y, rng.coin(), width, "case " + std::to_string(t));
    if (::testing::Test::HasFatalFailure()) return;
  }
  // Integers of n - 2 ordinary digits sum to fewer than n - 1 signed digits: n digits hold them.
  for (const int n : {3, 7, 50}) {
    sd_array<Space> x(1000, n, "x"), y(1000, n, "y");
    signed_digit::fill_random_integers(exec, x, 50 + n, n - 2, true);
    signed_digit::fill_random_integers(exec, y, 60 + n, n - 2, true);
    check_add<Space>(x, y, false, n, "integers in n digits", false);
    check_add<Space>(x, y, true, n, "integers in n digits", false);
    // Arrays with some elements that need the whole safe width.
    check_add_or_overflow<Space>(x, y, false, n - 1, "integers in n - 1 digits");
  }
}

template <class Space>
void size_mismatch_cases() {
  const Space exec;
  sd_array<Space> x(10, 3, "x"), y(11, 3, "y"), z(10, 3, "z"), z9(9, 3, "z9"), empty(0, 3, "empty");
  expect_invalid_argument("y", [&] { signed_digit::add(exec, x, y, z); });
  expect_invalid_argument("y", [&] { signed_digit::sub(exec, x, y, z); });
  expect_invalid_argument("z", [&] { signed_digit::add(exec, x, x, z9); });
  expect_invalid_argument("z", [&] { signed_digit::sub(exec, x, z, z9); });
  EXPECT_NO_THROW(signed_digit::add(exec, empty, empty, empty));
  expect_invalid_argument("k", [&] { sd_array<Space>(-1, 3, "bad"); });
  expect_invalid_argument("digit_count", [&] { sd_array<Space>(4, 0, "bad"); });
  expect_invalid_argument("values", [&] {
    signed_digit::copy_from_host(x, std::vector<signed_digit::number>(9, signed_digit::number(3)));
  });
  expect_invalid_argument("values", [&] {
    std::vector<signed_digit::number> v(10, signed_digit::number(3));
    v[4] = constant_digits(4, 1);
    signed_digit::copy_from_host(x, v);
  });
  // Wider numbers with leading zeros are accepted.
  std::vector<signed_digit::number> v(10, signed_digit::number(8));
  v[2] = signed_digit::from_string("-123", 8);
  EXPECT_NO_THROW(signed_digit::copy_from_host(x, v));
  EXPECT_TRUE(same_value(signed_digit::element(x, 2), scaled{mpz(-123), 0}));
  expect_invalid_argument("j", [&] { signed_digit::element(x, 10); });
  // The random fills' arguments.
  expect_invalid_argument("ordinary_digits", [&] { signed_digit::fill_random_integers(exec, x, 1, 3); });
  expect_invalid_argument("ordinary_digits", [&] { signed_digit::fill_random_integers(exec, x, 1, 0); });
  expect_invalid_argument("max_exponent", [&] { signed_digit::fill_random_digits(exec, x, 1, 2, 1); });
  expect_invalid_argument("max_exponent",
                          [&] { signed_digit::fill_random_digits(exec, x, 1, 0, signed_digit::max_exponent + 1); });
  expect_invalid_argument("min_exponent",
                          [&] { signed_digit::fill_random_digits(exec, x, 1, -signed_digit::max_exponent - 1, 0); });
}

KAMP_BACKEND_TEST_SUITE(sd_add);

TYPED_TEST(sd_add, random_digits_with_exponent_gaps) { random_digits_cases<TypeParam>(); }
TYPED_TEST(sd_add, random_integers_of_both_signs) { random_integer_cases<TypeParam>(); }
TYPED_TEST(sd_add, adversarial_operands) { adversarial_cases<TypeParam>(); }
TYPED_TEST(sd_add, overflow_leaves_z_untouched) {
  overflow_cases<TypeParam>();
  overflow_details<TypeParam>();
}
TYPED_TEST(sd_add, narrow_results_are_exact_or_overflow) { narrow_cases<TypeParam>(); }
TYPED_TEST(sd_add, mismatched_sizes_are_named) { size_mismatch_cases<TypeParam>(); }

}  // namespace

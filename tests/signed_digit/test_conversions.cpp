// Host conversions of signed_digit::number (signed_digit/conversions.hpp, signed_digit/number.hpp)
// against GMP/MPFR: decimal text, GMP integers (up to 8192 digits, both signs), the exact expansion
// of doubles, correctly rounded doubles and MPFR values, normalisation to ordinary digits, the
// capacity rule of n digits (66...6 fits, 66...7 does not) and every argument error.
#include <gmp.h>
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/mpfr_exponent_range.hpp"
#include "core/mpfr_value.hpp"
#include "tests/signed_digit/sd_test_support.hpp"

namespace {

namespace signed_digit = kamp::signed_digit;

using namespace kamp::test::sd_support;
using kamp::test::expect_invalid_argument;

// A decimal representation of K 10^t as a rational, for MPFR.
struct rational {
  mpq_t q;
  explicit rational(const scaled& v) {
    mpq_init(q);
    mpz_t num, den;
    mpz_init(num);
    mpz_init_set_ui(den, 1);
    if (v.exponent >= 0) {
      mpz_mul(num, v.significand.get(), cached_power_of_ten(v.exponent).get());
    } else {
      mpz_set(num, v.significand.get());
      mpz_set(den, cached_power_of_ten(-v.exponent).get());
    }
    mpq_set_num(q, num);
    mpq_set_den(q, den);
    mpq_canonicalize(q);
    mpz_clear(num);
    mpz_clear(den);
  }
  ~rational() { mpq_clear(q); }
  rational(const rational&) = delete;
  rational& operator=(const rational&) = delete;
};

// K 10^t rounded to nearest at `precision` bits by MPFR (in the widest exponent range).
kamp::core::mpfr_value reference_mpfr(const scaled& v, mpfr_prec_t precision) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  kamp::core::mpfr_value r(precision);
  const rational q(v);
  mpfr_set_q(r.get(), q.q, MPFR_RNDN);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return r;
}

// K 10^t rounded once to the nearest IEEE double, subnormals and overflow included (MPFR's
// documented emulation: double's exponent range, then mpfr_subnormalize).
double reference_double(const scaled& v) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t r;
  mpfr_init2(r, 53);
  const rational q(v);
  int inexact = mpfr_set_q(r, q.q, MPFR_RNDN);
  inexact = mpfr_subnormalize(r, inexact, MPFR_RNDN);
  const double d = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clear(r);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return d;
}

bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0 || (a == 0 && b == 0); }

// The text "K" or "KeT" of K 10^t as GMP writes K.
std::string canonical_text(const mpz& k, std::int64_t t) {
  if (k.sign() == 0) return "0";
  return t == 0 ? k.str() : k.str() + "e" + std::to_string(t);
}

void expect_digits_within(const signed_digit::number& x, int lo, int hi) {
  for (int i = 0; i < x.digit_count(); ++i) {
    ASSERT_GE(x.digit(i), lo) << i;
    ASSERT_LE(x.digit(i), hi) << i;
  }
}

TEST(sd_conversions, fixed_strings) {
  struct fixed {
    const char* text;
    long significand;
    std::int64_t exponent;
    const char* printed;
  };
  const fixed cases[] = {
      {"0", 0, 0, "0"},
      {"-0", 0, 0, "0"},
      {"+5", 5, 0, "5"},
      {"-12.50e3", -1250, 1, "-1250e1"},
      {"12.5", 125, -1, "125e-1"},
      {"7E+2", 7, 2, "7e2"},
      {"0.001", 1, -3, "1e-3"},
      {"000123", 123, 0, "123"},
      {"-6", -6, 0, "-6"},
      {"9e-0", 9, 0, "9"},
      {".5", 5, -1, "5e-1"},
      {"1.", 1, 0, "1"},
  };
  for (const auto& c : cases) {
    const signed_digit::number x = signed_digit::from_string(c.text, 5);
    EXPECT_TRUE(same_value(x, scaled{mpz(c.significand), c.exponent})) << c.text;
    if (c.significand != 0) {
      EXPECT_EQ(x.exponent(), c.exponent) << c.text;
    }
    EXPECT_EQ(signed_digit::to_string(x), c.printed) << c.text;
  }
}

TEST(sd_conversions, string_and_mpz_round_trips_of_random_integers) {
  gmp_random rng(21);
  for (int t = 0; t < 400; ++t) {
    const int decimal_digits =
        t < 20 ? 8192 - t : static_cast<int>(t % 3 == 0 ? rng.between(1, 30) : rng.between(1, 2000));
    const mpz k = rng.integer(decimal_digits, true);
    const std::int64_t e = rng.between(-1000, 1000);
    const int n = signed_digit::digits_needed(k.get());
    ASSERT_EQ(n, fewest_digits(k)) << k;
    // from_mpz: exact, fewest digits, digits in [-3, 6] times the sign.
    const signed_digit::number x = signed_digit::from_mpz(k.get(), static_cast<std::int32_t>(e), n);
    ASSERT_TRUE(same_value(x, scaled{k, e}));
    ASSERT_EQ(x.exponent(), e);
    ASSERT_EQ(x.used_digits(), n);
    if (k.sign() > 0) {
      expect_digits_within(x, -3, 6);
    } else {
      expect_digits_within(x, -6, 3);
    }
    mpz back;
    signed_digit::to_mpz(back.get(), x);
    ASSERT_EQ(back, k);
    // More digits than needed: zeros above.
    const signed_digit::number wide = signed_digit::from_mpz(k.get(), static_cast<std::int32_t>(e), n + 7);
    ASSERT_EQ(wide.digit_count(), n + 7);
    ASSERT_EQ(wide.used_digits(), n);
    // Text both ways.
    const std::string text = signed_digit::to_string(x);
    ASSERT_EQ(text, canonical_text(k, e));
    const signed_digit::number y = signed_digit::from_string(text, n);
    ASSERT_EQ(y.digits(), x.digits());
    ASSERT_EQ(y.exponent(), x.exponent());
    // The same value written with a fraction: K / 10^3 e(t + 3).
    std::string digits = k.str(), sign;
    if (digits[0] == '-') {
      sign = "-";
      digits.erase(0, 1);
    }
    if (digits.size() > 3) {
      const std::string fractional = sign + digits.substr(0, digits.size() - 3) + "." +
                                     digits.substr(digits.size() - 3) + "e" + std::to_string(e + 3);
      ASSERT_TRUE(same_value(signed_digit::from_string(fractional, n), scaled{k, e})) << fractional.substr(0, 100);
    }
  }
}

TEST(sd_conversions, values_of_arbitrary_representations) {
  // Numbers with uniformly random digits (not the fewest-digit form): to_mpz, to_string,
  // normalise, sign and used_digits against the value GMP computes from the digits.
  gmp_random rng(22);
  for (int t = 0; t < 600; ++t) {
    const int n = static_cast<int>(t < 10 ? 8192 : rng.between(1, 300));
    signed_digit::number x = rng.digits(n, static_cast<std::int32_t>(rng.between(-50, 50)));
    if (t % 7 == 0) {  // leading zero digits
      std::vector<std::int8_t> d = x.digits();
      for (int i = n / 2; i < n; ++i) d[static_cast<std::size_t>(i)] = 0;
      x = signed_digit::number(d, x.exponent());
    }
    const mpz k = significand_of(x.digits());
    mpz via;
    signed_digit::to_mpz(via.get(), x);
    ASSERT_EQ(via, k);
    ASSERT_EQ(signed_digit::to_string(x), canonical_text(k, x.exponent()));
    ASSERT_EQ(x.sign(), k.sign());
    ASSERT_EQ(x.is_zero(), k.sign() == 0);
    int used = 0;
    for (int i = 0; i < n; ++i)
      if (x.digit(i) != 0) used = i + 1;
    ASSERT_EQ(x.used_digits(), used);
    const signed_digit::ordinary_form form = signed_digit::normalise(x);
    mpz magnitude;
    mpz_abs(magnitude.get(), k.get());
    ASSERT_EQ(form.sign, k.sign());
    ASSERT_EQ(form.digits, magnitude.str());
    ASSERT_EQ(form.exponent, x.exponent());
    for (const char c : form.digits) ASSERT_TRUE(c >= '0' && c <= '9');
    // negated
    const signed_digit::number minus = x.negated();
    mpz neg;
    mpz_neg(neg.get(), k.get());
    ASSERT_TRUE(same_value(minus, scaled{neg, x.exponent()}));
    // from_string reads to_string back (fewest digits, same value)
    const signed_digit::number back = signed_digit::from_string(signed_digit::to_string(x), n + 1);
    ASSERT_TRUE(same_value(back, scaled{k, x.exponent()}));
  }
  const signed_digit::ordinary_form zero = signed_digit::normalise(signed_digit::number(4, 3));
  EXPECT_EQ(zero.sign, 0);
  EXPECT_EQ(zero.digits, "0");
  EXPECT_EQ(signed_digit::to_string(signed_digit::number(4, 3)), "0");
  // All digits -6 / +6 and alternating signs.
  for (const int n : {1, 2, 19, 64}) {
    for (const int d : {-6, 6}) {
      const signed_digit::number x = constant_digits(n, d);
      ASSERT_EQ(signed_digit::normalise(x).digits, repeated(static_cast<std::size_t>(n), '6'));
      ASSERT_EQ(signed_digit::normalise(x).sign, d > 0 ? 1 : -1);
    }
    std::vector<std::int8_t> alternating;
    for (int i = 0; i < n; ++i) alternating.push_back(static_cast<std::int8_t>(i % 2 ? 1 : -6));
    const signed_digit::number x(alternating, 0);
    mpz v;
    signed_digit::to_mpz(v.get(), x);
    ASSERT_EQ(v, significand_of(alternating));
  }
}

TEST(sd_conversions, capacity_rule) {
  for (const int n : {1, 2, 3, 17, 100, 1000}) {
    const std::string sixes = repeated(static_cast<std::size_t>(n), '6');
    EXPECT_EQ(signed_digit::largest_significand(n), sixes);
    const mpz largest(sixes), above(sixes.substr(0, sixes.size() - 1) + "7");
    mpz below;
    mpz_sub_ui(below.get(), largest.get(), 1);
    for (const int sign : {1, -1}) {
      mpz a = largest, b = above, c = below;
      if (sign < 0) {
        mpz_neg(a.get(), a.get());
        mpz_neg(b.get(), b.get());
        mpz_neg(c.get(), c.get());
      }
      const signed_digit::number x = signed_digit::from_mpz(a.get(), 0, n);
      EXPECT_TRUE(same_value(x, scaled{a, 0}));
      for (int i = 0; i < n; ++i) EXPECT_EQ(x.digit(i), 6 * sign);
      EXPECT_EQ(signed_digit::digits_needed(a.get()), n);
      EXPECT_EQ(signed_digit::digits_needed(b.get()), n + 1);
      if (c.sign() != 0) {
        EXPECT_EQ(signed_digit::digits_needed(c.get()), n);
      }
      EXPECT_TRUE(same_value(signed_digit::from_mpz(b.get(), 0, n + 1), scaled{b, 0}));
      expect_invalid_argument("digit_count", [&] { signed_digit::from_mpz(b.get(), 0, n); });
      expect_invalid_argument("digit_count", [&] { signed_digit::from_string(b.str(), n); });
      EXPECT_TRUE(same_value(signed_digit::from_string(a.str() + "e5", n), scaled{a, 5}));
    }
    // 10^n: the first power of ten beyond n digits needs n + 1.
    const mpz p = power_of_ten(static_cast<unsigned long>(n));
    EXPECT_EQ(signed_digit::digits_needed(p.get()), n + 1);
  }
  EXPECT_EQ(signed_digit::digits_needed(mpz(0).get()), 1);
  EXPECT_EQ(signed_digit::digits_needed(mpz(7).get()), 2);
  EXPECT_EQ(signed_digit::digits_needed(mpz(-7).get()), 2);
  EXPECT_EQ(signed_digit::digits_needed(mpz(60).get()), 2);
  EXPECT_EQ(signed_digit::digits_needed(mpz(67).get()), 3);
  expect_invalid_argument("digit_count", [] { signed_digit::largest_significand(0); });
}

TEST(sd_conversions, exact_expansion_of_doubles) {
  std::vector<double> values = {0.0,
                                -0.0,
                                1.0,
                                -1.0,
                                0.1,
                                -0.3,
                                1e22,
                                1e23,
                                123456789.0,
                                DBL_MAX,
                                -DBL_MAX,
                                DBL_MIN,
                                -DBL_MIN,
                                std::numeric_limits<double>::denorm_min(),
                                -std::numeric_limits<double>::denorm_min(),
                                std::nextafter(DBL_MIN, 0.0),
                                std::nextafter(1.0, 2.0),
                                std::nextafter(1.0, 0.0),
                                9007199254740993.0,
                                5.0,
                                0.5,
                                1024.0 * 1024.0 * 1024.0 * 1024.0 * 5.0};
  for (int e = -1074; e <= 1023; ++e) values.push_back(std::ldexp(1.0, e));
  gmp_random rng(23);
  for (int t = 0; t < 3000; ++t) {
    const long bits = rng.between(0, (1L << 62) - 1);
    double x = std::ldexp(static_cast<double>(bits >> 9 | 1L << 52), static_cast<int>(rng.between(-1126, 971)));
    if (t % 5 == 0) x = std::ldexp(static_cast<double>(bits >> 10), -1074);  // subnormals
    if (rng.coin()) x = -x;
    values.push_back(x);
  }
  for (const double x : values) {
    const signed_digit::number s = signed_digit::from_double(x, 800);
    // K 10^t == m 2^e exactly, cross-multiplied into integers.
    int e2 = 0;
    const double fraction = std::frexp(std::fabs(x), &e2);
    mpz m;
    mpz_set_d(m.get(), std::ldexp(fraction, 53));
    if (x < 0) mpz_neg(m.get(), m.get());
    e2 -= 53;
    const scaled v = exact(s);
    mpz lhs = v.significand, rhs = m;
    if (v.exponent >= 0)
      mpz_mul(lhs.get(), lhs.get(), cached_power_of_ten(v.exponent).get());
    else
      mpz_mul(rhs.get(), rhs.get(), cached_power_of_ten(-v.exponent).get());
    if (e2 >= 0)
      mpz_mul_2exp(rhs.get(), rhs.get(), static_cast<mp_bitcnt_t>(e2));
    else
      mpz_mul_2exp(lhs.get(), lhs.get(), static_cast<mp_bitcnt_t>(-e2));
    ASSERT_EQ(lhs, rhs) << std::hexfloat << x;
    // The fewest digits, and a finite decimal expansion needs exactly as many fraction digits
    // as the binary exponent below 0.
    ASSERT_EQ(s.used_digits(), x == 0 ? 0 : signed_digit::digits_needed(v.significand.get())) << std::hexfloat << x;
    ASSERT_FALSE(v.significand.sign() != 0 && mpz_divisible_ui_p(v.significand.get(), 10)) << std::hexfloat << x;
    // Back through MPFR at 2000 bits (exact) and to double.
    const kamp::core::mpfr_value r = signed_digit::to_mpfr(s, 2000);
    ASSERT_EQ(mpfr_cmp_d(r.get(), x), 0) << std::hexfloat << x;
    ASSERT_TRUE(same_double(signed_digit::to_double(s), x)) << std::hexfloat << x << " " << signed_digit::to_double(s);
  }
  // The fewest digits of the extremes (their decimal lengths, counted by GMP).
  const signed_digit::number denorm = signed_digit::from_double(std::numeric_limits<double>::denorm_min(), 800);
  EXPECT_EQ(denorm.exponent(), -1074);
  mpz five;
  mpz_ui_pow_ui(five.get(), 5, 1074);
  EXPECT_TRUE(same_value(denorm, scaled{five, -1074}));
  EXPECT_EQ(signed_digit::from_double(1e22, 5).exponent(), 22);
  expect_invalid_argument("digit_count", [] { signed_digit::from_double(DBL_MAX, 300); });
  expect_invalid_argument("x", [] { signed_digit::from_double(std::numeric_limits<double>::infinity(), 800); });
  expect_invalid_argument("x", [] { signed_digit::from_double(-std::numeric_limits<double>::infinity(), 800); });
  expect_invalid_argument("x", [] { signed_digit::from_double(std::numeric_limits<double>::quiet_NaN(), 800); });
}

TEST(sd_conversions, to_double_rounds_correctly) {
  gmp_random rng(24);
  std::vector<scaled> values;
  // Ties and near-ties at the top of the significand.
  for (const char* k : {"9007199254740993", "9007199254740995", "9007199254740992", "-9007199254740993",
                        "18014398509481986", "18014398509481990"})
    values.push_back({mpz(k), 0});
  // Random decimal values over the whole range, subnormals and overflow included.
  for (int t = 0; t < 4000; ++t) {
    values.push_back({rng.integer(static_cast<int>(rng.between(1, 40)), true), rng.between(-370, 330)});
  }
  // Subnormal halfway points and values just beside them: (2j + 1) 2^-1075 + s 2^-1200, written
  // exactly in decimal as ((2j + 1) 2^125 + s) 5^1200 10^-1200.
  for (const long s : {0L, 1L, -1L, 1L << 40, -(1L << 40)}) {
    for (const long j : {0L, 1L, 2L, 3L, 1000L, (1L << 52) - 1, (1L << 52)}) {
      mpz k(2 * j + 1);
      mpz_mul_2exp(k.get(), k.get(), 125);
      if (s >= 0)
        mpz_add_ui(k.get(), k.get(), static_cast<unsigned long>(s));
      else
        mpz_sub_ui(k.get(), k.get(), static_cast<unsigned long>(-s));
      mpz five;
      mpz_ui_pow_ui(five.get(), 5, 1200);
      mpz_mul(k.get(), k.get(), five.get());
      values.push_back({k, -1200});
      mpz neg;
      mpz_neg(neg.get(), k.get());
      values.push_back({neg, -1200});
    }
  }
  // Around DBL_MAX and the overflow threshold DBL_MAX + ulp/2 = (2^54 - 1) 2^970.
  for (const long s : {0L, 1L, -1L}) {
    mpz k((1L << 54) - 1);
    mpz_mul_2exp(k.get(), k.get(), 970);
    if (s >= 0)
      mpz_add_ui(k.get(), k.get(), static_cast<unsigned long>(s));
    else
      mpz_sub_ui(k.get(), k.get(), 1);
    values.push_back({k, 0});
  }
  // The reference itself on IEEE facts: ties to even at the bottom of the subnormals.
  const double denorm_min = std::numeric_limits<double>::denorm_min();
  mpz five;
  mpz_ui_pow_ui(five.get(), 5, 1075);
  EXPECT_EQ(reference_double({five, -1075}), 0.0);  // 2^-1075: halfway between 0 and 2^-1074
  mpz three_halves;
  mpz_mul_ui(three_halves.get(), five.get(), 3);
  EXPECT_EQ(reference_double({three_halves, -1075}), 2 * denorm_min);  // 3 2^-1075: to even
  {
    mpz above(1);  // 2^-1075 + 2^-1200 = (2^125 + 1) 5^1200 10^-1200
    mpz_mul_2exp(above.get(), above.get(), 125);
    mpz_add_ui(above.get(), above.get(), 1);
    mpz_ui_pow_ui(five.get(), 5, 1200);
    mpz_mul(above.get(), above.get(), five.get());
    EXPECT_EQ(reference_double({above, -1200}), denorm_min);
  }
  int failures = 0;
  for (const auto& v : values) {
    const int n = signed_digit::digits_needed(v.significand.get());
    const signed_digit::number x =
        signed_digit::from_mpz(v.significand.get(), static_cast<std::int32_t>(v.exponent), n);
    const double expected = reference_double(v);
    const double got = signed_digit::to_double(x);
    if (!same_double(got, expected) && ++failures <= 10) {
      ADD_FAILURE() << "to_double(" << v.significand << "e" << v.exponent << ") = " << std::hexfloat << got
                    << ", correctly rounded " << expected;
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(sd_conversions, to_mpfr_rounds_correctly) {
  gmp_random rng(25);
  for (int t = 0; t < 2000; ++t) {
    const signed_digit::number x =
        rng.digits(static_cast<int>(rng.between(1, 200)), static_cast<std::int32_t>(rng.between(-300, 300)));
    const mpfr_prec_t precision = static_cast<mpfr_prec_t>(rng.between(2, 400));
    const kamp::core::mpfr_value got = signed_digit::to_mpfr(x, precision);
    const kamp::core::mpfr_value expected = reference_mpfr(exact(x), precision);
    ASSERT_EQ(mpfr_get_prec(got.get()), precision);
    ASSERT_TRUE(mpfr_equal_p(got.get(), expected.get()) || (mpfr_zero_p(got.get()) && mpfr_zero_p(expected.get())))
        << signed_digit::to_string(x) << " at " << precision << " bits";
  }
}

TEST(sd_conversions, to_mpfr_ignores_the_global_exponent_range) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  const signed_digit::number big = signed_digit::from_string("1e50", 2), small = signed_digit::from_string("-3e-50", 2);
  const signed_digit::number huge = signed_digit::from_string("1e400", 2),
                             tiny = signed_digit::from_string("1e-400", 2);
  mpfr_set_emax(100);
  mpfr_set_emin(-100);
  const kamp::core::mpfr_value a = signed_digit::to_mpfr(big, 200), b = signed_digit::to_mpfr(small, 200);
  const double h = signed_digit::to_double(huge), ti = signed_digit::to_double(tiny),
               one = signed_digit::to_double(signed_digit::from_string("1e300", 2));
  EXPECT_EQ(mpfr_get_emax(), 100);
  EXPECT_EQ(mpfr_get_emin(), -100);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  EXPECT_EQ(mpfr_cmp(a.get(), reference_mpfr({mpz(1), 50}, 200).get()), 0) << a.to_string(30);
  EXPECT_EQ(mpfr_cmp(b.get(), reference_mpfr({mpz(-3), -50}, 200).get()), 0) << b.to_string(30);
  EXPECT_EQ(h, std::numeric_limits<double>::infinity());
  EXPECT_EQ(ti, 0.0);
  EXPECT_EQ(one, reference_double({mpz(1), 300}));
}

// Near the exponent limit |t| = 10^8, 10^|t| is not formed exactly: it has over 3 10^8 bits
// (fuzz/corpus/signed_digit/largest_exponent). The results are still MPFR's correct rounding of
// the text.
TEST(sd_conversions, extreme_exponents_round_correctly) {
  EXPECT_EQ(signed_digit::to_double(signed_digit::from_string("1e99999999", 2)),
            std::numeric_limits<double>::infinity());
  EXPECT_TRUE(same_double(signed_digit::to_double(signed_digit::from_string("-12.5e-99999998", 3)), -0.0));
  const kamp::core::widest_exponent_range wide;
  for (const char* text : {"1e99999999", "-12.5e-99999998", "7e-100000000", "-666e99999997"}) {
    kamp::core::mpfr_value reference(113);
    mpfr_strtofr(reference.get(), text, nullptr, 10, MPFR_RNDN);
    EXPECT_TRUE(mpfr_equal_p(signed_digit::to_mpfr(signed_digit::from_string(text, 3), 113).get(), reference.get()))
        << text;
  }
}

TEST(sd_conversions, malformed_text_is_named) {
  for (const char* text : {"",   "-",  "+",  "1e",    "1e+",  "1e-", "1.2.3", "abc", "1e999999999999", ".",
                           "e5", " 1", "1 ", "1e5.5", "0x10", "inf", "nan",   "--1", "1e1e1",          "1,5"}) {
    expect_invalid_argument("text", [&] { signed_digit::from_string(text, 10); });
  }
  // Exponents out of range after the fraction digits are taken off.
  expect_invalid_argument("text", [] { signed_digit::from_string("1e100000001", 10); });
  expect_invalid_argument("text", [] { signed_digit::from_string("1e-100000001", 10); });
  expect_invalid_argument("text", [] { signed_digit::from_string("0.1e-100000000", 10); });
  EXPECT_TRUE(same_value(signed_digit::from_string("1e100000000", 1), scaled{mpz(1), 100000000}));
  EXPECT_TRUE(same_value(signed_digit::from_string("-5e-100000000", 1), scaled{mpz(-5), -100000000}));
  expect_invalid_argument("digit_count", [] { signed_digit::from_string("1", 0); });
}

TEST(sd_conversions, number_arguments_are_checked) {
  expect_invalid_argument("digits", [] { signed_digit::number(std::vector<std::int8_t>{}, 0); });
  expect_invalid_argument("digits", [] { signed_digit::number(std::vector<std::int8_t>{0, 7}, 0); });
  expect_invalid_argument("digits", [] { signed_digit::number(std::vector<std::int8_t>{-7}, 0); });
  expect_invalid_argument("digits", [] { signed_digit::number(std::vector<std::int8_t>{3, 100, 0}, 0); });
  expect_invalid_argument("digits", [] {
    signed_digit::number(std::vector<std::int8_t>(static_cast<std::size_t>(signed_digit::max_digit_count) + 1, 0), 0);
  });
  EXPECT_NO_THROW(
      signed_digit::number(std::vector<std::int8_t>(static_cast<std::size_t>(signed_digit::max_digit_count), 6), 0));
  expect_invalid_argument("digit_count", [] { signed_digit::number(0, 0); });
  expect_invalid_argument("digit_count", [] { signed_digit::number(signed_digit::max_digit_count + 1, 0); });
  expect_invalid_argument("exponent", [] { signed_digit::number(1, signed_digit::max_exponent + 1); });
  expect_invalid_argument("exponent", [] { signed_digit::number(1, -signed_digit::max_exponent - 1); });
  expect_invalid_argument("exponent",
                          [] { signed_digit::number(std::vector<std::int8_t>{1}, signed_digit::max_exponent + 1); });
  EXPECT_NO_THROW(signed_digit::number(1, signed_digit::max_exponent));
  EXPECT_NO_THROW(signed_digit::number(1, -signed_digit::max_exponent));
  expect_invalid_argument("exponent", [] { signed_digit::from_mpz(mpz(5).get(), signed_digit::max_exponent + 1, 3); });
  expect_invalid_argument("exponent", [] { signed_digit::from_mpz(mpz(0).get(), -signed_digit::max_exponent - 1, 3); });
  expect_invalid_argument("digit_count", [] { signed_digit::from_mpz(mpz(5).get(), 0, 0); });
  expect_invalid_argument("digit_count",
                          [] { signed_digit::from_mpz(mpz(5).get(), 0, signed_digit::max_digit_count + 1); });
  const signed_digit::number zero;
  EXPECT_EQ(zero.digit_count(), 1);
  EXPECT_TRUE(zero.is_zero());
}

TEST(sd_conversions, resized) {
  gmp_random rng(26);
  const mpz k = rng.integer(40, true);
  const signed_digit::number x = signed_digit::from_mpz(k.get(), -3, 60);
  const int used = x.used_digits();
  for (const int n : {used, used + 1, 60, 200}) {
    const signed_digit::number y = x.resized(n);
    EXPECT_EQ(y.digit_count(), n);
    EXPECT_EQ(y.exponent(), -3);
    EXPECT_TRUE(same_value(y, scaled{k, -3}));
  }
  expect_overflow([&] { x.resized(used - 1); }, "resized(used - 1)");
  expect_overflow([&] { x.resized(1); }, "resized(1)");
  EXPECT_THROW(x.resized(1), std::overflow_error);  // signed_digit::overflow_error is a std::overflow_error
  expect_invalid_argument("digit_count", [&] { x.resized(0); });
  EXPECT_NO_THROW(signed_digit::number(5, 2).resized(1));
}

}  // namespace

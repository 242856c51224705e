#include "core/random.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/mpfr_reference.hpp"

namespace kamp::core {

random_source::random_source(std::uint64_t seed) : engine_(seed) {}

double random_source::uniform(double lo, double hi) {
  const double unit = static_cast<double>(engine_() >> 11) * 0x1.0p-53;  // [0, 1)
  return lo + (hi - lo) * unit;
}

std::vector<double> random_source::uniform_vector(std::size_t n, double lo, double hi) {
  std::vector<double> v(n);
  for (double& x : v) x = uniform(lo, hi);
  return v;
}

std::int64_t random_source::integer(std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(engine_);
}

double random_source::wide_exponent(int min_exponent, int max_exponent) {
  const double significand = 1.0 + static_cast<double>(engine_() >> 12) * 0x1.0p-52;  // [1, 2)
  const double sign = (engine_() & 1) ? -1.0 : 1.0;
  return sign * std::ldexp(significand, static_cast<int>(integer(min_exponent, max_exponent)));
}

namespace {
double ulp(double x) { return std::nextafter(std::fabs(x), INFINITY) - std::fabs(x); }
}  // namespace

operand_pairs adversarial_sum_pairs(random_source& rng, std::size_t count) {
  operand_pairs p;
  p.a.reserve(count);
  p.b.reserve(count);
  const int gaps[] = {0, 1, 52, 53, 54, 1000};
  for (std::size_t i = 0; i < count; ++i) {
    double a = rng.wide_exponent(-60, 60), b = 0;
    switch (i % 10) {
      case 0:
        b = -a;
        break;  // exact cancellation
      case 1:
        b = -std::nextafter(a, 0.0);
        break;  // one ulp left
      case 2:
        b = std::copysign(ulp(a) / 2, rng.uniform());
        break;  // tie
      case 3:
        b = std::copysign(std::nextafter(ulp(a) / 2, INFINITY), rng.uniform());
        break;
      case 4:
        b = std::copysign(std::nextafter(ulp(a) / 2, 0.0), rng.uniform());
        break;
      case 5: {  // exponent gaps
        const int gap = gaps[rng.integer(0, 5)];
        b = std::ldexp(rng.uniform(0.5, 1.0), std::ilogb(a) + 1 - gap) * (rng.uniform() < 0 ? -1 : 1);
        break;
      }
      case 6:
        a = rng.wide_exponent(-1074, -1023);
        b = rng.wide_exponent(-1074, -1023);
        break;
      case 7:
        a = std::ldexp(1.0, -1022) * (rng.uniform() < 0 ? -1 : 1);
        b = -std::nextafter(a, 0.0);
        break;  // difference is subnormal
      case 8:
        a = rng.uniform() < 0 ? -0.0 : 0.0;
        b = rng.uniform() < 0 ? -0.0 : 0.0;
        break;
      default:
        a = rng.wide_exponent(900, 1020);
        b = rng.wide_exponent(-1000, 1020);
        break;
    }
    p.a.push_back(a);
    p.b.push_back(b);
  }
  return p;
}

operand_pairs adversarial_product_pairs(random_source& rng, std::size_t count) {
  operand_pairs p;
  p.a.reserve(count);
  p.b.reserve(count);
  const double all_ones = 2.0 - 0x1.0p-52;  // 1.11...1 in binary
  for (std::size_t i = 0; i < count; ++i) {
    const int ea = static_cast<int>(rng.integer(-480, 480)), eb = static_cast<int>(rng.integer(-480, 480));
    double a = 0, b = 0;
    switch (i % 5) {
      case 0:
        a = all_ones;
        b = all_ones;
        break;
      case 1:
        a = 1.0 + 0x1.0p-52;
        b = 1.0 + 0x1.0p-52;
        break;  // 1 + 2^-51 + 2^-104
      case 2:
        a = 1.0 + 0x1.0p-26;
        b = 1.0 - 0x1.0p-27;
        break;
      case 3:
        a = 3.0;
        b = (1.0 + 0x1.0p-52) / 3.0 * 2.0;
        break;
      default:
        a = rng.uniform(1.0, 2.0);
        b = rng.uniform(1.0, 2.0);
        break;
    }
    p.a.push_back(std::ldexp(a, ea) * (rng.uniform() < 0 ? -1 : 1));
    p.b.push_back(std::ldexp(b, eb) * (rng.uniform() < 0 ? -1 : 1));
  }
  return p;
}

std::vector<double> special_values() {
  const double d = std::numeric_limits<double>::denorm_min();
  return {0.0,
          -0.0,
          d,
          -d,
          DBL_MIN,
          -DBL_MIN,
          DBL_MAX,
          -DBL_MAX,
          1.0,
          -1.0,
          INFINITY,
          -INFINITY,
          std::numeric_limits<double>::quiet_NaN()};
}

dot_problem ill_conditioned_dot(random_source& rng, std::size_t n, double condition) {
  const char* fn = "kamp::core::ill_conditioned_dot";
  require_argument(n >= 6, fn, "n", n, "must be at least 6");
  require_argument(condition >= 1 && std::isfinite(condition), fn, "condition", condition,
                   "must be a finite number >= 1");
  const double b = std::log2(condition);
  const std::size_t half = n / 2;
  dot_problem p{std::vector<double>(n), std::vector<double>(n), 0};
  // First half: exponents spread over [0, b/2], with both ends present.
  for (std::size_t i = 0; i < half; ++i) {
    int e = static_cast<int>(std::lround(rng.uniform(0.0, 1.0) * b / 2));
    if (i == 0) e = static_cast<int>(std::lround(b / 2)) + 1;
    if (i == half - 1) e = 0;
    p.x[i] = std::ldexp(rng.uniform(), e);
    p.y[i] = std::ldexp(rng.uniform(), e);
  }
  // Second half: each y_i cancels the exact running dot product down to a term of 2^e_i,
  // with e_i decreasing linearly from b/2 to 0.
  const mpfr_prec_t exact = 2300;
  mpfr_value running(exact), product(exact), target(exact);
  for (std::size_t i = 0; i < half; ++i) {
    mpfr_set_d(product.get(), p.x[i], MPFR_RNDN);
    mpfr_mul_d(product.get(), product.get(), p.y[i], MPFR_RNDN);
    mpfr_add(running.get(), running.get(), product.get(), MPFR_RNDN);
  }
  for (std::size_t i = half; i < n; ++i) {
    const double t = static_cast<double>(n - 1 - i) / static_cast<double>(n - 1 - half);
    const int e = static_cast<int>(std::lround(t * b / 2));
    p.x[i] = std::ldexp(rng.uniform(), e);
    mpfr_set_d(target.get(), std::ldexp(rng.uniform(), e), MPFR_RNDN);
    mpfr_sub(target.get(), target.get(), running.get(), MPFR_RNDN);
    p.y[i] = mpfr_get_d(target.get(), MPFR_RNDN) / p.x[i];
    mpfr_set_d(product.get(), p.x[i], MPFR_RNDN);
    mpfr_mul_d(product.get(), product.get(), p.y[i], MPFR_RNDN);
    mpfr_add(running.get(), running.get(), product.get(), MPFR_RNDN);
  }
  // Shuffle the pairs together so the cancellation is not in summation order.
  for (std::size_t i = n - 1; i > 0; --i) {
    const auto j = static_cast<std::size_t>(rng.integer(0, static_cast<std::int64_t>(i)));
    std::swap(p.x[i], p.x[j]);
    std::swap(p.y[i], p.y[j]);
  }
  mpfr_value magnitude(exact);
  for (std::size_t i = 0; i < n; ++i) {
    mpfr_set_d(product.get(), p.x[i], MPFR_RNDN);
    mpfr_mul_d(product.get(), product.get(), p.y[i], MPFR_RNDN);
    mpfr_abs(product.get(), product.get(), MPFR_RNDN);
    mpfr_add(magnitude.get(), magnitude.get(), product.get(), MPFR_RNDN);
  }
  mpfr_mul_2ui(magnitude.get(), magnitude.get(), 1, MPFR_RNDN);
  mpfr_abs(running.get(), running.get(), MPFR_RNDN);
  mpfr_div(magnitude.get(), magnitude.get(), running.get(), MPFR_RNDN);
  p.condition = mpfr_get_d(magnitude.get(), MPFR_RNDN);
  return p;
}

}  // namespace kamp::core

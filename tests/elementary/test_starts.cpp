// The double start values of the Newton iterations, each within the accuracy its function's
// bound assumes, against MPFR over its whole range: log1p_start within 2^-50 on [-0.293, 0.415]
// (elementary/log.hpp), atan_start within 2^-48 on [2^-900, 1] and at 0 (inverse_trig.hpp),
// cbrt_start within 2^-50 on [1, 8) (roots.hpp).
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <functional>
#include <vector>

#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "elementary/functions.hpp"

namespace {

using kamp::core::mpfr_value;
namespace detail = kamp::elementary::detail;

// Empty when every |start(t) - f(t)| <= 2^-bits |f(t)|.
void expect_within(const std::vector<double>& arguments, const std::function<double(double)>& start,
                   const std::function<int(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t)>& f, int bits) {
  for (const double t : arguments) {
    mpfr_value exact(200), error(200), x(t, 64);
    f(exact.get(), x.get(), MPFR_RNDN);
    mpfr_sub_d(error.get(), exact.get(), start(t), MPFR_RNDN);
    mpfr_mul_2si(error.get(), error.get(), bits, MPFR_RNDN);
    ASSERT_LE(mpfr_cmpabs(error.get(), exact.get()), 0) << t;
  }
}

std::vector<double> uniform(double lo, double hi, std::vector<double> v) {
  kamp::core::random_source rng(5);
  for (int i = 0; i < 20000; ++i) v.push_back(rng.uniform(lo, hi));
  return v;
}

TEST(elementary_starts, log1p_start_within_two_to_the_minus_50) {
  expect_within(uniform(-0.293, 0.415, {-0.293, 0.415, 0x1p-30, -0x1p-30, 0x1p-900}), detail::log1p_start, mpfr_log1p,
                50);
}

TEST(elementary_starts, atan_start_within_two_to_the_minus_48) {
  std::vector<double> t = uniform(0, 1, {0.0, 1.0, 0x1p-900, 0x1p-30, 0.5, 1 - 0x1p-53});
  kamp::core::random_source rng(6);
  for (int i = 0; i < 20000; ++i) t.push_back(std::ldexp(rng.uniform(1, 2), -static_cast<int>(rng.integer(1, 900))));
  expect_within(t, detail::atan_start, mpfr_atan, 48);
}

TEST(elementary_starts, cbrt_start_within_two_to_the_minus_50) {
  expect_within(uniform(1, 8, {1.0, 8 - 0x1p-50, 2.0, 4.0}), detail::cbrt_start, mpfr_cbrt, 50);
}

}  // namespace

#include "dd/mpfr_conversion.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

#include "core/eft.hpp"
#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"

namespace kamp::dd {

namespace detail {

core::mpfr_value components_to_mpfr(const double* c, int n) {
  const core::widest_exponent_range range;
  if (!std::isfinite(c[0])) return core::mpfr_value(c[0], 53);
  // Exact: the precision spans the exponents of the nonzero components.
  int top = INT_MIN, bottom = INT_MAX;
  for (int i = 0; i < n; ++i) {
    if (c[i] == 0) continue;
    top = std::max(top, std::ilogb(c[i]));
    bottom = std::min(bottom, std::ilogb(c[i]) - 52);
  }
  const mpfr_prec_t precision = top == INT_MIN ? 53 : std::max<mpfr_prec_t>(53, top - bottom + 2);
  core::mpfr_value sum(c[0], precision);
  for (int i = 1; i < n; ++i) mpfr_add_d(sum.get(), sum.get(), c[i], MPFR_RNDN);
  return sum;
}

void components_from_mpfr(mpfr_srcptr x, double* c, int n) {
  const core::widest_exponent_range range;
  for (int i = 0; i < n; ++i) c[i] = 0.0;
  c[0] = mpfr_get_d(x, MPFR_RNDN);
  if (!std::isfinite(c[0]) || c[0] == 0) return;
  core::mpfr_value rest(mpfr_get_prec(x));
  mpfr_set(rest.get(), x, MPFR_RNDN);
  for (int i = 1; i < n; ++i) {
    // Exact: c[i-1] is rest rounded to 53 bits, so the difference fits rest's precision.
    mpfr_sub_d(rest.get(), rest.get(), c[i - 1], MPFR_RNDN);
    c[i] = mpfr_get_d(rest.get(), MPFR_RNDN);
    if (c[i] == 0) return;
  }
}

void components_from_string(const std::string& text, double* c, int n) {
  // 64 guard bits beyond the expansion's 53n keep the decimal rounding far below u.
  const core::mpfr_value x = core::mpfr_value::from_string(text, 53 * n + 64);
  components_from_mpfr(x.get(), c, n);
}

std::string components_to_string(const double* c, int n, int digits) {
  return components_to_mpfr(c, n).to_string(digits);
}

}  // namespace detail

core::mpfr_value to_mpfr(const dd_real& x) {
  const double c[2] = {x.hi, x.lo};
  return detail::components_to_mpfr(c, 2);
}

dd_real dd_from_mpfr(mpfr_srcptr x) {
  double c[2] = {0, 0};
  detail::components_from_mpfr(x, c, 2);
  if (!std::isfinite(c[0])) return dd_real(c[0]);
  // A lo rounded up to exactly ulp(hi)/2 could break hi = fl(hi + lo); renormalise. Beside
  // +-DBL_MAX that overflows (a lo of 2^970 gave {Inf, -Inf} for values below DBL_MAX + 2^970):
  // there lo steps to the double below it instead, within 2^-108 of the value, and the result is
  // numeric_limits<dd_real>::max() (or lowest()).
  double lo = 0;
  const double hi = core::fast_two_sum(c[0], c[1], lo);
  if (std::isinf(hi)) return dd_real(c[0], std::nextafter(c[1], 0.0));
  return dd_real(hi, lo);
}

dd_real dd_from_string(const std::string& text) {
  const core::mpfr_value x = core::mpfr_value::from_string(text, 106 + 64);
  return dd_from_mpfr(x.get());
}

std::string to_string(const dd_real& x) {
  const double c[2] = {x.hi, x.lo};
  return detail::components_to_string(c, 2, 34);
}

}  // namespace kamp::dd

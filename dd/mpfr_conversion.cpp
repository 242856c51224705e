#include "dd/mpfr_conversion.hpp"

#include <algorithm>
#include <cfloat>
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

void components_from_mpfr(mpfr_srcptr x, double* c, int n, const double* largest) {
  const core::widest_exponent_range range;
  for (int i = 0; i < n; ++i) c[i] = 0.0;
  c[0] = mpfr_get_d(x, MPFR_RNDN);
  if (!std::isfinite(c[0]) || c[0] == 0) return;
  core::mpfr_value rest(mpfr_get_prec(x));
  mpfr_set(rest.get(), x, MPFR_RNDN);
  // Beside +-DBL_MAX a remainder can round up to half an ulp of the component before, and the
  // components then reach the overflow threshold DBL_MAX + 2^970: an expansion<2> summed to it
  // and read back as Inf, a dd_real's renormalised hi overflowed. Between the largest value and
  // the threshold (less than 2^-(53n+1) relative) x is taken as the largest value.
  if (std::fabs(c[0]) == DBL_MAX) {
    const core::mpfr_value top = components_to_mpfr(largest, n);
    if (mpfr_cmpabs(x, top.get()) > 0) {
      rest = top;
      if (mpfr_signbit(x)) mpfr_neg(rest.get(), rest.get(), MPFR_RNDN);
    }
  }
  for (int i = 1; i < n; ++i) {
    // Exact: c[i-1] is rest rounded to 53 bits, so the difference fits rest's precision.
    mpfr_sub_d(rest.get(), rest.get(), c[i - 1], MPFR_RNDN);
    c[i] = mpfr_get_d(rest.get(), MPFR_RNDN);
    if (c[i] == 0) return;
  }
}

void components_from_string(const std::string& text, double* c, int n, const double* largest) {
  // 64 guard bits beyond the expansion's 53n keep the decimal rounding far below u.
  const core::mpfr_value x = core::mpfr_value::from_string(text, 53 * n + 64);
  components_from_mpfr(x.get(), c, n, largest);
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
  const dd_real largest = std::numeric_limits<dd_real>::max();
  const double top[2] = {largest.hi, largest.lo};
  double c[2] = {0, 0};
  detail::components_from_mpfr(x, c, 2, top);
  if (!std::isfinite(c[0])) return dd_real(c[0]);
  // A lo rounded up to exactly ulp(hi)/2 could break hi = fl(hi + lo); renormalise (no overflow:
  // the value is at most the largest dd_real).
  double lo = 0;
  const double hi = core::fast_two_sum(c[0], c[1], lo);
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

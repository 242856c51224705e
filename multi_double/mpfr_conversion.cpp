#include "multi_double/mpfr_conversion.hpp"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>

#include "core/eft.hpp"
#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"

namespace kamp::multi_double {

namespace {

// 64 bits beyond the span of any finite value of the formats, 2^1023 down to 2^-1074.
constexpr mpfr_prec_t text_bits = 1023 + 1074 + 1 + 64;

// The decimal rounded to odd at text_bits: truncated, then moved one unit away from zero where
// that left an even last bit. Rounding it to nearest on any grid at least two bits coarser
// (every component's, down to 2^-1074) gives what rounding the decimal would, and it lies
// above max() exactly when the decimal does, so nothing is rounded twice.
core::mpfr_value rounded_to_odd(const std::string& text) {
  bool exact = false;
  core::mpfr_value x = core::mpfr_value::from_string(text, text_bits, &exact, MPFR_RNDZ);
  if (!exact && mpfr_min_prec(x.get()) < text_bits) {
    if (mpfr_signbit(x.get()))
      mpfr_nextbelow(x.get());
    else
      mpfr_nextabove(x.get());
  }
  return x;
}

}  // namespace

namespace detail {

core::mpfr_value components_to_mpfr(const double* c, int n) {
  const core::widest_exponent_range range;
  if (!std::isfinite(c[0])) return core::mpfr_value(c[0], 53);
  // Exact: the precision spans the bits of the nonzero components (a subnormal's last bit is
  // 2^-1074).
  int top = INT_MIN, bottom = INT_MAX;
  for (int i = 0; i < n; ++i) {
    if (c[i] == 0) continue;
    top = std::max(top, std::ilogb(c[i]));
    bottom = std::min(bottom, std::max(std::ilogb(c[i]) - 52, -1074));
  }
  const mpfr_prec_t precision = top == INT_MIN ? 53 : std::max<mpfr_prec_t>(53, top - bottom + 2);
  core::mpfr_value sum(c[0], precision);
  for (int i = 1; i < n; ++i)
    if (c[i] != 0) mpfr_add_d(sum.get(), sum.get(), c[i], MPFR_RNDN);
  return sum;
}

void components_from_mpfr(mpfr_srcptr x, double* c, int n, const double* largest) {
  const core::widest_exponent_range range;
  for (int i = 0; i < n; ++i) c[i] = 0.0;
  // MPFR's exponent of [2^1023, 2^1024) is 1024: only there is the exact comparison needed.
  if (mpfr_regular_p(x) && mpfr_get_exp(x) >= 1024 &&
      (mpfr_get_exp(x) > 1024 || mpfr_cmpabs(x, components_to_mpfr(largest, n).get()) > 0)) {
    c[0] = mpfr_signbit(x) ? -HUGE_VAL : HUGE_VAL;
    return;
  }
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

void components_from_string(const std::string& text, double* c, int n, const double* largest) {
  components_from_mpfr(rounded_to_odd(text).get(), c, n, largest);
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
  if (!std::isfinite(c[0]) || c[0] == 0) return dd_real(c[0]);  // +-Inf, NaN, +-0 with lo = 0
  // A lo rounded up to exactly ulp(hi)/2 could break hi = fl(hi + lo); renormalise.
  double lo = 0;
  const double hi = core::fast_two_sum(c[0], c[1], lo);
  return dd_real(hi, lo);
}

dd_real dd_from_string(const std::string& text) { return dd_from_mpfr(rounded_to_odd(text).get()); }

std::string to_string(const dd_real& x) { return to_mpfr(x).to_exact_string(); }

}  // namespace kamp::multi_double

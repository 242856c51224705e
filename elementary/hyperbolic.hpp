#pragma once
// sinh, cosh, tanh and their inverses asinh, acosh, atanh of a multi-double format V, host and
// device, with their error bounds in units of u (elementary/exp.hpp says what u is). D_u below
// is the division's bound (3 u for dd_real's DWDivDW2, 2.01 u for the expansions' Newton
// quotient), R_u the square root's (0.625 u for dd_real, 1.51 u for the expansions).
//
// sinh and cosh of a = |x|. Past a_big = 0.35 (p + 2) + 1 (so that exp(-2a) < u / 4), both are
// exp(a) / 2, formed as exp(a - k ln 2) 2^(k - 1) so that results up to max() do not overflow
// on the way: (B_exp + 0.25) u. Below it: sinh = (E + E / (E + 1)) / 2 with E = expm1(a) >= 0 (no
// cancellation at any a): (B_expm1 + D_u + 2) u; cosh = (e + 1 / e) / 2 with e = exp(a):
// (B_exp + D_u + 1) u.
// tanh of a: E / (E + 2) with E = expm1(2a): (B_expm1 + D_u + 1) u; 1 past 0.35 (p + 4), where
// 1 - tanh a = 2 / (exp(2a) + 1) < u / 4.
// asinh of a: log1p(a + a^2 / (1 + sqrt(1 + a^2))), whose argument is within (4 + R_u + D_u) u
// and log1p's condition at most 1: (B_log1p + 4 + R_u + D_u) u; log(a) + ln 2 past 2^(p/2 + 2).
// acosh of x >= 1: t = x - 1, log1p(t + sqrt(t (t + 2))), the argument within (4 + R_u) u:
// (B_log1p + 4 + R_u) u; log(x) + ln 2 past 2^(p/2 + 2).
// atanh of a < 1: log1p(2a / (1 - a)) / 2, the argument within (1 + D_u) u: (B_log1p + 1 + D_u) u.
// Below 2^-(p/2 + 4) (tiny_argument) sinh, tanh, asinh and atanh return x: the next term, x^3/6
// or x^3/3, is below 2^-(p+8) relative.
// Special values as C's Annex F: sinh, tanh, asinh, atanh odd (+-0 kept), cosh(+-Inf) = +Inf,
// tanh(+-Inf) = +-1, acosh(1) = +0, acosh(x < 1) = NaN, atanh(+-1) = +-Inf, atanh(|x| > 1) = NaN.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "elementary/exp.hpp"
#include "elementary/log.hpp"
#include "elementary/multi_double_access.hpp"

namespace kamp::elementary {

namespace detail {

// The a past which exp(-2a) < u / 4: sinh a = cosh a = exp(a) / 2 to the format's precision.
template <class V>
KOKKOS_INLINE_FUNCTION constexpr double exp_dominates_from() {
  return 0.35 * (shape<V>::precision + 2) + 1;
}

// exp(a) / 2 for a >= 0, finite up to a = 710.47 (where it reaches max()).
template <class V>
KOKKOS_INLINE_FUNCTION V half_exp(const V& a) {
  if (!(lead(a) < 746.0)) return V(HUGE_VAL);
  int k = 0;
  const V y = exp_reduced(a, k);
  return times_power_of_two(y, k - 1);
}

// sign(x) r, for r >= 0 (keeps -0).
template <class V>
KOKKOS_INLINE_FUNCTION V with_sign_of(const V& x, const V& r) {
  return lead(x) < 0 || (lead(x) == 0 && std::signbit(lead(x))) ? -r : r;
}

}  // namespace detail

template <class V>
constexpr double sinh_bound() {
  return expm1_bound<V>() + detail::division_bound<V>() + 2;
}
template <class V>
constexpr double cosh_bound() {
  return exp_bound<V>() + detail::division_bound<V>() + 1;
}
template <class V>
constexpr double tanh_bound() {
  return expm1_bound<V>() + detail::division_bound<V>() + 1;
}
template <class V>
constexpr double asinh_bound() {
  return log1p_bound<V>() + 4 + detail::root_bound<V>() + detail::division_bound<V>();
}
template <class V>
constexpr double acosh_bound() {
  return log1p_bound<V>() + 4 + detail::root_bound<V>();
}
template <class V>
constexpr double atanh_bound() {
  return log1p_bound<V>() + 1 + detail::division_bound<V>();
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V sinh(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0) || std::isinf(x0)) return x;
  const V a = multi_double::abs(x);
  if (std::fabs(x0) > detail::exp_dominates_from<V>()) return detail::with_sign_of(x, detail::half_exp(a));
  const V e = expm1(a);
  const V s = multi_double::add(e, detail::divide(e, multi_double::add(e, V(1.0))));
  return detail::with_sign_of(x, detail::times_power_of_two(s, -1));
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V cosh(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0)) return x;
  const V a = multi_double::abs(x);
  if (std::fabs(x0) > detail::exp_dominates_from<V>()) return detail::half_exp(a);
  const V e = exp(a);
  return detail::times_power_of_two(multi_double::add(e, detail::divide(V(1.0), e)), -1);
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V tanh(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0)) return x;
  if (std::fabs(x0) > 0.35 * (detail::shape<V>::precision + 4)) return V(x0 > 0 ? 1.0 : -1.0);
  const V e = expm1(detail::twice(multi_double::abs(x)));
  return detail::with_sign_of(x, detail::divide(e, multi_double::add(e, V(2.0))));
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V asinh(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0) || std::isinf(x0)) return x;
  const V a = multi_double::abs(x), one(1.0);
  if (std::fabs(x0) > std::ldexp(1.0, detail::shape<V>::precision / 2 + 2)) {
    return detail::with_sign_of(x, multi_double::add(log(a), detail::constant<V>(detail::ln2_table{})));
  }
  const V a2 = multi_double::mul(a, a);
  const V w = detail::divide(a2, multi_double::add(one, detail::root(multi_double::add(one, a2))));
  return detail::with_sign_of(x, log1p(multi_double::add(a, w)));
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V acosh(const V& x) {
  const double x0 = detail::lead(x);
  const V one(1.0);
  if (std::isnan(x0) || x0 == HUGE_VAL) return x;
  if (x < one) return V(NAN);
  if (x0 > std::ldexp(1.0, detail::shape<V>::precision / 2 + 2)) {
    return multi_double::add(log(x), detail::constant<V>(detail::ln2_table{}));
  }
  const V t = multi_double::sub(x, one);
  if (detail::lead(t) == 0) return V(0.0);
  const V r = detail::root(multi_double::mul(t, multi_double::add(t, V(2.0))));
  return log1p(multi_double::add(t, r));
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V atanh(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0)) return x;
  const V a = multi_double::abs(x), one(1.0);
  if (one < a) return V(NAN);
  if (a == one) return V(x0 > 0 ? HUGE_VAL : -HUGE_VAL);
  const V q = detail::divide(detail::twice(a), multi_double::sub(one, a));
  return detail::with_sign_of(x, detail::times_power_of_two(log1p(q), -1));
}

}  // namespace kamp::elementary

#pragma once
// sin, cos, tan and sincos of a multi-double format V, host and device, with their error bounds in
// units of u (elementary/exp.hpp says what u is).
//
// Algorithm. x = (4 M + q) pi/2 + r with |r| <= pi/4 (elementary/trig_reduction.hpp; x itself
// where |x_0| < 0.785). Then h = r 2^-j and the series sin h = h S(h^2), S(z) = sum (-1)^k z^k /
// (2k+1)!, and 1 - cos h = z Q(z), Q(z) = sum (-1)^k z^k / (2k+2)!, by Horner's rule on the
// precision ladder (elementary/series.hpp), and j doublings with v = 1 - cos:
// sin 2a = 2 sin a (1 - v(a)) (one fused product-sum), v(2a) = 2 sin^2 a (one product), neither
// cancelling. cos r = 1 - v(r) >= 0.707, and the quadrant q picks +-sin r or +-cos r.
// j = floor(sqrt(p) / 2) as for exp, and the series stop where their remainder is below 2^-(p+6)
// relative: 7, 9, 15 terms for dd_real, qd_real, expansion<8>. No libm call but exact scalings:
// the same bits on every backend.
//
// Bound. Let e_r be r's relative error (3.02 u after the reduction, 0 without it). The series:
// S within 1.01 u (|z| < 2^-10, so the terms past the first shrink each rounding), sin h within
// E_0 = e_r + 2.03 u (the product and the truncation), 1 - cos h within 2 e_r + 3.03 u <= 2 E_0 + u.
// A doubling maps E (sin) and e_v (v, at most 2 E + u) to E + w (e_v + u) + u, w = v / (1 - v), and
// 2 E + u: E_(i+1) <= (E_i + u)(1 + 2 w_i). The v at the doublings' inputs (angles up to 0.393,
// halving each step) give sum w_i <= 0.1085, so prod (1 + 2 w_i) <= 1.245 and
// sin r within 1.245 (e_r / u + 2.03 + j) u; cos r = 1 - v(r), v(r) / (1 - v(r)) <= 0.4153 at
// |r| <= 0.786: within (1.4153 + 1.0341 (e_r / u + 1.03 + j)) u. With e_r = 3.02 u: sin and cos
// within the larger of the two (12.5 u for dd_real, 15.0 u for qd_real, 18.8 u for
// expansion<8>); tan = sin r / cos r or -cos r / sin r, the two bounds plus the division's.
// Below 2^-(p/2 + 4) sin and tan return x (x^3 / 6 is below 2^-(p+8) relative), and a reduced
// r that small gives sin r = r, 1 - cos r = r^2 / 2.
//
// Special values as C's Annex F: sin and tan odd (+-0 kept), cos(+-0) = 1, NaN for +-Inf and NaN;
// tan is +-Inf where r rounds below 2^-1024 (|cos r / sin r| past max()).
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "core/out_of_line.hpp"
#include "elementary/constants.hpp"
#include "elementary/exp.hpp"
#include "elementary/multi_double_access.hpp"
#include "elementary/series.hpp"
#include "elementary/trig_reduction.hpp"

namespace kamp::elementary {

namespace detail {

// |r| up to which sin_versine holds its bound.
constexpr double trig_reduced_limit = 0.786;

template <class V>
struct trig_plan {
  static constexpr int doublings = exp_plan<V>::doublings;
  // The least n with z_max^n / (2n + 1)! <= 2^-(p+6), z_max = (0.786 2^-j)^2: S's remainder
  // (Q's, z^n / (2n + 2)! against Q's 1/2, is smaller).
  static constexpr int terms = [] {
    double z = trig_reduced_limit * trig_reduced_limit, target = 1.0;
    for (int i = 0; i < doublings; ++i) z /= 4;
    for (int i = 0; i < shape<V>::precision + 6; ++i) target /= 2;
    int n = 1;
    double remainder = z / 6;
    while (remainder > target) {
      ++n;
      remainder *= z / ((2 * n) * (2 * n + 1));
    }
    return n;
  }();
  // z_max^k / (2k + 1 + offset)!, times scale: the share of term k.
  static KOKKOS_INLINE_FUNCTION constexpr double share(int k, int offset, double scale) {
    double z = trig_reduced_limit * trig_reduced_limit, s = scale;
    for (int i = 0; i < doublings; ++i) z /= 4;
    for (int i = 1; i <= k; ++i) s *= z / ((2 * i + offset) * (2 * i + 1 + offset));
    return s;
  }
  static_assert(2 * terms < constants::inverse_factorial_count, "the series needs more coefficients");
};

// (-1)^k / n! in L.
template <class L>
KOKKOS_INLINE_FUNCTION L signed_inverse_factorial(int k, int n) {
  const L c = constant<L>(inverse_factorial_table{n});
  return k % 2 == 0 ? c : -c;
}

// S(z) = sum (-1)^k z^k / (2k+1)! and Q(z) = sum (-1)^k z^k / (2k+2)! (about 1/2), for horner.
struct sine_series {
  static constexpr int last = 0;
  template <class V>
  static KOKKOS_INLINE_FUNCTION constexpr int bits(int k) {
    return bits_for_share<V>(trig_plan<V>::share(k, 0, 1.0));
  }
  template <class L>
  static KOKKOS_INLINE_FUNCTION L coefficient(int k) {
    return signed_inverse_factorial<L>(k, 2 * k + 1);
  }
};
struct versine_series {
  static constexpr int last = 0;
  template <class V>
  static KOKKOS_INLINE_FUNCTION constexpr int bits(int k) {
    return bits_for_share<V>(trig_plan<V>::share(k, 1, 1.0));  // 1 / (2k+2)! against Q's 1/2
  }
  template <class L>
  static KOKKOS_INLINE_FUNCTION L coefficient(int k) {
    return signed_inverse_factorial<L>(k, 2 * k + 2);
  }
};

// s = sin r and v = 1 - cos r for |r| <= trig_reduced_limit, within the bounds above.
template <class V>
KAMP_OUT_OF_LINE_FUNCTION void sin_versine(const V& r, V& s, V& v) {
  if (tiny_argument<V>(lead(r))) {
    s = r;
    v = multi_double::mul(multi_double::mul(r, r), 0.5);
    return;
  }
  using plan = trig_plan<V>;
  const V h = times_power_of_two(r, -plan::doublings);
  const V z = multi_double::mul(h, h);
  s = multi_double::mul(h, horner<V, sine_series, plan::terms - 1>(z));
  v = multi_double::mul(z, horner<V, versine_series, plan::terms - 1>(z));
  for (int i = 0; i < plan::doublings; ++i) {
    const V t = twice(s);
    const V doubled_v = multi_double::mul(t, s);
    s = fused(-t, v, t);
    v = doubled_v;
  }
}

// sin r and cos r of finite x = (4 M + q) pi/2 + r; returns q. Out of line: sin, cos, tan and
// sincos in one kernel share it.
template <class V>
KAMP_OUT_OF_LINE_FUNCTION int sin_cos_of_reduced(const V& x, V& sin_r, V& cos_r) {
  int q = 0;
  V r = x;
  if (!(std::fabs(lead(x)) < 0.785)) r = reduce_quarter_turns(x, q);
  V v;
  sin_versine(r, sin_r, v);
  cos_r = multi_double::sub(V(1.0), v);
  return q;
}

}  // namespace detail

// The bounds above, in units of u; e_r is the reduced argument's relative error in u.
template <class V>
constexpr double sin_reduced_bound(double e_r) {
  return 1.245 * (e_r + 2.03 + detail::trig_plan<V>::doublings);
}
template <class V>
constexpr double cos_reduced_bound(double e_r) {
  return 1.4153 + 1.0341 * (e_r + 1.03 + detail::trig_plan<V>::doublings);
}
template <class V>
constexpr double sin_bound() {
  const double s = sin_reduced_bound<V>(3.02), c = cos_reduced_bound<V>(3.02);
  return s > c ? s : c;
}
template <class V>
constexpr double cos_bound() {
  return sin_bound<V>();
}
template <class V>
constexpr double tan_bound() {
  return sin_reduced_bound<V>(3.02) + cos_reduced_bound<V>(3.02) + detail::division_bound<V>();
}

// s = sin x and c = cos x from one reduction.
template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION void sincos(const V& x, V& s, V& c) {
  const double x0 = detail::lead(x);
  if (!std::isfinite(x0)) {
    s = c = std::isnan(x0) ? x : V(NAN);
    return;
  }
  V sin_r, cos_r;
  switch (detail::sin_cos_of_reduced(x, sin_r, cos_r)) {
    case 0:
      s = sin_r;
      c = cos_r;
      break;
    case 1:
      s = cos_r;
      c = -sin_r;
      break;
    case 2:
      s = -sin_r;
      c = -cos_r;
      break;
    default:
      s = -cos_r;
      c = sin_r;
  }
  if (detail::tiny_argument<V>(x0)) s = x;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V sin(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0)) return x;
  V s, c;
  sincos(x, s, c);
  return s;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V cos(const V& x) {
  V s, c;
  sincos(x, s, c);
  return c;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V tan(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0)) return x;
  if (std::isinf(x0)) return V(NAN);
  V sin_r, cos_r;
  const int q = detail::sin_cos_of_reduced(x, sin_r, cos_r);
  if (q % 2 == 0) return detail::divide(sin_r, cos_r);
  if (!(std::fabs(detail::lead(sin_r)) > 0x1p-1024))  // |cos r / sin r| past max()
    return V(std::signbit(detail::lead(sin_r)) ? HUGE_VAL : -HUGE_VAL);
  return -detail::divide(cos_r, sin_r);
}

}  // namespace kamp::elementary

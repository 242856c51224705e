#pragma once
// atan2, atan, asin and acos of a multi-double format V, host and device, with their error bounds
// in units of u (elementary/exp.hpp says what u is; elementary/trig.hpp gives B_sin(e) and
// B_cos(e), sin's and cos's bounds on a reduced argument within e u).
//
// Algorithm. atan2(y, x) from the octant: a >= b >= 0 the larger and smaller of |x| and |y|,
// both scaled by one power of two (exact, the larger to [1, 2)), theta = atan(b / a) in
// [0, pi/4]; then pi/2 - theta where |y| > |x|, pi - that where x < 0, and y's sign. theta by
// Newton's iteration on tan: with s = sin theta_n and c = cos theta_n (trig.hpp's kernel, no
// reduction on [0, 0.786]), tan(theta - theta_n) = (b c - a s) / (a c + b s), so
// theta_(n+1) = theta_n + (b c - a s) / (a c + b s) leaves tan d - d, at most d^3 / 3, of an
// error d: the bits triple. The start is the double atan(b_0 / a_0) from three halvings
// t / (1 + sqrt(1 + t^2)) and the series to t^17 / 17 (within 2^-48; IEEE division and square
// root, correctly rounded on every backend); the steps run on the precision ladder, the last in
// V: 1 for dd_real, 2 for qd_real and expansion<8>. Below 2^-(p/2 + 4), b / a itself.
//
// Bound. In the last step the numerator's roundings and s's and c's errors are at most
// rho sin(theta) cos(theta) (B_sin(0) + B_cos(0) + 2) u for rho = |(a, b)|, the denominator
// rho (1 + O(u)), so the step and its sum add at most (B_sin(0) + B_cos(0) + 3) u theta
// (sin(theta) cos(theta) <= theta), and d^3 / 3 adds below 2^-(p+3): the octant's
// E = (B_sin(0) + B_cos(0) + 3.13) u. pi/2 - theta (>= pi/4; the constant within u) adds 3 u,
// pi - that (>= pi/2) 3 u more: atan2 and atan within E + 6 u. asin x = atan2(x, sqrt((1 - x)(1 + x)))
// and acos x = atan2(sqrt((1 - x)(1 + x)), x): the root's argument is within 3 u, the root
// within 1.5 u + R_u, and a relative change e of either argument of atan2 changes the angle by
// at most e relative (|x y| / (x^2 + y^2) <= |atan2(y, x)|): (E + 7.5) u + R_u.
//
// Special values as C's Annex F: atan2(+-0, x) = +-0 for x > 0 or x = +0, +-pi for x < 0 or
// x = -0; atan2(y, +-0) = +-pi/2 for y != 0; atan2(+-y, +Inf) = +-0 and atan2(+-y, -Inf) = +-pi
// for finite y; atan2(+-Inf, x) = +-pi/2 for finite x, +-pi/4 for x = +Inf, +-3pi/4 for x = -Inf;
// NaN if either is NaN. atan, asin odd (+-0 kept), atan(+-Inf) = +-pi/2, asin and acos NaN past
// |x| = 1, acos(1) = +0.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "core/out_of_line.hpp"
#include "core/rounding.hpp"
#include "core/unroll.hpp"
#include "elementary/exp.hpp"
#include "elementary/multi_double_access.hpp"
#include "elementary/trig.hpp"
#include "elementary/trig_reduction.hpp"

namespace kamp::elementary {

namespace detail {

// atan(t) in double for t = 0 and t in [2^-900, 1] (octant_atan's range, above the tiny
// arguments), within 2^-48 relative (above).
KOKKOS_INLINE_FUNCTION double atan_start(double t) {
  KAMP_UNROLL
  for (int i = 0; i < 3; ++i) t = t / core::add_rn(1.0, std::sqrt(core::fma_rn(t, t, 1.0)));
  const double z = core::mul_rn(t, t);
  double p = 1.0 / 17;
  KAMP_UNROLL
  for (int k = 15; k >= 1; k -= 2) p = core::fma_rn(-z, p, 1.0 / k);
  return 8 * core::mul_rn(t, p);
}

template <class V>
struct atan_plan {
  // The bits after step i: 48, then 3 b + 1.5 (d^3 / 3).
  static KOKKOS_INLINE_FUNCTION constexpr int bits_after(int steps) {
    double bits = 48;
    for (int i = 0; i < steps; ++i) bits = 3 * bits + 1.5;
    return static_cast<int>(bits);
  }
  static constexpr int newton_steps = [] {
    int steps = 0;
    while (bits_after(steps) < shape<V>::precision + 3) ++steps;
    return steps;
  }();
};

// Newton step `Step` from theta (a double or a ladder type below V) towards atan(b / a), each
// step but the last in the fewest components (at least two) that hold its result.
template <class V, int Step, class Y>
KOKKOS_INLINE_FUNCTION V atan_newton_from(const Y& theta, const V& b, const V& a) {
  constexpr bool last = Step + 1 == atan_plan<V>::newton_steps;
  using L = newton_step_t<V, last, atan_plan<V>::bits_after(Step + 1) + 8>;
  const L t = recast<L>(theta), bl = recast<L>(b), al = recast<L>(a);
  L s, v;
  sin_versine(t, s, v);
  const L c = multi_double::sub(L(1.0), v);
  const L numerator = fused(bl, c, -multi_double::mul(al, s));
  const L denominator = fused(al, c, multi_double::mul(bl, s));
  const L next = multi_double::add(t, divide(numerator, denominator));
  if constexpr (last) {
    return recast<V>(next);
  } else {
    return atan_newton_from<V, Step + 1>(next, b, a);
  }
}

// atan(b / a) for finite 0 <= b <= a, a > 0.
template <class V>
KAMP_OUT_OF_LINE_FUNCTION V octant_atan(const V& b, const V& a) {
  const double t = lead(b) / lead(a);
  if (tiny_argument<V>(t)) return divide(b, a);
  return atan_newton_from<V, 0>(atan_start(t), b, a);
}

// sqrt((1 - x)(1 + x)) for |x| <= 1.
template <class V>
KOKKOS_INLINE_FUNCTION V cosine_of_arcsine(const V& x) {
  const V one(1.0);
  const V square = multi_double::mul(multi_double::sub(one, x), multi_double::add(one, x));
  return lead(square) == 0 ? V(0.0) : root(square);
}

}  // namespace detail

// The bounds above, in units of u.
template <class V>
constexpr double atan2_bound() {
  return sin_reduced_bound<V>(0) + cos_reduced_bound<V>(0) + 3.13 + 6;
}
template <class V>
constexpr double atan_bound() {
  return atan2_bound<V>();
}
template <class V>
constexpr double asin_bound() {
  return atan2_bound<V>() + 1.5 + detail::root_bound<V>();
}
template <class V>
constexpr double acos_bound() {
  return asin_bound<V>();
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V atan2(const V& y, const V& x) {
  const double y0 = detail::lead(y), x0 = detail::lead(x);
  if (std::isnan(y0) || std::isnan(x0)) return V(NAN);
  const bool x_negative = std::signbit(x0);
  V theta;
  if (y0 == 0) {
    theta = x_negative ? detail::pi_times_power_of_two<V>(0) : V(0.0);
  } else if (std::isinf(y0)) {
    const V quarter = detail::pi_times_power_of_two<V>(-2);
    theta = !std::isinf(x0) ? detail::pi_times_power_of_two<V>(-1)
            : x_negative    ? multi_double::sub(detail::pi_times_power_of_two<V>(0), quarter)
                            : quarter;
  } else if (x0 == 0) {
    theta = detail::pi_times_power_of_two<V>(-1);
  } else if (std::isinf(x0)) {
    theta = x_negative ? detail::pi_times_power_of_two<V>(0) : V(0.0);
  } else {
    const int e = std::ilogb(x0) > std::ilogb(y0) ? std::ilogb(x0) : std::ilogb(y0);
    const V a = detail::times_power_of_two(multi_double::abs(x), -e);
    const V b = detail::times_power_of_two(multi_double::abs(y), -e);
    const bool swap = a < b;
    theta = swap ? detail::octant_atan(a, b) : detail::octant_atan(b, a);
    if (swap) theta = multi_double::sub(detail::pi_times_power_of_two<V>(-1), theta);
    if (x_negative) theta = multi_double::sub(detail::pi_times_power_of_two<V>(0), theta);
  }
  return std::signbit(y0) ? -theta : theta;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V atan(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0)) return x;
  return atan2(x, V(1.0));
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V asin(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || detail::tiny_argument<V>(x0)) return x;
  if (V(1.0) < multi_double::abs(x)) return V(NAN);
  return atan2(x, detail::cosine_of_arcsine(x));
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V acos(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0)) return x;
  if (V(1.0) < multi_double::abs(x)) return V(NAN);
  return atan2(detail::cosine_of_arcsine(x), x);
}

}  // namespace kamp::elementary

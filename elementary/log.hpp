#pragma once
// log, log1p, log2 and log10 of a multi-double format V, host and device, with their error
// bounds in units of u (elementary/exp.hpp says what u is).
//
// Algorithm. x = f 2^e with f in [1/sqrt 2, sqrt 2) (an exact scaling), log x = e ln 2 +
// log1p(t), t = f - 1 in [-0.293, 0.415). log1p(t) = L from a double start y_0 within 2^-50 of
// it (2 atanh(t_0 / (2 + t_0)) by its series to z^10 / 21, z = s^2 <= 0.0295; t_0 is within
// 2^-52 of t), by one of two iterations on expm1 (|y| <= 0.347, so expm1_reduced without a
// reduction), whichever needs fewer steps to p + 3 bits (p = shape<V>::precision):
// - Halley's, y <- y + 2 (t - E) / (2 + t + E), E = expm1(y): with y = L + h the correction is
//   -2 tanh(h / 2), leaving h^3 / 12, a relative error r -> r^3 L^2 / 12 <= 0.0101 r^3 (bits
//   b -> 3 b + 6): one step for dd_real, two for qd_real and expansion<8>;
// - Newton's, y <- y + (1 + t) exp(-y) - 1 = y + (t + m (1 + t)), m = expm1(-y), leaving h^2 / 2:
//   r -> 0.175 r^2 (b -> 2 b + 2.5), cheaper a step (no division): two steps for expansion<3>,
//   where Halley's would need as many.
// Each step but the last works in the fewest components (at least two) that hold what it
// reaches, the last in V. No libm call: the same bits on every backend.
//
// Bound. The last step, B_m = (2.07 j + 1.74) u the bound of expm1_reduced, |t| <= 1.195 |L|
// and |t / (1 + t)| = |1 - exp(-L)| <= 1.195 |L| on the range.
// Newton: with m^ = m (1 + e_m), the fused m (1 + t) and the sum with t differ from t + m (1 + t)
// by at most |m| (1 + t)(e_m + u) + |t m| u <= |t| (e_m + 1.42 u) (|m| (1 + t) is about |t|):
// within 1.195 (B_m + 1.42) u + u + 2^-(p+3).
// Halley: with E^ = E (1 + e_m), 2 (t - E^) is within 2 |E| e_m + 2 u |t - E| of 2 (t - E), the
// denominator D = 2 + t + E (at least 1.41) within 2.01 u, the quotient within division_bound
// (at most 3 u): the correction c (|c| <= 2^-48 |L|) is within 2 |E| e_m / D + 8 u |c|, and
// |E| / D <= |t| / (2 (1 + t)) (1 + 2^-48), so within 1.196 e_m |L| + 2^-45 u |L|; the last sum
// adds u: within 1.196 B_m u + 1.01 u + 2^-(p+3), below Newton's.
// log1p_reduced is within the larger, (2.48 j + 4.91) u: 17.3 u for dd_real, 22.3 u for qd_real,
// 29.7 u for expansion<8>.
// log: e ln 2 within 2.01 u (the constant and the product), |e ln 2| <= 2 |log x| and |log1p t|
// <= |log x| where e != 0, plus the sum: (B_1 + 5.03) u. log2: e exact, log1p(t) / ln 2 within
// (B_1 + 2.01) u and at most |log2 x|: (B_1 + 3.02) u. log10 = log x / ln 10: (B_log + 2.01) u.
// log1p of |x| < 2^-(p/2 + 4): x - x^2/2 (x^3/3 below 2^-(p+8) relative), within 1.01 u.
// log1p outside [-0.2928, 0.4142]: log(1 + x), the sum's rounding u |1 + x| becomes at most u
// in the logarithm, which is at least 0.3466 there: (B_log + 2.89) u.
//
// Special values: log(+-0) = -Inf, log(x < 0) = NaN, log(+Inf) = +Inf, log(1) = +0, NaN gives
// NaN; log2 of a power of two is exact; log1p(+-0) = +-0, log1p(-1) = -Inf, log1p(x < -1) = NaN.
// Subnormal x: the scaling by 2^-e is exact, so the bounds hold down to the smallest double.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "core/rounding.hpp"
#include "core/unroll.hpp"
#include "elementary/constants.hpp"
#include "elementary/exp.hpp"
#include "elementary/multi_double_access.hpp"

namespace kamp::elementary {

namespace detail {

struct inv_ln2_table {
  KOKKOS_INLINE_FUNCTION double operator()(int i) const { return constants::inv_ln2(i); }
};
struct inv_ln10_table {
  KOKKOS_INLINE_FUNCTION double operator()(int i) const { return constants::inv_ln10(i); }
};

// The relative precision (bits) of y after `steps` steps from the start's 50.
constexpr double log_bits_after(int steps, bool halley) {
  double bits = 50;
  for (int i = 0; i < steps; ++i) bits = halley ? 3 * bits + 6 : 2 * bits + 2.5;
  return bits;
}

template <class V>
struct log_plan {
  static constexpr int steps_of(bool halley) {
    int steps = 0;
    while (log_bits_after(steps, halley) < shape<V>::precision + 3) ++steps;
    return steps;
  }
  static constexpr bool halley = steps_of(true) < steps_of(false);
  static constexpr int steps = steps_of(halley);
  // The precision step `step` (from 0) reaches, which sizes the components it works in (its
  // roundings, a few units of their last place, leave the next step far more than it needs).
  static constexpr int bits_of_step(int step) { return static_cast<int>(log_bits_after(step + 1, halley)); }
};

// log1p(t) in double within 2^-50 for t in [-0.293, 0.415]: 2 atanh(s), s = t / (2 + t).
KOKKOS_INLINE_FUNCTION double log1p_start(double t) {
  const double s = t / core::add_rn(2.0, t);
  const double z = core::mul_rn(s, s);
  double q = 1.0 / 21;
  KAMP_UNROLL
  for (int k = 19; k >= 3; k -= 2) q = core::fma_rn(q, z, 1.0 / k);
  return 2 * core::fma_rn(core::mul_rn(s, z), q, s);
}

// Step `Step` of log1p_reduced from y (a double or a ladder type below V), in the fewest
// components (at least two) that hold the bits it reaches, the last in V.
template <class V, int Step, class Y>
KOKKOS_INLINE_FUNCTION V log1p_steps_from(const Y& y, const V& t) {
  using plan = log_plan<V>;
  constexpr bool last = Step + 1 == plan::steps;
  using L = newton_step_t<V, last, plan::bits_of_step(Step)>;
  const L yl = recast<L>(y), tl = recast<L>(t);
  L next;
  if constexpr (plan::halley) {
    const L e = expm1_reduced(yl);
    const L d = multi_double::add(multi_double::add(L(2.0), tl), e);
    next = multi_double::add(yl, divide(twice(multi_double::sub(tl, e)), d));
  } else {
    const L m = expm1_reduced(-yl);
    next = multi_double::add(yl, multi_double::add(tl, fused(tl, m, m)));
  }
  if constexpr (last) {
    return recast<V>(next);
  } else {
    return log1p_steps_from<V, Step + 1>(next, t);
  }
}

// log1p(t) for t in [-0.2929, 0.4143], within (2.48 j + 4.91) u (above).
template <class V>
KAMP_OUT_OF_LINE_FUNCTION V log1p_reduced(const V& t) {
  return log1p_steps_from<V, 0>(log1p_start(lead(t)), t);
}

// x = f 2^e with f in [1/sqrt 2, sqrt 2), for finite x > 0: returns t = f - 1.
template <class V>
KOKKOS_INLINE_FUNCTION V reduce_to_unit(const V& x, int& e) {
  e = std::ilogb(lead(x));
  V f = times_power_of_two(x, -e);
  if (lead(f) >= 0x1.6a09e667f3bcdp+0) {  // sqrt 2 rounded down
    f = times_power_of_two(f, -1);
    ++e;
  }
  return multi_double::sub(f, V(1.0));
}

// The special values of log, log2 and log10: true with the result in r for x <= 0, +Inf, NaN.
template <class V>
KOKKOS_INLINE_FUNCTION bool log_special(const V& x, V& r) {
  const double x0 = lead(x);
  if (x0 > 0 && x0 < HUGE_VAL) return false;
  r = std::isnan(x0) || x0 == HUGE_VAL ? x : V(x0 == 0 ? -HUGE_VAL : NAN);
  return true;
}

}  // namespace detail

template <class V>
constexpr double log1p_reduced_bound() {
  return 2.48 * detail::exp_plan<V>::doublings + 4.91;
}
template <class V>
constexpr double log_bound() {
  return log1p_reduced_bound<V>() + 5.03;
}
template <class V>
constexpr double log1p_bound() {
  return log_bound<V>() + 2.89;
}
template <class V>
constexpr double log2_bound() {
  return log1p_reduced_bound<V>() + 3.02;
}
template <class V>
constexpr double log10_bound() {
  return log_bound<V>() + 2.01;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V log(const V& x) {
  V r;
  if (detail::log_special(x, r)) return r;
  int e = 0;
  const V l = detail::log1p_reduced(detail::reduce_to_unit(x, e));
  if (e == 0) return l;
  return multi_double::add(multi_double::mul(detail::constant<V>(detail::ln2_table{}), static_cast<double>(e)), l);
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V log2(const V& x) {
  V r;
  if (detail::log_special(x, r)) return r;
  int e = 0;
  const V l = multi_double::mul(detail::log1p_reduced(detail::reduce_to_unit(x, e)),
                                detail::constant<V>(detail::inv_ln2_table{}));
  if (e == 0) return l;
  return multi_double::add(V(static_cast<double>(e)), l);
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V log10(const V& x) {
  return multi_double::mul(log(x), detail::constant<V>(detail::inv_ln10_table{}));
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V log1p(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || x0 == 0 || x0 == HUGE_VAL) return x;
  if (detail::tiny_argument<V>(x0)) return detail::fused(x, multi_double::mul(x, -0.5), x);  // x - x^2/2
  if (x0 >= -0.2928 && x0 <= 0.4142) return detail::log1p_reduced(x);
  const V one(1.0);
  if (x < -one) return V(NAN);
  if (x == -one) return V(-HUGE_VAL);
  return log(multi_double::add(one, x));
}

}  // namespace kamp::elementary

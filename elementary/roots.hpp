#pragma once
// cbrt and hypot of a multi-double format V, host and device, with their error bounds in units of
// u (elementary/exp.hpp says what u is; R_u and D_u are the square root's and the division's,
// elementary/multi_double_access.hpp).
//
// cbrt. x = f 2^(3k) exactly with f in [1, 8); the double start y_0 by Newton's iteration on
// y^3 = f from 2 (from above, monotone; seven steps reach f^(1/3) to within 2^-50, IEEE
// arithmetic only), then Newton's steps y <- y + (f - y^3) / (3 y^2) on the precision ladder (the
// bits double: 2 steps for dd_real, 3 for qd_real, 4 for expansion<8>), the residual f - y^3 in one
// fused product-sum so that it does not cancel, and y 2^k. Bound: in the last step the residual is
// within 2 u f absolute (y^2's rounding and the fused one's product), which divided by 3 y^2 is
// (2/3) u y; the quotient's own error D_u is relative to the correction (below 2^-48 y), the sum
// adds u, and the step leaves (f - y^3)^2 / y^5 below 2^-(p+4): cbrt within 1.7 u. cbrt is odd
// (+-0, +-Inf kept); NaN gives NaN.
//
// hypot. a >= b the magnitudes of x and y, both scaled by one power of two so that a is in [1, 2)
// (exact, but where b's lower components fall into the subnormals); sqrt(a^2 + b^2) with b^2 a
// product and a^2 + b^2 one fused product-sum (within 2 u), the root (half that, plus R_u), then
// the scaling back (exact, or +Inf past max()): within (1.01 + R_u) u, plus the scaled product's
// floor where b's components fall below the normal range. hypot(+-Inf, y) = +Inf even for a NaN y,
// otherwise NaN gives NaN; hypot(x, +-0) = |x|.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "core/out_of_line.hpp"
#include "core/rounding.hpp"
#include "core/unroll.hpp"
#include "elementary/multi_double_access.hpp"

namespace kamp::elementary {

namespace detail {

// f^(1/3) in double for f in [1, 8), within 2^-50 relative (above).
KOKKOS_INLINE_FUNCTION double cbrt_start(double f) {
  double y = 2.0;
  KAMP_UNROLL
  for (int i = 0; i < 7; ++i) {
    const double y2 = core::mul_rn(y, y);
    y = core::add_rn(y, (f - core::mul_rn(y2, y)) / core::mul_rn(3.0, y2));
  }
  return y;
}

// The bits after Newton step i from the double start: 50, then 2 b - 2.
KOKKOS_INLINE_FUNCTION constexpr int cbrt_bits_after(int steps) {
  int bits = 50;
  for (int i = 0; i < steps; ++i) bits = 2 * bits - 2;
  return bits;
}
template <class V>
constexpr int cbrt_steps = [] {
  int steps = 0;
  while (cbrt_bits_after(steps) < shape<V>::precision + 4) ++steps;
  return steps;
}();

// Newton step `Step` towards f^(1/3) from y (a double or a ladder type below V), each step but the
// last in the fewest components (at least two) that hold its result.
template <class V, int Step, class Y>
KOKKOS_INLINE_FUNCTION V cbrt_newton_from(const Y& y, const V& f) {
  constexpr bool last = Step + 1 == cbrt_steps<V>;
  using L = newton_step_t<V, last, cbrt_bits_after(Step + 1)>;
  const L yl = recast<L>(y), fl = recast<L>(f);
  const L square = multi_double::mul(yl, yl);
  const L residual = fused(-square, yl, fl);  // f - y^3
  const L next = multi_double::add(yl, divide(residual, multi_double::mul(square, 3.0)));
  if constexpr (last) {
    return recast<V>(next);
  } else {
    return cbrt_newton_from<V, Step + 1>(next, f);
  }
}

// cbrt of finite a > 0.
template <class V>
KAMP_OUT_OF_LINE_FUNCTION V positive_cbrt(const V& a) {
  const int e = std::ilogb(lead(a));
  const int k = (e >= 0 ? e : e - 2) / 3;  // floor(e / 3)
  const V f = times_power_of_two(a, -3 * k);
  return times_power_of_two(cbrt_newton_from<V, 0>(cbrt_start(lead(f)), f), k);
}

}  // namespace detail

template <class V>
constexpr double cbrt_bound() {
  return 1.7;
}
template <class V>
constexpr double hypot_bound() {
  return 1.01 + detail::root_bound<V>();
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V cbrt(const V& x) {
  const double x0 = detail::lead(x);
  if (!std::isfinite(x0) || x0 == 0) return x;
  const V r = detail::positive_cbrt(multi_double::abs(x));
  return x0 < 0 ? -r : r;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V hypot(const V& x, const V& y) {
  const double x0 = detail::lead(x), y0 = detail::lead(y);
  if (std::isinf(x0) || std::isinf(y0)) return V(HUGE_VAL);
  if (std::isnan(x0) || std::isnan(y0)) return V(NAN);
  if (y0 == 0) return std::signbit(x0) ? -x : x;  // |x|, +0 for -0
  if (x0 == 0) return std::signbit(y0) ? -y : y;
  const int e = std::ilogb(x0) > std::ilogb(y0) ? std::ilogb(x0) : std::ilogb(y0);
  V a = detail::times_power_of_two(multi_double::abs(x), -e);
  V b = detail::times_power_of_two(multi_double::abs(y), -e);
  if (a < b) {
    const V t = a;
    a = b;
    b = t;
  }
  const V root = detail::root(detail::fused(a, a, multi_double::mul(b, b)));
  return detail::times_power_of_two(root, e);
}

}  // namespace kamp::elementary

#pragma once
// floor, ceil, trunc, round, ldexp and frexp of a multi-double format V, host and device: exact
// (no rounding error) wherever the result is representable, which every integer result of a
// finite x is, and ldexp's within the normal range.
//
// floor: where every component is an integer, x itself. Otherwise, for the first component c_i
// that is not one (|c_i| < 2^52 then), S = c_0 + ... + c_(i-1) + floor(c_i), summed by the
// format's add, whose exact sums of an integer expansion and an integer double are exact (the
// format's add forms the exact sum before it extracts the components, and an integer that the
// components above it represent needs no more). The components below c_i are at most ulp(c_i)
// (1 + 2^-51) together, so x - S lies in (-1, 2): one comparison each way corrects S by 1 where
// they carry x past an integer (c_i = 1 - 2^-53 followed by 2^-53, for instance). ceil(x) =
// -floor(-x), trunc by the sign, round (halves away from zero) from r = floor(|x|) and the
// comparison of |x| - r (exact: the fractional components that are left) with 1/2.
// ldexp(x, n): x 2^n by exact scalings, n clamped to [-2200, 2200] (past which every finite
// nonzero x overflows or underflows); a result in the subnormals adds the product by a double's
// N(N + 3)/2 2^-1075. frexp(x, e): x = f 2^e with |f| in [1/2, 1), exact: e from the leading
// component, corrected by one where the lower components carry x across a power of two.
// Special values as C's Annex F: +-0, +-Inf and NaN are returned as they are (frexp's e = 0),
// and the signs of zero results follow x's (floor(-0.5) = -1, ceil(-0.5) = -0, trunc and round
// keep x's sign).
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "elementary/multi_double_access.hpp"

namespace kamp::elementary {

namespace detail {

// floor of finite x.
template <class V>
KOKKOS_INLINE_FUNCTION V floor_finite(const V& x) {
  constexpr int n = shape<V>::components;
  int i = 0;
  while (i < n && component_of(x, i) == std::floor(component_of(x, i))) ++i;
  if (i == n) return x;
  V s(std::floor(component_of(x, i)));
  for (int j = i - 1; j >= 0; --j) s = multi_double::add(s, V(component_of(x, j)));
  const V one(1.0);
  if (x < s) return multi_double::sub(s, one);
  const V next = multi_double::add(s, one);
  return next <= x ? next : s;
}

}  // namespace detail

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V floor(const V& x) {
  const double x0 = detail::lead(x);
  if (!std::isfinite(x0) || x0 == 0) return x;
  const V r = detail::floor_finite(x);
  return detail::lead(r) == 0 ? V(std::copysign(0.0, x0)) : r;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V ceil(const V& x) {
  const double x0 = detail::lead(x);
  if (!std::isfinite(x0) || x0 == 0) return x;
  const V r = -detail::floor_finite(-x);
  return detail::lead(r) == 0 ? V(std::copysign(0.0, x0)) : r;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V trunc(const V& x) {
  return detail::lead(x) < 0 ? ceil(x) : floor(x);
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V round(const V& x) {
  const double x0 = detail::lead(x);
  if (!std::isfinite(x0) || x0 == 0) return x;
  const V a = x0 < 0 ? -x : x;
  V r = detail::floor_finite(a);
  if (!(multi_double::sub(a, r) < V(0.5))) r = multi_double::add(r, V(1.0));  // a - r exact
  if (detail::lead(r) == 0) return V(std::copysign(0.0, x0));
  return x0 < 0 ? -r : r;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V ldexp(const V& x, int n) {
  const double x0 = detail::lead(x);
  if (!std::isfinite(x0) || x0 == 0) return x;
  return detail::times_power_of_two(x, n > 2200 ? 2200 : n < -2200 ? -2200 : n);
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V frexp(const V& x, int* e) {
  const double x0 = detail::lead(x);
  *e = 0;
  if (!std::isfinite(x0) || x0 == 0) return x;
  int k = std::ilogb(x0) + 1;
  V f = detail::times_power_of_two(x, -k);
  const V a = x0 < 0 ? -f : f;
  if (a < V(0.5)) {
    f = detail::twice(f);
    --k;
  } else if (!(a < V(1.0))) {
    f = detail::times_power_of_two(f, -1);
    ++k;
  }
  *e = k;
  return f;
}

}  // namespace kamp::elementary

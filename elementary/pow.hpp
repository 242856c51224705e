#pragma once
// pow(x, n) for an integer n of a multi-double format V, host and device, with its error bound in
// units of u (elementary/exp.hpp says what u is).
//
// Algorithm. x = f 2^e exactly, f in [1, 2); f^|n| by binary powering, each product and square
// brought back to [1, 2) by an exact power of two whose exponent is counted apart (a double,
// exact up to 2^53), so no intermediate overflows or underflows; for n < 0 the reciprocal; then
// the one scaling by 2^(e n + the counted exponent).
// Bound. A product of values within (a - 1) u and (b - 1) u of x^a and x^b is within
// (a + b - 1) u of x^(a + b) (to first order), so f^|n| is within (|n| - 1) u; the reciprocal adds
// D_u (3 u for dd_real, 2.01 u for the expansions): pow_bound(n) = (|n| - 1) u for n > 0,
// (|n| - 1 + D_u) u for n < 0. The final scaling is exact in the normal range; a result in the
// subnormals adds the product by a double's N(N + 3)/2 2^-1075. (The bound grows with |n|: that
// is the price of the exact input's rounding in each of the log2|n| squarings.)
// Special values as C's Annex F for pown: pow(x, 0) = 1 for every x, NaN included; pow(+-0, n)
// = +-0 (odd n > 0), +0 (even n > 0), +-Inf (odd n < 0), +Inf (even n < 0); pow(+-Inf, n) the
// same with the roles of 0 and Inf swapped; NaN otherwise gives NaN.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "elementary/hyperbolic.hpp"
#include "elementary/multi_double_access.hpp"

namespace kamp::elementary {

namespace detail {

// v = w 2^k with w in [1, 2): returns w, adds k to exponent.
template <class V>
KOKKOS_INLINE_FUNCTION V to_unit_binade(const V& v, double& exponent) {
  const int k = std::ilogb(lead(v));
  exponent += k;
  return times_power_of_two(v, -k);
}

}  // namespace detail

template <class V>
constexpr double pow_bound(long long n) {
  const double m = n < 0 ? -static_cast<double>(n) : static_cast<double>(n);
  return n == 0 ? 0.0 : m - 1 + (n < 0 ? detail::division_bound<V>() : 0.0);
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V pow(const V& x, long long n) {
  const double x0 = detail::lead(x);
  if (n == 0) return V(1.0);
  if (std::isnan(x0)) return x;
  const bool odd = (n % 2) != 0;
  const double sign = odd && std::signbit(x0) ? -1.0 : 1.0;
  if (x0 == 0 || std::isinf(x0)) {
    const bool large = (x0 == 0) == (n < 0);
    return V(std::copysign(large ? HUGE_VAL : 0.0, sign));
  }
  double exponent = 0;
  const V f = detail::to_unit_binade(multi_double::abs(x), exponent);
  const double base_exponent = exponent;
  exponent = 0;
  unsigned long long m = n < 0 ? 0ull - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  V result, square = f;
  double square_exponent = 0;
  bool first = true;  // the first factor is copied, not multiplied by 1 (an expansion's product rounds)
  while (true) {
    if (m & 1) {
      result = first ? square : detail::to_unit_binade(multi_double::mul(result, square), exponent);
      exponent += square_exponent;
      first = false;
    }
    m >>= 1;
    if (m == 0) break;
    square_exponent *= 2;  // square^2 2^(2 k), brought back to [1, 2)
    square = detail::to_unit_binade(multi_double::mul(square, square), square_exponent);
  }
  double total = base_exponent * static_cast<double>(n);
  if (n < 0) {
    result = detail::divide(V(1.0), result);
    exponent = -exponent;
  }
  total += exponent;
  // result in (0.5, 2): past these the scaled value is +-Inf or rounds to +-0.
  if (total > 1100) return V(sign * HUGE_VAL);
  if (total < -1100) return V(sign * 0.0);
  const V scaled = detail::times_power_of_two(result, static_cast<int>(total));
  return sign < 0 ? -scaled : scaled;
}

}  // namespace kamp::elementary

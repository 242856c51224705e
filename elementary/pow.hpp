#pragma once
// pow(x, n) for an integer n and pow(x, y) for a y of the format, of a multi-double format V, host
// and device, with their error bounds in units of u (elementary/exp.hpp says what u is).
//
// Algorithm. For |n| <= 16: x = f 2^e exactly, f in [1, 2); f^|n| by binary powering, each product and square
// brought back to [1, 2) by an exact power of two whose exponent is counted apart (a double,
// exact up to 2^53), so no intermediate overflows or underflows; for n < 0 the reciprocal; then
// the one scaling by 2^(e n + the counted exponent). Otherwise |x|^y = exp(y log|x|) in W, the
// format one component wider (expansion<3> for dd_real, expansion<N + 1> for expansion<N> up to
// N = 7; expansion<8> is the widest expansion, so it works in itself), rounded back to V, with
// x's sign where y is an odd integer.
// Bound. A product of values within (a - 1) u and (b - 1) u of x^a and x^b is within
// (a + b - 1) u of x^(a + b) (to first order), so f^|n| is within (|n| - 1) u; the reciprocal adds
// D_u (3 u for dd_real, 2.01 u for the expansions): (|n| - 1) u for n > 0, (|n| - 1 + D_u) u for
// n < 0. In W, t = y log|x| is within (B_log + 1) u_W |t|, an absolute error that exp turns into a
// relative one, and |t| < 746 where the result is finite and nonzero; exp adds B_exp u_W, and
// u_W <= 2^-52 u: with the rounding back to V (within 2 u) the wide path is within
// 2 u + (B_exp + 746 (B_log + 1)) 2^-52 u, below 2.01 u. For expansion<8> (W = V) it is
// (B_exp + 746 (B_log + 1)) u, about 2^15 u: 2^-401 relative, the bits a logarithm without a wider
// format leaves where |y log x| reaches 746. The final scaling is exact in the normal
// range; a result in the subnormals adds the product by a double's N(N + 3)/2 2^-1075.
// y is taken as an integer where every component is one (the form the formats' arithmetic gives
// an integer), and odd where the sum of the components' parities is.
// Special values as C's Annex F: pow(x, +-0) = 1 for every x, NaN included, and pow(1, y) = 1;
// pow(+-0, y) = +-0 (odd integer y > 0), +0 (other y > 0), +-Inf (odd integer y < 0), +Inf
// (other y < 0); pow(+-Inf, y) the same with the roles of 0 and Inf swapped; pow(-1, +-Inf) = 1,
// pow(x, -Inf) = +Inf for |x| < 1 and +0 for |x| > 1, pow(x, +Inf) the other way; a negative
// finite x with a finite y that is not an integer gives NaN, and NaN otherwise gives NaN.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "core/out_of_line.hpp"
#include "elementary/exp.hpp"
#include "elementary/hyperbolic.hpp"
#include "elementary/log.hpp"
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

// The format one component wider, and the way into it and back.
template <class V>
struct wider;
template <>
struct wider<dd_real> {
  using type = expansion<3>;
};
template <int N>
struct wider<expansion<N>> {
  using type = expansion<(N < 8 ? N + 1 : 8)>;  // expansion<8> is the widest there is
};
template <class V>
using wider_t = typename wider<V>::type;

KOKKOS_INLINE_FUNCTION expansion<3> widen(const dd_real& x) {
  expansion<3> w(x.hi);
  w.c[1] = x.lo;  // |lo| <= ulp(hi) / 2: a valid expansion
  return w;
}
template <int N>
KOKKOS_INLINE_FUNCTION wider_t<expansion<N>> widen(const expansion<N>& x) {
  return recast<wider_t<expansion<N>>>(x);
}
// Back to V within 2 u: dd_real's sums round within u_dd each; an expansion's prefix drops a
// component below 2^-52N of the lead.
template <class V>
KOKKOS_INLINE_FUNCTION V narrow(const wider_t<V>& w) {
  if constexpr (std::is_same<V, dd_real>::value) {
    return multi_double::add(multi_double::add(dd_real(w.c[0]), dd_real(w.c[1])), dd_real(w.c[2]));
  } else {
    return recast<V>(w);
  }
}

// |x|^y = exp(y log|x|) in the wider format, for finite x != 0 and finite y.
template <class V>
KAMP_OUT_OF_LINE_FUNCTION V power_through_logarithm(const V& x, const V& y) {
  using W = wider_t<V>;
  const W t = multi_double::mul(widen(y), log(widen(multi_double::abs(x))));
  return narrow<V>(exp(t));
}

// Whether every component of y is an integer, and the parity of their sum.
template <class V>
KOKKOS_INLINE_FUNCTION bool is_integer(const V& y, bool& odd) {
  odd = false;
  for (int i = 0; i < shape<V>::components; ++i) {
    const double c = component_of(y, i);
    if (c != std::nearbyint(c)) return false;
    odd = odd != (std::fabs(std::fmod(c, 2.0)) == 1.0);
  }
  return true;
}

// The binary powering for 0 < |n| <= largest_powered_exponent, finite x != 0.
constexpr long long largest_powered_exponent = 16;

}  // namespace detail

template <class V>
constexpr double pow_through_logarithm_bound() {
  using W = detail::wider_t<V>;
  if constexpr (std::is_same<W, V>::value) {  // expansion<8>: t's error is V's own
    return exp_bound<W>() + 746 * (log_bound<W>() + 1);
  } else {
    return 2 + (exp_bound<W>() + 746 * (log_bound<W>() + 1)) * 0x1p-52;
  }
}
template <class V>
constexpr double pow_bound(long long n) {
  const double m = n < 0 ? -static_cast<double>(n) : static_cast<double>(n);
  if (n == 0) return 0.0;
  if (m > detail::largest_powered_exponent) return pow_through_logarithm_bound<V>();
  return m - 1 + (n < 0 ? detail::division_bound<V>() : 0.0);
}
// pow(x, y)'s bound: the larger of the powering's (integers up to 16) and the wide path's.
template <class V>
constexpr double pow_real_bound() {
  const double powered = pow_bound<V>(-detail::largest_powered_exponent), wide = pow_through_logarithm_bound<V>();
  return powered > wide ? powered : wide;
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
  if (n > detail::largest_powered_exponent || n < -detail::largest_powered_exponent) {
    const V exponent = multi_double::add(V(std::ldexp(static_cast<double>(n >> 32), 32)),  // n exactly
                                         V(static_cast<double>(n & 0xffffffffLL)));
    const V r = detail::power_through_logarithm(x, exponent);
    return sign < 0 ? -r : r;
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

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V pow(const V& x, const V& y) {
  const double x0 = detail::lead(x), y0 = detail::lead(y);
  const V one(1.0);
  if (y0 == 0 || x == one) return one;
  if (std::isnan(x0) || std::isnan(y0)) return V(NAN);
  bool odd = false;
  const bool integer = std::isfinite(y0) && detail::is_integer(y, odd);
  if (std::isinf(y0)) {
    const V a = multi_double::abs(x);
    if (a == one) return one;
    return V((one < a) == (y0 > 0) ? HUGE_VAL : 0.0);
  }
  if (x0 == 0 || std::isinf(x0)) {
    const bool large = (x0 == 0) == (y0 < 0);
    return V(std::copysign(large ? HUGE_VAL : 0.0, odd && std::signbit(x0) ? -1.0 : 1.0));
  }
  if (x0 < 0 && !integer) return V(NAN);
  if (integer && std::fabs(y0) <= detail::largest_powered_exponent) return pow(x, static_cast<long long>(y0));
  const V r = detail::power_through_logarithm(x, y);
  return odd && x0 < 0 ? -r : r;
}

}  // namespace kamp::elementary

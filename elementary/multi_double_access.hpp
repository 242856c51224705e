#pragma once
// What the elementary functions need of a multi-double format beyond format_traits: its size, its
// leading component, a constant from elementary/constants.hpp cut to its length, exact scaling by
// powers of two over the whole exponent range, and a division (dd_real has one; the expansions get
// a Newton reciprocal here). One overload set for dd_real and expansion<N>, found by overloading;
// the functions above it are written once over V.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "core/rounding.hpp"
#include "core/unroll.hpp"
#include "multi_double/dd_arithmetic.hpp"
#include "multi_double/expansion.hpp"

namespace kamp::elementary::detail {

using multi_double::dd_real;
using multi_double::expansion;

template <class V>
struct shape;
template <>
struct shape<dd_real> {
  static constexpr int components = 2;
  // The precision the series and the Newton steps aim at: dd_real's operations are exact to
  // within 5u^2 = 2^-103.7 (mul), carried to 106 bits.
  static constexpr int precision = 106;
};
template <int N>
struct shape<expansion<N>> {
  static constexpr int components = N;
  static constexpr int precision = 52 * N;
};

template <>
struct shape<double> {
  static constexpr int components = 1;
  static constexpr int precision = 53;
};

template <class V>
struct is_multi_double : std::false_type {};
template <>
struct is_multi_double<dd_real> : std::true_type {};
template <int N>
struct is_multi_double<expansion<N>> : std::true_type {};

KOKKOS_INLINE_FUNCTION double lead(double x) { return x; }
KOKKOS_INLINE_FUNCTION double lead(const dd_real& x) { return x.hi; }
template <int N>
KOKKOS_INLINE_FUNCTION double lead(const expansion<N>& x) {
  return x.c[0];
}

// Component i of x (0 the leading one).
KOKKOS_INLINE_FUNCTION double component_of(const dd_real& x, int i) { return i == 0 ? x.hi : x.lo; }
template <int N>
KOKKOS_INLINE_FUNCTION double component_of(const expansion<N>& x, int i) {
  return x.c[i];
}

// The constant whose components table(0), table(1), ... gives, cut to V's length: within
// ulp of V's last component (elementary/constants.hpp builds the components so).
template <class V, class Table>
KOKKOS_INLINE_FUNCTION V constant(Table table) {
  if constexpr (std::is_same<V, double>::value) {
    return table(0);
  } else if constexpr (std::is_same<V, dd_real>::value) {
    return dd_real(table(0), table(1));
  } else {
    V v;
    KAMP_UNROLL
    for (int i = 0; i < shape<V>::components; ++i) v.c[i] = table(i);
    return v;
  }
}

// The precision ladder: V's family cut to m components, for work whose result needs fewer bits
// than V carries (the small terms of a series, the early Newton steps): a double for m = 1, V
// itself for m = V's size, expansion<m> between.
template <class V, int M>
using ladder_t = std::conditional_t<M == 1, double, std::conditional_t<M == shape<V>::components, V, expansion<M>>>;

// The components a value of about 2^-bits relative precision needs in V's family (1 .. V's size).
template <class V>
KOKKOS_INLINE_FUNCTION constexpr int components_for(int bits) {
  const int m = (bits + 51) / 52;
  return m < 1 ? 1 : m > shape<V>::components ? shape<V>::components : m;
}

// The type a Newton step works in: V for the last step; before it, the fewest components (at
// least two: a double step would lose what the iteration gains) that hold the `bits` it reaches.
template <class V, bool Last, int Bits>
using newton_step_t =
    ladder_t<V, Last ? shape<V>::components : (components_for<V>(Bits) < 2 ? 2 : components_for<V>(Bits))>;

// x's leading components as To (a prefix of an expansion is an expansion), or x widened with zero
// components; To and From of one family.
template <class To, class From>
KOKKOS_INLINE_FUNCTION To recast(const From& x) {
  if constexpr (std::is_same<To, From>::value) {
    return x;
  } else if constexpr (std::is_same<To, double>::value) {
    return lead(x);
  } else if constexpr (std::is_same<From, double>::value) {
    return To(x);
  } else {
    To r;
    KAMP_UNROLL
    for (int i = 0; i < shape<To>::components; ++i) r.c[i] = i < shape<From>::components ? x.c[i] : 0.0;
    return r;
  }
}

// 2^k as a double, for -1022 <= k <= 1023 (exact).
KOKKOS_INLINE_FUNCTION double two_to(int k) { return std::ldexp(1.0, k); }

// x 2^k for |k| <= 1000, exact while the result's components stay normal: dd_real's product by
// a double (exact for a power of two there, renormalised where lo rounds into the subnormals);
// an expansion's components one by one (a product by 2^k in the format's bins would round to
// within u), or its product by a double where the lead would overflow (+-Inf).
KOKKOS_INLINE_FUNCTION dd_real scale_once(const dd_real& x, int k) { return multi_double::mul(x, two_to(k)); }
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> scale_once(const expansion<N>& x, int k) {
  if (x.c[0] == 0) return x;  // every component is 0 (the invariant); ilogb(0) is INT_MIN
  if (!(std::fabs(x.c[0]) < 0x1p1022) || std::ilogb(x.c[0]) > 1022 - k) return multi_double::mul(x, two_to(k));
  const double f = two_to(k);
  expansion<N> r;
  KAMP_UNROLL
  for (int i = 0; i < N; ++i) r.c[i] = core::mul_rn(x.c[i], f);
  return r;
}

// x 2^k for k in [-2200, 2200], in steps of at most 2^1000: the step that brings x towards 1
// first, so that only the last one can round into the subnormals, where each component adds at
// most 2^-1075 and the invariant holds (a component rounds to at most the ulp of the one above,
// itself a point of the subnormal grid).
template <class V>
KOKKOS_INLINE_FUNCTION V times_power_of_two(V x, int k) {
  while (k > 1000 || k < -1000) {
    const int step = k > 0 ? 1000 : -1000;
    const int rest = k - step;
    if (rest > 1000 || rest < -1000) {
      x = scale_once(x, step);
      k = rest;
    } else {
      x = scale_once(x, rest);
      k = step;
    }
  }
  return scale_once(x, k);
}

// x 2 (exact, no overflow where the callers use it: |x| < 1).
KOKKOS_INLINE_FUNCTION dd_real twice(const dd_real& x) {
  return dd_real(core::mul_rn(x.hi, 2.0), core::mul_rn(x.lo, 2.0));
}
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> twice(const expansion<N>& x) {
  expansion<N> r;
  for (int i = 0; i < N; ++i) r.c[i] = core::mul_rn(x.c[i], 2.0);
  return r;
}

// a b + c within the fma contract (a b (1 + d1) + c)(1 + d2), |d1|, |d2| <= u: the expansions'
// fused fma; for dd_real the two roundings of add(mul), which meet it.
KOKKOS_INLINE_FUNCTION double fused(double a, double b, double c) { return core::fma_rn(a, b, c); }
KOKKOS_INLINE_FUNCTION dd_real fused(const dd_real& a, const dd_real& b, const dd_real& c) {
  return multi_double::add(multi_double::mul(a, b), c);
}
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> fused(const expansion<N>& a, const expansion<N>& b, const expansion<N>& c) {
  return multi_double::fma(a, b, c);
}

// The bounds of divide and root below, in units of V's u.
template <class V>
constexpr double division_bound() {
  return std::is_same<V, dd_real>::value ? 3.0 : 2.01;
}
template <class V>
constexpr double root_bound() {
  return std::is_same<V, dd_real>::value ? 0.625 : 1.51;
}

// a / b for finite a and b with b != 0 and a quotient inside the range.
// dd_real: DWDivDW2, within 15u^2 + 56u^3 = 3 u_dd (u_dd = 5u^2, format_traits' unit).
KOKKOS_INLINE_FUNCTION dd_real divide(const dd_real& a, const dd_real& b) { return multi_double::div(a, b); }

// Newton steps y <- y + y (1 - b y) from the double 1 / b_0 (relative error below 2^-51.4: b_0
// is within 2^-52 of b), each squaring it up to the fma's rounding, until y is within
// 2^-(26N + 8), then Markstein's
// correction q = a y + y (a - b (a y)): with y = (1 + h) / b and q0 = a y (1 + d), the exact
// q0 + y (a - b q0) is a / b (1 - h^2 - h d (1 + h)), and the residual's and the last fma's
// roundings add 2 u_N, so |q - a / b| <= (2 u_N + h^2 + h u_N)|a / b| <= 2.01 u_N |a / b|.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> divide(const expansion<N>& a, const expansion<N>& b) {
  const expansion<N> one(1.0), minus_b = -b;
  expansion<N> y(1.0 / b.c[0]);
  constexpr int steps = N <= 3 ? 1 : N <= 7 ? 2 : 3;  // 51.4 * 2^steps >= 26N + 8
  for (int i = 0; i < steps; ++i) y = multi_double::fma(y, multi_double::fma(minus_b, y, one), y);
  const expansion<N> q = multi_double::mul(a, y);
  return multi_double::fma(y, multi_double::fma(minus_b, q, a), q);
}

// sqrt(a) for finite a > 0.
// dd_real: SQRTDWtoDW, within 25/8 u^2 = 0.625 u_dd.
KOKKOS_INLINE_FUNCTION dd_real root(const dd_real& a) { return multi_double::sqrt(a); }

// Newton steps y <- y + y (1 - a y^2) / 2 from the double 1 / sqrt(a_0) (within 2^-51.4 of
// 1 / sqrt a, as for divide) until y is within 2^-(26N + 8), then s = a y and
// s + y (a - s^2) / 2: with y = (1 + h) / sqrt a and s0 = a y (1 + d), the exact correction leaves
// sqrt(a)(1 + O(h^2 + h d + d^2)), and the residual's rounding (u_N a) times y / 2 and the last
// fma's rounding add 1.5 u_N: within 1.51 u_N.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> root(const expansion<N>& a) {
  const expansion<N> one(1.0), minus_a = -a;
  expansion<N> y(1.0 / std::sqrt(a.c[0]));
  constexpr int steps = N <= 3 ? 1 : N <= 7 ? 2 : 3;
  for (int i = 0; i < steps; ++i) {
    const expansion<N> residual = multi_double::fma(minus_a, multi_double::mul(y, y), one);  // 1 - a y^2
    y = multi_double::fma(multi_double::mul(y, 0.5), residual, y);
  }
  const expansion<N> s = multi_double::mul(a, y);
  return multi_double::fma(multi_double::mul(y, 0.5), multi_double::fma(-s, s, a), s);
}

}  // namespace kamp::elementary::detail

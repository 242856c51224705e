#pragma once
// exp and expm1 of a multi-double format V (dd_real, expansion<N>), host and device, with their
// error bounds in units of u, the format's unit roundoff (format_traits<V>::unit_roundoff: every
// add, mul and fused product-sum below rounds within it).
//
// Algorithm. exp(x) = 2^k exp(r), k = nearest(x_0 / ln 2), r = (x - k L_0) - k T after Cody and
// Waite: L_0 is ln 2 to 42 bits (k L_0 is an exact double for |k| < 2^11), T = ln 2 - L_0 in V
// (|k T| < 2^-32), |r| <= 0.347. Then
// s = r 2^-j and expm1(s) = s + s^2 (1/2! + s/3! + ... + s^(d-2)/d!) by Horner's rule in V, and
// j doublings expm1(2s) = expm1(s)^2 + 2 expm1(s) (one fused product-sum each), exp(r) = 1 +
// expm1(r), scaled by 2^k through the format's product by a double (exact in the normal range).
// j = floor(sqrt(p) / 2) and d the least degree whose remainder is below 2^-(p+6) relative
// (p = shape<V>::precision): j = 5, 7, 10 and d = 11, 15, 27 for dd_real, qd_real, expansion<8>.
// No libm call: the same bits on every backend.
//
// Bound (exp). r's absolute error: the two subtractions round within u |r| + u 0.35, and k T
// (T within u, one product) within 2u 2^-32, so |r^ - r| <= 0.71 u. The series: each Horner step
// (P s (1 + d1) + c_k)(1 + d2) with |P s| <= 2^-(j+2) |c_k| and the coefficients within u keeps
// P within 2.1 u, so E_0 = expm1(s) within 1.05 u (j >= 5) plus the truncation. The smaller terms
// are summed in fewer components (expm1_series::bits: a double, then dd, ...), where each rounding, times
// s^(k-2), stays below 2^-(p+8) of P: P within 2.1 u + d 2^-(p+8), still E_0 within 1.05 u. A doubling maps
// a relative error e of E = expm1(a) to e (1 + E / (E + 2)) + u (1 + |E| / |E + 2|), and with
// |a| summed over the steps below 2 |r| the factors multiply to at most exp(0.71 * 0.694) <= 1.64,
// so E_j = expm1(r) within 1.64 (1.05 + 1.261 j) u. 1 + E_j (|E_j / (1 + E_j)| <= 0.414) adds u:
// exp within (0.856 j + 2.42) u, and exp_bound gives (0.86 j + 2.45) u, 6.75 u for dd_real,
// 8.47 u for qd_real, 11.05 u for expansion<8>.
// expm1: x + x^2/2 for |x_0| < 2^-(p/2 + 4) (within 1.01 u); for |x_0| <= 0.3465, the doublings' bound 1.64 (1.05
// + 1.261 j) u + 2^-(p+6) <= (2.07 j + 1.74) u; else exp(x) - 1, whose condition is at most 3.42 there: (3.42 B_exp +
// 1) u.
//
// The ends of the range: exp(x) is +Inf for x_0 >= 746 and wherever 2^k exp(r) reaches max();
// +0 for x_0 <= -746; below 2^-1022 the product by 2^k rounds into the subnormals and adds at
// most N(N + 3)/2 2^-1075 (the format's product by a double). exp(+-0) = 1, exp(-Inf) = +0,
// exp(+Inf) = +Inf, NaN gives NaN; expm1(+-0) = +-0, expm1(-Inf) = -1.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "core/out_of_line.hpp"
#include "core/rounding.hpp"
#include "core/unroll.hpp"
#include "elementary/constants.hpp"
#include "elementary/multi_double_access.hpp"
#include "elementary/series.hpp"

namespace kamp::elementary {

namespace detail {

struct inverse_factorial_table {
  int k;
  KOKKOS_INLINE_FUNCTION double operator()(int i) const { return constants::inverse_factorial(k, i); }
};
struct ln2_table {
  KOKKOS_INLINE_FUNCTION double operator()(int i) const { return constants::ln2(i); }
};

// |x| < 2^-(p/2 + 4): x^2 < 2^-(p+8), so the series of the functions that are x + O(x^2) stop
// at their first or second term; the paths for larger arguments keep every intermediate above
// the subnormals there.
template <class V>
KOKKOS_INLINE_FUNCTION bool tiny_argument(double x0) {
  return std::fabs(x0) < std::ldexp(1.0, -(shape<V>::precision / 2 + 4));
}

// |r| up to which expm1_reduced holds its bound.
constexpr double reduced_limit = 0.347;

template <class V>
struct exp_plan {
  static constexpr int precision = shape<V>::precision;
  static constexpr int doublings = [] {
    int j = 0;
    while ((2 * (j + 1)) * (2 * (j + 1)) <= precision) ++j;
    return j;  // floor(sqrt(p) / 2)
  }();
  // The least d with (0.347 2^-j)^d / (d + 1)! 1.02 <= 2^-(p+6): the series' remainder relative
  // to expm1(s).
  static constexpr int degree = [] {
    double s = reduced_limit, target = 1.0;
    for (int i = 0; i < doublings; ++i) s /= 2;
    for (int i = 0; i < precision + 6; ++i) target /= 2;
    int d = 1;
    double remainder = 1.02 * s / 2;
    while (remainder > target) {
      ++d;
      remainder *= s / (d + 1);
    }
    return d;
  }();
  static_assert(degree < constants::inverse_factorial_count, "the series needs more coefficients");
};

// The series of expm1(s) / s^2 - 1/2 = sum over k >= 3 of s^(k-2) / k!, indexed by k, for
// horner: P_k's share of the sum (about 1/2) is at most s_max^(k-2) 2 / k!.
struct expm1_series {
  static constexpr int last = 2;
  template <class V>
  static KOKKOS_INLINE_FUNCTION constexpr int bits(int k) {
    double share = 2.0, s = reduced_limit;
    for (int i = 0; i < exp_plan<V>::doublings; ++i) s /= 2;
    for (int i = 3; i <= k; ++i) share *= s / i;
    return bits_for_share<V>(share);
  }
  template <class L>
  static KOKKOS_INLINE_FUNCTION L coefficient(int k) {
    return constant<L>(inverse_factorial_table{k});
  }
};

// expm1(r) for |r| <= reduced_limit, within (2.07 j + 1.74) u (above).
template <class V>
KAMP_OUT_OF_LINE_FUNCTION V expm1_reduced(const V& r) {
  using plan = exp_plan<V>;
  const V s = times_power_of_two(r, -plan::doublings);
  const V p = horner<V, expm1_series, plan::degree>(s);
  V e = fused(multi_double::mul(s, s), p, s);
  KAMP_UNROLL
  for (int i = 0; i < plan::doublings; ++i) e = fused(e, e, twice(e));
  return e;
}

struct ln2_tail_table {
  KOKKOS_INLINE_FUNCTION double operator()(int i) const { return constants::ln2_tail(i); }
};

// exp(x) = 2^k y for finite x with |x_0| < 746: returns y = exp(x - k ln 2) in [0.707, 1.415].
template <class V>
KOKKOS_INLINE_FUNCTION V exp_reduced(const V& x, int& k) {
  const double kd = std::nearbyint(core::mul_rn(lead(x), constants::inv_ln2(0)));
  k = static_cast<int>(kd);
  V r = x;
  if (k != 0) {
    r = multi_double::sub(x, V(core::mul_rn(kd, constants::ln2_lead(0))));  // k L_0 exact
    r = multi_double::sub(r, multi_double::mul(constant<V>(ln2_tail_table{}), kd));
  }
  return multi_double::add(V(1.0), expm1_reduced(r));
}

}  // namespace detail

// The bounds above, in units of u.
template <class V>
constexpr double exp_bound() {
  return 0.86 * detail::exp_plan<V>::doublings + 2.45;
}
template <class V>
constexpr double expm1_bound() {
  const double reduced = 2.07 * detail::exp_plan<V>::doublings + 1.74, outside = 3.42 * exp_bound<V>() + 1;
  return reduced > outside ? reduced : outside;
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V exp(const V& x) {
  const double x0 = detail::lead(x);
  if (!(std::fabs(x0) < 746.0)) {
    if (std::isnan(x0)) return x;
    return V(x0 > 0 ? HUGE_VAL : 0.0);
  }
  int k = 0;
  const V y = detail::exp_reduced(x, k);
  return detail::times_power_of_two(y, k);
}

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V expm1(const V& x) {
  const double x0 = detail::lead(x);
  if (std::isnan(x0) || x0 == 0) return x;  // a zero lead is a zero (the invariant): keeps -0
  if (std::fabs(x0) <= 0.3465) {
    // Small x: x + x^2/2 (the rest, x^3/6, is below 2^-(p+8) relative), without the reduction's
    // scaling by 2^-j, which would round tiny arguments into the subnormals.
    if (detail::tiny_argument<V>(x0)) return detail::fused(x, multi_double::mul(x, 0.5), x);
    return detail::expm1_reduced(x);
  }
  return multi_double::sub(exp(x), V(1.0));
}

}  // namespace kamp::elementary

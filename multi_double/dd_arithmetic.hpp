#pragma once
// Double-word arithmetic of Joldes, Muller and Popescu, "Tight and rigorous error bounds for basic
// building blocks of double-word arithmetic", ACM TOMS 44(2), 2017 (JMP below), and the square
// root of Lefevre, Louvet, Muller, Picot and Rideau, "Accurate calculation of Euclidean norms
// using double-word arithmetic", ACM TOMS 49(1), 2023. u = 2^-53. Every bound is relative to the
// exact result of the exact operands.
//
// Every rounding goes through core/rounding.hpp (add_rn, ..., fma_rn): explicitly rounded on
// the device and never contracted on the host (-ffp-contract=off), so host and device compute
// the same bits.
//
// The ends of the range (multi_double/range_edges.hpp has the rules shared with expansion<N>):
// - Overflow: never NaN from finite operands; an overflow is +-Inf with lo = 0 and the exact
//   result's sign; a finite result is within the bound. add, sub, add_sloppy and both mul are
//   IEEE on the leading parts: where hi op hi overflows, that is the result, although the lower
//   parts may bring the exact result back below Omega, by at most 2^-52 of it ((DBL_MAX, -2^969)
//   + 2^970 is +Inf, not DBL_MAX + 2^969); otherwise they are +-Inf only when the result's last
//   renormalisation overflows, the exact result within the bound of Omega or beyond. Closing
//   that 2^-52 gap would clamp hi op hi in every operation and slow the vectorised host loops
//   of add(mul), so it stays open (expansion<N> closes it). div and sqrt
//   give a finite result wherever the exact one is below max() (1 - bound).
// - Underflow: add, sub and add_sloppy only add, and sums that underflow are exact, so their
//   bounds hold down to the subnormals. mul adds at most 2^-1073 (1 + 2^-50) to its bound in
//   absolute terms (four roundings may underflow, 2^-1075 each), mul by a double 2^-1074
//   (1 + 2^-50) (two), div 1.5 * 2^-1074 (a tiny x is rescaled so that its remainder stays
//   exact); sqrt keeps its relative bound over the whole range (a tiny x is rescaled).
// - Inf and NaN operands: IEEE on the leading operation hi op hi, with lo = 0: Inf - Inf = NaN,
//   x / 0 = +-Inf, 0 / 0 = NaN, finite / Inf = +-0, sqrt(x < 0) = NaN, sqrt(+Inf) = +Inf.
// - Signed zero: an exact zero is +0 except where IEEE's hi op hi is -0 (-0 + -0, -0 x 1,
//   0 / -5, sqrt(-0)); a product or quotient that underflows to zero has hi op hi's sign.
// Cost: add and add_sloppy find TwoSum's error by FastTwoSum from the larger operand (2 more
// instructions on the host, 2 FP64 instructions fewer on the device); every exit of add and mul
// is a select on the result's leading part, so host loops of them vectorise. div and sqrt, which
// no kamp kernel uses, take their rescaling paths out of line (core/out_of_line.hpp) behind one
// test of the result: a host loop of div does not vectorise, a device thread pays nothing unless
// it takes the path.
#include "core/eft.hpp"
#include "core/out_of_line.hpp"
#include "multi_double/dd_real.hpp"
#include "multi_double/range_edges.hpp"
#include "multi_double/rounding.hpp"

namespace kamp::multi_double {

namespace detail {

// Below this |x.hi| a division's remainder x - y th is not exact (y.hi th, about x.hi, would
// need to be at least 2^-969 for TwoProd, and an underflow in y.lo th would add 2^-1075 / |x|);
// x is scaled by 2^162 first, which no quotient of such an x overflows (|x / y| < 2^162).
constexpr double div_exact_from = 0x1p-912;
// Below this sqrt(x.hi) the remainder x.hi - sh^2 is not exact (its last bit is ulp(sh)^2).
constexpr double sqrt_exact_from = 0x1p-485;

// x 2^k for f = 2^k: exact unless a component is or becomes subnormal, which the rare paths
// below allow only where that component is below 2^-2000 of the result.
KOKKOS_INLINE_FUNCTION dd_real times_power_of_two(const dd_real& x, double f) {
  return dd_real(core::mul_rn(x.hi, f), core::mul_rn(x.lo, f));
}

// A result computed at 2^-k times the scale, brought back by f = 2^k: exact, or +-Inf (with
// the sign of s) where hi does not fit.
KOKKOS_INLINE_FUNCTION dd_real scaled_up(const dd_real& z, double f, double s) {
  const double hi = core::mul_rn(z.hi, f);
  if (!std::isfinite(hi)) return dd_real(overflow_with_sign_of(s), 0.0);
  return dd_real(hi, core::mul_rn(z.lo, f));
}

// A result computed at 2^k times the scale, brought back by f = 2^-k: each component may round
// into the subnormals (at most 2^-1075 each), and the pair is renormalised, since a lo rounded
// to exactly half an ulp of hi would break hi = fl(hi + lo).
KOKKOS_INLINE_FUNCTION dd_real scaled_down(const dd_real& z, double f) {
  double lo = 0;
  const double hi = core::fast_two_sum(core::mul_rn(z.hi, f), core::mul_rn(z.lo, f), lo);
  return dd_real(hi, lo);
}

// The leading sum of the checked additions: s = x.hi + y.hi and, returned, its exact error, by
// FastTwoSum from the larger operand: TwoSum's values (an exact error is unique) without TwoSum's
// overflow in s - a when b = +-DBL_MAX and |s| >= 2^1023, which would make finite sums NaN
// depending on the operand order. Host: 2 more instructions than TwoSum (a compare and two blends for three
// additions); device: 2 FP64 instructions fewer.
KOKKOS_FORCEINLINE_FUNCTION double leading_sum(double a, double b, double& s) {
  const bool a_larger = std::fabs(a) >= std::fabs(b);
  const double larger = a_larger ? a : b, smaller = a_larger ? b : a;
  s = core::add_rn(a, b);
  return core::sub_rn(smaller, core::sub_rn(s, larger));
}

// AccurateDWPlusDW's operations after the leading sum sh + sl = x.hi + y.hi.
KOKKOS_FORCEINLINE_FUNCTION dd_real add_tail(double sh, double sl, const dd_real& x, const dd_real& y) {
  double tl = 0, vl = 0, zl = 0;
  const double th = core::two_sum(x.lo, y.lo, tl);
  const double c = core::add_rn(sl, th);
  const double vh = core::fast_two_sum(sh, c, vl);
  const double w = core::add_rn(tl, vl);
  const double zh = core::fast_two_sum(vh, w, zl);
  return dd_real(zh, zl);
}

// AccurateDWPlusDW for fma_finite, with TwoSum first (a chain that overflows anywhere is redone
// with the checked operations); sh is the plain leading sum.
KOKKOS_FORCEINLINE_FUNCTION dd_real add_core(const dd_real& x, const dd_real& y, double& sh) {
  double sl = 0;
  sh = core::two_sum(x.hi, y.hi, sl);
  return add_tail(sh, sl, x, y);
}

// DWTimesDW3's operations; ch is the plain leading product.
KOKKOS_FORCEINLINE_FUNCTION dd_real mul_core(const dd_real& x, const dd_real& y, double& ch) {
  double cl1 = 0, zl = 0;
  ch = core::two_prod(x.hi, y.hi, cl1);
  const double tl0 = core::mul_rn(x.lo, y.lo);
  const double tl1 = core::fma_rn(x.hi, y.lo, tl0);
  const double cl2 = core::fma_rn(x.lo, y.hi, tl1);
  const double cl3 = core::add_rn(cl1, cl2);
  const double zh = core::fast_two_sum(ch, cl3, zl);
  return dd_real(zh, zl);
}

// DWTimesFP3's operations; ch is the plain leading product.
KOKKOS_FORCEINLINE_FUNCTION dd_real mul_core(const dd_real& x, double y, double& ch) {
  double cl1 = 0, zl = 0;
  ch = core::two_prod(x.hi, y, cl1);
  const double cl3 = core::fma_rn(x.lo, y, cl1);
  const double zh = core::fast_two_sum(ch, cl3, zl);
  return dd_real(zh, zl);
}

// DWDivDW2's operations after the leading quotient th = x.hi / y.hi.
KOKKOS_FORCEINLINE_FUNCTION dd_real div_core(const dd_real& x, const dd_real& y, double th) {
  double ch = 0, zl = 0;
  const dd_real r = mul_core(y, th, ch);
  const double pih = core::sub_rn(x.hi, r.hi);  // exact (Sterbenz): r.hi is close to x.hi
  const double dl = core::sub_rn(x.lo, r.lo);
  const double d = core::add_rn(pih, dl);
  const double tl = div_rn(d, y.hi);
  const double zh = core::fast_two_sum(th, tl, zl);
  return dd_real(zh, zl);
}

// SQRTDWtoDW's operations after sh = sqrt(x.hi) >= sqrt_exact_from.
KOKKOS_FORCEINLINE_FUNCTION dd_real sqrt_core(const dd_real& x, double sh) {
  double zl = 0;
  const double rho1 = core::fma_rn(-sh, sh, x.hi);  // exact: the remainder of a rounded sqrt
  const double rho2 = core::add_rn(x.lo, rho1);
  const double sl = div_rn(rho2, core::add_rn(sh, sh));
  const double zh = core::fast_two_sum(sh, sl, zl);
  return dd_real(zh, zl);
}

// The exits of the checked additions and products, as selects with no branches, so that host
// loops of dd operations vectorise (a call here would stop that). `lead` is the plain leading
// operation hi op hi: where it is not finite it is the result (IEEE on the leading parts); a zero
// result takes IEEE's sign (`zero`); and a result whose last renormalisation overflows is
// `overflow`, +-Inf with lead's sign.
KOKKOS_FORCEINLINE_FUNCTION dd_real checked(const dd_real& z, double lead, double zero, double overflow) {
  if (!std::isfinite(lead)) return dd_real(lead, 0.0);
  if (z.hi == 0) return dd_real(zero, 0.0);
  return std::isfinite(z.hi) ? z : dd_real(overflow, 0.0);
}

// A quotient whose result zh is zero or not finite, or whose x is below div_exact_from; th is
// the plain leading quotient.
inline KAMP_OUT_OF_LINE_FUNCTION dd_real quotient_edge(dd_real x, dd_real y, double th, double zh) {
  if (!std::isfinite(x.hi) || !std::isfinite(y.hi) || x.hi == 0 || y.hi == 0) return dd_real(th, 0.0);
  const dd_real zero(std::copysign(0.0, th), 0.0);
  if (std::fabs(x.hi) < div_exact_from) {
    const dd_real x_up = times_power_of_two(x, 0x1p162);
    const dd_real z = scaled_down(div_core(x_up, y, div_rn(x_up.hi, y.hi)), 0x1p-162);
    return z.hi == 0 ? zero : z;
  }
  if (zh == 0) return zero;  // the quotient underflows
  // Finite operands past DBL_MAX (the quotient, or y th, about x, for an x near Omega): at a
  // quarter of x nothing overflows unless the quotient does.
  const dd_real x_down = times_power_of_two(x, 0.25);
  return scaled_up(div_core(x_down, y, div_rn(x_down.hi, y.hi)), 4.0, th);
}

// A square root whose leading part sh is not finite, zero, or below sqrt_exact_from.
inline KAMP_OUT_OF_LINE_FUNCTION dd_real root_edge(dd_real x, double sh) {
  if (!(sh > 0) || sh == INFINITY) return dd_real(sh, 0.0);  // NaN (x < 0), +-0, +Inf
  // 0 < x < 2^-970: x 2^106 is exact, and 2^53 sqrt(x) >= 2^-484 has an exact remainder.
  const dd_real x_up = times_power_of_two(x, 0x1p106);
  return scaled_down(sqrt_core(x_up, sqrt_rn(x_up.hi)), 0x1p-53);
}

}  // namespace detail

// AccurateDWPlusDW (JMP Algorithm 6): relative error <= 3u^2 + 13u^3, ~20 flops, cancellation
// included. The default addition.
KOKKOS_INLINE_FUNCTION dd_real add(const dd_real& x, const dd_real& y) {
  double s = 0;
  const double sl = detail::leading_sum(x.hi, y.hi, s);
  // An exact zero is +0, or -0 from -0 + -0 (then s = -0); an overflow has s's sign (s is not
  // 0 then), although the result's hi may be NaN (an Inf in the first renormalisation).
  return detail::checked(detail::add_tail(s, sl, x, y), s, s == 0 ? s : 0.0, core::mul_rn(s, INFINITY));
}

// SloppyDWPlusDW (JMP Algorithm 5): 11 flops, accurate when x and y have the same sign, but
// no relative bound under cancellation. Selectable for speed (the slides' MulAdd count). Its
// ends of the range are add's.
KOKKOS_INLINE_FUNCTION dd_real add_sloppy(const dd_real& x, const dd_real& y) {
  double s = 0, zl = 0;
  const double sl = detail::leading_sum(x.hi, y.hi, s);
  const double v = core::add_rn(x.lo, y.lo);
  const double w = core::add_rn(sl, v);
  const double zh = core::fast_two_sum(s, w, zl);
  return detail::checked(dd_real(zh, zl), s, s == 0 ? s : 0.0, zh);  // zh overflows as +-Inf
}

KOKKOS_INLINE_FUNCTION dd_real sub(const dd_real& x, const dd_real& y) { return add(x, -y); }
KOKKOS_INLINE_FUNCTION dd_real sub_sloppy(const dd_real& x, const dd_real& y) { return add_sloppy(x, -y); }

// DWTimesDW3 (JMP Algorithm 12, with FMA): relative error <= 5u^2, 9 flops.
KOKKOS_INLINE_FUNCTION dd_real mul(const dd_real& x, const dd_real& y) {
  double p = 0;
  const dd_real z = detail::mul_core(x, y, p);
  // A zero product (z.hi = 0 only where p = 0) has p's sign; z.hi overflows as +-Inf.
  return detail::checked(z, p, p, z.hi);
}

// add(mul(a, b), c) without the exits, for long chains s <- fma_finite(a, b, s) (GEMM): it skips
// 7 compares per step, and keeps TwoSum for the leading sum (its error is the same where it does
// not overflow). Where add or mul would exit, the chain's value is a zero of either sign (which
// the next nonzero term absorbs with the same bits), or not finite: an Inf or NaN in any
// intermediate reaches the leading part and stays there as NaN (this includes TwoSum's overflow
// inside, which add avoids). So a chain whose result has a finite nonzero leading part has the
// bits of the same chain of add(mul(a, b), s); any other result must be recomputed that way
// (chain_needs_recompute).
KOKKOS_INLINE_FUNCTION dd_real fma_finite(const dd_real& a, const dd_real& b, const dd_real& c) {
  double lead = 0;
  return detail::add_core(detail::mul_core(a, b, lead), c, lead);
}

KOKKOS_INLINE_FUNCTION bool chain_needs_recompute(const dd_real& s) { return !detail::ordinary(s.hi); }

// DWTimesFP3 (JMP Algorithm 9, with FMA): dd x double, relative error <= 2u^2.
KOKKOS_INLINE_FUNCTION dd_real mul(const dd_real& x, double y) {
  double p = 0;
  const dd_real z = detail::mul_core(x, y, p);
  // A zero product (z.hi = 0 only where p = 0) has p's sign; z.hi overflows as +-Inf.
  return detail::checked(z, p, p, z.hi);
}

// DWDivDW2 (JMP Algorithm 18): relative error <= 15u^2 + 56u^3 while nothing underflows;
// with x below div_exact_from rescaled and an underflowing y.lo th adding at most 2^-163
// relative, 15u^2 + 57u^3 over the whole range.
KOKKOS_INLINE_FUNCTION dd_real div(const dd_real& x, const dd_real& y) {
  const double th = detail::div_rn(x.hi, y.hi);
  const dd_real z = detail::div_core(x, y, th);
  if (detail::ordinary(z.hi) && std::fabs(x.hi) >= detail::div_exact_from) return z;
  return detail::quotient_edge(x, y, th, z.hi);
}

// SQRTDWtoDW (Lefevre, Louvet, Muller, Picot, Rideau 2023): relative error <= 25/8 u^2, plus at
// most 2^-590 where sl underflows (a remainder below 2^-1022), over the whole range.
KOKKOS_INLINE_FUNCTION dd_real sqrt(const dd_real& x) {
  const double sh = detail::sqrt_rn(x.hi);
  if (sh >= detail::sqrt_exact_from && sh < INFINITY) return detail::sqrt_core(x, sh);
  return detail::root_edge(x, sh);
}

KOKKOS_INLINE_FUNCTION dd_real operator+(const dd_real& a, const dd_real& b) { return add(a, b); }
KOKKOS_INLINE_FUNCTION dd_real operator-(const dd_real& a, const dd_real& b) { return sub(a, b); }
KOKKOS_INLINE_FUNCTION dd_real operator*(const dd_real& a, const dd_real& b) { return mul(a, b); }
KOKKOS_INLINE_FUNCTION dd_real operator*(const dd_real& a, double b) { return mul(a, b); }
KOKKOS_INLINE_FUNCTION dd_real operator*(double a, const dd_real& b) { return mul(b, a); }
KOKKOS_INLINE_FUNCTION dd_real operator/(const dd_real& a, const dd_real& b) { return div(a, b); }
KOKKOS_INLINE_FUNCTION dd_real& operator+=(dd_real& a, const dd_real& b) { return a = add(a, b); }
KOKKOS_INLINE_FUNCTION dd_real& operator-=(dd_real& a, const dd_real& b) { return a = sub(a, b); }
KOKKOS_INLINE_FUNCTION dd_real& operator*=(dd_real& a, const dd_real& b) { return a = mul(a, b); }
KOKKOS_INLINE_FUNCTION dd_real& operator/=(dd_real& a, const dd_real& b) { return a = div(a, b); }

// Volatile compound assignments for Kokkos::Sum and Kokkos::Prod joins.
KOKKOS_INLINE_FUNCTION void operator+=(volatile dd_real& a, const volatile dd_real& b) { a = add(load(a), load(b)); }
KOKKOS_INLINE_FUNCTION void operator*=(volatile dd_real& a, const volatile dd_real& b) { a = mul(load(a), load(b)); }

}  // namespace kamp::multi_double

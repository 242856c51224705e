#pragma once
// Double-word arithmetic of Joldes, Muller and Popescu, "Tight and rigorous error bounds for basic
// building blocks of double-word arithmetic", ACM TOMS 44(2), 2017 (JMP below), and the square
// root of Lefevre, Louvet, Muller, Picot and Rideau, "Accurate calculation of Euclidean norms
// using double-word arithmetic", ACM TOMS 49(1), 2023. u = 2^-53. Every bound is relative to the
// exact result of the exact operands and holds while nothing overflows or underflows (the
// TwoProd errors need |products| >= 2^-969).
//
// Every rounding goes through core/rounding.hpp (add_rn, ..., fma_rn): explicitly rounded on
// the device and never contracted on the host (-ffp-contract=off), so host and device compute
// the same bits. Special values follow IEEE on the leading component: when the plain leading
// operation (hi op hi) is not finite, that value is the result (lo = 0); an overflow in the last
// renormalisation gives hi = +-Inf and lo = 0, never NaN.
#include "core/eft.hpp"
#include "dd/dd_real.hpp"
#include "dd/rounding.hpp"

namespace kamp::dd {

namespace detail {
// The IEEE-like exit: a non-finite hi carries lo = 0 (the EFT error of an Inf is NaN).
KOKKOS_FORCEINLINE_FUNCTION dd_real finish(double hi, double lo) {
  return std::isfinite(hi) ? dd_real(hi, lo) : dd_real(hi, 0.0);
}

// AccurateDWPlusDW's operations without the special-value exits; sh is the plain leading sum.
KOKKOS_FORCEINLINE_FUNCTION dd_real add_core(const dd_real& x, const dd_real& y, double& sh) {
  double sl = 0, tl = 0, vl = 0, zl = 0;
  sh = core::two_sum(x.hi, y.hi, sl);
  const double th = core::two_sum(x.lo, y.lo, tl);
  const double c = core::add_rn(sl, th);
  const double vh = core::fast_two_sum(sh, c, vl);
  const double w = core::add_rn(tl, vl);
  const double zh = core::fast_two_sum(vh, w, zl);
  return dd_real(zh, zl);
}

// DWTimesDW3's operations without the special-value exits; ch is the plain leading product.
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
}  // namespace detail

// AccurateDWPlusDW (JMP Algorithm 6): relative error <= 3u^2 + 13u^3, ~20 flops, cancellation
// included. The default addition.
KOKKOS_INLINE_FUNCTION dd_real add(const dd_real& x, const dd_real& y) {
  double sh = 0;
  const dd_real z = detail::add_core(x, y, sh);
  if (!std::isfinite(sh)) return dd_real(sh, 0.0);
  // An exact zero is +0 as in IEEE, except that -0 + -0 stays -0 (sh carries that sign).
  if (z.hi == 0) return dd_real(sh == 0 ? sh : 0.0, 0.0);
  return detail::finish(z.hi, z.lo);
}

// SloppyDWPlusDW (JMP Algorithm 5): 11 flops, accurate when x and y have the same sign, but
// no relative bound under cancellation. Selectable for speed (the slides' MulAdd count).
KOKKOS_INLINE_FUNCTION dd_real add_sloppy(const dd_real& x, const dd_real& y) {
  double sl = 0, zl = 0;
  const double sh = core::two_sum(x.hi, y.hi, sl);
  if (!std::isfinite(sh)) return dd_real(sh, 0.0);
  const double v = core::add_rn(x.lo, y.lo);
  const double w = core::add_rn(sl, v);
  const double zh = core::fast_two_sum(sh, w, zl);
  if (zh == 0) return dd_real(sh == 0 ? sh : 0.0, 0.0);
  return detail::finish(zh, zl);
}

KOKKOS_INLINE_FUNCTION dd_real sub(const dd_real& x, const dd_real& y) { return add(x, -y); }
KOKKOS_INLINE_FUNCTION dd_real sub_sloppy(const dd_real& x, const dd_real& y) { return add_sloppy(x, -y); }

// DWTimesDW3 (JMP Algorithm 12, with FMA): relative error <= 5u^2, 9 flops.
KOKKOS_INLINE_FUNCTION dd_real mul(const dd_real& x, const dd_real& y) {
  double ch = 0;
  const dd_real z = detail::mul_core(x, y, ch);
  if (!std::isfinite(ch)) return dd_real(ch, 0.0);
  if (z.hi == 0) return dd_real(ch, 0.0);  // the sign of an exact zero product is ch's
  return detail::finish(z.hi, z.lo);
}

// add(mul(a, b), c) without the special-value exits, for long chains s <- fma_finite(a, b, s)
// (GEMM): it skips 6 compares per step. Where add and mul exit, the chain's value is a zero of
// either sign (which the next nonzero term absorbs with the same bits), or the non-finite leading
// part becomes NaN and stays NaN. So a chain whose result has a finite nonzero leading part
// has the bits of the same chain of add(mul(a, b), s); any other result must be recomputed
// that way (chain_needs_recompute).
KOKKOS_INLINE_FUNCTION dd_real fma_finite(const dd_real& a, const dd_real& b, const dd_real& c) {
  double lead = 0;
  return detail::add_core(detail::mul_core(a, b, lead), c, lead);
}

KOKKOS_INLINE_FUNCTION bool chain_needs_recompute(const dd_real& s) { return !std::isfinite(s.hi) || s.hi == 0; }

// DWTimesFP3 (JMP Algorithm 9, with FMA): dd x double, relative error <= 2u^2.
KOKKOS_INLINE_FUNCTION dd_real mul(const dd_real& x, double y) {
  double cl1 = 0, zl = 0;
  const double ch = core::two_prod(x.hi, y, cl1);
  if (!std::isfinite(ch)) return dd_real(ch, 0.0);
  const double cl3 = core::fma_rn(x.lo, y, cl1);
  const double zh = core::fast_two_sum(ch, cl3, zl);
  if (zh == 0) return dd_real(ch, 0.0);
  return detail::finish(zh, zl);
}

// DWDivDW2 (JMP Algorithm 18): relative error <= 15u^2 + 56u^3. x / 0 = +-Inf (or NaN for
// 0/0), finite / Inf = +-0, both through the plain leading quotient.
KOKKOS_INLINE_FUNCTION dd_real div(const dd_real& x, const dd_real& y) {
  const double th = detail::div_rn(x.hi, y.hi);
  if (!std::isfinite(th) || !std::isfinite(y.hi)) return dd_real(th, 0.0);
  if (th == 0) return dd_real(th, 0.0);  // x = 0 (x.hi = 0 implies x.lo = 0), or underflow
  const dd_real r = mul(y, th);
  const double pih = core::sub_rn(x.hi, r.hi);  // exact (Sterbenz): r.hi is close to x.hi
  const double dl = core::sub_rn(x.lo, r.lo);
  const double d = core::add_rn(pih, dl);
  const double tl = detail::div_rn(d, y.hi);
  double zl = 0;
  const double zh = core::fast_two_sum(th, tl, zl);
  return detail::finish(zh, zl);
}

// SQRTDWtoDW (Lefevre, Louvet, Muller, Picot, Rideau 2023): relative error <= 25/8 u^2.
// sqrt(+-0) = +-0, sqrt(x < 0) = NaN, sqrt(+Inf) = +Inf.
KOKKOS_INLINE_FUNCTION dd_real sqrt(const dd_real& x) {
  const double sh = detail::sqrt_rn(x.hi);
  if (!std::isfinite(sh) || sh == 0) return dd_real(sh, 0.0);
  const double rho1 = core::fma_rn(-sh, sh, x.hi);  // exact: the remainder of a rounded sqrt
  const double rho2 = core::add_rn(x.lo, rho1);
  const double sl = detail::div_rn(rho2, core::add_rn(sh, sh));
  double zl = 0;
  const double zh = core::fast_two_sum(sh, sl, zl);
  return detail::finish(zh, zl);
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

}  // namespace kamp::dd

#pragma once
// Directed rounding of +, -, *, / on doubles without changing the FPU rounding mode.
// Device: CUDA's _rd/_ru intrinsics, which are correctly rounded.
// Host: the round-to-nearest result corrected by the sign of its exact error (an EFT),
// which is also correctly rounded except where the error itself is not representable
// (products and quotients below 2^-969 in magnitude); there the result is moved one ulp
// outward, so it stays a rigorous bound but may be one subnormal ulp loose.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "core/eft.hpp"

namespace kamp::core {

// IEEE nextUp/nextDown through the bit pattern (the host's nextafter is not device code):
// stepping the integer image of a nonzero double moves it one ulp away from or toward zero.
KOKKOS_INLINE_FUNCTION double next_up(double x) {
  if (x != x || x == INFINITY) return x;
  if (x == 0) return 4.9406564584124654e-324;  // the smallest subnormal
#ifdef __CUDA_ARCH__
  return __longlong_as_double(__double_as_longlong(x) + (x > 0 ? 1 : -1));
#else
  std::int64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  bits += x > 0 ? 1 : -1;
  std::memcpy(&x, &bits, sizeof bits);
  return x;
#endif
}
KOKKOS_INLINE_FUNCTION double next_down(double x) { return -next_up(-x); }

namespace detail {

// Below this magnitude the rounding error of a product or quotient may not be a double.
constexpr double eft_exact_threshold = DBL_MIN * 9007199254740992.0;  // 2^-1022 * 2^53

// Round-to-nearest overflowed to -inf (resp. +inf) although the exact value is finite:
// rounding up (resp. down) must give the largest finite double instead.
KOKKOS_INLINE_FUNCTION double clamp_up(double rn) { return rn == -INFINITY ? -DBL_MAX : rn; }
KOKKOS_INLINE_FUNCTION double clamp_down(double rn) { return rn == INFINITY ? DBL_MAX : rn; }

KOKKOS_INLINE_FUNCTION bool finite_operands(double a, double b) { return std::isfinite(a) && std::isfinite(b); }

// Sign of a/b - q for q = fl(a/b) not below the threshold: the remainder a - q*b is exact
// (one FMA) once tiny operands are scaled up by 2^600, which leaves the quotient alone;
// with q not tiny a tiny operand forces the other below 2^55, so nothing overflows.
KOKKOS_INLINE_FUNCTION int remainder_sign(double a, double b, double q) {
  if (std::fabs(a) < eft_exact_threshold || std::fabs(b) < eft_exact_threshold) {
    a *= 0x1.0p600;
    b *= 0x1.0p600;
  }
  const double r = fma_rn(-q, b, a);
  if (r == 0) return 0;
  return (r > 0) == (b > 0) ? 1 : -1;
}

}  // namespace detail

KOKKOS_INLINE_FUNCTION double add_ru(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dadd_ru(a, b);
#else
  double err;
  const double s = two_sum(a, b, err);
  if (!std::isfinite(s)) return detail::finite_operands(a, b) ? detail::clamp_up(s) : s;
  return err > 0 ? next_up(s) : s;
#endif
}

KOKKOS_INLINE_FUNCTION double add_rd(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dadd_rd(a, b);
#else
  double err;
  const double s = two_sum(a, b, err);
  if (!std::isfinite(s)) return detail::finite_operands(a, b) ? detail::clamp_down(s) : s;
  // IEEE 754: an exact zero sum is -0 when rounding down, unless both operands are +0.
  if (s == 0) return (a == 0 && b == 0 && !std::signbit(a) && !std::signbit(b)) ? 0.0 : -0.0;
  return err < 0 ? next_down(s) : s;
#endif
}

KOKKOS_INLINE_FUNCTION double sub_ru(double a, double b) { return add_ru(a, -b); }
KOKKOS_INLINE_FUNCTION double sub_rd(double a, double b) { return add_rd(a, -b); }

KOKKOS_INLINE_FUNCTION double mul_ru(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_ru(a, b);
#else
  double err;
  const double p = two_prod(a, b, err);
  if (!std::isfinite(p)) return detail::finite_operands(a, b) ? detail::clamp_up(p) : p;
  if (a == 0 || b == 0) return p;
  if (std::fabs(p) < detail::eft_exact_threshold) return next_up(p);
  return err > 0 ? next_up(p) : p;
#endif
}

KOKKOS_INLINE_FUNCTION double mul_rd(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_rd(a, b);
#else
  double err;
  const double p = two_prod(a, b, err);
  if (!std::isfinite(p)) return detail::finite_operands(a, b) ? detail::clamp_down(p) : p;
  if (a == 0 || b == 0) return p;
  if (std::fabs(p) < detail::eft_exact_threshold) return next_down(p);
  return err < 0 ? next_down(p) : p;
#endif
}

// Quotient a/b rounded up: a/b > q exactly when the remainder a - q*b has the sign of b.
KOKKOS_INLINE_FUNCTION double div_ru(double a, double b) {
#ifdef __CUDA_ARCH__
  return __ddiv_ru(a, b);
#else
  const double q = a / b;
  if (!std::isfinite(q)) return detail::finite_operands(a, b) && b != 0 ? detail::clamp_up(q) : q;
  if (a == 0) return q;
  if (std::fabs(q) < detail::eft_exact_threshold) return next_up(q);
  const int sign = detail::remainder_sign(a, b, q);
  return sign > 0 ? next_up(q) : q;
#endif
}

KOKKOS_INLINE_FUNCTION double div_rd(double a, double b) {
#ifdef __CUDA_ARCH__
  return __ddiv_rd(a, b);
#else
  const double q = a / b;
  if (!std::isfinite(q)) return detail::finite_operands(a, b) && b != 0 ? detail::clamp_down(q) : q;
  if (a == 0) return q;
  if (std::fabs(q) < detail::eft_exact_threshold) return next_down(q);
  const int sign = detail::remainder_sign(a, b, q);
  return sign < 0 ? next_down(q) : q;
#endif
}

}  // namespace kamp::core

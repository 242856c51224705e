#pragma once
// er_float: an extended-range float, frac * 2^exp with a double fraction and a 64-bit
// exponent, so that bounds like X/M ~ 2^-1700 stay representable. Arithmetic comes in
// round-down/round-up pairs for the rigorous interval evaluation of RNS numbers.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "core/directed_rounding.hpp"

namespace kamp::core {

namespace detail {

KOKKOS_FORCEINLINE_FUNCTION std::int64_t bits_of(double x) {
#ifdef __CUDA_ARCH__
  return __double_as_longlong(x);
#else
  std::int64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
#endif
}

KOKKOS_FORCEINLINE_FUNCTION double double_of(std::int64_t b) {
#ifdef __CUDA_ARCH__
  return __longlong_as_double(b);
#else
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
#endif
}

// 2^-d for 0 <= d <= 1022, exactly.
KOKKOS_FORCEINLINE_FUNCTION double power_of_two_below_one(int d) { return double_of(std::int64_t(1023 - d) << 52); }

}  // namespace detail

struct er_float {
  // Invariant: frac == 0 with exp == 0, or 0.5 <= |frac| < 1, or frac is +-inf/NaN with exp == 0.
  double frac = 0.0;
  std::int64_t exp = 0;

  KOKKOS_DEFAULTED_FUNCTION constexpr er_float() = default;

  // Normalises any double times 2^exponent; exact. Normal doubles are split through their
  // bit pattern (frexp is a library call on the host, several times slower).
  KOKKOS_INLINE_FUNCTION static er_float make(double value, std::int64_t exponent = 0) {
    er_float r;
    if (value == 0 || !std::isfinite(value)) {
      r.frac = value == 0 ? 0.0 : value;
      return r;
    }
    const std::int64_t bits = detail::bits_of(value);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    if (biased == 0) {  // subnormal
      int e = 0;
      r.frac = ::frexp(value, &e);
      r.exp = exponent + e;
      return r;
    }
    r.frac = detail::double_of((bits & ~(std::int64_t(0x7ff) << 52)) | (std::int64_t(1022) << 52));
    r.exp = exponent + biased - 1022;
    return r;
  }

  KOKKOS_INLINE_FUNCTION bool is_zero() const { return frac == 0; }
  KOKKOS_INLINE_FUNCTION bool is_finite() const { return std::isfinite(frac); }
  KOKKOS_INLINE_FUNCTION int sign() const { return (frac > 0) - (frac < 0); }

  // Multiplication by 2^k is exact.
  KOKKOS_INLINE_FUNCTION er_float scaled(std::int64_t k) const {
    er_float r = *this;
    if (frac != 0 && std::isfinite(frac)) r.exp += k;
    return r;
  }

  KOKKOS_INLINE_FUNCTION er_float operator-() const {
    er_float r = *this;
    r.frac = -frac;
    return r;
  }

  // Nearest double; overflows to +-inf and underflows gradually, as ldexp does.
  KOKKOS_INLINE_FUNCTION double to_double() const {
    if (frac == 0 || !std::isfinite(frac)) return frac;
    if (exp > 1100) return frac > 0 ? INFINITY : -INFINITY;
    if (exp < -1200) return frac > 0 ? 0.0 : -0.0;
    return ::ldexp(frac, static_cast<int>(exp));
  }
};

namespace detail {

enum class direction { down, up };

// Rounds a + b in the given direction. When the exponents differ by 54 or more the smaller
// operand is below half an ulp of the larger, so the result is the larger one or its
// neighbour in the rounding direction; otherwise the aligned fraction is an exact double.
template <direction Dir>
KOKKOS_INLINE_FUNCTION er_float er_add(er_float a, er_float b) {
  if (!a.is_finite() || !b.is_finite()) return er_float::make(a.frac + b.frac);
  if (b.is_zero()) return a;
  if (a.is_zero()) return b;
  if (a.exp < b.exp) {
    const er_float t = a;
    a = b;
    b = t;
  }
  const std::int64_t d = a.exp - b.exp;
  if (d >= 54) {
    double f = a.frac;
    if (Dir == direction::up && b.frac > 0) f = next_up(f);
    if (Dir == direction::down && b.frac < 0) f = next_down(f);
    return er_float::make(f, a.exp);
  }
  const double aligned = b.frac * detail::power_of_two_below_one(static_cast<int>(d));  // exact: d <= 53
  const double f = Dir == direction::up ? add_ru(a.frac, aligned) : add_rd(a.frac, aligned);
  return er_float::make(f, a.exp);
}

}  // namespace detail

KOKKOS_INLINE_FUNCTION er_float add_rd(er_float a, er_float b) { return detail::er_add<detail::direction::down>(a, b); }
KOKKOS_INLINE_FUNCTION er_float add_ru(er_float a, er_float b) { return detail::er_add<detail::direction::up>(a, b); }
KOKKOS_INLINE_FUNCTION er_float sub_rd(er_float a, er_float b) { return add_rd(a, -b); }
KOKKOS_INLINE_FUNCTION er_float sub_ru(er_float a, er_float b) { return add_ru(a, -b); }

// Fractions in [0.5, 1) multiply to [0.25, 1) and divide to (0.5, 2): no underflow, so the
// double-level directed rounding is exact.
KOKKOS_INLINE_FUNCTION er_float mul_rd(er_float a, er_float b) {
  return er_float::make(mul_rd(a.frac, b.frac), a.exp + b.exp);
}
KOKKOS_INLINE_FUNCTION er_float mul_ru(er_float a, er_float b) {
  return er_float::make(mul_ru(a.frac, b.frac), a.exp + b.exp);
}
KOKKOS_INLINE_FUNCTION er_float div_rd(er_float a, er_float b) {
  return er_float::make(div_rd(a.frac, b.frac), a.exp - b.exp);
}
KOKKOS_INLINE_FUNCTION er_float div_ru(er_float a, er_float b) {
  return er_float::make(div_ru(a.frac, b.frac), a.exp - b.exp);
}

// Three-way comparison of finite values: -1, 0 or +1 as a <, ==, > b.
KOKKOS_INLINE_FUNCTION int compare(er_float a, er_float b) {
  const int sa = a.sign(), sb = b.sign();
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  if (a.exp != b.exp) return (a.exp > b.exp) == (sa > 0) ? 1 : -1;
  return (a.frac > b.frac) - (a.frac < b.frac);
}

}  // namespace kamp::core

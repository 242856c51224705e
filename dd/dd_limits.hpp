#pragma once
// std::numeric_limits<kamp::dd::dd_real> (host) and Kokkos::reduction_identity<dd_real> (host and
// device, for Kokkos::Sum/Prod/Min/Max and lambda reductions).
//
// digits = 106: hi carries the leading 53 bits and lo the next 53 (the sign of lo buys one more
// bit for some values, but not for all, so 107 would overstate it). epsilon = 2^-104 =
// 2^(2 - digits), the customary double-double epsilon; it is neither the spacing after 1 (that
// is denorm_min: lo may be any double below ulp(1)/2) nor the unit roundoff of the arithmetic
// (format_traits<dd_real>::unit_roundoff() = 5u^2 = 1.25 * 2^-104). min_exponent = -968: below
// 2^-969 lo underflows and the 106-bit precision is no longer guaranteed, so min() = 2^-969.
// max(): hi = DBL_MAX and the largest lo that still rounds back to hi (below ulp(hi)/2 = 2^970;
// 2^970 itself would round hi up to Inf, DBL_MAX being odd).
#include <Kokkos_Core.hpp>

#include <cfloat>
#include <limits>

#include "dd/dd_real.hpp"

namespace std {

template <>
class numeric_limits<kamp::dd::dd_real> {
  using T = kamp::dd::dd_real;
  using D = numeric_limits<double>;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = false;
  static constexpr float_denorm_style has_denorm = denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr float_round_style round_style = round_indeterminate;  // faithful-ish, not RN
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 106;
  static constexpr int digits10 = 31;      // floor((digits - 1) log10 2)
  static constexpr int max_digits10 = 33;  // ceil(1 + digits log10 2)
  static constexpr int radix = 2;
  static constexpr int min_exponent = -968;
  static constexpr int min_exponent10 = -291;
  static constexpr int max_exponent = D::max_exponent;
  static constexpr int max_exponent10 = D::max_exponent10;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr T min() noexcept { return T(0x1p-969); }
  static constexpr T max() noexcept { return T(DBL_MAX, 0x1.fffffffffffffp+969); }
  static constexpr T lowest() noexcept { return T(-DBL_MAX, -0x1.fffffffffffffp+969); }
  static constexpr T epsilon() noexcept { return T(0x1p-104); }
  static constexpr T round_error() noexcept { return T(0.5); }
  static constexpr T infinity() noexcept { return T(D::infinity()); }
  static constexpr T quiet_NaN() noexcept { return T(D::quiet_NaN()); }
  static constexpr T signaling_NaN() noexcept { return T(D::signaling_NaN()); }
  static constexpr T denorm_min() noexcept { return T(D::denorm_min()); }
};

}  // namespace std

namespace Kokkos {

// Like Kokkos' own double identities, max() and min() start from the finite extremes.
template <>
struct reduction_identity<kamp::dd::dd_real> {
  using T = kamp::dd::dd_real;
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T sum() { return T(0.0); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T prod() { return T(1.0); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T max() { return T(-DBL_MAX, -0x1.fffffffffffffp+969); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T min() { return T(DBL_MAX, 0x1.fffffffffffffp+969); }
};

}  // namespace Kokkos

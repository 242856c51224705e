#pragma once
// std::numeric_limits<kamp::multi_double::dd_real> (host) and Kokkos::reduction_identity<dd_real> (host and
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

#include "multi_double/dd_real.hpp"
#include "multi_double/limits_common.hpp"

namespace std {

template <>
class numeric_limits<kamp::multi_double::dd_real>
    : public kamp::multi_double::detail::multi_double_limits<kamp::multi_double::dd_real> {
  using T = kamp::multi_double::dd_real;

 public:
  static constexpr int digits = 106;
  static constexpr int digits10 = 31;      // floor((digits - 1) log10 2)
  static constexpr int max_digits10 = 33;  // ceil(1 + digits log10 2)
  static constexpr int min_exponent = -968;
  static constexpr int min_exponent10 = -291;

  static constexpr T min() noexcept { return T(0x1p-969); }
  static constexpr T max() noexcept { return T(DBL_MAX, 0x1.fffffffffffffp+969); }
  static constexpr T lowest() noexcept { return T(-DBL_MAX, -0x1.fffffffffffffp+969); }
  static constexpr T epsilon() noexcept { return T(0x1p-104); }
};

}  // namespace std

namespace Kokkos {

// Like Kokkos' own double identities, max() and min() start from the finite extremes.
template <>
struct reduction_identity<kamp::multi_double::dd_real> {
  using T = kamp::multi_double::dd_real;
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T sum() { return T(0.0); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T prod() { return T(1.0); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T max() { return T(-DBL_MAX, -0x1.fffffffffffffp+969); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T min() { return T(DBL_MAX, 0x1.fffffffffffffp+969); }
};

}  // namespace Kokkos

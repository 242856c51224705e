#pragma once
// std::numeric_limits<kamp::multi_double::expansion<N>> (host) and Kokkos::reduction_identity (host and
// device). The conventions follow multi_double/dd_limits.hpp with 53 bits per component:
// digits = 53N (every 53N-bit significand is representable: each component takes the next 53
// bits of the remainder, rounded to nearest); epsilon = 2^-52N = 2^(N - digits), which for N = 2
// is the double-double 2^-104 and is what the arithmetic delivers (unit roundoff u_N =
// 2^-52N (1 + 2^-46), multi_double/expansion.hpp). min() = 2^(53N - 1074): below it the last component
// underflows and the precision is no longer 53N bits. max(): DBL_MAX followed by components just
// short of half an ulp each, so the leading component still rounds to DBL_MAX
// (detail::largest_expansion in multi_double/expansion.hpp, where the arithmetic keeps results below it).
#include <Kokkos_Core.hpp>

#include <limits>

#include "multi_double/expansion.hpp"
#include "multi_double/limits_common.hpp"
#include "multi_double/product_bins.hpp"  // power_of_two

namespace std {

template <int N>
class numeric_limits<kamp::multi_double::expansion<N>>
    : public kamp::multi_double::detail::multi_double_limits<kamp::multi_double::expansion<N>> {
  using T = kamp::multi_double::expansion<N>;

 public:
  static constexpr int digits = 53 * N;
  static constexpr int digits10 = (digits - 1) * 30103 / 100000;    // floor((digits - 1) log10 2)
  static constexpr int max_digits10 = 2 + digits * 30103 / 100000;  // ceil(1 + digits log10 2)
  static constexpr int min_exponent = 53 * N - 1073;
  static constexpr int min_exponent10 = -((1073 - 53 * N) * 30103 / 100000);

  static constexpr T min() noexcept { return T(kamp::multi_double::detail::power_of_two(53 * N - 1074)); }
  static constexpr T max() noexcept { return kamp::multi_double::detail::largest_expansion<N>(1.0); }
  static constexpr T lowest() noexcept { return kamp::multi_double::detail::largest_expansion<N>(-1.0); }
  static constexpr T epsilon() noexcept { return T(kamp::multi_double::detail::power_of_two(-52 * N)); }
};

}  // namespace std

namespace Kokkos {

template <int N>
struct reduction_identity<kamp::multi_double::expansion<N>> {
  using T = kamp::multi_double::expansion<N>;
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T sum() { return T(0.0); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T prod() { return T(1.0); }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T max() {
    return kamp::multi_double::detail::largest_expansion<N>(-1.0);
  }
  KOKKOS_FORCEINLINE_FUNCTION constexpr static T min() { return kamp::multi_double::detail::largest_expansion<N>(1.0); }
};

}  // namespace Kokkos

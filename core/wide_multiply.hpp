#pragma once
// The full 128-bit product of two 64-bit words, on host and device.
#include <Kokkos_Core.hpp>

#include <cstdint>

namespace kamp::core {

// hi:lo = a * b; returns lo.
KOKKOS_FORCEINLINE_FUNCTION std::uint64_t mul_wide(std::uint64_t a, std::uint64_t b, std::uint64_t& hi) {
#ifdef __CUDA_ARCH__
  hi = __umul64hi(a, b);
  return a * b;
#else
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  hi = static_cast<std::uint64_t>(p >> 64);
  return static_cast<std::uint64_t>(p);
#endif
}

}  // namespace kamp::core

#pragma once
// Small device helpers of the signed-digit kernels: which spaces run teams of one thread, the
// sum of four packed digits, and a counter-based hash for seeded random digits.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace kamp::signed_digit::detail {

// Host spaces run one thread per team: their parallelism is across teams, and a digit loop
// inside a team vectorises.
template <class ExecSpace>
constexpr bool is_host_space() {
  return std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
}

template <class ExecSpace>
int team_size_for(int gpu_threads) {
  return is_host_space<ExecSpace>() ? 1 : gpu_threads;
}

// The sum of the four signed bytes of w (the CUDA path is one dp4a instruction).
KOKKOS_INLINE_FUNCTION int byte_sum(std::uint32_t w) {
#if defined(__CUDA_ARCH__)
  return __dp4a(static_cast<int>(w), 0x01010101, 0);
#else
  return static_cast<std::int8_t>(w) + static_cast<std::int8_t>(w >> 8) + static_cast<std::int8_t>(w >> 16) +
         static_cast<std::int8_t>(w >> 24);
#endif
}

// splitmix64 of (seed, a, b): the same digits on every backend.
KOKKOS_INLINE_FUNCTION std::uint64_t hash(std::uint64_t seed, std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (a + 1) + 0xbf58476d1ce4e5b9ULL * (b + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The smallest and largest of an int32 view's values (0, 0 when it is empty).
template <class ExecSpace, class View>
Kokkos::pair<std::int64_t, std::int64_t> value_range(const ExecSpace& exec, std::int64_t n, const View& values) {
  if (n == 0) return {0, 0};
  std::int64_t lo = 0, hi = 0;
  Kokkos::parallel_reduce(
      "kamp::signed_digit::value_range", Kokkos::RangePolicy<ExecSpace>(exec, 0, n),
      KOKKOS_LAMBDA(std::int64_t j, std::int64_t & l, std::int64_t & h) {
        const std::int64_t v = values(j);
        if (v < l) l = v;
        if (v > h) h = v;
      },
      Kokkos::Min<std::int64_t>(lo), Kokkos::Max<std::int64_t>(hi));
  return {lo, hi};
}

}  // namespace kamp::signed_digit::detail

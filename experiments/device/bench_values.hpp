#pragma once
// The one-off GPU benches' operands: arrays of a multi-double format filled on the device from a
// hash, copies back to the host, and a hash of results' bits (to show that variants agree).
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/format_traits.hpp"

// A value of the format from a hash of (i, seed): lead in [0.5, 2) with a random sign, each lower
// component at most half an ulp of the one above (the invariant), zeros now and then.
template <class V>
KOKKOS_INLINE_FUNCTION V hashed_value(std::uint64_t i, std::uint64_t seed) {
  std::uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
  const auto next = [&h] {
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return static_cast<double>(h >> 11) * 0x1p-53;  // [0, 1)
  };
  V v;
  double c = (next() < 0.5 ? -1 : 1) * (0.5 + 1.5 * next());
  constexpr int parts = sizeof(V) / sizeof(double);
  double* out = reinterpret_cast<double*>(&v);
  for (int k = 0; k < parts; ++k) {
    out[k] = c;
    c = std::ldexp(std::fabs(c), -54) * (next() - 0.5) * (next() < 0.1 ? 0 : 1);
  }
  return v;
}

template <class F, class Space>
kamp::array_t<F, typename Space::memory_space> filled(std::int64_t n, std::uint64_t seed, const char* label) {
  using V = kamp::value_type_t<F>;
  kamp::array_t<F, typename Space::memory_space> a(n, label);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(std::int64_t i) { a.store(i, hashed_value<V>(i, seed)); });
  Kokkos::fence();
  return a;
}

template <class F>
std::vector<kamp::value_type_t<F>> on_host(const kamp::array_t<F, Kokkos::CudaSpace>& a, std::int64_t n) {
  kamp::array_t<F, Kokkos::HostSpace> h(n, "host");
  Kokkos::deep_copy(h.values, a.values);
  std::vector<kamp::value_type_t<F>> v(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = h.load(static_cast<std::size_t>(i));
  return v;
}

// FNV-1a over the bytes given, in order.
struct bits_hash {
  unsigned long long value = 1469598103934665603ull;
  void add(const void* bytes, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) value = (value ^ static_cast<const unsigned char*>(bytes)[i]) * 1099511628211ull;
  }
};

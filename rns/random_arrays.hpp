#pragma once
// Large random RNS operands (experiments, the GEMV tuner): a pool of random values made exactly
// on the host, tiled over the device arrays (element j takes pool entry j * stride mod
// pool size), so that 10^7-element inputs cost no more than the pool to create.
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "rns/mp_array.hpp"
#include "rns/random_values.hpp"

namespace kamp::rns {

template <int N, class MemorySpace>
struct tile_pool {
  Kokkos::View<const mp_float<N>*, MemorySpace> pool;
  mp_array<N, MemorySpace> array;
  Kokkos::View<mp_float<N>*, MemorySpace> structs;  // may be empty
  std::int64_t stride;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t j) const {
    const mp_float<N>& v = pool((j * stride) % static_cast<std::int64_t>(pool.extent(0)));
    array.store(static_cast<std::size_t>(j), v);
    if (structs.extent(0) > 0) structs(j) = v;
  }
};

namespace impl {

// Fills `array` (and `structs`, if not empty) with tiled random values of magnitude in
// [1/2, 1), random sign and `bits` significant bits (0 or more than q: q, full precision): the
// papers' uniform [-1, 1] data, at the precision the caller asks for.
template <class Space, int N, class MemorySpace>
void fill_random(const mp_array<N, MemorySpace>& array, Kokkos::View<mp_float<N>*, MemorySpace> structs,
                 std::uint64_t seed, std::int64_t stride, int bits) {
  constexpr int q = basis_constants<N>::significand_bits;
  if (bits <= 0 || bits > q) bits = q;
  core::random_source rng(seed);
  std::vector<mp_float<N>> host;
  for (int i = 0; i < 1024; ++i) host.push_back(random_mp_float<N>(rng, -bits, -bits, bits));
  Kokkos::View<mp_float<N>*, MemorySpace> pool("kamp::rns::random_pool", host.size());
  Kokkos::deep_copy(pool, Kokkos::View<const mp_float<N>*, Kokkos::HostSpace>(host.data(), host.size()));
  Kokkos::parallel_for("kamp::rns::fill_random",
                       Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, array.size()),
                       tile_pool<N, MemorySpace>{pool, array, structs, stride});
  Kokkos::fence();
}

}  // namespace impl
}  // namespace kamp::rns

#pragma once
// Large RNS operands for experiments: a pool of random full-precision values made exactly
// on the host, tiled over the device arrays (element j takes pool entry j * stride mod
// pool size), so that 10^7-element inputs cost no more than the pool to create.
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "rns/mp_array.hpp"
#include "rns/random_values.hpp"

namespace kamp::experiments {

template <int N, class MemorySpace>
struct tile_pool {
  Kokkos::View<const rns::mp_float<N>*, MemorySpace> pool;
  rns::mp_array<N, MemorySpace> array;
  Kokkos::View<rns::mp_float<N>*, MemorySpace> structs;  // may be empty
  std::int64_t stride;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t j) const {
    const rns::mp_float<N>& v = pool((j * stride) % static_cast<std::int64_t>(pool.extent(0)));
    array.store(static_cast<std::size_t>(j), v);
    if (structs.extent(0) > 0) structs(j) = v;
  }
};

// Fills `array` (and `structs`, if not empty) with tiled random values of magnitude in
// [1/2, 1) and random sign: the papers' uniform [-1, 1] data, at full precision.
template <class Space, int N, class MemorySpace>
void fill_random(const rns::mp_array<N, MemorySpace>& array, Kokkos::View<rns::mp_float<N>*, MemorySpace> structs,
                 std::uint64_t seed, std::int64_t stride) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  core::random_source rng(seed);
  std::vector<rns::mp_float<N>> host;
  for (int i = 0; i < 1024; ++i) host.push_back(rns::random_mp_float<N>(rng, -q, -q));
  Kokkos::View<rns::mp_float<N>*, MemorySpace> pool("kamp::experiments::pool", host.size());
  Kokkos::deep_copy(pool, Kokkos::View<const rns::mp_float<N>*, Kokkos::HostSpace>(host.data(), host.size()));
  Kokkos::parallel_for("kamp::experiments::fill_random",
                       Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(0, array.size()),
                       tile_pool<N, MemorySpace>{pool, array, structs, stride});
  Kokkos::fence();
}

}  // namespace kamp::experiments

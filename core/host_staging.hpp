#pragma once
// staging_space<MemorySpace>::type: the host memory that values leaving or entering
// MemorySpace pass through. With CUDA, pinned host memory: the device copies to and from it
// directly, where a copy to pageable memory goes through a driver buffer and blocks the host
// for longer. Host spaces stage through plain host memory (the copy is a memcpy).
#include <Kokkos_Core.hpp>

namespace kamp::core {

template <class MemorySpace>
struct staging_space {
  using type = Kokkos::HostSpace;
};
#ifdef KOKKOS_ENABLE_CUDA
template <>
struct staging_space<Kokkos::CudaSpace> {
  using type = Kokkos::CudaHostPinnedSpace;
};
#endif

template <class MemorySpace>
using staging_space_t = typename staging_space<MemorySpace>::type;

}  // namespace kamp::core

#pragma once
// The split of a GPU multiprocessor's on-chip memory between team scratch (shared memory) and
// the L1 cache, for one team kernel.
//
// Kokkos 3.4 marks every CUDA team kernel cudaFuncCachePreferShared, which on a Hopper
// multiprocessor takes the largest shared-memory carveout (228 of 256 KB) whatever the
// kernel's scratch needs: L1 keeps about 28 KB. The fused RNS GEMV re-reads its headers, d and
// the basis tables from L1 and spills a few registers; with 28 KB its L1 hit rate was 19-26 %
// (ncu on the H200, docs/decisions.md). fit_shared_carveout asks instead for the least
// carveout that still holds the teams the kernel's registers let a multiprocessor run, and
// leaves the rest to L1. It reaches into Kokkos 3.4's launch internals, the version kamp builds
// (later versions fit the carveout themselves, and there it does nothing); host backends have
// no such split.
#include <Kokkos_Core.hpp>

#include <cstddef>
#include <type_traits>

namespace kamp::core {

#if defined(KOKKOS_ENABLE_CUDA) && KOKKOS_VERSION / 100 == 304
#define KAMP_FITS_SHARED_CARVEOUT
#endif

#if defined(KAMP_FITS_SHARED_CARVEOUT)
namespace detail {

// The carveout, in percent of the most shared memory a multiprocessor has, that holds the
// teams of `threads` threads with `scratch` bytes each that fit the kernel's registers.
inline int carveout_percent(const cudaFuncAttributes& kernel, const cudaDeviceProp& device, int threads,
                            std::size_t scratch) {
  constexpr int register_granule = 256;  // registers are allotted per warp in these units
  const int warps = (threads + device.warpSize - 1) / device.warpSize;
  const int per_warp = (kernel.numRegs * device.warpSize + register_granule - 1) / register_granule * register_granule;
  int teams = device.maxBlocksPerMultiProcessor;
  if (per_warp > 0 && device.regsPerMultiprocessor / (per_warp * warps) < teams)
    teams = device.regsPerMultiprocessor / (per_warp * warps);
  if (device.maxThreadsPerMultiProcessor / (warps * device.warpSize) < teams)
    teams = device.maxThreadsPerMultiProcessor / (warps * device.warpSize);
  if (teams < 1) teams = 1;
  const std::size_t per_team = scratch + kernel.sharedSizeBytes + device.reservedSharedMemPerBlock;
  const std::size_t most = device.sharedMemPerMultiprocessor;
  const std::size_t percent = (teams * per_team * 100 + most - 1) / most;
  return percent > 100 ? 100 : static_cast<int>(percent);
}

}  // namespace detail
#endif

// Before Kokkos::parallel_for(policy, functor): the carveout for this launch's team size and
// per-team scratch bytes. The driver rounds it up to a carveout the chip has.
template <class Functor, class Policy>
void fit_shared_carveout(const Policy& policy, std::size_t scratch) {
#if defined(KAMP_FITS_SHARED_CARVEOUT)
  if constexpr (std::is_same<typename Policy::execution_space, Kokkos::Cuda>::value) {
    using driver = Kokkos::Impl::ParallelFor<Functor, Policy, Kokkos::Cuda>;
    using bounds = typename Policy::launch_bounds;
    using launch = Kokkos::Impl::CudaParallelLaunch<driver, bounds>;
    const auto kernel = launch::get_kernel_func();
    // Kokkos states its preference once per kernel, at its first launch: stating it here first
    // keeps it from overriding the carveout below.
    Kokkos::Impl::configure_shmem_preference<driver, bounds>(kernel, true);
    // A hint: where the runtime refuses it, the launch keeps Kokkos' carveout and runs as before.
    static const cudaFuncAttributes attributes = [&] {
      cudaFuncAttributes a{};
      if (cudaFuncGetAttributes(&a, kernel) != cudaSuccess) (void)cudaGetLastError();
      return a;
    }();
    static int last = -1;
    const int percent = detail::carveout_percent(attributes, policy.space().cuda_device_prop(),
                                                 policy.team_size() * policy.impl_vector_length(), scratch);
    if (percent == last) return;
    if (cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel), cudaFuncAttributePreferredSharedMemoryCarveout,
                             percent) != cudaSuccess)
      (void)cudaGetLastError();
    last = percent;
  }
#else
  (void)policy;
  (void)scratch;
#endif
}

}  // namespace kamp::core

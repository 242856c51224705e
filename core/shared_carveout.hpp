#pragma once
// The split of a GPU multiprocessor's on-chip memory between team scratch (shared memory) and
// the L1 cache, for one team kernel.
//
// Kokkos 3.4 marks every CUDA team kernel cudaFuncCachePreferShared, which on a Hopper
// multiprocessor takes the largest shared-memory carveout (228 of 256 KB) whatever the
// kernel's scratch needs: L1 keeps about 28 KB. The fused RNS GEMV re-reads its headers, d and
// the basis tables from L1 and spills a few registers, for which 28 KB of L1 is too little
// (docs/design.md, experiments/comparisons/fused_gemv_shared_carveout_ncu.txt.gz).
// fit_shared_carveout asks instead for the least carveout that still holds the teams the kernel's
// registers let a multiprocessor run, and leaves the rest to L1. It reaches into Kokkos 3.4's
// launch internals, the version kamp builds (later versions fit the carveout themselves, and there
// it does nothing); host backends have no such split.
#include <Kokkos_Core.hpp>

#include <cstddef>
#include <type_traits>

namespace kamp::core {

// What a multiprocessor offers a kernel, in the units the CUDA runtime reports them.
struct multiprocessor_limits {
  int warp_size = 32;
  int registers = 65536;
  int threads = 2048;
  int teams = 32;
  std::size_t shared_bytes = 233472;     // the most shared memory a multiprocessor can have
  std::size_t reserved_per_team = 1024;  // shared memory the runtime keeps for each team
};

// The carveout, in percent of limits.shared_bytes, that holds as many teams of `threads`
// threads, `scratch` plus `static_shared` bytes of shared memory each, as the kernel's
// `registers` per thread let the multiprocessor run at once (at least one; at most 100).
inline int carveout_percent(int registers, std::size_t static_shared, int threads, std::size_t scratch,
                            const multiprocessor_limits& limits) {
  constexpr int register_granule = 256;  // registers are allotted per warp in these units
  const int warps = (threads + limits.warp_size - 1) / limits.warp_size;
  const int per_warp = (registers * limits.warp_size + register_granule - 1) / register_granule * register_granule;
  int teams = limits.teams;
  if (per_warp > 0 && limits.registers / (per_warp * warps) < teams) teams = limits.registers / (per_warp * warps);
  if (limits.threads / (warps * limits.warp_size) < teams) teams = limits.threads / (warps * limits.warp_size);
  if (teams < 1) teams = 1;
  const std::size_t per_team = scratch + static_shared + limits.reserved_per_team;
  const std::size_t percent = (teams * per_team * 100 + limits.shared_bytes - 1) / limits.shared_bytes;
  return percent > 100 ? 100 : static_cast<int>(percent);
}

#if defined(KOKKOS_ENABLE_CUDA) && KOKKOS_VERSION / 100 == 304
#define KAMP_FITS_SHARED_CARVEOUT
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
    // A hint: where the runtime refuses it, the launch keeps Kokkos' carveout.
    static const cudaFuncAttributes attributes = [&] {
      cudaFuncAttributes a{};
      if (cudaFuncGetAttributes(&a, kernel) != cudaSuccess) (void)cudaGetLastError();
      return a;
    }();
    static int last = -1;
    const cudaDeviceProp& device = policy.space().cuda_device_prop();
    const multiprocessor_limits limits{device.warpSize,
                                       device.regsPerMultiprocessor,
                                       device.maxThreadsPerMultiProcessor,
                                       device.maxBlocksPerMultiProcessor,
                                       device.sharedMemPerMultiprocessor,
                                       device.reservedSharedMemPerBlock};
    const int percent = carveout_percent(attributes.numRegs, attributes.sharedSizeBytes,
                                         policy.team_size() * policy.impl_vector_length(), scratch, limits);
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

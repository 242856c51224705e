#pragma once
// The one availability trait behind which kamp puts vendor libraries (BLAS, LU, SpMV): for an
// execution space it names the vendor implementation to call, if any. `available` is false
// unless an implementation exists for the space, so callers test it at compile time and keep
// their own kernels otherwise. A library missing from the build is passed as no_vendor.
#include <Kokkos_Core.hpp>

#include <type_traits>

namespace kamp::core {

struct no_vendor {};

template <class ExecSpace>
constexpr bool is_host_space_v = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;

template <class ExecSpace>
constexpr bool is_cuda_space_v =
#ifdef KOKKOS_ENABLE_CUDA
    std::is_same<ExecSpace, Kokkos::Cuda>::value;
#else
    false;
#endif

// HostVendor on host execution spaces, CudaVendor on Kokkos::Cuda, nothing elsewhere.
template <class ExecSpace, class HostVendor, class CudaVendor>
struct vendor_for {
  using type = std::conditional_t<is_host_space_v<ExecSpace>, HostVendor,
                                  std::conditional_t<is_cuda_space_v<ExecSpace>, CudaVendor, no_vendor>>;
  static constexpr bool available = !std::is_same<type, no_vendor>::value;
};

}  // namespace kamp::core

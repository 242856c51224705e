#pragma once
// The settings Kokkos is initialised with, in the type the Kokkos release takes: InitArguments up
// to 3.6, InitializationSettings from 3.7 on (4.0 removed InitArguments). A negative value leaves
// Kokkos' default.
#include <Kokkos_Core.hpp>

namespace kamp::core {

#if KOKKOS_VERSION >= 30700
using kokkos_settings_type = Kokkos::InitializationSettings;
#else
using kokkos_settings_type = Kokkos::InitArguments;
#endif

inline kokkos_settings_type kokkos_settings(int device_id, int num_threads = -1) {
  kokkos_settings_type settings;
#if KOKKOS_VERSION >= 30700
  if (device_id >= 0) settings.set_device_id(device_id);
  if (num_threads > 0) settings.set_num_threads(num_threads);
#else
  settings.device_id = device_id;
  settings.num_threads = num_threads;
#endif
  return settings;
}

// The GPUs this process sees: one on a build without a GPU backend, so that `rank % gpu_count()`
// picks device 0 there.
inline int gpu_count() {
  int count = 1;
#ifdef KOKKOS_ENABLE_CUDA
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) count = 1;
#endif
  return count;
}

}  // namespace kamp::core

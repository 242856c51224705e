#pragma once
// The model name of the device an execution space runs on ("NVIDIA H200", the CPU's
// /proc/cpuinfo model name): part of the tuning cache's key, so tuned launch parameters
// are reused only on the device they were measured on.
#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>

namespace kamp::blas {

// The CPU's model name, or "unknown CPU".
std::string host_device_name();
// The current CUDA device's name; throws std::runtime_error when kamp was built without a
// GPU backend.
std::string gpu_device_name();

template <class ExecSpace>
std::string device_name() {
  if (std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value) return host_device_name();
  return gpu_device_name();
}

namespace detail {
// The value of the first /proc/cpuinfo line that starts with `key`, or "" (shared with the
// experiment harness' device_info, which reads more fields).
std::string cpuinfo_field(const std::string& key);
}  // namespace detail

}  // namespace kamp::blas

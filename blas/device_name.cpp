#include "blas/device_name.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#ifdef KOKKOS_ENABLE_CUDA
#include <cuda_runtime.h>
#endif

namespace kamp::blas {

namespace detail {

std::string cpuinfo_field(const std::string& key) {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.compare(0, key.size(), key) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(std::min(line.size(), colon + 2));
    }
  }
  return "";
}

}  // namespace detail

std::string host_device_name() {
  const std::string name = detail::cpuinfo_field("model name");
  return name.empty() ? "unknown CPU" : name;
}

#ifdef KOKKOS_ENABLE_CUDA
std::string gpu_device_name() {
  int device = 0;
  cudaGetDevice(&device);
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, device) != cudaSuccess)
    throw std::runtime_error("kamp::blas::gpu_device_name: cudaGetDeviceProperties failed");
  return prop.name;
}
#else
std::string gpu_device_name() {
  throw std::runtime_error(
      "kamp::blas::gpu_device_name: kamp was built without a GPU backend "
      "(configure with the cuda preset)");
}
#endif

}  // namespace kamp::blas

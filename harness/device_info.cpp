#include "harness/device_info.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "blas/device_name.hpp"

#ifdef KOKKOS_ENABLE_CUDA
#include <cuda_runtime.h>
#endif

namespace kamp::harness {

double device_info::peak_fp64_gflops() const {
  return 2.0 * compute_units * fp64_fma_per_unit_per_cycle * clock_mhz * 1e-3;
}

double device_info::peak_dram_bandwidth_gbs() const {
  return 2.0 * memory_clock_mhz * 1e6 * memory_bus_bits / 8.0 * 1e-9;
}

int device_info::min_block_size() const {
  return max_blocks_per_unit > 0 ? max_threads_per_unit / max_blocks_per_unit : 1;
}

std::string device_info::summary() const {
  std::ostringstream s;
  s << name << " (" << backend << "): " << compute_units << (is_gpu ? " SMs" : " threads");
  if (compute_capability) s << ", sm_" << compute_capability;
  s << ", " << clock_mhz << " MHz, FP64 peak " << peak_fp64_gflops() << " GFlop/s";
  if (memory_bytes) s << ", " << memory_bytes / (1024 * 1024) << " MiB";
  if (peak_dram_bandwidth_gbs() > 0) s << ", DRAM peak " << peak_dram_bandwidth_gbs() << " GB/s";
  return s.str();
}

namespace {

using blas::detail::cpuinfo_field;

// FP64 FMA lanes per core and cycle from the vector ISA: two FMA pipes of 8 lanes with
// AVX-512, two of 4 with AVX2+FMA, else one SSE2 pipe of 2 (a model, not a measurement).
int host_fma_lanes(const std::string& flags) {
  auto has = [&](const char* f) { return (" " + flags + " ").find(std::string(" ") + f + " ") != std::string::npos; };
  if (has("avx512f")) return 16;
  if (has("avx2") && has("fma")) return 8;
  return 2;
}

}  // namespace

device_info query_host_info() {
  device_info info;
  info.backend = Kokkos::DefaultHostExecutionSpace::name();
  info.name = blas::host_device_name();
  info.compute_units = Kokkos::DefaultHostExecutionSpace().concurrency();
  const std::string mhz = cpuinfo_field("cpu MHz");
  info.clock_mhz = mhz.empty() ? 0.0 : std::stod(mhz);
  info.fp64_fma_per_unit_per_cycle = host_fma_lanes(cpuinfo_field("flags"));
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::size_t kib = 0;
  if (meminfo >> key >> kib && key == "MemTotal:") info.memory_bytes = kib * 1024;
  const std::string cache = cpuinfo_field("cache size");
  if (!cache.empty()) info.l2_bytes = std::stoul(cache) * 1024;
  info.max_threads_per_unit = 1;
  info.max_blocks_per_unit = 1;
  return info;
}

#ifdef KOKKOS_ENABLE_CUDA
namespace {

int attribute(cudaDeviceAttr what, int device) {
  int value = 0;
  if (cudaDeviceGetAttribute(&value, what, device) != cudaSuccess) return 0;
  return value;
}

// FP64 FMA units per SM by compute capability (NVIDIA's architecture whitepapers):
// the data-centre parts (6.0, 7.0, 8.0) have 32, Hopper (9.0) has 64, the others 2 or 4.
int fp64_units_per_sm(int cc) {
  switch (cc) {
    case 60:
    case 70:
    case 80:
      return 32;
    case 90:
      return 64;
    case 52:
    case 61:
      return 4;
    default:
      return 2;
  }
}

}  // namespace

device_info query_gpu_info() {
  int device = 0;
  cudaGetDevice(&device);
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, device) != cudaSuccess)
    throw std::runtime_error("kamp::harness::query_gpu_info: cudaGetDeviceProperties failed");
  device_info info;
  info.backend = Kokkos::Cuda::name();
  info.name = prop.name;
  info.is_gpu = true;
  info.compute_units = prop.multiProcessorCount;
  info.compute_capability = prop.major * 10 + prop.minor;
  info.clock_mhz = attribute(cudaDevAttrClockRate, device) * 1e-3;
  info.memory_clock_mhz = attribute(cudaDevAttrMemoryClockRate, device) * 1e-3;
  info.memory_bus_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, device);
  info.memory_bytes = prop.totalGlobalMem;
  info.l2_bytes = static_cast<std::size_t>(prop.l2CacheSize);
  info.warp_size = prop.warpSize;
  info.max_threads_per_unit = prop.maxThreadsPerMultiProcessor;
  info.max_blocks_per_unit = prop.maxBlocksPerMultiProcessor;
  info.shared_bytes_per_block = prop.sharedMemPerBlockOptin;
  info.shared_bytes_per_unit = prop.sharedMemPerMultiprocessor;
  info.registers_per_unit = prop.regsPerMultiprocessor;
  info.fp64_fma_per_unit_per_cycle = fp64_units_per_sm(info.compute_capability);
  return info;
}
#else
device_info query_gpu_info() {
  throw std::runtime_error(
      "kamp::harness::query_gpu_info: kamp was built without a GPU backend "
      "(configure with the cuda preset)");
}
#endif

}  // namespace kamp::harness

#pragma once
// What kamp knows about the machine an execution space runs on: the numbers that launch
// parameters are derived from and that throughput is divided by.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace kamp::harness {

struct device_info {
  std::string backend;  // Kokkos execution space name, e.g. "Cuda" or "OpenMP"
  std::string name;     // GPU or CPU model
  bool is_gpu = false;
  int compute_units = 0;        // streaming multiprocessors, or host threads
  int compute_capability = 0;   // 90 for sm_90; 0 on the host
  double clock_mhz = 0;         // peak core clock
  double memory_clock_mhz = 0;  // GPU memory clock (0 when unknown)
  int memory_bus_bits = 0;
  std::size_t memory_bytes = 0;
  std::size_t l2_bytes = 0;
  int warp_size = 1;
  int max_threads_per_unit = 0;
  int max_blocks_per_unit = 0;
  std::size_t shared_bytes_per_block = 0;  // opt-in maximum on the GPU
  std::size_t shared_bytes_per_unit = 0;
  int registers_per_unit = 0;
  int fp64_fma_per_unit_per_cycle = 0;  // FP64 FMA lanes per SM, or per host core

  // 2 flops per FMA lane per cycle over all units (vector units, tensor cores excluded).
  double peak_fp64_gflops() const;
  // From the memory clock and bus width (DDR: two transfers per clock); 0 when unknown.
  double peak_dram_bandwidth_gbs() const;
  // The paper's MinBS: the smallest block that can still fill a multiprocessor.
  int min_block_size() const;
  std::string summary() const;
};

device_info query_host_info();
// The GPU of the CUDA backend; throws std::runtime_error when kamp was built without one.
device_info query_gpu_info();

// Device info of any execution space: GPU spaces query the GPU, host spaces the CPU.
template <class ExecSpace>
device_info query_device_info() {
  if (std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value) {
    device_info info = query_host_info();
    info.backend = ExecSpace::name();
    info.compute_units = ExecSpace().concurrency();
    return info;
  }
  return query_gpu_info();
}

namespace detail {

// y = x once. On a GPU each work item copies two elements half the array apart: one double per
// thread keeps too few loads in flight to reach cudaMemcpy's rate, two reach it.
// On a host each thread copies the range it first touched when the views were filled, in a loop
// of its own: with the GPU's guarded second element in it, the compiler would mask loads beyond
// the array and the copy would crawl; with the two halves, each thread would stream ranges other
// threads had placed (remote on a multi-socket host).
template <class ExecSpace, class View>
void copy_once(const View& x, const View& y) {
  const auto n = static_cast<std::int64_t>(x.extent(0));
  if constexpr (Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible) {
    Kokkos::parallel_for(
        "kamp::harness::copy_bandwidth", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(0, n),
        KOKKOS_LAMBDA(std::int64_t i) { y(i) = x(i); });
  } else {
    const std::int64_t half = (n + 1) / 2;
    Kokkos::parallel_for(
        "kamp::harness::copy_bandwidth", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(0, half),
        KOKKOS_LAMBDA(std::int64_t i) {
          // Both loads before either store: the views may alias, so a load after a store
          // could not be issued early, and the two loads would not be in flight together.
          const bool second = i + half < n;
          const double a = x(i), b = second ? x(i + half) : 0.0;
          y(i) = a;
          if (second) y(i + half) = b;
        });
  }
}

// y = a x + y once: two streams read, one written, the mix of the level-1 and level-2 kernels
// that the bandwidth shares measure.
template <class ExecSpace, class View>
void axpy_once(double a, const View& x, const View& y) {
  Kokkos::parallel_for(
      "kamp::harness::axpy_bandwidth",
      Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(0, static_cast<std::int64_t>(x.extent(0))),
      KOKKOS_LAMBDA(std::int64_t i) { y(i) = a * x(i) + y(i); });
}

// The best of `repetitions` timed passes of `pass` (one more before them warms up), in seconds.
template <class Pass>
double best_seconds(int repetitions, const Pass& pass) {
  double best = 1e300;
  for (int r = 0; r <= repetitions; ++r) {
    Kokkos::fence();
    Kokkos::Timer timer;
    pass();
    Kokkos::fence();
    if (r > 0) best = std::min(best, timer.seconds());
  }
  return best;
}

}  // namespace detail

// The streaming bandwidth of ExecSpace's memory, the ceiling every bandwidth share is measured
// against: the faster of a copy (y = x) and an AXPY (y = a x + y) over `doubles` elements, each the
// best of `repetitions` passes, in GB/s of the bytes that cross the memory bus. A copy alone is not
// a ceiling: on HBM a pass that reads two streams for each one it writes runs faster than a copy,
// so a kernel of that mix could exceed it. The bytes: the AXPY moves 24 an element (x and y read, y
// written). The copy moves 16 on a GPU, whose L2 takes whole written sectors without reading them,
// and 24 on a host, whose caches write-allocate (a store reads its line first); counting 16 there
// would understate the host's streaming rate by a third.
template <class ExecSpace>
double measure_stream_bandwidth_gbs(std::size_t doubles, int repetitions = 10) {
  using view = Kokkos::View<double*, typename ExecSpace::memory_space>;
  constexpr bool write_allocates = Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible;
  view x("kamp::stream_bandwidth::x", doubles), y("kamp::stream_bandwidth::y", doubles);
  Kokkos::deep_copy(x, 1.0);
  Kokkos::deep_copy(y, 1.0);
  const double n = static_cast<double>(doubles);
  const double copy = (write_allocates ? 24.0 : 16.0) * n /
                      detail::best_seconds(repetitions, [&] { detail::copy_once<ExecSpace>(x, y); });
  const double axpy = 24.0 * n / detail::best_seconds(repetitions, [&] { detail::axpy_once<ExecSpace>(0.5, x, y); });
  return std::max(copy, axpy) * 1e-9;
}

}  // namespace kamp::harness

// E0: the machine's ceilings that later experiments divide by: copy bandwidth, FP64 FMA
// throughput, and double AXPY/GEMV/GEMM through the vendor BLAS (OpenBLAS, cuBLAS) and a
// plain Kokkos AXPY, on the default execution space and, when different, on the host.
#include <Kokkos_Random.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "blas/vendor_blas.hpp"
#include "core/rounding.hpp"
#include "experiments/experiment.hpp"
#include "harness/device_info.hpp"
#include "experiments/timing.hpp"

namespace kamp::experiments {

namespace {

// Eight independent FMA chains per work item keep the FP64 pipes busy despite their latency.
template <class MemorySpace>
struct fma_throughput_kernel {
  static constexpr int chains = 8;
  Kokkos::View<double*, MemorySpace> out;
  int iterations;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    double acc[chains];
    for (int c = 0; c < chains; ++c) acc[c] = 1e-3 * static_cast<double>(i + c);
    const double scale = 0.999999, shift = 1e-7;
    for (int it = 0; it < iterations; ++it)
      for (int c = 0; c < chains; ++c) acc[c] = core::fma_rn(acc[c], scale, shift);
    double sum = 0;
    for (int c = 0; c < chains; ++c) sum += acc[c];
    out(i) = sum;
  }
};

template <class Space>
class characterization {
 public:
  characterization(harness::results_table& table, const experiment_options& options)
      : table_(table), info_(harness::query_device_info<Space>()), quick_(options.size == problem_size::quick) {}

  void run() {
    models();
    copy_sweep();
    fma_throughput();
    if constexpr (blas::vendor_double_blas<Space>::available) {
      axpy_sweep();
      gemv();
      gemm();
    }
  }

 private:
  using memory = typename Space::memory_space;
  using vector = Kokkos::View<double*, memory>;
  using matrix = Kokkos::View<double**, Kokkos::LayoutLeft, memory>;

  void add(const std::string& variant, std::int64_t m, std::int64_t n, const std::string& metric, double value) {
    auto row = harness::result_row::of("E0", variant, 53, m, n, metric, value);
    row.extra["space"] = Space::name();
    row.extra["device"] = info_.name;
    table_.add(row);
  }

  void progress_line(const std::string& what) { progress("E0", std::string(Space::name()) + ": " + what); }

  void models() {
    add("fp64_vector_peak_model", 0, 0, "gflops", info_.peak_fp64_gflops());
    if (matrix_peak_factor() > 1)
      add("fp64_matrix_peak_model", 0, 0, "gflops", info_.peak_fp64_gflops() * matrix_peak_factor());
    if (info_.peak_dram_bandwidth_gbs() > 0)
      add("dram_peak_model", 0, 0, "bandwidth_gbs", info_.peak_dram_bandwidth_gbs());
  }

  // FP64 tensor cores (DMMA) double the FP64 rate of GEMM on sm_80 and sm_90.
  double matrix_peak_factor() const {
    return info_.compute_capability == 80 || info_.compute_capability == 90 ? 2.0 : 1.0;
  }

  int largest_log2() const { return info_.is_gpu ? (quick_ ? 27 : 28) : (quick_ ? 24 : 26); }

  void copy_sweep() {
    for (int lg = 16; lg <= largest_log2(); lg += 2) {
      const std::size_t n = std::size_t(1) << lg;
      progress_line("stream bandwidth, n = " + std::to_string(n));
      const double bw = harness::measure_stream_bandwidth_gbs<Space>(n, lg < 22 ? 50 : 10);
      add("stream", 0, static_cast<std::int64_t>(n), "bandwidth_gbs", bw);
      if (info_.peak_dram_bandwidth_gbs() > 0)
        add("stream", 0, static_cast<std::int64_t>(n), "pct_peak", 100 * bw / info_.peak_dram_bandwidth_gbs());
      // Kokkos::deep_copy of contiguous views is cudaMemcpy on the GPU, a parallel memcpy on the host.
      vector x("kamp::e0::x", n), y("kamp::e0::y", n);
      Kokkos::deep_copy(x, 1.0);
      const double ms = median_milliseconds([&] { Kokkos::deep_copy(y, x); }, lg < 22 ? 50 : 10);
      const double memcpy_bw = 16.0 * double(n) / (ms * 1e6);
      add("copy_deep_copy", 0, static_cast<std::int64_t>(n), "bandwidth_gbs", memcpy_bw);
      // The largest size, far beyond the caches, gives the reference the other rows divide by.
      copy_bandwidth_ = std::max(bw, memcpy_bw);
    }
    add("copy_reference", 0, std::int64_t(1) << largest_log2(), "bandwidth_gbs", copy_bandwidth_);
  }

  // The sweeps below are public only because CUDA lambdas may not live in private members.
 public:
  void fma_throughput() {
    progress_line("FP64 FMA throughput");
    const std::int64_t items =
        info_.is_gpu ? std::int64_t(info_.compute_units) * 2048 * 4 : std::int64_t(info_.compute_units) * 4096;
    const int iterations = info_.is_gpu ? 8192 : 4096;
    fma_throughput_kernel<memory> kernel{vector("kamp::e0::fma_out", items), iterations};
    const double ms = median_milliseconds(
        [&] { Kokkos::parallel_for("kamp::e0::fma_throughput", Kokkos::RangePolicy<Space>(0, items), kernel); }, 5);
    const double gflops = 2.0 * fma_throughput_kernel<memory>::chains * iterations * double(items) / (ms * 1e6);
    add("fp64_fma", 0, items, "time_ms", ms);
    add("fp64_fma", 0, items, "gflops", gflops);
    add("fp64_fma", 0, items, "pct_peak", 100 * gflops / info_.peak_fp64_gflops());
  }

  void rate_rows(const std::string& variant, std::int64_t m, std::int64_t n, double ms, double flops, double bytes) {
    add(variant, m, n, "time_ms", ms);
    add(variant, m, n, "gflops", flops / (ms * 1e6));
    add(variant, m, n, "bandwidth_gbs", bytes / (ms * 1e6));
    add(variant, m, n, "pct_bandwidth", 100 * bytes / (ms * 1e6) / copy_bandwidth_);
  }

  void fill_random(vector v) { Kokkos::fill_random(v, pool_, -1.0, 1.0); }
  void fill_random(matrix v) { Kokkos::fill_random(v, pool_, -1.0, 1.0); }

  void axpy_sweep() {
    using vendor = typename blas::vendor_double_blas<Space>::type;
    std::vector<std::int64_t> sizes;
    for (int lg = 16; lg <= largest_log2(); lg += 2) sizes.push_back(std::int64_t(1) << lg);
    sizes.push_back(10240000);  // the DD slides' AXPY size
    for (const std::int64_t n : sizes) {
      progress_line("AXPY, n = " + std::to_string(n));
      vector x("kamp::e0::x", n), y("kamp::e0::y", n);
      fill_random(x);
      fill_random(y);
      const double alpha = 1e-3;
      const int reps = n < (1 << 22) ? 50 : 10;
      const double vendor_ms = median_milliseconds([&] { vendor::axpy(int(n), alpha, x.data(), y.data()); }, reps);
      rate_rows("daxpy_" + vendor::name(), 0, n, vendor_ms, 2.0 * n, 24.0 * n);
      const double kokkos_ms = median_milliseconds(
          [&] {
            Kokkos::parallel_for(
                "kamp::e0::daxpy", Kokkos::RangePolicy<Space>(0, n),
                KOKKOS_LAMBDA(std::int64_t i) { y(i) += alpha * x(i); });
          },
          reps);
      rate_rows("daxpy_kokkos", 0, n, kokkos_ms, 2.0 * n, 24.0 * n);
    }
  }

  void gemv() {
    using vendor = typename blas::vendor_double_blas<Space>::type;
    const std::vector<std::int64_t> sizes{1000, info_.is_gpu || !quick_ ? 8192 : 4096};
    for (const std::int64_t n : sizes) {
      progress_line("GEMV, n = " + std::to_string(n));
      matrix a("kamp::e0::a", n, n);
      vector x("kamp::e0::x", n), y("kamp::e0::y", n);
      fill_random(a);
      fill_random(x);
      fill_random(y);
      for (const char trans : {'N', 'T'}) {
        const double ms = median_milliseconds(
            [&] { vendor::gemv(trans, int(n), int(n), 1.0, a.data(), int(n), x.data(), 0.5, y.data()); }, 20);
        rate_rows(std::string("dgemv_") + char(trans + 32) + "_" + vendor::name(), n, n, ms, 2.0 * n * n,
                  8.0 * (double(n) * n + 3.0 * n));
      }
    }
  }

  void gemm() {
    using vendor = typename blas::vendor_double_blas<Space>::type;
    std::vector<std::int64_t> sizes{info_.is_gpu || !quick_ ? 2048 : 1024};
    if (info_.is_gpu) sizes.push_back(8192);
    for (const std::int64_t n : sizes) {
      progress_line("GEMM, n = " + std::to_string(n));
      matrix a("kamp::e0::a", n, n), b("kamp::e0::b", n, n), c("kamp::e0::c", n, n);
      fill_random(a);
      fill_random(b);
      fill_random(c);
      const double ms = median_milliseconds(
          [&] {
            vendor::gemm('N', 'N', int(n), int(n), int(n), 1.0, a.data(), int(n), b.data(), int(n), 0.5, c.data(),
                         int(n));
          },
          5);
      const double gflops = 2.0 * double(n) * n * n / (ms * 1e6);
      const std::string variant = "dgemm_" + vendor::name();
      add(variant, n, n, "time_ms", ms);
      add(variant, n, n, "gflops", gflops);
      add(variant, n, n, "pct_peak", 100 * gflops / (info_.peak_fp64_gflops() * matrix_peak_factor()));
    }
  }

 private:
  harness::results_table& table_;
  harness::device_info info_;
  bool quick_;
  double copy_bandwidth_ = 0;
  Kokkos::Random_XorShift64_Pool<Space> pool_{20201120};
};

}  // namespace

void run_e0_machine(harness::results_table& table, const experiment_options& options) {
  table.set_title("E0: machine characterization (copy bandwidth, FP64 throughput, vendor double BLAS)");
  characterization<Kokkos::DefaultExecutionSpace>(table, options).run();
  if (measures_host_rows(options)) characterization<Kokkos::DefaultHostExecutionSpace>(table, options).run();
}

}  // namespace kamp::experiments

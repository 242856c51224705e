// E12: throughput of elementwise RNS array add and mul (Isupov and Knyazkov's section 4 split
// kernels) for L = 10^6..10^7 at 106..1696 bits, beside the one-thread-per-element path
// and MPFR with OpenMP on the same host; the digits stage's bandwidth against the copy
// bandwidth measured in the same run. Also the BLAS AXPY's three paths (split stages, one element
// a thread, one rounding through rns::fma: blas/rns/level1_path.hpp), which decide its automatic
// choice, and MPFR's fma; the
// DOT's two paths (split stages, fused exact block sums) and MPFR's fma into per-thread sums. The
// papers have no table for this: it is the roofline check of the RNS building blocks that GEMV
// is made of.
#include <omp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "blas/rns/kernels.hpp"
#include "experiments/experiment.hpp"
#include "harness/device_info.hpp"
#include "harness/kernel_profiler.hpp"
#include "experiments/precisions.hpp"
#include "experiments/timing.hpp"
#include "rns/kernels.hpp"
#include "rns/mpfr_conversion.hpp"
#include "rns/random_values.hpp"

namespace kamp::experiments {

namespace {

namespace rns = kamp::rns;

template <class Space>
class elementwise_throughput {
 public:
  elementwise_throughput(harness::results_table& table, const experiment_options& options)
      : table_(table), info_(harness::query_device_info<Space>()), quick_(options.size == problem_size::quick) {
    const std::size_t doubles = info_.is_gpu ? (std::size_t(1) << 27) : (std::size_t(1) << 24);
    copy_bandwidth_ = harness::measure_stream_bandwidth_gbs<Space>(doubles);
    add("copy_reference", 0, 0, static_cast<std::int64_t>(doubles), "bandwidth_gbs", copy_bandwidth_);
  }

  template <int N>
  void run() {
    std::vector<std::int64_t> sizes;
    if (info_.is_gpu)
      sizes = quick_ ? std::vector<std::int64_t>{1000000} : std::vector<std::int64_t>{1000000, 10000000};
    else
      sizes = quick_ ? std::vector<std::int64_t>{100000} : std::vector<std::int64_t>{1000000};
    for (const std::int64_t L : sizes) measure<N>(L);
  }

 private:
  using memory = typename Space::memory_space;

  void add(const std::string& variant, int bits, std::int64_t m, std::int64_t n, const std::string& metric,
           double value) {
    auto row = harness::result_row::of("E12", variant, bits, m, n, metric, value);
    row.extra["space"] = Space::name();
    table_.add(row);
  }

  template <int N>
  void measure(std::int64_t L) {
    constexpr int p = rns::basis_constants<N>::precision;
    progress("E12", std::string(Space::name()) + ": " + std::to_string(p) + " bits, L = " + std::to_string(L));
    rns::mp_array<N, memory> x(L, "kamp::e12::x"), y(L, "kamp::e12::y"), z(L, "kamp::e12::z");
    Kokkos::View<rns::mp_float<N>*, memory> sx("kamp::e12::sx", L), sy("kamp::e12::sy", L), sz("kamp::e12::sz", L);
    rns::fill_random<Space>(x, sx, 11, 7);
    rns::fill_random<Space>(y, sy, 12, 13);
    std::vector<rns::mp_float<N>> host_x, host_y;  // the same values, for MPFR
    if (!info_.is_gpu) {
      host_x = rns::copy_to_host(x);
      host_y = rns::copy_to_host(y);
    }
    const int reps = info_.is_gpu ? 5 : 3;
    for (const bool multiply : {false, true}) {
      const std::string op = multiply ? "mul" : "add";
      auto split = [&] {
        if (multiply)
          rns::mul(Space(), L, x, 1, y, 1, z, 1);
        else
          rns::add(Space(), L, x, 1, y, 1, z, 1);
      };
      const double ms = median_milliseconds(split, reps);
      add("split_" + op, p, 0, L, "time_ms", ms);
      add("split_" + op, p, 0, L, "gflops", L / (ms * 1e6));  // 10^9 multiple-precision operations per second
      {
        harness::kernel_profiler profiler;
        split();
        for (const auto& k : profiler.table()) {
          const std::string stage = k.label.substr(k.label.rfind(':') + 1);
          add("split_" + op + "_" + stage, p, 0, L, "time_share_pct", k.share_pct);
          add("split_" + op + "_" + stage, p, 0, L, "time_ms", k.milliseconds);
          if (stage == "digits") {
            // Residues of x and y read, of z written, and the 20-24 B plan or header per number.
            const double bytes = double(L) * (12.0 * N + 24.0);
            add("split_" + op + "_digits", p, 0, L, "bandwidth_gbs", bytes / (k.milliseconds * 1e6));
            add("split_" + op + "_digits", p, 0, L, "pct_bandwidth",
                100 * bytes / (k.milliseconds * 1e6) / copy_bandwidth_);
          }
        }
      }
      const double per_thread_ms = median_milliseconds(
          [&] {
            rns::apply_per_thread<Space, N, memory>(Space(), multiply ? rns::elementwise::mul : rns::elementwise::add,
                                                    sx, sy, sz);
          },
          info_.is_gpu ? 3 : 1);
      add("per_thread_" + op, p, 0, L, "time_ms", per_thread_ms);
      add("per_thread_" + op, p, 0, L, "speedup", per_thread_ms / ms);  // of split over per-thread
      if (!info_.is_gpu) mpfr_baseline<N>(host_x, host_y, L, multiply, ms);
    }
    measure_axpy<N>(L, x, y, host_x, host_y, reps);
    measure_dot<N>(L, x, y, host_x, host_y, reps);
  }

  // Bytes of one read of L numbers: residues and header (sign, exponent, interval).
  template <int N>
  static double number_bytes(std::int64_t L) {
    return double(L) * (N * sizeof(rns::residue) + 2 * sizeof(std::int32_t) + 2 * sizeof(core::er_float));
  }

  // x.y through both paths (random full-precision operands, as AXPY's). Bytes: x and y read once
  // (the fused path reads the headers twice, its scan and its sum; the model counts once).
  template <int N>
  void measure_dot(std::int64_t L, const rns::mp_array<N, memory>& x, const rns::mp_array<N, memory>& y,
                   const std::vector<rns::mp_float<N>>& host_x, const std::vector<rns::mp_float<N>>& host_y, int reps) {
    constexpr int p = rns::basis_constants<N>::precision;
    constexpr int q = rns::basis_constants<N>::significand_bits;
    rns::vector_sum_workspace<N, memory> w;
    double path_ms[2] = {0, 0};
    for (const auto path : {rns::level1_path::split, rns::level1_path::fused}) {
      const double ms =
          median_milliseconds([&] { rns::blas_kernels<Space, N>::dot(Space(), L, x, 1, y, 1, w, path); }, reps);
      const std::string variant = std::string(rns::to_string(path)) + "_dot";
      path_ms[path == rns::level1_path::fused] = ms;
      add(variant, p, 0, L, "time_ms", ms);
      add(variant, p, 0, L, "pct_bandwidth", 100 * 2 * number_bytes<N>(L) / (ms * 1e6) / copy_bandwidth_);
    }
    add("fused_dot", p, 0, L, "speedup", path_ms[0] / path_ms[1]);  // of fused over split
    if (info_.is_gpu) return;
    std::vector<core::mpfr_value> a, c;
    a.reserve(L);
    c.reserve(L);
    for (std::int64_t j = 0; j < L; ++j) {
      a.push_back(rns::to_mpfr<N>(host_x[j]));
      c.push_back(rns::to_mpfr<N>(host_y[j]));
    }
    const int threads = omp_get_max_threads();
    std::vector<core::mpfr_value> sums;  // each thread's running sum at q bits, then their total
    for (int t = 0; t <= threads; ++t) sums.emplace_back(q);
    const double ms = median_milliseconds(
        [&] {
#pragma omp parallel
          {
            mpfr_ptr s = sums[omp_get_thread_num()].get();
            mpfr_set_zero(s, 1);
#pragma omp for
            for (std::int64_t j = 0; j < L; ++j) mpfr_fma(s, a[j].get(), c[j].get(), s, MPFR_RNDN);
          }
          mpfr_set_zero(sums[threads].get(), 1);
          for (int t = 0; t < threads; ++t)
            mpfr_add(sums[threads].get(), sums[threads].get(), sums[t].get(), MPFR_RNDN);
        },
        3);
    add("mpfr_fma_dot", p, threads, L, "time_ms", ms);
    add("mpfr_fma_dot", p, threads, L, "speedup", ms / path_ms[1]);  // of kamp's fused DOT over MPFR
  }

  // y <- alpha x + y through each path; y drifts over the repetitions, the work per element
  // does not (full-precision significands either way). Bytes: x read, y read and written.
  template <int N>
  void measure_axpy(std::int64_t L, const rns::mp_array<N, memory>& x, const rns::mp_array<N, memory>& y,
                    const std::vector<rns::mp_float<N>>& host_x, const std::vector<rns::mp_float<N>>& host_y,
                    int reps) {
    constexpr int p = rns::basis_constants<N>::precision;
    const rns::mp_float<N> alpha = rns::random_mp_floats<N>(17, 1)[0];
    rns::vector_sum_workspace<N, memory> w;
    double best_ms = 0, split_ms = 0;
    for (const auto path : {rns::level1_path::split, rns::level1_path::per_element, rns::level1_path::fused}) {
      const double ms =
          median_milliseconds([&] { rns::blas_kernels<Space, N>::axpy(Space(), L, alpha, x, 1, y, 1, w, path); }, reps);
      const std::string variant = std::string(rns::to_string(path)) + "_axpy";
      const double bytes = 3.0 * number_bytes<N>(L);
      add(variant, p, 0, L, "time_ms", ms);
      add(variant, p, 0, L, "pct_bandwidth", 100 * bytes / (ms * 1e6) / copy_bandwidth_);
      if (path == rns::level1_path::split)
        split_ms = ms;
      else
        add(variant, p, 0, L, "speedup", split_ms / ms);  // over split
      if (best_ms == 0 || ms < best_ms) best_ms = ms;
    }
    if (info_.is_gpu) return;
    std::vector<core::mpfr_value> a, c;  // at q bits, so mpfr_fma rounds to the format's precision
    a.reserve(L);
    c.reserve(L);
    for (std::int64_t j = 0; j < L; ++j) {
      a.push_back(rns::to_mpfr<N>(host_x[j]));
      c.push_back(rns::to_mpfr<N>(host_y[j]));
    }
    const core::mpfr_value m_alpha = rns::to_mpfr<N>(alpha);
    const double ms = median_milliseconds(
        [&] {
#pragma omp parallel for
          for (std::int64_t j = 0; j < L; ++j) mpfr_fma(c[j].get(), m_alpha.get(), a[j].get(), c[j].get(), MPFR_RNDN);
        },
        3);
    add("mpfr_fma_axpy", p, omp_get_max_threads(), L, "time_ms", ms);
    // Of the fastest kamp path over MPFR.
    add("mpfr_fma_axpy", p, omp_get_max_threads(), L, "speedup", ms / best_ms);
  }

  // MPFR with OpenMP over the same values, on the host's threads.
  template <int N>
  void mpfr_baseline(const std::vector<rns::mp_float<N>>& px, const std::vector<rns::mp_float<N>>& py, std::int64_t L,
                     bool multiply, double split_ms) {
    constexpr int p = rns::basis_constants<N>::precision;
    constexpr int q = rns::basis_constants<N>::significand_bits;
    std::vector<core::mpfr_value> a, c, r;
    a.reserve(L);
    c.reserve(L);
    r.reserve(L);
    for (std::int64_t j = 0; j < L; ++j) {
      a.push_back(rns::to_mpfr<N>(px[j]));
      c.push_back(rns::to_mpfr<N>(py[j]));
      r.emplace_back(q);
    }
    const double ms = median_milliseconds(
        [&] {
#pragma omp parallel for
          for (std::int64_t j = 0; j < L; ++j) {
            if (multiply)
              mpfr_mul(r[j].get(), a[j].get(), c[j].get(), MPFR_RNDN);
            else
              mpfr_add(r[j].get(), a[j].get(), c[j].get(), MPFR_RNDN);
          }
        },
        3);
    const std::string variant = std::string("mpfr_") + (multiply ? "mul" : "add");
    add(variant, p, omp_get_max_threads(), L, "time_ms", ms);
    add(variant, p, omp_get_max_threads(), L, "speedup", ms / split_ms);  // of kamp's split kernels over MPFR
  }

  harness::results_table& table_;
  harness::device_info info_;
  bool quick_;
  double copy_bandwidth_ = 0;
};

template <class Space>
void run_all_precisions(harness::results_table& table, const experiment_options& options) {
  elementwise_throughput<Space> e(table, options);
  for_each_precision([&](auto n) { e.template run<decltype(n)::value>(); });
}

}  // namespace

void run_e12_rns_elementwise(harness::results_table& table, const experiment_options& options) {
  table.set_title("E12: RNS elementwise array add/mul throughput (split kernels, per-thread, MPFR+OpenMP)");
  run_all_precisions<Kokkos::DefaultExecutionSpace>(table, options);
  if (measures_host_rows(options)) run_all_precisions<Kokkos::DefaultHostExecutionSpace>(table, options);
}

}  // namespace kamp::experiments

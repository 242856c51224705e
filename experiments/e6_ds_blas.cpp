// E6 (Mukunoki and Takahashi): triple precision D+S (a double and a float per value, 77 bits) in its two
// layouts, SoA and AoS, against dd_real and double for AXPY, GEMV N and GEMM NN; every value is
// computed in dd_real and rounded on store, so D+S moves 12 bytes per value instead of 16. The
// slides found SoA up to 1.3x faster than AoS and D+S at about 1.6-1.7x the double time and
// 3/4 of the DD time for the memory-bound routines (no single-size figures to set beside rows).
#include "multi_double/dd_format.hpp"
#include "multi_double/double_format.hpp"
#include "multi_double/ds_format.hpp"
#include "experiments/multi_double_blas.hpp"

namespace kamp::experiments {

namespace {

template <class Space>
void measure(harness::results_table& table, problem_size size) {
  const bool gpu = !std::is_same<typename Space::memory_space, Kokkos::HostSpace>::value;
  const bool large = size == problem_size::paper || gpu;
  multi_double_blas<Space> bench(table, "E6", gpu ? 10 : 3);
  const std::vector<blas_operation> ops{{"axpy", 10240000, {}, {}, {}},
                                        {"gemv_N", large ? 8192 : 2048, {}, {}, {}},
                                        {"gemv_T", large ? 8192 : 2048, {}, {}, {}},
                                        {"gemm_NN", large ? 2048 : 512, {}, {}, {}}};
  for (const auto& op : ops) {
    bench.template run<double>(op, false);
    bench.template run<multi_double::dd_real>(op, false);
    bench.template run<multi_double::ds_soa>(op, true);
    bench.template run<multi_double::ds_aos>(op, false);
  }
}

}  // namespace

void run_e6_ds_blas(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E6: triple-precision D+S AXPY/GEMV/GEMM, SoA vs AoS, vs dd_real and double (Mukunoki and Takahashi)");
  measure<Kokkos::DefaultExecutionSpace>(table, options.size);
}

}  // namespace kamp::experiments

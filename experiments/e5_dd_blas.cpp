// E5 (Mukunoki and Takahashi): double-double AXPY (n = 10,240,000), GEMV N and T (n = 8192) and GEMM NN
// (n = 2048) at the slides' sizes, and sweeps over n, beside the vendor's double routine and the
// DD peak model (experiments/multi_double_blas.hpp); quad-double (qd_real) rows for scale; QD
// with OpenMP on the host. The slides' Tesla C2050 figures sit beside the dd_real rows at the
// slides' sizes (their DDFlops and % of peak; "2x slower than DAXPY" as 0.5). The RNS format
// at 106 and 212 bits (rns_106, rns_212) at the slides' AXPY and GEMV sizes and GEMM n = 256.
#include <algorithm>

#include "multi_double/dd_format.hpp"
#include "rns/rns_format.hpp"
#include "experiments/multi_double_blas.hpp"

namespace kamp::experiments {

namespace {

std::vector<std::int64_t> geometric(std::int64_t from, std::int64_t to, std::int64_t factor) {
  std::vector<std::int64_t> sizes;
  for (std::int64_t n = from; n <= to; n *= factor) sizes.push_back(n);
  return sizes;
}

template <class Space>
void measure(harness::results_table& table, problem_size size) {
  const bool gpu = !std::is_same<typename Space::memory_space, Kokkos::HostSpace>::value;
  const bool paper = size == problem_size::paper;
  multi_double_blas<Space> bench(table, "E5", gpu ? 10 : 3);
  // The slides' sizes with their figures, then the sweeps (the slides' plots run these ranges).
  const std::vector<blas_operation> headline{{"axpy", 10240000, 4.4, 17.0, 2.0},
                                             {"gemv_N", paper ? 8192 : 2048, 12.0, 45.0, 2.0},
                                             {"gemv_T", paper ? 8192 : 2048, std::nullopt, std::nullopt, std::nullopt},
                                             {"gemm_NN", paper ? 2048 : 512, 22.0, 86.0, 13.0}};
  for (const auto& op : headline) {
    bench.template run<multi_double::dd_real>(op, true);
    bench.template run<multi_double::qd_real>(op, true);
    // The RNS format at the same precisions (106 and 212 bits), through the same BLAS; its
    // GEMM is the generic one-thread-per-output kernel, so it runs at the sweep's smallest size.
    blas_operation rns_op = op;
    if (op.name == "gemm_NN") rns_op.n = 256;
    bench.template run<rns::mp_float<8>>(rns_op, false);
    bench.template run<rns::mp_float<16>>(rns_op, false);
  }
  std::vector<blas_operation> sweep;
  for (const auto n : geometric(1024, paper ? 10000000 : 1 << 20, 4)) sweep.push_back({"axpy", n, {}, {}, {}});
  for (const auto n : geometric(256, paper ? 16384 : 2048, 2)) {
    sweep.push_back({"gemv_N", n, {}, {}, {}});
    sweep.push_back({"gemv_T", n, {}, {}, {}});
  }
  for (const auto n : geometric(256, gpu ? (paper ? 8192 : 4096) : (paper ? 1024 : 512), 2))
    sweep.push_back({"gemm_NN", n, {}, {}, {}});
  // A sweep point at a headline size is the headline's row (measuring it again would write a
  // second, different row for the same problem).
  for (const auto& op : sweep) {
    const bool measured = std::any_of(headline.begin(), headline.end(),
                                      [&](const blas_operation& h) { return h.name == op.name && h.n == op.n; });
    if (!measured) bench.template run<multi_double::dd_real>(op, false);
  }
}

}  // namespace

void run_e5_dd_blas(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E5: double-double AXPY, GEMV and GEMM vs the vendor's double BLAS, the DD peak model, "
      "the copy bandwidth and QD+OpenMP (Mukunoki and Takahashi)");
  measure<Kokkos::DefaultExecutionSpace>(table, options.size);
}

}  // namespace kamp::experiments

// Where an RNS GEMM by the Ozaki scheme spends its time and memory, step by step: E14's operands
// (experiments/ozaki_gemm_bench.hpp), the analysis, the column blocks the free memory allows, then
// residues, products and combine, each fenced, with the device's free memory after it, and the
// sampled error over the scheme's bound. Arguments: steps N:n run in the order given (N = 8, 16,
// 32, 64 moduli: RNS 106 to 848 bits), so that E14's order of rows can be replayed. The one-off
// probe behind the design record's "Kokkos 3.4.01 ... patched" (paper-size E14's hang at n =
// 8192); no CMake target. Built by hand against a CUDA build's libraries (K, the CUDA Kokkos of
// cmake/bootstrap_kokkos.sh; run in build/cuda):
//   $K/bin/nvcc_wrapper -DKAMP_ENABLE_CUBLAS -I../.. -isystem $K/include -march=x86-64-v3 -O3 -DNDEBUG \
//     -ffp-contract=off -expt-extended-lambda -arch=sm_90 -Xcompiler -fopenmp -std=c++17 \
//     ../../experiments/device/ozaki_rns_stages_probe.cpp harness/libkamp_harness.a blas/libkamp_blas.a \
//     blas/libkamp_tuning_cache.a rns/libkamp_rns.a rns/libkamp_rns_numbers.a dd/libkamp_dd.a \
//     core/libkamp_core.a $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a -lcublas -lcublasLt -lopenblas -lcuda \
//     -lcudart -ldl -lmpfr -lgmp
#include <Kokkos_Core.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "experiments/ozaki_gemm_bench.hpp"

namespace kamp::experiments {
void progress(const std::string&, const std::string&) {}
}  // namespace kamp::experiments

using namespace kamp;
using clock_type = std::chrono::steady_clock;

namespace {

double free_gib() {
  return static_cast<double>(core::memory_status_of<Kokkos::CudaSpace>().free_bytes) / (1u << 30);
}

// One line a step, flushed: the time since `start` and the free memory after a fence.
struct step_log {
  std::string label;
  clock_type::time_point start = clock_type::now();
  void operator()(const char* what) {
    Kokkos::fence();
    const double ms = std::chrono::duration<double, std::milli>(clock_type::now() - start).count();
    std::printf("%s %-12s %10.1f ms  free %7.2f GiB\n", label.c_str(), what, ms, free_gib());
    std::fflush(stdout);
    start = clock_type::now();
  }
};

template <int N>
void probe(std::int64_t n) {
  using Space = Kokkos::Cuda;
  using Value = rns::mp_float<N>;
  namespace bench = experiments::ozaki_bench;
  step_log log{"rns_" + std::to_string(format_traits<Value>::precision) + " n=" + std::to_string(n)};
  log("start");
  const auto o = bench::make_operands<Space, Value>(n, 0, 1300 + static_cast<std::uint64_t>(n));
  log("operands");
  blas::ozaki::gemm_plan<Space, Value> plan;
  const blas::ozaki::options opts;
  const Space exec;
  const auto r = plan.analyse(exec, false, false, n, n, n, o.A, n, o.B, n, opts);
  log("analyse");
  std::printf("%s scheme %d moduli %d planes %d bits %d/%d reason '%s'\n", log.label.c_str(), r.scheme ? 1 : 0,
              r.moduli, r.planes, r.bits_a, r.bits_b, r.reason.c_str());
  if (!r.scheme) return;
  const std::int64_t block = plan.fitting_columns();
  std::printf("%s column block %lld of %lld\n", log.label.c_str(), static_cast<long long>(block),
              static_cast<long long>(n));
  std::fflush(stdout);
  if (block < n) return;
  plan.residues(exec);
  log("residues");
  plan.products(exec);
  log("products");
  plan.combine(exec, o.alpha, format_traits<Value>::zero(), true, o.C, n);
  log("combine");
  const auto e = bench::sample_error(o, n, blas::ozaki::scheme_format<Value>::default_bits);
  std::printf("%s error over the scheme's bound %.3g\n", log.label.c_str(), e.over_scheme_bound);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  for (int i = 1; i < argc; ++i) {
    const std::string step = argv[i];
    const auto colon = step.find(':');
    const int moduli = std::atoi(step.substr(0, colon).c_str());
    const std::int64_t n = std::atoll(step.substr(colon + 1).c_str());
    if (moduli == 8) probe<8>(n);
    else if (moduli == 16) probe<16>(n);
    else if (moduli == 32) probe<32>(n);
    else if (moduli == 64) probe<64>(n);
    else std::printf("step '%s': moduli must be 8, 16, 32 or 64\n", argv[i]);
  }
  return 0;
}

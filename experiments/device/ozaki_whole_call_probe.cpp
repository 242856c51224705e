// Why E13's whole Ozaki GEMM can take longer than the sum of its stages timed apart (dd_real, n =
// 8192, 53 bits normwise: 33.8 ms whole against 24.1 ms of stages at de77111): each repetition's
// wall time, fenced, of the whole call (blas::gemm_ozaki) and then of its two halves called
// apart (gemm_plan::analyse, gemm_plan::multiply), on E13's operands
// (experiments/ozaki_gemm_bench.hpp), raw, in order, so that a stall shows where it falls.
// Arguments: steps bits:bound:n (bound c or n: componentwise or normwise). The one-off probe
// behind the design record's whole-call figures; no CMake target. Built by hand against a CUDA
// build's libraries like ozaki_rns_stages_probe.cpp (run in build/cuda; K as there):
//   $K/bin/nvcc_wrapper -DKAMP_ENABLE_CUBLAS -I../.. -isystem $K/include -march=x86-64-v3 -O3 -DNDEBUG \
//     -ffp-contract=off -expt-extended-lambda -arch=sm_90 -Xcompiler -fopenmp -std=c++17 \
//     ../../experiments/device/ozaki_whole_call_probe.cpp harness/libkamp_harness.a blas/libkamp_blas.a \
//     blas/libkamp_tuning_cache.a rns/libkamp_rns.a rns/libkamp_rns_numbers.a dd/libkamp_dd.a \
//     core/libkamp_core.a $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a -lcublas -lcublasLt -lopenblas -lcuda \
//     -lcudart -ldl -lmpfr -lgmp
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "experiments/device/best_of_launches.hpp"
#include "experiments/ozaki_gemm_bench.hpp"

namespace kamp::experiments {
void progress(const std::string&, const std::string&) {}
}  // namespace kamp::experiments

using namespace kamp;

namespace {

void probe(int bits, blas::ozaki::accuracy bound, std::int64_t n, int repetitions) {
  using Space = Kokkos::Cuda;
  using Value = dd::dd_real;
  const auto o = experiments::ozaki_bench::make_operands<Space, Value>(n, 0, 1300 + static_cast<std::uint64_t>(n));
  blas::ozaki::gemm_plan<Space, Value> plan;
  blas::ozaki::options opts;
  opts.bits = bits;
  opts.bound = bound;
  const Space exec;
  const Value zero = format_traits<Value>::zero();
  const char* label = bound == blas::ozaki::accuracy::normwise ? "normwise" : "componentwise";
  for (int r = 0; r <= repetitions; ++r) {
    blas::ozaki::report report;
    const double whole = fenced_ms(
        [&] { report = blas::gemm_ozaki(exec, 'N', 'N', n, n, n, o.alpha, o.A, n, o.B, n, zero, o.C, n, opts, &plan); });
    const double analyse = fenced_ms([&] { plan.analyse(exec, false, false, n, n, n, o.A, n, o.B, n, opts); });
    const double multiply = fenced_ms([&] { plan.multiply(exec, o.alpha, zero, true, o.C, n); });
    std::printf("bits %d %s n %lld rep %d moduli %d whole %8.3f ms  analyse %7.3f ms  multiply %8.3f ms\n", bits,
                label, static_cast<long long>(n), r, report.moduli, whole, analyse, multiply);
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  for (int i = 1; i < argc; ++i) {
    const std::string step = argv[i];
    const auto first = step.find(':'), second = step.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) {
      std::printf("step '%s': expected bits:bound:n\n", argv[i]);
      return 1;
    }
    const int bits = std::atoi(step.substr(0, first).c_str());
    const char bound = step[first + 1];
    const std::int64_t n = std::atoll(step.substr(second + 1).c_str());
    probe(bits, bound == 'n' ? blas::ozaki::accuracy::normwise : blas::ozaki::accuracy::componentwise, n, 8);
  }
  return 0;
}

// The Ozaki GEMM's stages one at a time, for the double and dd_real formats on E13's operands
// (experiments/ozaki_gemm_bench.hpp): analyse, residues, products and combine, each fenced and
// repeated, the best and the median of the repetitions, and the whole call (gemm_plan's
// analyse + multiply). The probe that ncu runs for the residue and combine kernels, and that two
// builds of run side by side when a kernel changes. Arguments: steps format:bits:bound:n:reps
// (format double or dd, bound c or n). No CMake target; built by hand against a CUDA build's
// libraries like ozaki_rns_stages_probe.cpp (run in build/cuda; K the CUDA Kokkos):
//   $K/bin/nvcc_wrapper -DKAMP_ENABLE_CUBLAS -I../.. -isystem $K/include -march=x86-64-v3 -O3 -DNDEBUG \
//     -ffp-contract=off -expt-extended-lambda -arch=sm_90 -Xcompiler -fopenmp -std=c++17 \
//     ../../experiments/device/ozaki_stage_kernels_probe.cpp harness/libkamp_harness.a blas/libkamp_blas.a \
//     blas/libkamp_tuning_cache.a rns/libkamp_rns.a rns/libkamp_rns_numbers.a dd/libkamp_dd.a \
//     core/libkamp_core.a $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a -lcublas -lcublasLt -lopenblas -lcuda \
//     -lcudart -ldl -lmpfr -lgmp
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "experiments/device/best_of_launches.hpp"
#include "experiments/ozaki_gemm_bench.hpp"

namespace kamp::experiments {
void progress(const std::string&, const std::string&) {}
}  // namespace kamp::experiments

using namespace kamp;

namespace {

struct samples {
  std::vector<double> ms;
  double best() const { return *std::min_element(ms.begin(), ms.end()); }
  double median() const {
    std::vector<double> s = ms;
    std::sort(s.begin(), s.end());
    return s[s.size() / 2];
  }
};

template <class Value>
void probe(const char* format, int bits, blas::ozaki::accuracy bound, std::int64_t n, int repetitions) {
  using Space = Kokkos::Cuda;
  const auto o = experiments::ozaki_bench::make_operands<Space, Value>(n, 0, 1300 + static_cast<std::uint64_t>(n));
  blas::ozaki::gemm_plan<Space, Value> plan;
  blas::ozaki::options opts;
  opts.bits = bits;
  opts.bound = bound;
  const Space exec;
  const Value zero = format_traits<Value>::zero();
  samples analyse, residues, products, combine, whole;
  blas::ozaki::report r;
  for (int rep = 0; rep < repetitions; ++rep) {
    analyse.ms.push_back(fenced_ms([&] { r = plan.analyse(exec, false, false, n, n, n, o.A, n, o.B, n, opts); }));
    residues.ms.push_back(fenced_ms([&] { plan.residues(exec); }));
    products.ms.push_back(fenced_ms([&] { plan.products(exec); }));
    combine.ms.push_back(fenced_ms([&] { plan.combine(exec, o.alpha, zero, true, o.C, n); }));
    whole.ms.push_back(fenced_ms([&] {
      plan.analyse(exec, false, false, n, n, n, o.A, n, o.B, n, opts);
      plan.multiply(exec, o.alpha, zero, true, o.C, n);
    }));
  }
  const auto e = experiments::ozaki_bench::sample_error(o, n, r.bits, bound);
  const char* label = bound == blas::ozaki::accuracy::normwise ? "normwise" : "componentwise";
  const double flops = 2.0 * n * static_cast<double>(n) * n;
  auto line = [&](const char* stage, const samples& s) {
    std::printf("%s,%d,%s,%lld,%d,%s,%.4f,%.4f,%.2f,%.3g\n", format, bits, label, static_cast<long long>(n), r.moduli,
                stage, s.best(), s.median(), flops / s.best() * 1e-9, e.over_scheme_bound);
  };
  line("analyse", analyse);
  line("residues", residues);
  line("products", products);
  line("combine", combine);
  line("whole", whole);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  std::printf("format,bits,bound,n,moduli,stage,best_ms,median_ms,gflops_of_best,error_over_scheme_bound\n");
  for (int i = 1; i < argc; ++i) {
    std::vector<std::string> f;
    std::string step = argv[i];
    for (std::size_t at = 0;;) {
      const std::size_t colon = step.find(':', at);
      f.push_back(step.substr(at, colon - at));
      if (colon == std::string::npos) break;
      at = colon + 1;
    }
    if (f.size() != 5) {
      std::printf("step '%s': format:bits:bound:n:reps\n", argv[i]);
      continue;
    }
    const int bits = std::atoi(f[1].c_str());
    const auto bound = f[2] == "n" ? blas::ozaki::accuracy::normwise : blas::ozaki::accuracy::componentwise;
    const std::int64_t n = std::atoll(f[3].c_str());
    const int reps = std::atoi(f[4].c_str());
    if (f[0] == "double") probe<double>("double", bits, bound, n, reps);
    else if (f[0] == "dd") probe<dd::dd_real>("dd_real", bits, bound, n, reps);
    else std::printf("step '%s': format double or dd\n", argv[i]);
  }
  return 0;
}

// ns per product-accumulate of the GEMV y = alpha op(A) x + beta y, 1000 x 1000, on the host's
// OpenMP threads: kamp's fused RNS kernel ('N' and 'T') beside MPFR with OpenMP over rows, on
// the paper's p/4-bit data and on full-precision data (experiments/data_class.hpp), at 106, 424
// and 1696 bits. items_per_second counts the m n products of one call over all threads. Each
// benchmark draws its problem once and runs a fixed number of calls (a call takes milliseconds).
#include <benchmark/benchmark.h>

#include "experiments/benchmarks/benchmark_main.hpp"
#include "experiments/gemv_problem.hpp"
#include "experiments/mpfr_gemv.hpp"

namespace {

namespace experiments = kamp::experiments;
namespace rns = kamp::rns;
using Host = Kokkos::DefaultHostExecutionSpace;
constexpr std::int64_t size = 1000;

template <int N, bool Full>
experiments::gemv_problem<Host, N> problem() {
  return {size, size, Full ? experiments::data_class::full : experiments::data_class::quarter, false};
}

void label(benchmark::State& state, bool full) {
  state.SetItemsProcessed(state.iterations() * size * size);
  state.SetLabel(full ? "full" : "p/4-bit");
}

template <int N, bool Full, char Trans>
void rns_gemv_fused(benchmark::State& state) {
  auto p = problem<N, Full>();
  for (auto _ : state) {
    state.PauseTiming();
    p.reset_y();
    state.ResumeTiming();
    p.run(Trans, {rns::gemv_algorithm::fused, 0, 0, 0});
    Kokkos::fence();
  }
  label(state, Full);
}

template <int N, bool Full>
void mpfr_gemv_n(benchmark::State& state) {
  experiments::mpfr_gemv<N> mpfr(problem<N, Full>());
  for (auto _ : state) mpfr.run();
  label(state, Full);
}

constexpr int calls = 5;

#define KAMP_GEMV_BENCHMARKS(N, FULL)                                                                                \
  BENCHMARK_TEMPLATE(rns_gemv_fused, N, FULL, 'N')->Unit(benchmark::kMillisecond)->Iterations(calls)->UseRealTime(); \
  BENCHMARK_TEMPLATE(rns_gemv_fused, N, FULL, 'T')->Unit(benchmark::kMillisecond)->Iterations(calls)->UseRealTime(); \
  BENCHMARK_TEMPLATE(mpfr_gemv_n, N, FULL)->Unit(benchmark::kMillisecond)->Iterations(calls)->UseRealTime()

KAMP_GEMV_BENCHMARKS(8, false);
KAMP_GEMV_BENCHMARKS(8, true);
KAMP_GEMV_BENCHMARKS(32, false);
KAMP_GEMV_BENCHMARKS(32, true);
KAMP_GEMV_BENCHMARKS(128, false);
KAMP_GEMV_BENCHMARKS(128, true);

}  // namespace

int main(int argc, char** argv) { return kamp::experiments::run_benchmarks(argc, argv); }

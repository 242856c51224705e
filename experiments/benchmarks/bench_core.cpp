// ns per operation of the core primitives on one host thread: EFTs, directed rounding,
// extended-range arithmetic, and the MPFR operations they replace.
#include <benchmark/benchmark.h>

#include <vector>

#include "experiments/benchmarks/benchmark_main.hpp"

#include "core/extended_float.hpp"
#include "core/mpfr_value.hpp"
#include "core/random.hpp"

namespace {

constexpr int batch = 4096;

std::vector<double> inputs(std::uint64_t seed) { return kamp::core::random_source(seed).uniform_vector(batch); }

template <class Op>
void run_batched(benchmark::State& state, Op op) {
  const auto a = inputs(1), b = inputs(2);
  std::vector<double> out(batch);
  for (auto _ : state) {
    for (int i = 0; i < batch; ++i) out[i] = op(a[i], b[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * batch);
}

void two_sum(benchmark::State& s) {
  run_batched(s, [](double x, double y) {
    double e;
    const double r = kamp::core::two_sum(x, y, e);
    return r + e;
  });
}
void two_prod(benchmark::State& s) {
  run_batched(s, [](double x, double y) {
    double e;
    const double r = kamp::core::two_prod(x, y, e);
    return r + e;
  });
}
void add_ru(benchmark::State& s) {
  run_batched(s, [](double x, double y) { return kamp::core::add_ru(x, y); });
}
void mul_rd(benchmark::State& s) {
  run_batched(s, [](double x, double y) { return kamp::core::mul_rd(x, y); });
}
void div_ru(benchmark::State& s) {
  run_batched(s, [](double x, double y) { return kamp::core::div_ru(x, y); });
}

void er_float_add_rd(benchmark::State& s) {
  run_batched(s, [](double x, double y) {
    return kamp::core::add_rd(kamp::core::er_float::make(x, 1000), kamp::core::er_float::make(y, 990)).frac;
  });
}

void er_float_mul_ru(benchmark::State& s) {
  run_batched(s, [](double x, double y) {
    return kamp::core::mul_ru(kamp::core::er_float::make(x, -5000), kamp::core::er_float::make(y, 70)).frac;
  });
}

void mpfr_add_directed(benchmark::State& state) {
  const auto a = inputs(1), b = inputs(2);
  kamp::core::mpfr_value x(53), y(53), r(53);
  for (auto _ : state) {
    for (int i = 0; i < batch; ++i) {
      mpfr_set_d(x.get(), a[i], MPFR_RNDN);
      mpfr_set_d(y.get(), b[i], MPFR_RNDN);
      mpfr_add(r.get(), x.get(), y.get(), MPFR_RNDU);
    }
    benchmark::DoNotOptimize(r.get());
  }
  state.SetItemsProcessed(state.iterations() * batch);
}

}  // namespace

BENCHMARK(two_sum);
BENCHMARK(two_prod);
BENCHMARK(add_ru);
BENCHMARK(mul_rd);
BENCHMARK(div_ru);
BENCHMARK(er_float_add_rd);
BENCHMARK(er_float_mul_ru);
BENCHMARK(mpfr_add_directed);

int main(int argc, char** argv) { return kamp::experiments::run_benchmarks(argc, argv); }

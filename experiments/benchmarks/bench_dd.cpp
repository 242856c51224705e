// ns per element of dd_real loops on one host thread, as GCC vectorises them: add, mul and
// add(mul) (the elementwise BLAS and the LU's updates), whose exits must stay selects for that;
// div and sqrt, whose rare paths run out of line (multi_double/dd_arithmetic.hpp); and a qd_real add.
#include <benchmark/benchmark.h>

#include <vector>

#include "experiments/benchmarks/benchmark_main.hpp"

#include "core/random.hpp"
#include "multi_double/dd_arithmetic.hpp"
#include "multi_double/expansion.hpp"

namespace {

constexpr int batch = 4096;

template <class Value>
std::vector<Value> inputs(std::uint64_t seed) {
  kamp::core::random_source rng(seed);
  std::vector<Value> v(batch);
  for (auto& x : v) x = Value(rng.uniform(0.5, 2.0)) + Value(rng.uniform(-1.0, 1.0) * 0x1p-60);
  return v;
}

template <class Value, class Op>
void run_batched(benchmark::State& state, Op op) {
  const auto a = inputs<Value>(1), b = inputs<Value>(2);
  std::vector<Value> out(batch);
  for (auto _ : state) {
    for (int i = 0; i < batch; ++i) out[i] = op(a[i], b[i], out[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * batch);
}

using kamp::multi_double::dd_real;

void dd_add(benchmark::State& s) {
  run_batched<dd_real>(
      s, [](const dd_real& x, const dd_real& y, const dd_real&) { return kamp::multi_double::add(x, y); });
}
void dd_mul(benchmark::State& s) {
  run_batched<dd_real>(
      s, [](const dd_real& x, const dd_real& y, const dd_real&) { return kamp::multi_double::mul(x, y); });
}
void dd_add_mul(benchmark::State& s) {
  run_batched<dd_real>(s, [](const dd_real& x, const dd_real& y, const dd_real& z) {
    return kamp::multi_double::add(kamp::multi_double::mul(x, y), z);
  });
}
void dd_div(benchmark::State& s) {
  run_batched<dd_real>(
      s, [](const dd_real& x, const dd_real& y, const dd_real&) { return kamp::multi_double::div(x, y); });
}
void dd_sqrt(benchmark::State& s) {
  run_batched<dd_real>(s, [](const dd_real& x, const dd_real&, const dd_real&) { return kamp::multi_double::sqrt(x); });
}
void qd_add(benchmark::State& s) {
  using kamp::multi_double::qd_real;
  run_batched<qd_real>(
      s, [](const qd_real& x, const qd_real& y, const qd_real&) { return kamp::multi_double::add(x, y); });
}

}  // namespace

BENCHMARK(dd_add);
BENCHMARK(dd_mul);
BENCHMARK(dd_add_mul);
BENCHMARK(dd_div);
BENCHMARK(dd_sqrt);
BENCHMARK(qd_add);

int main(int argc, char** argv) { return kamp::experiments::run_benchmarks(argc, argv); }

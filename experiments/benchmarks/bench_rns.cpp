// ns per scalar RNS operation on one host thread, per precision: add, mul, the interval
// evaluation from residues (with refinement), and MPFR's add and mul at the same precision.
#include <benchmark/benchmark.h>

#include <vector>

#include "experiments/benchmarks/benchmark_main.hpp"

#include "core/random.hpp"
#include "rns/add.hpp"
#include "rns/mpfr_conversion.hpp"
#include "rns/random_values.hpp"
#include "rns/mul.hpp"

namespace {

namespace rns = kamp::rns;
constexpr int pool = 256;

template <int N>
std::vector<rns::mp_float<N>> random_pool(std::uint64_t seed) {
  return rns::random_mp_floats<N>(seed, pool);
}

template <int N>
void rns_add(benchmark::State& state) {
  const auto x = random_pool<N>(1), y = random_pool<N>(2);
  const auto& b = rns::basis<N>::host();
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(rns::add<N>(x[i], y[i], b));
    i = (i + 1) % pool;
  }
  state.SetItemsProcessed(state.iterations());
}

template <int N>
void rns_mul(benchmark::State& state) {
  const auto x = random_pool<N>(1), y = random_pool<N>(2);
  const auto& b = rns::basis<N>::host();
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(rns::mul<N>(x[i], y[i], b));
    i = (i + 1) % pool;
  }
  state.SetItemsProcessed(state.iterations());
}

template <int N>
void rns_evaluate(benchmark::State& state) {
  const auto x = random_pool<N>(3);
  const auto& b = rns::basis<N>::host();
  int i = 0;
  kamp::core::er_float lo, up;
  for (auto _ : state) {
    rns::evaluate<N>(x[i].digits, b, lo, up, rns::range_hint::below_half);
    benchmark::DoNotOptimize(lo);
    benchmark::DoNotOptimize(up);
    i = (i + 1) % pool;
  }
  state.SetItemsProcessed(state.iterations());
}

template <int N, bool Multiply>
void mpfr_op(benchmark::State& state) {
  const auto x = random_pool<N>(1), y = random_pool<N>(2);
  constexpr int q = rns::basis_constants<N>::significand_bits;
  std::vector<kamp::core::mpfr_value> a, c;
  for (int k = 0; k < pool; ++k) {
    a.push_back(rns::to_mpfr<N>(x[k]));
    c.push_back(rns::to_mpfr<N>(y[k]));
  }
  kamp::core::mpfr_value r(q);
  int i = 0;
  for (auto _ : state) {
    if (Multiply) {
      mpfr_mul(r.get(), a[i].get(), c[i].get(), MPFR_RNDN);
    } else {
      mpfr_add(r.get(), a[i].get(), c[i].get(), MPFR_RNDN);
    }
    benchmark::DoNotOptimize(r.get());
    i = (i + 1) % pool;
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK_TEMPLATE(rns_add, 8);
BENCHMARK_TEMPLATE(rns_add, 16);
BENCHMARK_TEMPLATE(rns_add, 32);
BENCHMARK_TEMPLATE(rns_add, 64);
BENCHMARK_TEMPLATE(rns_add, 128);
BENCHMARK_TEMPLATE(rns_mul, 8);
BENCHMARK_TEMPLATE(rns_mul, 16);
BENCHMARK_TEMPLATE(rns_mul, 32);
BENCHMARK_TEMPLATE(rns_mul, 64);
BENCHMARK_TEMPLATE(rns_mul, 128);
BENCHMARK_TEMPLATE(rns_evaluate, 8);
BENCHMARK_TEMPLATE(rns_evaluate, 16);
BENCHMARK_TEMPLATE(rns_evaluate, 32);
BENCHMARK_TEMPLATE(rns_evaluate, 64);
BENCHMARK_TEMPLATE(rns_evaluate, 128);
BENCHMARK_TEMPLATE(mpfr_op, 8, false);
BENCHMARK_TEMPLATE(mpfr_op, 32, false);
BENCHMARK_TEMPLATE(mpfr_op, 128, false);
BENCHMARK_TEMPLATE(mpfr_op, 8, true);
BENCHMARK_TEMPLATE(mpfr_op, 32, true);
BENCHMARK_TEMPLATE(mpfr_op, 128, true);

int main(int argc, char** argv) { return kamp::experiments::run_benchmarks(argc, argv); }

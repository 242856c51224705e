#pragma once
// The main of every kamp benchmark: Kokkos for the whole run, the Kokkos configuration in
// the benchmark context.
#include <benchmark/benchmark.h>
#include <Kokkos_Core.hpp>

#include "harness/run_context.hpp"

namespace kamp::experiments {

inline int run_benchmarks(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  benchmark::Initialize(&argc, argv);
  benchmark::AddCustomContext("kokkos", harness::kokkos_configuration());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace kamp::experiments

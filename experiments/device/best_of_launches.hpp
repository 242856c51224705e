#pragma once
// The one-off GPU benches' timing: one fenced operation's wall time in ms (fenced_ms), and the
// best of `runs` runs of `launches` fenced launches, in ms a launch (five of ten by default; a
// launch of 0.1 s and more needs fewer).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>

template <class Operation>
double fenced_ms(Operation&& operation) {
  Kokkos::fence();
  const auto start = std::chrono::steady_clock::now();
  operation();
  Kokkos::fence();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

template <class Launch>
double best_of_launches_ms(Launch&& launch, int runs = 5, int launches = 10) {
  double best = 1e9;
  for (int r = 0; r < runs; ++r) {
    Kokkos::fence();
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < launches; ++k) launch();
    Kokkos::fence();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, ms / launches);
  }
  return best;
}

#pragma once
// The one-off GPU benches' timing: the best of five runs of ten fenced launches, in ms a launch.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>

template <class Launch>
double best_of_launches_ms(Launch&& launch) {
  double best = 1e9;
  for (int r = 0; r < 5; ++r) {
    Kokkos::fence();
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < 10; ++k) launch();
    Kokkos::fence();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, ms / 10);
  }
  return best;
}

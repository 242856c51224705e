#pragma once
// Median wall time of a fenced operation, after one untimed warm-up run. `prepare` runs
// untimed before every run, the warm-up included: the papers' harnesses restore their inputs
// (y of y = aAx + by) between repetitions, so each timed run sees the data class it was given.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <vector>

namespace kamp::experiments {

template <class Operation, class Prepare>
double median_milliseconds(Operation&& operation, int repetitions, Prepare&& prepare) {
  std::vector<double> times;
  for (int r = 0; r <= repetitions; ++r) {
    prepare();
    Kokkos::fence();
    Kokkos::Timer timer;
    operation();
    Kokkos::fence();
    if (r > 0) times.push_back(timer.seconds() * 1e3);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

template <class Operation>
double median_milliseconds(Operation&& operation, int repetitions) {
  return median_milliseconds(operation, repetitions, [] {});
}

}  // namespace kamp::experiments

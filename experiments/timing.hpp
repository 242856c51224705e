#pragma once
// Median wall time of a fenced operation, after one untimed warm-up run.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <vector>

namespace kamp::experiments {

template <class Operation>
double median_milliseconds(Operation&& operation, int repetitions) {
  operation();
  Kokkos::fence();
  std::vector<double> times;
  for (int r = 0; r < repetitions; ++r) {
    Kokkos::Timer timer;
    operation();
    Kokkos::fence();
    times.push_back(timer.seconds() * 1e3);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace kamp::experiments

#pragma once
// A point of a sweep whose memory its space cannot give is a result, not the end of the run:
// measured_or_does_not_fit runs one point's measurement and, where it throws
// kamp::allocation_error (core/allocation.hpp), records the point as a row of metric needs_bytes
// instead, so that the sweep goes on with its next size or format. By the time the error is
// caught, the point's arrays have gone with its stack frames, so the next point starts with the
// memory the failed one found. Only allocation_error is taken: any other exception is a failure
// and goes on to the caller.
#include <vector>

#include "core/error.hpp"
#include "harness/results_table.hpp"

namespace kamp::harness {

// `point` (id, variant, bits, m, n, extra: the row the measurement would have added) as metric
// needs_bytes: value = the bytes of the one request that failed (not counting what the point had
// allocated before it), extra status = "does not fit" and free_bytes = what the space had free
// then. Its paper figure, if any, is dropped: it was about the measurement.
result_row does_not_fit_row(result_row point, const allocation_error& error);

// Runs measure(); when it throws allocation_error, adds does_not_fit_row of each of `points`
// (every variant the measurement would have given rows for) and returns false. True when
// measure() returned.
template <class Measure>
bool measured_or_does_not_fit(results_table& table, const std::vector<result_row>& points, Measure&& measure) {
  try {
    measure();
    return true;
  } catch (const allocation_error& error) {
    for (const auto& point : points) table.add(does_not_fit_row(point, error));
    return false;
  }
}

}  // namespace kamp::harness

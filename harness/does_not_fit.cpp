#include "harness/does_not_fit.hpp"

#include <string>
#include <utility>

namespace kamp::harness {

result_row does_not_fit_row(result_row point, const allocation_error& error) {
  point.metric = "needs_bytes";
  point.value = error.requested_bytes();
  point.paper.reset();
  point.extra["status"] = "does not fit";
  point.extra["free_bytes"] = std::to_string(error.free_bytes());
  return point;
}

}  // namespace kamp::harness

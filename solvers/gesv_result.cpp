#include "solvers/gesv_result.hpp"

namespace kamp::solvers {

std::string to_string(gesv_status status) {
  switch (status) {
    case gesv_status::converged:
      return "converged";
    case gesv_status::stagnated:
      return "stagnated";
    case gesv_status::max_iterations:
      return "max_iterations";
    case gesv_status::not_a_number:
      return "not_a_number";
  }
  return "unknown";
}

}  // namespace kamp::solvers

#include "solvers/solver_result.hpp"

#include <fstream>
#include <iomanip>
#include <stdexcept>

namespace kamp::solvers {

std::string to_string(solver_status status) {
  switch (status) {
    case solver_status::converged:
      return "converged";
    case solver_status::converged_recurrence_only:
      return "converged_recurrence_only";
    case solver_status::max_iterations:
      return "max_iterations";
    case solver_status::breakdown_rho:
      return "breakdown_rho";
    case solver_status::breakdown_alpha:
      return "breakdown_alpha";
    case solver_status::breakdown_omega:
      return "breakdown_omega";
    case solver_status::not_a_number:
      return "not_a_number";
  }
  return "unknown";
}

void write_history_csv(const std::string& path, const solver_result& result) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("kamp::solvers::write_history_csv: cannot write " + path);
  out << "iteration,recurrence_residual,true_residual\n" << std::setprecision(17);
  for (const auto& h : result.history) {
    out << h.iteration << ',' << h.recurrence_residual << ',';
    if (h.true_residual >= 0) out << h.true_residual;
    out << '\n';
  }
  if (!out) throw std::runtime_error("kamp::solvers::write_history_csv: writing " + path + " failed");
}

}  // namespace kamp::solvers

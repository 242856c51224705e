#pragma once
// What the mixed-precision GESV (solvers/gesv.hpp) returns: how the refinement ended, the number
// of corrections applied, and per step the relative correction and the backward error, so a run
// that did not converge is reported as such and never passes for a solution.
#include <cstdint>
#include <string>
#include <vector>

namespace kamp::solvers {

enum class gesv_status {
  converged,       // backward error <= sqrt(n) u at the last iterate, or a correction below u ||x|| (u: F's)
  stagnated,       // a correction did not halve while the backward error was above sqrt(n) u: the LU cannot resolve A
  max_iterations,  // options.max_iterations corrections applied, backward error still above sqrt(n) u
  not_a_number,    // a NaN or Inf in a residual or a correction (also: A out of the LU precision's range)
};

std::string to_string(gesv_status status);

struct gesv_result {
  gesv_status status = gesv_status::max_iterations;
  bool converged = false;       // status == converged
  std::int64_t iterations = 0;  // corrections applied to the LU's first solution
  // ||d_k||_inf / ||x_k||_inf of every correction solved for (the last one is not applied when
  // the iteration stagnated), rounded to double.
  std::vector<double> correction_norms;
  // ||b - A x_k||_inf / (||A||_inf ||x_k||_inf) of every iterate whose residual was formed,
  // as the working format computed it, rounded to double.
  std::vector<double> backward_errors;
};

}  // namespace kamp::solvers

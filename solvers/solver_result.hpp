#pragma once
// What an iterative solver returns: its status (converged, converged by the recurrence alone,
// out of iterations, or the breakdown that stopped it, with the iteration), the final recurrence
// and true residuals, and the convergence history, which write_history_csv writes as
// `iteration,recurrence_residual,true_residual` (true_residual empty where not computed).
#include <cstdint>
#include <string>
#include <vector>

namespace kamp::solvers {

enum class solver_status {
  // The recurrence residual ||r_k||_2 / ||b||_2 and the true residual ||b - A x_k||_2 / ||b||_2,
  // recomputed at the end, both <= tolerance.
  converged,
  // The recurrence residual met the tolerance but the true residual did not: a tolerance below
  // what the format attains (about u ||A|| ||x|| / ||b||), or a recurrence that drifted from
  // the iterate.
  converged_recurrence_only,
  max_iterations,   // stopped without converging
  breakdown_rho,    // (r0*, r_k) = 0: the shadow residual is orthogonal to r_k
  breakdown_alpha,  // (r0*, A z_k) = 0
  breakdown_omega,  // (A w, t) = 0 or (A w, A w) = 0 with t != 0
  not_a_number,     // a NaN or Inf in a scalar of the recurrence
};

std::string to_string(solver_status status);

struct history_entry {
  std::int64_t iteration = 0;
  double recurrence_residual = 0;  // ||r_k||_2 / ||b||_2 from the recurrence
  double true_residual = -1;       // ||b - A x_k||_2 / ||b||_2 computed anew; -1 when not computed
};

struct solver_result {
  solver_status status = solver_status::max_iterations;
  std::int64_t iterations = 0;   // outer iterations done
  double relative_residual = 0;  // the last recurrence residual
  double true_residual = -1;     // ||b - A x|| / ||b|| of the returned x, recomputed at the end
  // Seconds from the call to the first iteration's work: the solver's vectors, its inner
  // solver and its halo buffers (with device_peers, opened by every rank), fenced.
  double setup_seconds = 0;
  // Seconds in the outer iterations, fenced: from the end of the first residual (and its true
  // residual) to the end of the last iteration's kernels; the true residuals recomputed every
  // few iterations count, the final one does not. Over `iterations`: the time an iteration costs.
  double iteration_seconds = 0;
  std::vector<history_entry> history;
};

// Throws std::runtime_error naming the path when it cannot be written.
void write_history_csv(const std::string& path, const solver_result& result);

}  // namespace kamp::solvers

// kamp_solve: a sparse solve from the command line (apps/solve_settings.cpp lists the options),
// on one process or under mpirun, one GPU per node-local rank in CUDA builds. Rank 0 prints
// the outcome, the times and the communication share, and a last `kamp_solve_result:` line of
// key=value pairs for scripts.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "apps/mpi_main.hpp"
#include "apps/solve_problem.hpp"
#include "blas/format_list.hpp"

namespace kamp::apps {
namespace {

solve_report dispatch(const solve_problem& problem, const solve_settings& settings,
                      const std::shared_ptr<const parallel::timed_communicator>& comm) {
  if (settings.format == "double") return solve_with<double>(problem, settings, comm);
  if (settings.format == "qd") return solve_with<multi_double::qd_real>(problem, settings, comm);
  if (settings.format == "rns212") return solve_with<rns::mp_float<16>>(problem, settings, comm);
  return solve_with<multi_double::dd_real>(problem, settings, comm);
}

void print(const solve_problem& problem, const solve_settings& settings, const solve_report& report,
           const parallel::communicator& comm) {
  const auto comm_seconds = comm.allgather_value(report.communication_seconds);
  const auto ghosts = comm.allgather_value(report.ghosts);
  if (comm.rank() != 0) return;
  const double busiest = *std::max_element(comm_seconds.begin(), comm_seconds.end());
  const std::int64_t most_ghosts = *std::max_element(ghosts.begin(), ghosts.end());
  const auto& r = report.result;
  // Per iteration without the solver's one-time setup (its buffers, the halo's peers opened).
  const double per_iteration_ms =
      1e3 * (report.solve_seconds - r.setup_seconds) / static_cast<double>(std::max<std::int64_t>(r.iterations, 1));
  const std::string space =
      settings.space == "host" ? Kokkos::DefaultHostExecutionSpace::name() : Kokkos::DefaultExecutionSpace::name();
  std::printf("%s: %lld unknowns, %lld nonzeros, %d rank(s), format %s, %s, %s\n", problem.description.c_str(),
              static_cast<long long>(problem.matrix.rows), static_cast<long long>(problem.matrix.nnz()), comm.size(),
              settings.format.c_str(), settings.solver.precondition ? "VPBi-CGSTAB (JOR inner)" : "Bi-CGSTAB",
              space.c_str());
  std::printf("%s after %lld iterations: recurrence residual %.3e, true residual %.3e (tolerance %.3e)\n",
              solvers::to_string(r.status).c_str(), static_cast<long long>(r.iterations), r.relative_residual,
              r.true_residual, settings.solver.tolerance);
  if (r.status == solvers::solver_status::converged_recurrence_only) {
    std::printf(
        "the recurrence residual met the tolerance, the true residual ||b - A x|| / ||b|| did not: "
        "below what format %s attains here, or a drifted recurrence\n",
        settings.format.c_str());
  }
  std::printf(
      "setup %.3f s, solve %.3f s (of which the solver's setup %.3f s; %.4f ms per iteration), communication %.1f %% "
      "of the solve (busiest rank), "
      "halo %lld entries (largest rank, %s)\n",
      report.setup_seconds, report.solve_seconds, r.setup_seconds, per_iteration_ms,
      report.solve_seconds > 0 ? 100 * busiest / report.solve_seconds : 0.0, static_cast<long long>(most_ghosts),
      parallel::to_string(report.halo));
  if (!report.kernel_table.empty()) std::printf("%s", report.kernel_table.c_str());
  std::printf(
      "kamp_solve_result: unknowns=%lld nnz=%lld ranks=%d format=%s solver=%s space=%s status=%s iterations=%lld "
      "recurrence_residual=%.6e true_residual=%.6e setup_s=%.6f solve_s=%.6f solver_setup_s=%.6f ms_per_iteration=%.6f "
      "communication_s=%.6f halo_entries=%lld halo=%s\n",
      static_cast<long long>(problem.matrix.rows), static_cast<long long>(problem.matrix.nnz()), comm.size(),
      settings.format.c_str(), settings.solver.precondition ? "vpbicgstab" : "bicgstab", space.c_str(),
      solvers::to_string(r.status).c_str(), static_cast<long long>(r.iterations), r.relative_residual, r.true_residual,
      report.setup_seconds, report.solve_seconds, r.setup_seconds, per_iteration_ms, busiest,
      static_cast<long long>(most_ghosts), parallel::to_string(report.halo));
  if (!settings.history.empty()) solvers::write_history_csv(settings.history, r);
}

int run(const std::vector<std::string>& args, std::shared_ptr<const parallel::communicator> base) {
  const solve_settings settings = parse_solve_settings(args);
  if (settings.help) {
    if (base->rank() == 0) std::cout << solve_usage();
    return 0;
  }
  const auto comm = std::make_shared<const parallel::timed_communicator>(std::move(base));
  const solve_problem problem = load_problem(settings, comm->size());
  const solve_report report = dispatch(problem, settings, comm);
  print(problem, settings, report, *comm);
  return report.result.status == solvers::solver_status::converged ? 0 : 2;
}

}  // namespace
}  // namespace kamp::apps

int main(int argc, char** argv) {
  return kamp::apps::mpi_main(
      argc, argv, "kamp_solve",
      [](const std::vector<std::string>& args, std::shared_ptr<const kamp::parallel::communicator> comm) {
        return kamp::apps::run(args, std::move(comm));
      });
}

#pragma once
// kamp_solve's problem: the global matrix and right-hand side (read or generated the same way on
// every rank), its row blocks, and what one solve reports.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "apps/solve_settings.hpp"
#include "parallel/timed_communicator.hpp"
#include "parallel/transport.hpp"
#include "solvers/solver_result.hpp"
#include "sparse/csr_matrix.hpp"
#include "sparse/row_blocks.hpp"

namespace kamp::apps {

struct solve_problem {
  sparse::csr_host matrix;
  std::vector<double> rhs;
  sparse::row_blocks blocks;
  std::string description;
};

// Reads or generates the problem on this rank; raises kamp::invalid_argument or
// sparse::matrix_market_error for bad input (a non-square matrix, a right-hand side of the
// wrong length).
solve_problem load_problem(const solve_settings& settings, int ranks);

struct solve_report {
  solvers::solver_result result;
  double setup_seconds = 0;  // distributing the matrix, building the inner solver
  double solve_seconds = 0;
  double communication_seconds = 0;  // in MPI during the solve (this rank)
  std::int64_t ghosts = 0;           // vector entries this rank receives per halo exchange
  parallel::transport halo = parallel::transport::host_staged;
  std::string kernel_table;  // with --profile
};

// One solve in Format on the settings' space, collective over `comm`.
template <class Format>
solve_report solve_with(const solve_problem& problem, const solve_settings& settings,
                        const std::shared_ptr<const parallel::timed_communicator>& comm);

}  // namespace kamp::apps

#pragma once
// kamp_solve's command line: what to solve, with which solver and format, and what to report.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parallel/transport.hpp"
#include "solvers/solver_options.hpp"

namespace kamp::apps {

struct solve_settings {
  bool help = false;                        // --help: print solve_usage() and solve nothing
  std::string matrix;                       // a Matrix Market file, or empty with generate > 0
  std::int64_t generate = 0;                // unknowns of the generated edge-element curl-curl problem
  std::string rhs;                          // an N x 1 Matrix Market coordinate file; empty: b = A 1
  std::string format = "dd";                // double, dd, qd, rns212
  std::string space = "device";             // device (the default Kokkos space) or host
  bool reorder = false;                     // reverse Cuthill-McKee before the row blocks are cut
  std::optional<parallel::transport> halo;  // --halo; empty: the fastest the ranks allow
  std::string history;                      // convergence history CSV (rank 0), empty: none
  bool profile = false;                     // per-kernel time table
  solvers::vpbicgstab_options solver;
};

// The arguments after the program's name. Unknown options, missing values and bad values raise
// kamp::invalid_argument naming the option and the text as given; every number is read whole and
// range-checked (core/parse_number.hpp). It reads nothing but `args`, so a fuzzer can call it.
solve_settings parse_solve_settings(const std::vector<std::string>& args);
std::string solve_usage();

}  // namespace kamp::apps

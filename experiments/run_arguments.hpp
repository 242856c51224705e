#pragma once
// kamp_run's command line: which experiments to run, at which size, on which data, and where to
// write their tables.
#include <string>
#include <vector>

#include "experiments/experiment.hpp"

namespace kamp::experiments {

struct run_arguments {
  experiment_options options;  // options.command: the command line, recorded in the tables
  std::string out_dir = "results";
  bool list = false;  // --list: print the registered experiments and run none
  // --profile: each experiment runs under a kernel profiler (harness/kernel_profiler.hpp) that
  // writes <out>/<machine>/<id>_kernels.csv and, in a CUDA build, opens an NVTX range per
  // kernel for Nsight Compute. Every kernel is fenced: the experiment's own timings are slower.
  bool profile = false;
  std::vector<std::string> ids;  // empty: every registered experiment
};

// The arguments after the program's name. --kokkos-* options are left to Kokkos::initialize;
// anything else that is not an option is an experiment id (run checks it against the registry).
// Missing or bad values raise kamp::invalid_argument naming the option and the text given. kamp_run
// has no numeric option; one would be read by core/parse_number.hpp like kamp_solve's.
run_arguments parse_run_arguments(const std::vector<std::string>& args);

}  // namespace kamp::experiments

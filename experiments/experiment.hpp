#pragma once
// An experiment reproduces one table or figure of a source document: it measures, and
// returns its rows; the runner writes them to results/<machine>/<id>.csv and .md.
#include <Kokkos_Core.hpp>

#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "experiments/data_class.hpp"
#include "harness/results_table.hpp"

namespace kamp::experiments {

enum class problem_size { quick, paper };

struct experiment_options {
  problem_size size = problem_size::quick;
  std::vector<data_class> data = all_data_classes();  // the GEMV experiments' operands (E1-E4)
  bool host_rows = true;  // in a GPU build, also the rows measured on the host's threads (E0, E3, E11, E12)
  std::string command;  // recorded in the tables
};

// Whether an experiment also measures on the host's threads: in a GPU build, unless --no-host.
inline bool measures_host_rows(const experiment_options& options) {
  return options.host_rows && !std::is_same<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>::value;
}

struct experiment {
  std::string id;     // E0..E14
  std::string title;
  std::function<harness::results_table(const experiment_options&)> run;
};

// Every registered experiment, in id order.
const std::vector<experiment>& registry();

// One progress line on stderr, overwritten by the next.
void progress(const std::string& id, const std::string& what);

harness::results_table run_e0_machine(const experiment_options& options);
harness::results_table run_e1_gemv_time_shares(const experiment_options& options);
harness::results_table run_e2_gemv_profile(const experiment_options& options);
harness::results_table run_e3_gemv_precision(const experiment_options& options);
harness::results_table run_e4_gemv_error(const experiment_options& options);
harness::results_table run_e5_dd_blas(const experiment_options& options);
harness::results_table run_e6_ds_blas(const experiment_options& options);
harness::results_table run_e7_gesv(const experiment_options& options);
harness::results_table run_e8_sd_summation(const experiment_options& options);
harness::results_table run_e9_sd_dot(const experiment_options& options);
harness::results_table run_e10_sd_accuracy(const experiment_options& options);
harness::results_table run_e11_vpbicgstab(const experiment_options& options);
harness::results_table run_e12_rns_elementwise(const experiment_options& options);
harness::results_table run_e13_ozaki_gemm(const experiment_options& options);
harness::results_table run_e14_mp_ozaki_gemm(const experiment_options& options);

}  // namespace kamp::experiments

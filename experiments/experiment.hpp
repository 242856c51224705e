#pragma once
// An experiment reproduces one table or figure of a source document: it measures, and adds its
// rows to the runner's table, which writes each to results/<machine>/<id>.csv as it is added
// (harness/recorded_run.hpp) and the .md at the end; a size whose memory the space cannot give
// is a row too (harness/does_not_fit.hpp), and the sweep goes on.
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
  std::string command;    // recorded in the tables
};

// Whether an experiment also measures on the host's threads: in a GPU build, unless --no-host.
inline bool measures_host_rows(const experiment_options& options) {
  return options.host_rows && !std::is_same<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>::value;
}

struct experiment {
  std::string id;     // E0..E16
  std::string title;  // one line for --list; the table's own title (set_title) heads the .md
  std::function<void(harness::results_table&, const experiment_options&)> run;
};

// Every registered experiment, in id order.
const std::vector<experiment>& registry();

// One progress line on stderr, overwritten by the next.
void progress(const std::string& id, const std::string& what);

void run_e0_machine(harness::results_table& table, const experiment_options& options);
void run_e1_gemv_time_shares(harness::results_table& table, const experiment_options& options);
void run_e2_gemv_profile(harness::results_table& table, const experiment_options& options);
void run_e3_gemv_precision(harness::results_table& table, const experiment_options& options);
void run_e4_gemv_error(harness::results_table& table, const experiment_options& options);
void run_e5_dd_blas(harness::results_table& table, const experiment_options& options);
void run_e6_ds_blas(harness::results_table& table, const experiment_options& options);
void run_e7_gesv(harness::results_table& table, const experiment_options& options);
void run_e8_sd_summation(harness::results_table& table, const experiment_options& options);
void run_e9_sd_dot(harness::results_table& table, const experiment_options& options);
void run_e10_sd_accuracy(harness::results_table& table, const experiment_options& options);
void run_e11_vpbicgstab(harness::results_table& table, const experiment_options& options);
void run_e12_rns_elementwise(harness::results_table& table, const experiment_options& options);
void run_e13_ozaki_gemm(harness::results_table& table, const experiment_options& options);
void run_e14_mp_ozaki_gemm(harness::results_table& table, const experiment_options& options);
void run_e16_elementary(harness::results_table& table, const experiment_options& options);

}  // namespace kamp::experiments

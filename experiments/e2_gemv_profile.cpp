// E2 (Isupov and Knyazkov's Table 4): achieved and theoretical occupancy, branch divergence and DRAM
// bandwidth of the costliest GEMV kernels, 1000 x 1000, 424 bits, N, from Nsight Compute, on
// the paper's p/4-bit data and on full-precision data (`kamp_run --data` picks one). The
// experiment runs the workload (one Algorithm 1 and one fused GEMV after a warm-up) per data
// class; when KAMP_E2_NCU_DIR names the folder where `ncu --csv --print-units base` wrote
// E2_ncu_p4.csv and E2_ncu_full.csv for such runs (experiments/device/profile_e2.sh,
// `./kamp profile`), it turns those metrics into rows, with bandwidth also as a share of the
// copy bandwidth measured here. Without it (and on a CPU) it reports the kernels' times from
// the Kokkos profiling hooks.
#include <cstdlib>
#include <map>
#include <optional>
#include <stdexcept>
#include <vector>

#include "experiments/experiment.hpp"
#include "experiments/gemv_problem.hpp"
#include "harness/device_info.hpp"
#include "harness/kernel_profiler.hpp"
#include "harness/ncu_csv.hpp"

namespace kamp::experiments {

namespace {

constexpr std::int64_t e2_size = 1000;

// The ncu CSV of one data class: KAMP_E2_NCU_DIR/E2_ncu_<p4|full>.csv, or none.
std::string ncu_csv_of(data_class data) {
  const char* dir = std::getenv("KAMP_E2_NCU_DIR");
  if (!dir || !*dir) return {};
  return std::string(dir) + (data == data_class::quarter ? "/E2_ncu_p4.csv" : "/E2_ncu_full.csv");
}

void profile(harness::results_table& table, data_class data, std::optional<double>& copy_gbs) {
  using Space = Kokkos::DefaultExecutionSpace;
  progress("E2", std::string("GEMV 1000 x 1000 at 424 bits, Algorithm 1 and fused, ") + to_string(data) + " data");
  gemv_problem<Space, 32> problem(e2_size, e2_size, data, false);
  for (const auto algorithm : {rns::gemv_algorithm::split, rns::gemv_algorithm::fused})
    problem.run('N', {algorithm, 0, 0, 0});  // warm-up (allocations, basis constants)
  Kokkos::fence();
  harness::kernel_profiler profiler;
  for (const auto algorithm : {rns::gemv_algorithm::split, rns::gemv_algorithm::fused}) {
    problem.reset_y();  // each profiled run scales the drawn y, as in the paper's harness
    problem.run('N', {algorithm, 0, 0, 0});
  }
  Kokkos::fence();

  auto add = [&](const std::string& kernel, const std::string& metric, double value, std::optional<double> paper) {
    auto row = harness::result_row::of("E2", kernel, 424, e2_size, e2_size, metric, value);
    row.extra["data"] = to_string(data);
    // The paper profiled its own (p/4-bit) workload.
    if (data == data_class::quarter) row.paper = paper;
    table.add(row);
  };
  const std::string ncu_csv = ncu_csv_of(data);
  if (ncu_csv.empty()) {
    for (const auto& k : profiler.table())
      if (k.label.rfind("kamp::rns::gemv::", 0) == 0) add(k.label.substr(17), "time_ms", k.milliseconds, {});
    return;
  }
  // Isupov and Knyazkov's Table 4 (GTX 1080, DRAM peak 320.3 GB/s): occupancy, divergence, bandwidth.
  struct paper_row {
    double occupancy, divergence, bandwidth_gbs;
  };
  const std::map<std::string, paper_row> paper{{"mat_scal::digits", {95.5, 0.0, 163.3}},
                                               {"row_sum", {26.8, 66.8, 49.9}}};
  if (!copy_gbs) copy_gbs = harness::measure_stream_bandwidth_gbs<Space>(std::size_t(1) << 26);
  for (const auto& kernel : harness::read_ncu_csv(ncu_csv, static_cast<double>(e2_size * e2_size))) {
    const std::string& label = kernel.first;  // named, not bound: lambdas may not capture bindings in C++17
    const auto& metrics = kernel.second;
    const auto value = [&](const std::string& name) {
      const auto it = metrics.find(name);
      if (it == metrics.end()) throw std::runtime_error("E2: the ncu CSV lacks " + name + " for " + label);
      return it->second;
    };
    const bool in_paper = paper.count(label) == 1;
    const double bandwidth = value("dram__bytes.sum.per_second") * 1e-9;  // base unit byte/second
    add(label, "time_ms", value("gpu__time_duration.sum") * 1e-6, {});    // base unit nanosecond
    add(label, "occupancy_pct", value("sm__warps_active.avg.pct_of_peak_sustained_active"),
        in_paper ? std::optional<double>(paper.at(label).occupancy) : std::nullopt);
    add(label, "theoretical_occupancy_pct", value("sm__maximum_warps_per_active_cycle_pct"), {});
    add(label, "divergence_pct", 100.0 - value("smsp__sass_average_branch_targets_threads_uniform.pct"),
        in_paper ? std::optional<double>(paper.at(label).divergence) : std::nullopt);
    add(label, "bandwidth_gbs", bandwidth,
        in_paper ? std::optional<double>(paper.at(label).bandwidth_gbs) : std::nullopt);
    add(label, "pct_bandwidth", 100.0 * bandwidth / *copy_gbs,
        in_paper ? std::optional<double>(100.0 * paper.at(label).bandwidth_gbs / 320.3) : std::nullopt);
  }
}

}  // namespace

void run_e2_gemv_profile(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E2: occupancy, divergence and DRAM bandwidth of the GEMV kernels, 1000 x 1000, 424 bits, N, "
      "p/4-bit (the paper's) and full-precision data (Isupov and Knyazkov, Table 4)");
  std::optional<double> copy_gbs;
  for (const data_class data : options.data) profile(table, data, copy_gbs);
}

}  // namespace kamp::experiments

// E1 (Isupov and Knyazkov's Table 3): share of the GEMV time per kernel, 1000 x 1000, 424 bits, y = aAx + by,
// on the paper's p/4-bit data (set beside Table 3) and on full-precision data.
#include <map>

#include "experiments/experiment.hpp"
#include "experiments/gemv_problem.hpp"
#include "harness/kernel_profiler.hpp"

namespace kamp::experiments {

namespace {

constexpr std::int64_t e1_size = 1000;

void measure_shares(harness::results_table& table, data_class data) {
  using Space = Kokkos::DefaultExecutionSpace;
  // The paper's Table 3 (GTX 1080, p/4-bit data); its "round" is the rounding of the scaled matrix.
  const std::map<std::string, double> paper{{"vec_scal::esi", 0.2},   {"vec_scal::digits", 0.1},
                                            {"mat_scal::esi", 5.6},   {"mat_scal::digits", 20.8},
                                            {"mat_scal::round", 1.7}, {"row_sum", 71.5}};
  progress("E1", std::string("GEMV 1000 x 1000 at 424 bits, ") + to_string(data) + " data");
  gemv_problem<Space, 32> problem(e1_size, e1_size, data, false);
  for (const auto algorithm : {rns::gemv_algorithm::split, rns::gemv_algorithm::fused}) {
    const rns::gemv_launch launch{algorithm, 0, 0, 0};
    problem.run('N', launch);  // warm-up: allocations and basis constants
    Kokkos::fence();
    harness::kernel_profiler profiler;
    const int runs = 5;
    for (int r = 0; r < runs; ++r) {
      problem.reset_y();  // as the paper's harness does: each run scales the drawn y, not the last result
      problem.run('N', launch);
    }
    Kokkos::fence();
    for (const auto& k : profiler.table()) {
      const std::string prefix = "kamp::rns::gemv::";
      if (k.label.rfind(prefix, 0) != 0) continue;
      const std::string kernel = k.label.substr(prefix.size());
      auto row = harness::result_row::of("E1", kernel, 424, e1_size, e1_size, "time_share_pct", k.share_pct);
      row.extra["algorithm"] = rns::to_string(algorithm);
      row.extra["data"] = to_string(data);
      if (data == data_class::quarter && algorithm == rns::gemv_algorithm::split && paper.count(kernel))
        row.paper = paper.at(kernel);
      table.add(row);
      row.metric = "time_ms";
      row.value = k.milliseconds / runs;
      row.paper.reset();
      table.add(row);
    }
  }
}

}  // namespace

void run_e1_gemv_time_shares(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E1: GEMV kernel time shares, 1000 x 1000, 424 bits, N, Algorithm 1 and fused, on p/4-bit "
      "(the paper's) and full-precision data (Isupov and Knyazkov, Table 3)");
  for (const data_class data : options.data) measure_shares(table, data);
}

}  // namespace kamp::experiments

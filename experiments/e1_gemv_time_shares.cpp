// E1 (seed 000 Table 3): share of the GEMV time per kernel, 1000 x 1000, 424 bits, y = aAx + by.
#include <map>

#include "experiments/experiment.hpp"
#include "experiments/gemv_problem.hpp"
#include "experiments/harness/kernel_profiler.hpp"

namespace kamp::experiments {

harness::results_table run_e1_gemv_time_shares(const experiment_options& options) {
  using Space = Kokkos::DefaultExecutionSpace;
  harness::results_table table(harness::run_context::current(options.command),
                               "E1: GEMV kernel time shares, 1000 x 1000, 424 bits, N, Algorithm 1 and fused (seed 000 Table 3)");
  // The paper's Table 3 (GTX 1080); its "round" is the rounding of the scaled matrix.
  const std::map<std::string, double> paper{{"vec_scal::esi", 0.2},  {"vec_scal::digits", 0.1},
                                            {"mat_scal::esi", 5.6},  {"mat_scal::digits", 20.8},
                                            {"mat_scal::round", 1.7}, {"row_sum", 71.5}};
  const std::int64_t size = 1000;
  progress("E1", "GEMV 1000 x 1000 at 424 bits");
  gemv_problem<Space, 32> problem(size, size, false);
  for (const auto algorithm : {rns::gemv_algorithm::split, rns::gemv_algorithm::fused}) {
    const rns::gemv_launch launch{algorithm, 0, 0, 0};
    problem.run('N', launch);  // warm-up: allocations and basis constants
    Kokkos::fence();
    harness::kernel_profiler profiler;
    const int runs = 5;
    for (int r = 0; r < runs; ++r) problem.run('N', launch);
    Kokkos::fence();
    for (const auto& k : profiler.table()) {
      const std::string prefix = "kamp::rns::gemv::";
      if (k.label.rfind(prefix, 0) != 0) continue;
      const std::string kernel = k.label.substr(prefix.size());
      auto row = harness::result_row::of("E1", kernel, 424, size, size, "time_share_pct", k.share_pct);
      row.extra["algorithm"] = rns::to_string(algorithm);
      if (algorithm == rns::gemv_algorithm::split && paper.count(kernel)) row.paper = paper.at(kernel);
      table.add(row);
      row.metric = "time_ms";
      row.value = k.milliseconds / runs;
      row.paper.reset();
      table.add(row);
    }
  }
  return table;
}

}  // namespace kamp::experiments

// kamp_run: runs registered experiments and writes results/<machine>/<id>.csv and .md.
//   kamp_run [--size quick|paper] [--data p/4-bit|full|both] [--no-host] [--profile] [--out DIR] [--list] [E0 E3 ...]
//   --no-host: in a GPU build, skip the rows E0, E3, E11 and E12 measure on the host's threads.
//   --profile: also time every kernel by its label (<id>_kernels.csv; ./kamp profile reads it).
// Each row reaches <id>.csv as it is measured. An experiment that fails keeps the rows it had
// (its .md says where it stopped) and the run goes on with the next id: one failure of a run of
// E0-E14 costs that experiment's remaining rows, not the others'. The exit status is 1 when any
// experiment failed, and the last lines name them.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "experiments/experiment.hpp"
#include "experiments/run_arguments.hpp"
#include "harness/kernel_profiler.hpp"
#include "harness/recorded_run.hpp"

namespace {

using kamp::experiments::experiment;

// How many of the table's rows are points that did not fit (harness/does_not_fit.hpp).
std::size_t rows_that_do_not_fit(const kamp::harness::results_table& table) {
  return static_cast<std::size_t>(
      std::count_if(table.rows().begin(), table.rows().end(), [](const auto& r) { return r.metric == "needs_bytes"; }));
}

// One experiment into <out>/<machine>/<id>.csv and .md (and <id>_kernels.csv with --profile).
// Returns false, having said why on stderr, when it failed.
bool run_one(const experiment& e, const kamp::experiments::run_arguments& args) {
  std::optional<kamp::harness::kernel_profiler> profiler;
  if (args.profile) profiler.emplace(kamp::harness::kernel_profiler_options{false, /*named_ranges=*/true});
  kamp::harness::results_table table(kamp::harness::run_context::current(args.options.command), e.id + ": " + e.title);
  const std::filesystem::path dir = std::filesystem::path(args.out_dir) / table.context().machine;
  std::filesystem::create_directories(dir);
  const std::string csv = (dir / (e.id + ".csv")).string();
  bool finished = true;
  try {
    kamp::harness::run_recorded(table, (dir / e.id).string(),
                                [&](kamp::harness::results_table& t) { e.run(t, args.options); });
  } catch (const std::exception& error) {
    std::cerr << "\r\033[K\nkamp_run: " << e.id << " failed after " << table.rows().size() << " rows: " << error.what()
              << '\n';
    finished = false;
  }
  if (profiler)
    kamp::harness::write_kernel_table_csv((dir / (e.id + "_kernels.csv")).string(), e.id, profiler->table());
  std::cerr << "\r\033[K";
  std::cout << e.id << ": " << table.rows().size() << " rows";
  if (const std::size_t misfits = rows_that_do_not_fit(table)) std::cout << " (" << misfits << " do not fit)";
  std::cout << (finished ? "" : ", stopped by an error") << " -> " << csv << '\n';
  return finished;
}

int run(const kamp::experiments::run_arguments& args) {
  using kamp::experiments::registry;
  if (args.list) {
    for (const auto& e : registry()) std::cout << e.id << "  " << e.title << '\n';
    return 0;
  }
  std::set<std::string> known;
  for (const auto& e : registry()) known.insert(e.id);
  for (const auto& id : args.ids)
    kamp::require_argument(known.count(id) == 1, "command line", "experiment", id,
                           "is not registered (kamp_run --list shows the experiments)");
  std::vector<std::string> failed;
  for (const auto& e : registry()) {
    if (!args.ids.empty() && std::find(args.ids.begin(), args.ids.end(), e.id) == args.ids.end()) continue;
    if (!run_one(e, args)) failed.push_back(e.id);
  }
  if (failed.empty()) return 0;
  std::cerr << "kamp_run: failed:";
  for (const auto& id : failed) std::cerr << ' ' << id;
  std::cerr << " (their errors are above; their rows before the error are kept)\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const auto args = kamp::experiments::parse_run_arguments(std::vector<std::string>(argv + 1, argv + argc));
    Kokkos::ScopeGuard kokkos(argc, argv);
    return run(args);
  } catch (const std::exception& e) {
    std::cerr << "\nkamp_run: " << e.what() << '\n';
    return 1;
  }
}

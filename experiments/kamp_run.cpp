// kamp_run: runs registered experiments and writes results/<machine>/<id>.csv and .md.
//   kamp_run [--size quick|paper] [--data p/4-bit|full|both] [--no-host] [--profile] [--out DIR] [--list] [E0 E3 ...]
//   --no-host: in a GPU build, skip the rows E0, E3, E11 and E12 measure on the host's threads.
//   --profile: also time every kernel by its label (<id>_kernels.csv; ./kamp profile reads it).
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

namespace {

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
  for (const auto& e : registry()) {
    if (!args.ids.empty() && std::find(args.ids.begin(), args.ids.end(), e.id) == args.ids.end()) continue;
    std::optional<kamp::harness::kernel_profiler> profiler;
    if (args.profile) profiler.emplace(kamp::harness::kernel_profiler_options{false, /*named_ranges=*/true});
    const kamp::harness::results_table table = e.run(args.options);
    const std::filesystem::path dir = std::filesystem::path(args.out_dir) / table.context().machine;
    std::filesystem::create_directories(dir);
    if (profiler) kamp::harness::write_kernel_table_csv((dir / (e.id + "_kernels.csv")).string(), e.id, profiler->table());
    table.write_csv((dir / (e.id + ".csv")).string());
    table.write_markdown((dir / (e.id + ".md")).string());
    std::cerr << "\r\033[K";
    std::cout << e.id << ": " << table.rows().size() << " rows -> " << (dir / (e.id + ".csv")).string() << '\n';
  }
  return 0;
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

// kamp_run: runs registered experiments and writes results/<machine>/<id>.csv and .md.
//   kamp_run [--size quick|paper] [--data p/4-bit|full|both] [--no-host] [--out DIR] [--list] [E0 E3 ...]
//   --no-host: in a GPU build, skip the rows E0, E3 and E12 measure on the host's threads.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "experiments/experiment.hpp"

namespace {

struct arguments {
  kamp::experiments::experiment_options options;
  std::string out_dir = "results";
  bool list = false;
  std::vector<std::string> ids;
};

arguments parse(int argc, char** argv) {
  arguments a;
  std::string command = "kamp_run";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  a.options.command = command;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](const char* name) {
      kamp::require_argument(i + 1 < argc, "kamp_run", name, "(missing)", "needs a value");
      return std::string(argv[++i]);
    };
    if (arg == "--size") {
      const std::string size = value("--size");
      kamp::require_argument(size == "quick" || size == "paper", "kamp_run", "--size", size,
                             "must be quick or paper");
      a.options.size = size == "quick" ? kamp::experiments::problem_size::quick
                                       : kamp::experiments::problem_size::paper;
    } else if (arg == "--data") {
      const std::string data = value("--data");
      a.options.data = kamp::experiments::all_data_classes();
      if (data != "both") {
        const auto named = std::find_if(a.options.data.begin(), a.options.data.end(),
                                        [&](auto d) { return data == kamp::experiments::to_string(d); });
        kamp::require_argument(named != a.options.data.end(), "kamp_run", "--data", data,
                               "must be p/4-bit, full or both");
        a.options.data = {*named};
      }
    } else if (arg == "--no-host") {
      a.options.host_rows = false;
    } else if (arg == "--out") {
      a.out_dir = value("--out");
    } else if (arg == "--list") {
      a.list = true;
    } else if (arg.rfind("--kokkos", 0) == 0) {
      continue;  // consumed by Kokkos::initialize
    } else {
      a.ids.push_back(arg);
    }
  }
  return a;
}

int run(const arguments& args) {
  using kamp::experiments::registry;
  if (args.list) {
    for (const auto& e : registry()) std::cout << e.id << "  " << e.title << '\n';
    return 0;
  }
  std::set<std::string> known;
  for (const auto& e : registry()) known.insert(e.id);
  for (const auto& id : args.ids)
    kamp::require_argument(known.count(id) == 1, "kamp_run", "experiment", id,
                           "is not registered (kamp_run --list shows the experiments)");
  for (const auto& e : registry()) {
    if (!args.ids.empty() && std::find(args.ids.begin(), args.ids.end(), e.id) == args.ids.end()) continue;
    const kamp::harness::results_table table = e.run(args.options);
    const std::filesystem::path dir = std::filesystem::path(args.out_dir) / table.context().machine;
    std::filesystem::create_directories(dir);
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
    const arguments args = parse(argc, argv);
    Kokkos::ScopeGuard kokkos(argc, argv);
    return run(args);
  } catch (const std::exception& e) {
    std::cerr << "\nkamp_run: " << e.what() << '\n';
    return 1;
  }
}

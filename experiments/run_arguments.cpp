#include "experiments/run_arguments.hpp"

#include <algorithm>

#include "core/command_line.hpp"
#include "core/error.hpp"

namespace kamp::experiments {

run_arguments parse_run_arguments(const std::vector<std::string>& args) {
  const char* fn = "command line";  // kamp_run prefixes its own name to every error
  run_arguments a;
  a.options.command = "kamp_run";
  for (const auto& arg : args) a.options.command += " " + arg;
  core::command_line line(args, fn);
  while (line.next()) {
    const std::string& arg = line.argument();
    if (arg == "--size") {
      const std::string& size = line.value();
      require_argument(size == "quick" || size == "paper", fn, "--size", size, "must be quick or paper");
      a.options.size = size == "quick" ? problem_size::quick : problem_size::paper;
    } else if (arg == "--data") {
      const std::string& data = line.value();
      a.options.data = all_data_classes();
      if (data != "both") {
        const auto named = std::find_if(a.options.data.begin(), a.options.data.end(),
                                        [&](data_class d) { return data == to_string(d); });
        require_argument(named != a.options.data.end(), fn, "--data", data, "must be p/4-bit, full or both");
        a.options.data = {*named};
      }
    } else if (arg == "--no-host") {
      a.options.host_rows = false;
    } else if (arg == "--out") {
      a.out_dir = line.value();
    } else if (arg == "--profile") {
      a.profile = true;
    } else if (arg == "--list") {
      a.list = true;
    } else if (arg.rfind("--kokkos", 0) != 0) {
      a.ids.push_back(arg);
    }
  }
  return a;
}

}  // namespace kamp::experiments

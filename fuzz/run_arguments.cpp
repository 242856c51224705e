// kamp_run's command line (experiments/run_arguments.hpp), as NUL-separated arguments. On any
// arguments parse_run_arguments gives arguments or raises kamp::invalid_argument whose argument
// and value are the option and the text as given (or "(nothing)" for a missing value). The
// recorded command is the command line itself, at least one data class is chosen, and the
// arguments written back as a command line parse to the same arguments.
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "experiments/run_arguments.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

using kamp::experiments::run_arguments;
using kamp::fuzz::contains;
using kamp::fuzz::require;

std::vector<std::string> written(const run_arguments& a) {
  const auto& o = a.options;
  std::vector<std::string> args = {"--size", o.size == kamp::experiments::problem_size::quick ? "quick" : "paper",
                                   "--out",  a.out_dir,
                                   "--data", o.data.size() == 1 ? kamp::experiments::to_string(o.data[0]) : "both"};
  if (!o.host_rows) args.push_back("--no-host");
  if (a.list) args.push_back("--list");
  args.insert(args.end(), a.ids.begin(), a.ids.end());
  return args;
}

bool same(const run_arguments& a, const run_arguments& b) {
  return a.options.size == b.options.size && a.options.data == b.options.data &&
         a.options.host_rows == b.options.host_rows && a.out_dir == b.out_dir && a.list == b.list && a.ids == b.ids;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = kamp::fuzz::arguments(data, size);
  run_arguments a;
  try {
    a = kamp::experiments::parse_run_arguments(args);
  } catch (const kamp::invalid_argument& e) {
    require(contains(args, e.argument()), std::string("the error names no option given: ") + e.what());
    require(contains(args, e.value()) || e.value() == "(nothing)",
            std::string("the error names no text given: ") + e.what());
    return 0;
  }
  std::string command = "kamp_run";
  for (const auto& arg : args) command += " " + arg;
  require(a.options.command == command, "the recorded command is not the command line");
  require(!a.options.data.empty(), "no data class");
  require(same(kamp::experiments::parse_run_arguments(written(a)), a), "the arguments written back parse differently");
  return 0;
}

// kamp_gemm's command line (apps/gemm_settings.hpp), as NUL-separated arguments. On any
// arguments parse_gemm_settings gives settings or raises kamp::invalid_argument whose argument
// and value are the option and the text as given (or name what is missing). Settings hold every
// documented range, and written back as a command line they parse to the same settings.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "apps/gemm_settings.hpp"
#include "core/error.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

using kamp::apps::gemm_settings;
using kamp::fuzz::contains;
using kamp::fuzz::require;
using kamp::fuzz::shortest;

void check_ranges(const gemm_settings& s) {
  require(s.size >= 1 && s.size <= (1 << 20), "--size out of range");
  require(s.format == "double" || s.format == "dd" || s.format == "qd", "--format");
  require(s.engine == "fma" || (s.engine == "ozaki" && (s.format == "dd" || s.format == "qd")), "--engine");
  require((s.grid_rows == 0 && s.grid_cols == 0) ||
              (s.grid_rows >= 1 && s.grid_rows <= 4096 && s.grid_cols >= 1 && s.grid_cols <= 4096),
          "--grid out of range");
  require(s.repeat >= 1 && s.repeat <= 1000, "--repeat out of range");
  require(std::isfinite(s.panel_bytes) && s.panel_bytes >= 0, "--panel-bytes out of range");
  require(s.check >= 0 && s.check <= 1024, "--check out of range");
  require(s.space == "device" || s.space == "host", "--space");
}

std::vector<std::string> written(const gemm_settings& s) {
  std::vector<std::string> args = {"--size",        std::to_string(s.size),
                                   "--format",      s.format,
                                   "--engine",      s.engine,
                                   "--repeat",      std::to_string(s.repeat),
                                   "--panel-bytes", shortest(s.panel_bytes),
                                   "--check",       std::to_string(s.check),
                                   "--space",       s.space};
  if (s.grid_rows > 0)
    args.insert(args.end(), {"--grid", std::to_string(s.grid_rows) + "x" + std::to_string(s.grid_cols)});
  if (s.help) args.push_back("--help");
  if (s.host_staged) args.push_back("--host-staged");
  return args;
}

bool same(const gemm_settings& a, const gemm_settings& b) {
  return a.help == b.help && a.size == b.size && a.format == b.format && a.engine == b.engine &&
         a.grid_rows == b.grid_rows && a.grid_cols == b.grid_cols && a.repeat == b.repeat &&
         a.panel_bytes == b.panel_bytes && a.check == b.check && a.space == b.space && a.host_staged == b.host_staged;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = kamp::fuzz::arguments(data, size);
  gemm_settings s;
  try {
    s = kamp::apps::parse_gemm_settings(args);
  } catch (const kamp::invalid_argument& e) {
    require(contains(args, e.argument()) || e.argument() == "argument",
            std::string("the error names no option given: ") + e.what());
    require(contains(args, e.value()) || e.value() == "(nothing)",
            std::string("the error names no text given: ") + e.what());
    return 0;
  }
  check_ranges(s);
  require(same(kamp::apps::parse_gemm_settings(written(s)), s), "the settings written back parse differently");
  return 0;
}

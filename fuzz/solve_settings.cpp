// kamp_solve's command line (apps/solve_settings.hpp), as NUL-separated arguments. On any
// arguments parse_solve_settings gives settings or raises kamp::invalid_argument whose argument
// and value are the option and the text as given (or name what is missing). Settings hold every
// documented range, and written back as a command line they parse to the same settings.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "apps/solve_settings.hpp"
#include "core/error.hpp"
#include "fuzz/fuzz_support.hpp"
#include "sparse/edge_curl_curl.hpp"

namespace {

using kamp::apps::solve_settings;
using kamp::fuzz::contains;
using kamp::fuzz::require;
using kamp::fuzz::shortest;

void check_ranges(const solve_settings& s) {
  const auto& o = s.solver;
  require(s.help || s.matrix.empty() != (s.generate == 0), "not exactly one of a matrix and --generate");
  require(s.generate >= 0 && s.generate <= kamp::sparse::max_cube_unknowns(), "--generate out of range");
  require(s.format == "double" || s.format == "dd" || s.format == "qd" || s.format == "rns212", "--format");
  require(s.space == "device" || s.space == "host", "--space");
  require(std::isfinite(o.tolerance) && o.tolerance > 0, "--tolerance out of range");
  require(std::isfinite(o.inner.omega) && o.inner.omega > 0, "--omega out of range");
  require(std::isfinite(o.inner.inner_tolerance) && o.inner.inner_tolerance >= 0, "--inner-tolerance out of range");
  require(o.max_iterations >= 0 && o.true_residual_every >= 0 && o.inner.sweeps >= 1, "a count out of range");
}

std::vector<std::string> written(const solve_settings& s) {
  const auto& o = s.solver;
  std::vector<std::string> args = {"--format",
                                   s.format,
                                   "--space",
                                   s.space,
                                   "--solver",
                                   o.precondition ? "vpbicgstab" : "bicgstab",
                                   "--reorder",
                                   s.reorder ? "rcm" : "none",
                                   "--tolerance",
                                   shortest(o.tolerance),
                                   "--max-iterations",
                                   std::to_string(o.max_iterations),
                                   "--inner-sweeps",
                                   std::to_string(o.inner.sweeps),
                                   "--omega",
                                   shortest(o.inner.omega),
                                   "--inner-tolerance",
                                   shortest(o.inner.inner_tolerance),
                                   "--true-residual-every",
                                   std::to_string(o.true_residual_every)};
  if (s.help) args.push_back("--help");
  if (s.profile) args.push_back("--profile");
  if (s.generate > 0) args.insert(args.end(), {"--generate", std::to_string(s.generate)});
  if (!s.rhs.empty()) args.insert(args.end(), {"--rhs", s.rhs});
  if (!s.history.empty()) args.insert(args.end(), {"--history", s.history});
  if (s.halo) args.insert(args.end(), {"--halo", kamp::parallel::to_string(*s.halo)});
  if (!s.matrix.empty()) args.push_back(s.matrix);
  return args;
}

bool same(const solve_settings& a, const solve_settings& b) {
  const auto &p = a.solver, &q = b.solver;
  return a.help == b.help && a.matrix == b.matrix && a.generate == b.generate && a.rhs == b.rhs &&
         a.format == b.format && a.space == b.space && a.reorder == b.reorder && a.history == b.history &&
         a.profile == b.profile && a.halo == b.halo && p.precondition == q.precondition && p.tolerance == q.tolerance &&
         p.max_iterations == q.max_iterations && p.true_residual_every == q.true_residual_every &&
         p.inner.sweeps == q.inner.sweeps && p.inner.omega == q.inner.omega &&
         p.inner.inner_tolerance == q.inner.inner_tolerance;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = kamp::fuzz::arguments(data, size);
  solve_settings s;
  try {
    s = kamp::apps::parse_solve_settings(args);
  } catch (const kamp::invalid_argument& e) {
    require(contains(args, e.argument()) || e.argument() == "argument" || e.argument() == "MATRIX",
            std::string("the error names no option given: ") + e.what());
    require(contains(args, e.value()) || e.value() == "(nothing)" || e.value() == "(none)",
            std::string("the error names no text given: ") + e.what());
    return 0;
  }
  check_ranges(s);
  require(same(kamp::apps::parse_solve_settings(written(s)), s), "the settings written back parse differently");
  return 0;
}

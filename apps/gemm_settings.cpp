#include "apps/gemm_settings.hpp"

#include "core/command_line.hpp"
#include "core/error.hpp"
#include "core/parse_number.hpp"

namespace kamp::apps {

namespace {
const char* fn = "command line";  // kamp_gemm prefixes its own name to every error
}  // namespace

std::string gemm_usage() {
  return R"(usage: kamp_gemm [options]
C <- alpha A B + beta C, square, on every rank of an mpirun (one GPU each): A, B and C cut into
the blocks of a process grid, each rank's block of C from panels gathered from the owners
(distributed_blas/gemm.hpp). Operands are generated on each rank from a hash of the element's
indices: uniform in [-1, 1) with every bit of the format random. Prints one CSV row per
repetition (rank 0): time, TFlop/s, gather and multiply time (the slowest rank), bytes
received, panels, moduli, and the largest error of the sampled outputs over the bound.
With one rank it also times the single-process GEMM (rows "single").
  --size N           m = n = k = N, 1 to 1048576              (default 4096)
  --format F         double | dd | qd                          (default dd)
  --engine E         ozaki (dd, qd) | fma                       (default ozaki)
  --grid RxC         the process grid, R x C = ranks            (default the squarest)
  --repeat R         timed repetitions, 1 to 1000              (default 3)
  --panel-bytes B    most bytes of panels a rank holds, 0: half the free memory (default 0)
  --check S          outputs compared with MPFR, 0 to 1024     (default 16)
  --space device|host  Kokkos execution space                  (default device)
  --host-staged      panels through host memory and MPI even where the GPUs of one node could
                     copy them device to device (CUDA IPC), to compare the two
A last line `kamp_gemm_result: within_bound=yes|no largest_error_over_bound=X` (with --check > 0).
Exit status: 0 when every sampled output is within its bound, 2 when one is not, 1 bad input.
)";
}

gemm_settings parse_gemm_settings(const std::vector<std::string>& args) {
  using core::bound;
  gemm_settings s;
  bool engine_given = false;
  core::command_line line(args, fn);
  while (line.next()) {
    const std::string& a = line.argument();
    if (a == "-h" || a == "--help") {
      s.help = true;
    } else if (a == "--size") {
      s.size = core::parse_integer(fn, a, line.value(), 1, 1 << 20);
    } else if (a == "--format") {
      s.format = line.value();
      require_argument(s.format == "double" || s.format == "dd" || s.format == "qd", fn, "--format", s.format,
                       "must be double, dd or qd");
    } else if (a == "--engine") {
      s.engine = line.value();
      engine_given = true;
      require_argument(s.engine == "ozaki" || s.engine == "fma", fn, "--engine", s.engine, "must be ozaki or fma");
    } else if (a == "--grid") {
      const std::string& v = line.value();
      const auto x = v.find('x');
      try {
        require_argument(x != std::string::npos, fn, "--grid", v, "");
        s.grid_rows = static_cast<int>(core::parse_integer(fn, a, v.substr(0, x), 1, 4096));
        s.grid_cols = static_cast<int>(core::parse_integer(fn, a, v.substr(x + 1), 1, 4096));
      } catch (const invalid_argument&) {  // named with the whole text given
        require_argument(false, fn, "--grid", v, "must be ROWSxCOLS, each from 1 to 4096 (e.g. 2x2)");
      }
    } else if (a == "--repeat") {
      s.repeat = static_cast<int>(core::parse_integer(fn, a, line.value(), 1, 1000));
    } else if (a == "--panel-bytes") {
      s.panel_bytes = core::parse_real(fn, a, line.value(), 0);
    } else if (a == "--check") {
      s.check = static_cast<int>(core::parse_integer(fn, a, line.value(), 0, 1024));
    } else if (a == "--space") {
      s.space = line.value();
      require_argument(s.space == "device" || s.space == "host", fn, "--space", s.space, "must be device or host");
    } else if (a == "--host-staged") {
      s.host_staged = true;
    } else {
      require_argument(false, fn, "argument", a, "is not an option of kamp_gemm (--help lists them)");
    }
  }
  // The Ozaki scheme is dd_real's and qd_real's: another format takes the FMA kernels unless ozaki
  // was asked.
  const bool scheme_format = s.format == "dd" || s.format == "qd";
  if (!engine_given && !scheme_format) s.engine = "fma";
  require_argument(s.engine == "fma" || scheme_format, fn, "--engine", s.engine, "needs --format dd or qd");
  return s;
}

}  // namespace kamp::apps

#include "apps/solve_settings.hpp"

#include <cstdlib>

#include "core/error.hpp"

namespace kamp::apps {

namespace {

const char* fn = "kamp_solve";

double number(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  require_argument(!text.empty() && *end == '\0', fn, option.c_str(), text, "must be a number");
  return v;
}

std::int64_t integer(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  require_argument(!text.empty() && *end == '\0', fn, option.c_str(), text, "must be an integer");
  return v;
}

}  // namespace

std::string solve_usage() {
  return R"(usage: kamp_solve (MATRIX.mtx | --generate UNKNOWNS) [options]
Solves A x = b with VPBi-CGSTAB (seed 003: outer loop in FORMAT, JOR in double inside) or plain
Bi-CGSTAB, on one process or every rank of an mpirun (rows split in blocks of equal nonzeros).
  --generate N            the edge-element curl-curl problem on the cube mesh with >= N unknowns
  --rhs FILE.mtx          right-hand side, an N x 1 coordinate Matrix Market file;
                          default b = A * ones (consistent)
  --format F              double | dd | qd | rns212            (default dd)
  --solver S              vpbicgstab | bicgstab                (default vpbicgstab)
  --tolerance E           stop at ||r||/||b|| <= E             (default 1e-12)
  --max-iterations K      (default 1000)
  --inner-sweeps M        JOR sweeps per inner solve           (default 5)
  --omega W               JOR relaxation                       (default 0.5)
  --inner-tolerance T     stop JOR early at ||v - A z|| <= T ||v|| (default 0: M sweeps)
  --true-residual-every K recompute ||b - A x|| every K iterations (default 10)
  --history FILE.csv      write the convergence history (rank 0)
  --space device|host     Kokkos execution space               (default device)
  --reorder rcm|none      reverse Cuthill-McKee ordering before the rows are split over ranks:
                          small halos for any matrix with a narrow band (default none)
  --profile               print the time of every kernel and deep copy
)";
}

solve_settings parse_solve_settings(const std::vector<std::string>& args, bool& help) {
  solve_settings s;
  help = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&]() -> const std::string& {
      require_argument(i + 1 < args.size(), fn, a.c_str(), "(nothing)", "needs a value");
      return args[++i];
    };
    if (a == "-h" || a == "--help") {
      help = true;
    } else if (a == "--generate") {
      s.generate = integer(a, value());
      require_argument(s.generate > 0, fn, "--generate", s.generate, "must be positive");
    } else if (a == "--rhs") {
      s.rhs = value();
    } else if (a == "--format") {
      s.format = value();
      require_argument(s.format == "double" || s.format == "dd" || s.format == "qd" || s.format == "rns212", fn,
                       "--format", s.format, "must be double, dd, qd or rns212");
    } else if (a == "--solver") {
      const std::string& v = value();
      require_argument(v == "vpbicgstab" || v == "bicgstab", fn, "--solver", v, "must be vpbicgstab or bicgstab");
      s.solver.precondition = v == "vpbicgstab";
    } else if (a == "--tolerance") {
      s.solver.tolerance = number(a, value());
    } else if (a == "--max-iterations") {
      s.solver.max_iterations = integer(a, value());
    } else if (a == "--inner-sweeps") {
      s.solver.inner.sweeps = static_cast<int>(integer(a, value()));
    } else if (a == "--omega") {
      s.solver.inner.omega = number(a, value());
    } else if (a == "--inner-tolerance") {
      s.solver.inner.inner_tolerance = number(a, value());
    } else if (a == "--true-residual-every") {
      s.solver.true_residual_every = integer(a, value());
    } else if (a == "--history") {
      s.history = value();
    } else if (a == "--space") {
      s.space = value();
      require_argument(s.space == "device" || s.space == "host", fn, "--space", s.space, "must be device or host");
    } else if (a == "--reorder") {
      const std::string& v = value();
      require_argument(v == "rcm" || v == "none", fn, "--reorder", v, "must be rcm or none");
      s.reorder = v == "rcm";
    } else if (a == "--profile") {
      s.profile = true;
    } else {
      require_argument(a.rfind("--", 0) != 0 && s.matrix.empty(), fn, "argument", a,
                       "is not an option of kamp_solve (--help lists them), or a second matrix file");
      s.matrix = a;
    }
  }
  require_argument(help || s.matrix.empty() != (s.generate == 0), fn, "MATRIX", s.matrix.empty() ? "(none)" : s.matrix,
                   "give exactly one of a Matrix Market file and --generate N");
  return s;
}

}  // namespace kamp::apps

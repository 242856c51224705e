#include "apps/solve_settings.hpp"

#include <limits>

#include "core/command_line.hpp"
#include "core/error.hpp"
#include "core/parse_number.hpp"
#include "sparse/edge_curl_curl.hpp"

namespace kamp::apps {

namespace {
const char* fn = "command line";  // kamp_solve prefixes its own name to every error
}  // namespace

std::string solve_usage() {
  return R"(usage: kamp_solve (MATRIX.mtx | --generate UNKNOWNS) [options]
Solves A x = b with VPBi-CGSTAB (as in the VPBi-CGSTAB paper: outer loop in FORMAT, JOR in double inside) or plain
Bi-CGSTAB, on one process or every rank of an mpirun (rows split in blocks of equal nonzeros).
  --generate N            the edge-element curl-curl problem on the cube mesh with >= N unknowns
                          (N from 1 to )" +
         std::to_string(sparse::max_cube_unknowns()) + R"(, the largest cube within 32-bit columns)
  --rhs FILE.mtx          right-hand side, an N x 1 coordinate Matrix Market file;
                          default b = A * ones (consistent)
  --format F              double | dd | qd | rns212            (default dd)
  --solver S              vpbicgstab | bicgstab                (default vpbicgstab)
  --tolerance E           stop at ||r||/||b|| <= E, E > 0      (default 1e-12); converged only
                          when ||b - A x||/||b||, recomputed then, is <= E too
  --max-iterations K      K >= 0                               (default 1000)
  --inner-sweeps M        JOR sweeps per inner solve, M >= 1   (default 5)
  --omega W               JOR relaxation, W > 0                (default 0.5)
  --inner-tolerance T     stop JOR early at ||v - A z|| <= T ||v||, T >= 0 (default 0: M sweeps)
  --true-residual-every K recompute ||b - A x|| every K iterations, 0: only at the end (default 10)
  --history FILE.csv      write the convergence history (rank 0)
  --space device|host     Kokkos execution space               (default device)
  --reorder rcm|none      reverse Cuthill-McKee ordering before the rows are split over ranks:
                          small halos for any matrix with a narrow band (default none)
  --halo host_staged|device_peers
                          how the halo travels between ranks: through host memory and MPI,
                          or GPU to GPU by CUDA IPC (every rank on one node); default the
                          fastest the ranks allow
  --profile               print the time of every kernel and deep copy
Exit status: 0 converged, 2 not (converged_recurrence_only, max_iterations, a breakdown), 1 bad input.
)";
}

solve_settings parse_solve_settings(const std::vector<std::string>& args) {
  using core::bound;
  solve_settings s;
  core::command_line line(args, fn);
  while (line.next()) {
    const std::string& a = line.argument();
    if (a == "-h" || a == "--help") {
      s.help = true;
    } else if (a == "--generate") {
      s.generate = core::parse_integer(fn, a, line.value(), 1, sparse::max_cube_unknowns());
    } else if (a == "--rhs") {
      s.rhs = line.value();
    } else if (a == "--format") {
      s.format = line.value();
      require_argument(s.format == "double" || s.format == "dd" || s.format == "qd" || s.format == "rns212", fn,
                       "--format", s.format, "must be double, dd, qd or rns212");
    } else if (a == "--solver") {
      const std::string& v = line.value();
      require_argument(v == "vpbicgstab" || v == "bicgstab", fn, "--solver", v, "must be vpbicgstab or bicgstab");
      s.solver.precondition = v == "vpbicgstab";
    } else if (a == "--tolerance") {
      s.solver.tolerance = core::parse_real(fn, a, line.value(), 0, bound::exclusive);
    } else if (a == "--max-iterations") {
      s.solver.max_iterations = core::parse_integer(fn, a, line.value(), 0);
    } else if (a == "--inner-sweeps") {
      s.solver.inner.sweeps =
          static_cast<int>(core::parse_integer(fn, a, line.value(), 1, std::numeric_limits<int>::max()));
    } else if (a == "--omega") {
      s.solver.inner.omega = core::parse_real(fn, a, line.value(), 0, bound::exclusive);
    } else if (a == "--inner-tolerance") {
      s.solver.inner.inner_tolerance = core::parse_real(fn, a, line.value(), 0);
    } else if (a == "--true-residual-every") {
      s.solver.true_residual_every = core::parse_integer(fn, a, line.value(), 0);
    } else if (a == "--history") {
      s.history = line.value();
    } else if (a == "--space") {
      s.space = line.value();
      require_argument(s.space == "device" || s.space == "host", fn, "--space", s.space, "must be device or host");
    } else if (a == "--reorder") {
      const std::string& v = line.value();
      require_argument(v == "rcm" || v == "none", fn, "--reorder", v, "must be rcm or none");
      s.reorder = v == "rcm";
    } else if (a == "--halo") {
      const std::string& v = line.value();
      require_argument(v == "host_staged" || v == "device_peers", fn, "--halo", v,
                       "must be host_staged or device_peers");
      s.halo = v == "device_peers" ? parallel::transport::device_peers : parallel::transport::host_staged;
    } else if (a == "--profile") {
      s.profile = true;
    } else {
      require_argument(a.rfind("--", 0) != 0 && s.matrix.empty(), fn, "argument", a,
                       "is not an option of kamp_solve (--help lists them), or a second matrix file");
      s.matrix = a;
    }
  }
  require_argument(s.help || s.matrix.empty() != (s.generate == 0), fn, "MATRIX",
                   s.matrix.empty() ? "(none)" : s.matrix, "give exactly one of a Matrix Market file and --generate N");
  return s;
}

}  // namespace kamp::apps

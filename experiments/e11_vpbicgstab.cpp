// E11: the VPBi-CGSTAB paper, the variable-preconditioned Bi-CGSTAB with a multiple-precision outer
// loop and a double JOR inner loop on the edge-element curl-curl problem
// (sparse/edge_curl_curl.hpp). At the paper size the mesh is the cube whose unknown count first
// reaches the paper's N = 1,709,028 (n = 84: 1,736,028 unknowns, 56.2 M nonzeros; the paper's
// matrix has 27.5 M); quick size n = 24. Outer formats: double (plain Bi-CGSTAB, the baseline),
// dd_real (the paper's "quadruple"), and at 212 bits (its "octuple") qd_real and RNS; 5 JOR sweeps
// with omega = 0.5. A fixed number of outer iterations is timed (the paper reports speed, not a
// tolerance) on the default space and, in a CUDA build, on the host's OpenMP threads too (unless
// --no-host), so the speedup is measured in one run. Beside them, the SpMV alone: kamp's double,
// dd_real and qd_real SpMV and the vendor's double SpMV (cuSPARSE) on the same matrix, with the
// bytes each must move (values and column indices, row offsets, x once, y) as a fraction of the
// copy bandwidth measured in the same run, for the row loop's alternatives on a device; and each VP
// iteration against its byte floor (vp_iteration_bytes at that bandwidth). Runs to a tolerance,
// convergence histories and the 1-vs-2-GPU scaling come from kamp_solve
// (experiments/device/e11_solves.sh).
#include <algorithm>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "experiments/experiment.hpp"
#include "harness/device_info.hpp"
#include "experiments/timing.hpp"
#include "blas/format_list.hpp"
#include "solvers/vpbicgstab.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "sparse/spmv.hpp"
#include "sparse/vendor_spmv.hpp"

namespace kamp::experiments {

namespace {

struct e11_case {
  std::string variant;
  bool precondition;
  std::int64_t iterations;  // timed outer iterations (fewer for RNS, whose SpMV is costly)
};

// The bytes a VP outer iteration's kernels must move, each reading and writing its operands once
// (s bytes a value of the outer format, n rows, S JOR sweeps, M = 12 nnz + 8 n the matrix):
// - two inner solves, each: the first sweep omega D^-1 v (24 n), S - 1 sweeps (the matrix, z
//   once, v, D^-1, the next z: M + 32 n), and for the BLAS calls back to the format ((8 + s) n);
// - two SpMVs over the inner solves' results in double (M + (8 + s) n);
// - the vector work. Fused (solvers/vp_steps.hpp, z and w read in double): A z's dot product
//   (2 s), t_step (3 reads, z, 2 writes, the inner right-hand side: 5 s + 16), A w's two dot
//   products and t's norm (2 s), r_step (4 reads, w, 2 writes: 6 s + 8), p_step (3 reads, 1
//   write, 8): 19 s + 32 n. As BLAS calls (formats with kernels of their own): six dot products
//   over nine operand reads, two copies, five AXPYs and a SCAL (9 + 4 + 15 + 2 + 3 = 33 s n) and p
//   and t to double (2 (s + 8) n).
// 10 matrix passes and 21 s + 352 bytes a row at S = 5 fused (39 s + 352 as BLAS calls).
double vp_iteration_bytes(const sparse::csr_host& host, double value_bytes, int sweeps, bool fused_steps) {
  const double n = static_cast<double>(host.rows), s = value_bytes;
  const double matrix = 12.0 * static_cast<double>(host.nnz()) + 8.0 * n;
  const double inner = 24 * n + (sweeps - 1) * (matrix + 32 * n) + (fused_steps ? 0 : (8 + s) * n);
  const double vectors = fused_steps ? (19 * s + 32) * n : 33 * s * n + 2 * (s + 8) * n;
  return 2 * inner + 2 * (matrix + (8 + s) * n) + vectors;
}

// Where a VP iteration's time goes: each of its kernels' launches timed alone, ten in a row with
// one fence at the end (as the iteration queues them), median of five. An iteration runs two
// SpMVs, two inner solves (5 JOR sweeps), A z's dot product and the four vector steps
// (solvers/vp_steps.hpp: fused, reading z and w in double; for a format with BLAS kernels of its
// own, the BLAS calls on the solver's workspace over z and w in the format, each inner solve's
// result converted to it: the to_format part); the rest of its time is the host's: the quotients
// in MPFR and the waits for the global sums' results. The operands are the
// solve's: r = b - A x for the x it reached, z from an inner solve of r and A z (an expansion's
// arithmetic takes a slower path on exact zeros, so a sparse b would not time what a solve does).
template <class Space, class Format>
void measure_vp_parts(harness::results_table& table, const sparse::csr_host& host,
                      const sparse::csr_matrix<typename Space::memory_space>& A,
                      const array_t<Format, typename Space::memory_space>& b,
                      const array_t<Format, typename Space::memory_space>& solved, const std::string& variant,
                      const std::string& space_name, double per_iteration) {
  using memory = typename Space::memory_space;
  using traits = format_traits<Format>;
  using array = array_t<Format, memory>;
  const Space exec;
  const std::size_t n = b.size();
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const auto one = traits::from_double(ctx, 1.0), minus_one = traits::from_double(ctx, -1.0), zero = traits::zero();
  // The steps' scalars as the solver's quotients leave them, every digit of the format in use (a
  // power of two would let an RNS product skip its rounding): alpha = gamma = 1/3, beta = 1/7.
  const auto third = solvers::detail::quotient<Format>(one, one, traits::from_double(ctx, 3.0), one);
  const auto minus_third = solvers::detail::negated<Format>(third);
  const auto seventh = solvers::detail::quotient<Format>(one, one, traits::from_double(ctx, 7.0), one);
  array r(n, "kamp::e11::r"), az(n, "kamp::e11::az"), z(n, "kamp::e11::z"), x(n, "kamp::e11::x"), t(n, "kamp::e11::t"),
      p(n, "kamp::e11::p");
  solvers::detail::copy(exec, solved, x);
  solvers::detail::copy(exec, b, r);
  sparse::spmv(exec, minus_one, A, x, one, r);
  for (const array* v : {&t, &p}) solvers::detail::copy(exec, r, *v);
  const sparse::distributed_matrix<memory> D(A);
  solvers::jor<Space> inner(D, solvers::jor_options{});
  const Kokkos::View<double*, memory> inner_in("kamp::e11::inner_in", n), inner_out("kamp::e11::inner_out", n);
  solvers::detail::to_double(exec, r, inner_in);
  const auto time_of = [&](const auto& launch) {
    const auto ten = [&] {
      for (int k = 0; k < 10; ++k) launch();
    };
    return median_milliseconds(ten, 5) / 10;
  };
  constexpr bool fused = solvers::detail::fused_vp_steps<Format>;
  solvers::detail::blas_workspace<array> workspace;  // the solver's, allocated once
  const double inner_solve = time_of([&] { inner.solve(exec, inner_in, inner_out); });
  const double to_format = time_of([&] { solvers::detail::from_double(exec, inner_out, z); });
  // z as the steps read it: the inner solve's doubles, or their copy in the format.
  const auto over_z = [&](const auto& step) {
    if constexpr (fused)
      return step(inner_out);
    else
      return step(z);
  };
  const double spmv = time_of([&] { sparse::spmv(exec, one, A, inner_out, zero, az); });
  const double spmv_of_format = time_of([&] { sparse::spmv(exec, one, A, z, zero, az); });
  const double dot = time_of([&] { blas::dot(exec, r, az, &workspace); });
  const double t_step = time_of([&] {
    over_z([&](const auto& zk) {
      solvers::detail::t_step(exec, third, minus_third, r, az, zk, x, t, inner_in, &workspace);
    });
  });
  const double aw_dots = time_of([&] { solvers::detail::aw_dots(exec, az, t, &workspace); });
  const double r_step = time_of([&] {
    over_z([&](const auto& zk) { solvers::detail::r_step(exec, third, minus_third, t, az, zk, x, p, r, &workspace); });
  });
  const double p_step =
      time_of([&] { solvers::detail::p_step(exec, seventh, minus_third, r, az, p, inner_in, &workspace); });
  const double kernels =
      2 * spmv + 2 * inner_solve + (fused ? 0 : 2 * to_format) + dot + t_step + aw_dots + r_step + p_step;
  const auto add = [&](const std::string& part, double ms) {
    auto row = harness::result_row::of("E11", variant + "_part_" + part, traits::precision, host.nnz(), host.rows,
                                       "time_ms", ms);
    row.extra["space"] = space_name;
    table.add(row);
  };
  add("spmv", spmv);                      // A z as the solver forms it, over the inner solve's doubles
  add("spmv_of_format", spmv_of_format);  // the same over z in the format (the true residual's)
  add("inner_solve", inner_solve);
  if (!fused) add("to_format", to_format);
  add("dot", dot);
  add("t_step", t_step);
  add("aw_dots", aw_dots);
  add("r_step", r_step);
  add("p_step", p_step);
  add("kernels", kernels);
  add("host_and_waits", per_iteration - kernels);
}

template <class Space, class Format>
double run_case(harness::results_table& table, const sparse::csr_host& host, const std::vector<double>& rhs,
                std::int64_t n, const e11_case& c, const std::string& space_name, double copy_gbs) {
  using memory = typename Space::memory_space;
  using traits = format_traits<Format>;
  progress("E11", c.variant + " on " + space_name);
  const sparse::csr_matrix<memory> A(host);
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  std::vector<value_type_t<Format>> bs, zeros(rhs.size(), traits::zero());
  for (double v : rhs) bs.push_back(traits::from_double(ctx, v));
  array_t<Format, memory> b(rhs.size(), "kamp::e11::b"), x(rhs.size(), "kamp::e11::x");
  copy_from_host(b, bs);
  solvers::vpbicgstab_options options;
  options.tolerance = 1e-300;  // run the fixed number of iterations
  options.max_iterations = c.iterations;
  options.true_residual_every = 0;
  options.precondition = c.precondition;
  solvers::solver_result result;
  const double call_ms = median_milliseconds([&] { result = solvers::vpbicgstab(Space(), A, b, x, options); }, 1,
                                             [&] { copy_from_host(x, zeros); });
  const auto add_as = [&](const std::string& variant, const std::string& metric, double value) {
    auto row = harness::result_row::of("E11", variant, traits::precision, host.nnz(), n, metric, value);
    row.extra["space"] = space_name;
    row.extra["status"] = solvers::to_string(result.status);
    table.add(row);
  };
  const auto add = [&](const std::string& metric, double value) { add_as(c.variant, metric, value); };
  // Per outer iteration, the iterations alone (solver_result::iteration_seconds); the whole call
  // beside it (the solver's vectors and inner solver, the first residual and the last true one).
  const double per_iteration = 1e3 * result.iteration_seconds / std::max<std::int64_t>(result.iterations, 1);
  add("time_ms", per_iteration);
  add_as(c.variant + "_call", "time_ms", call_ms);
  if (c.precondition) {
    const double floor_ms = vp_iteration_bytes(host, sizeof(value_type_t<Format>), options.inner.sweeps,
                                               solvers::detail::fused_vp_steps<Format>) /
                            (copy_gbs * 1e6);
    add_as(c.variant + "_byte_floor", "time_ms", floor_ms);
    add_as(c.variant + "_over_byte_floor", "ratio", per_iteration / floor_ms);
    // On a device, or on the host at the quick size (the paper size's host parts would take minutes).
    constexpr bool device = !Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible;
    if (device || host.rows < 100000) {
      measure_vp_parts<Space, Format>(table, host, A, b, x, c.variant, space_name, per_iteration);
    }
  }
  add("iterations", static_cast<double>(result.iterations));
  add("rel_error", result.history.back().true_residual);  // ||b - A x|| / ||b|| after them
  return per_iteration;
}

// SpMV y = A x alone, median of 20: time, effective bandwidth and its share of the copy bandwidth.
// Returns the copy bandwidth it measured.
template <class Space>
double measure_spmv(harness::results_table& table, const sparse::csr_host& host, const std::string& space_name) {
  using memory = typename Space::memory_space;
  progress("E11", "SpMV on " + space_name);
  const sparse::csr_matrix<memory> A(host);
  const double copy_gbs = harness::measure_stream_bandwidth_gbs<Space>(std::size_t(1) << 27);
  const auto rows = static_cast<double>(host.rows);
  const double matrix_bytes = 12.0 * static_cast<double>(host.nnz()) + 8.0 * (rows + 1);
  const auto add = [&](const std::string& variant, const std::string& metric, double value) {
    auto row = harness::result_row::of("E11", variant, 0, host.nnz(), host.rows, metric, value);
    row.extra["space"] = space_name;
    table.add(row);
  };
  add("copy_reference", "bandwidth_gbs", copy_gbs);
  const auto report = [&](const std::string& variant, double ms, double bytes) {
    add(variant, "time_ms", ms);
    add(variant, "bandwidth_gbs", bytes / (ms * 1e6));
    add(variant, "pct_bandwidth", 100 * bytes / (ms * 1e6) / copy_gbs);
  };
  // Each format's SpMV, y = 1 A x with x = 1; on a device also from CSR rows (one thread each)
  // and with every shape of lanes sharing a sliced row (lanes per row x rows per team).
  sparse::csr_matrix<memory> plain;  // CSR alone, for the comparison rows on a device
  if constexpr (!Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible)
    plain = sparse::csr_matrix<memory>(host, sparse::row_storage::csr);
  const auto run_format = [&](auto format_tag, const std::string& name) {
    using F = decltype(format_tag);
    using traits = format_traits<F>;
    const auto ctx = traits::template context<Kokkos::HostSpace>();
    const auto one = traits::from_double(ctx, 1.0), zero = traits::zero();
    array_t<F, memory> x(host.rows, "kamp::e11::spmv_x"), y(host.rows, "kamp::e11::spmv_y");
    Kokkos::deep_copy(x.values, one);
    const double bytes = matrix_bytes + 2.0 * sizeof(value_type_t<F>) * rows;
    const std::string variant = "spmv_" + name + "_kamp";
    report(variant, median_milliseconds([&] { sparse::spmv(Space(), one, A, x, zero, y); }, 20), bytes);
    if constexpr (!Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible) {
      report(variant + "_csr_rows", median_milliseconds([&] { sparse::spmv(Space(), one, plain, x, zero, y); }, 20),
             bytes);
      for (int lanes : {2, 4, 8, 16, 32}) {
        for (int threads : {128, 256, 512}) {
          const sparse::row_shape shape{lanes, threads / lanes};
          report(variant + "_shape_" + std::to_string(lanes) + "x" + std::to_string(shape.rows_per_team),
                 median_milliseconds([&] { sparse::spmv(Space(), one, A, x, zero, y, shape); }, 20), bytes);
        }
      }
    }
  };
  run_format(double(), "double");
  run_format(multi_double::dd_real(), "dd_real");
  run_format(multi_double::qd_real(), "qd_real");
  if constexpr (!Kokkos::SpaceAccessibility<Space, Kokkos::HostSpace>::accessible) {
    add("sliced_rows_stored_over_nnz", "ratio",
        static_cast<double>(sparse::sliced_rows<memory>(host, nullptr).stored()) / static_cast<double>(host.nnz()));
  }
  if constexpr (sparse::vendor_double_spmv<Space>::available) {
    const typename sparse::vendor_double_spmv<Space>::type vendor(A);
    Kokkos::View<double*, memory> x("kamp::e11::spmv_x", host.rows), y("kamp::e11::spmv_y", host.rows);
    Kokkos::deep_copy(x, 1.0);
    report(std::string("spmv_double_") + vendor.name(),
           median_milliseconds([&] { vendor.apply(1.0, x.data(), 0.0, y.data()); }, 20), matrix_bytes + 16 * rows);
  }
  return copy_gbs;
}

template <class Space>
void run_space(harness::results_table& table, const sparse::csr_host& host, const std::vector<double>& rhs,
               std::int64_t n, bool quick, std::map<std::string, double>& times) {
  const std::string name = Space::name();
  const double gbs = measure_spmv<Space>(table, host, name);
  const std::int64_t outer = quick ? 10 : 30;
  times[name + "/double"] = run_case<Space, double>(table, host, rhs, n, {"bicgstab_double", false, outer}, name, gbs);
  times[name + "/vp_double"] =
      run_case<Space, double>(table, host, rhs, n, {"vpbicgstab_double", true, outer}, name, gbs);
  times[name + "/dd"] =
      run_case<Space, multi_double::dd_real>(table, host, rhs, n, {"vpbicgstab_dd_real", true, outer}, name, gbs);
  times[name + "/qd"] = run_case<Space, multi_double::qd_real>(table, host, rhs, n,
                                                               {"vpbicgstab_qd_real", true, quick ? 3 : 10}, name, gbs);
  times[name + "/rns"] =
      run_case<Space, rns::mp_float<16>>(table, host, rhs, n, {"vpbicgstab_rns_212", true, quick ? 3 : 5}, name, gbs);
}

}  // namespace

void run_e11_vpbicgstab(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E11: VPBi-CGSTAB (outer double / dd_real / qd_real / RNS 212, inner JOR in double) on the "
      "edge-element curl-curl problem, time per outer iteration (the VPBi-CGSTAB paper: N = 1,709,028, "
      "27.5 M nonzeros, up to 16.38x over OpenMP with a GPU cluster; m = nonzeros, n = unknowns)");
  const bool quick = options.size == problem_size::quick;
  const sparse::structured_mesh mesh =
      quick ? sparse::cube_mesh_with_unknowns(40000) : sparse::cube_mesh_with_unknowns(1709028);
  progress("E11", "assembling " + std::to_string(sparse::edge_unknowns(mesh)) + " unknowns");
  const sparse::csr_host host = sparse::edge_curl_curl(mesh);
  const std::vector<double> rhs = sparse::curl_curl_rhs(mesh, 11);
  std::map<std::string, double> times;
  run_space<Kokkos::DefaultExecutionSpace>(table, host, rhs, host.rows, quick, times);
  if (measures_host_rows(options)) {
    run_space<Kokkos::DefaultHostExecutionSpace>(table, host, rhs, host.rows, quick, times);
    const std::string device = Kokkos::DefaultExecutionSpace::name(), cpu = Kokkos::DefaultHostExecutionSpace::name();
    for (const char* key : {"double", "vp_double", "dd", "qd", "rns"}) {
      auto row = harness::result_row::of("E11", std::string("speedup_") + key, 0, host.nnz(), host.rows, "speedup",
                                         times[cpu + "/" + key] / times[device + "/" + key]);
      row.extra["space"] = device + " over " + cpu;
      table.add(row);
    }
  }
}

}  // namespace kamp::experiments

// The SpMV y = A x on E11's matrix (1,736,028 rows, 56.2 M nonzeros; the solvers' sliced storage,
// one thread a row) for dd_real and double, and E11's inner solve (5 JOR sweeps, omega 0.5, in
// double), median of 30, three in a row, with a hash of y's (z's) bits: the one-off measurements
// behind experiments/comparisons/spmv_row_launch_bounds_h200.csv and jor_sweep_launch_bounds_h200.csv;
// no CMake target. Each variant is one binary built by hand like spmv_of_doubles_shapes.cpp, with
// -DAB_NAME=<variant> and -I to a copy of sparse/spmv.hpp whose rows_one_thread_each takes its
// RangePolicy's launch bounds from -DAB_BOUNDS=",Kokkos::LaunchBounds<T,B>" (empty: the default)
// or, with -DAB_TEAM=T -DAB_MINB=B, runs as a TeamPolicy of T threads under LaunchBounds<T, B>;
// for the JOR sweeps, a copy that adds row_launch_bounds<value_chain<double>> as
// Kokkos::LaunchBounds<AB_JOR_BOUNDS> (-DAB_JOR_BOUNDS=T,B; the SpMV rows keep their bounds).
#include <cstdio>
#include <cstring>
#include "experiments/device/bench_values.hpp"
#include "experiments/timing.hpp"
#include "harness/device_info.hpp"
#include "dd/dd_format.hpp"
#include "dd/double_format.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "solvers/jor.hpp"
#include "sparse/spmv.hpp"
#include "formats/value_array.hpp"

using namespace kamp;
#define AB_STR2(x) #x
#define AB_STR(x) AB_STR2(x)
template <class F>
void run(const char* name, const sparse::csr_host& host, double copy_gbs) {
  using memory = Kokkos::DefaultExecutionSpace::memory_space;
  using traits = format_traits<F>;
  const sparse::csr_matrix<memory> A(host);
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const auto one = traits::from_double(ctx, 1.0), zero = traits::zero();
  array_t<F, memory> x(host.rows, "x"), y(host.rows, "y");
  {
    auto h = Kokkos::create_mirror_view(x.values);
    for (std::size_t i = 0; i < h.extent(0); ++i)
      h(i) = traits::from_double(ctx, 1.0 + 1.0 / (1.0 + static_cast<double>(i % 1013)));
    Kokkos::deep_copy(x.values, h);
  }
  const Kokkos::DefaultExecutionSpace exec;
  const double ms = experiments::median_milliseconds([&] { sparse::spmv(exec, one, A, x, zero, y); }, 30);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y.values);
  bits_hash hash;
  hash.add(h.data(), h.extent(0) * sizeof(h(0)));
  const double bytes = 12.0 * host.nnz() + 8.0 * (host.rows + 1) + 2.0 * sizeof(value_type_t<F>) * host.rows;
  std::printf("%s,%s,%.4f,%.1f,%016llx\n", AB_STR(AB_NAME), name, ms, 100 * bytes / (ms * 1e6) / copy_gbs, hash.value);
}
// The inner solve's bytes as E11 counts them: the first sweep (24 n) and four sweeps of the
// matrix, z, v, D^-1 and the next z (12 nnz + 8 n + 32 n each).
void run_jor(const sparse::csr_host& host, double copy_gbs) {
  using memory = Kokkos::DefaultExecutionSpace::memory_space;
  const sparse::csr_matrix<memory> A(host);
  const sparse::distributed_matrix<memory> D(A);
  solvers::jor<Kokkos::DefaultExecutionSpace> inner(D, solvers::jor_options{});
  const Kokkos::View<double*, memory> v("v", host.rows), z("z", host.rows);
  Kokkos::parallel_for(
      "v", Kokkos::RangePolicy<Kokkos::DefaultExecutionSpace>(0, host.rows),
      KOKKOS_LAMBDA(std::int64_t i) { v(i) = 1.0 + 1.0 / (1.0 + static_cast<double>(i % 1013)); });
  const Kokkos::DefaultExecutionSpace exec;
  const double ms = experiments::median_milliseconds([&] { inner.solve(exec, v, z); }, 30);
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), z);
  bits_hash hash;
  hash.add(h.data(), h.extent(0) * sizeof(double));
  const double n = static_cast<double>(host.rows);
  const double bytes = 24 * n + 4 * (12.0 * host.nnz() + 8 * n + 32 * n);
  std::printf("%s,jor_solve,%.4f,%.1f,%016llx\n", AB_STR(AB_NAME), ms, 100 * bytes / (ms * 1e6) / copy_gbs, hash.value);
}
int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  const auto mesh = sparse::cube_mesh_with_unknowns(1709028);
  const auto host = sparse::edge_curl_curl(mesh);
  const double gbs = harness::measure_stream_bandwidth_gbs<Kokkos::DefaultExecutionSpace>(std::size_t(1) << 27);
  for (int rep = 0; rep < 3; ++rep) {
    run<dd::dd_real>("dd_real", host, gbs);
    run<double>("double", host, gbs);
    run_jor(host, gbs);
  }
  return 0;
}

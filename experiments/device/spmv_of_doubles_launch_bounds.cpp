// The SpMV over x in double (y = A x, x a View<double*>: the VP solver's A z and A w) on E11's
// matrix (1,736,028 rows, 56.2 M nonzeros; the solvers' sliced storage, one thread a row) for
// dd_real, qd_real, expansion<3> and <8> (their product_sum rows) and RNS 106 and 212 (level sums
// of doubles), median of 30,
// three in a row, with a hash of y's bits: the one-off measurement behind
// experiments/comparisons/spmv_of_doubles_launch_bounds_h200.csv; no CMake target. Each variant
// is one binary built by hand like spmv_row_launch_bounds.cpp (-DAB_NAME=<variant>, the CUDA
// build's libraries, kamp_rns and kamp_rns_numbers too), with -I to a copy of sparse/spmv.hpp that
// adds row_launch_bounds<product_sum_chain<Format, B>> as Kokkos::LaunchBounds<AB_PS_BOUNDS> and
// row_launch_bounds<rns::level_sum_chain<N>> as Kokkos::LaunchBounds<AB_LS_BOUNDS> where defined.
#include <cstdio>
#include <type_traits>

#include "dd/dd_format.hpp"
#include "experiments/device/bench_values.hpp"
#include "experiments/timing.hpp"
#include "formats/value_array.hpp"
#include "harness/device_info.hpp"
#include "rns/rns_format.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "sparse/spmv.hpp"

using namespace kamp;
#define AB_STR2(x) #x
#define AB_STR(x) AB_STR2(x)
template <class F>
void run(const char* name, const sparse::csr_host& host, double copy_gbs) {
  using exec_space = Kokkos::DefaultExecutionSpace;
  using memory = exec_space::memory_space;
  using traits = format_traits<F>;
  const sparse::csr_matrix<memory> A(host);
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const auto one = traits::from_double(ctx, 1.0), zero = traits::zero();
  const Kokkos::View<double*, memory> x("x", host.rows);
  Kokkos::parallel_for(
      "x", Kokkos::RangePolicy<exec_space>(0, host.rows),
      KOKKOS_LAMBDA(std::int64_t i) { x(i) = 1.0 + 1.0 / (1.0 + static_cast<double>(i % 1013)); });
  array_t<F, memory> y(host.rows, "y");
  const exec_space exec;
  const double ms = experiments::median_milliseconds([&] { sparse::spmv(exec, one, A, x, zero, y); }, 30);
  bits_hash hash;
  for (const auto& v : copy_to_host(y)) {
    if constexpr (std::is_same_v<F, rns::mp_float<8>> || std::is_same_v<F, rns::mp_float<16>>) {  // the value's fields, not its padding
      hash.add(&v.sign, sizeof v.sign);
      hash.add(&v.exp, sizeof v.exp);
      hash.add(v.digits, sizeof v.digits);
    } else {
      hash.add(&v, sizeof v);
    }
  }
  const double bytes = 12.0 * host.nnz() + 8.0 * (host.rows + 1) + (8.0 + sizeof(value_type_t<F>)) * host.rows;
  std::printf("%s,%s,%.4f,%.1f,%016llx\n", AB_STR(AB_NAME), name, ms, 100 * bytes / (ms * 1e6) / copy_gbs, hash.value);
}
int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  const auto host = sparse::edge_curl_curl(sparse::cube_mesh_with_unknowns(1709028));
  const double gbs = harness::measure_stream_bandwidth_gbs<Kokkos::DefaultExecutionSpace>(std::size_t(1) << 27);
  for (int rep = 0; rep < 3; ++rep) {
    run<dd::dd_real>("dd_real", host, gbs);
    run<dd::qd_real>("qd_real", host, gbs);
    run<dd::expansion<3>>("expansion_3", host, gbs);
    run<dd::expansion<8>>("expansion_8", host, gbs);
    run<rns::mp_float<8>>("rns_106", host, gbs);
    run<rns::mp_float<16>>("rns_212", host, gbs);
  }
  return 0;
}

// The SpMV over x in double against the SpMV over x in the format, for three row shapes, on E11's
// matrix (1,736,028 rows, 56.2 M nonzeros) on one GPU: best of five runs of ten launches each.
// The one-off measurement behind experiments/comparisons/spmv_of_doubles_level_sums_e11.csv; no
// CMake target. Built by hand against a CUDA build's libraries (K, the CUDA Kokkos of
// cmake/bootstrap_kokkos.sh; run in build/cuda):
//   $K/bin/nvcc_wrapper -I.. -isystem $K/include -O3 -DNDEBUG -ffp-contract=off -expt-extended-lambda \
//     -arch=sm_90 -Xcompiler -fopenmp -std=c++17 ../experiments/device/spmv_of_doubles_shapes.cpp \
//     sparse/libkamp_sparse.a parallel/libkamp_parallel.a -lmpi dd/libkamp_dd.a core/libkamp_core.a \
//     $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a -lcuda -lcudart -ldl -lmpfr -lgmp
#include <Kokkos_Core.hpp>

#include <cstdio>

#include "dd/dd_format.hpp"
#include "experiments/device/best_of_launches.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "sparse/spmv.hpp"
using namespace kamp;

template <class F>
void run(const char* name, const sparse::csr_matrix<Kokkos::CudaSpace>& A, std::int64_t n) {
  using traits = format_traits<F>;
  Kokkos::View<double*, Kokkos::CudaSpace> x("x", n);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Kokkos::Cuda>(0, n), KOKKOS_LAMBDA(std::int64_t i) { x(i) = 1.0 / (1 + i % 97) - 0.3; });
  array_t<F, Kokkos::CudaSpace> xf(n, "xf"), y(n, "y");
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Kokkos::Cuda>(0, n),
      KOKKOS_LAMBDA(std::int64_t i) { xf.store(i, traits::from_double({}, x(i))); });
  const auto one = traits::from_double({}, 1.0), zero = traits::zero();
  for (auto s : {sparse::row_shape{1, 1}, sparse::row_shape{2, 128}, sparse::row_shape{4, 64}}) {
    const double d = best_of_launches_ms([&] { sparse::spmv(Kokkos::Cuda(), one, A, x, zero, y, s); });
    const double v = best_of_launches_ms([&] { sparse::spmv(Kokkos::Cuda(), one, A, xf, zero, y, s); });
    printf("%s,%d,%d,%.4f,%.4f\n", name, s.lanes, s.rows_per_team, d, v);
  }
}
int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const auto host = sparse::edge_curl_curl(sparse::cube_mesh_with_unknowns(1709028));
    const sparse::csr_matrix<Kokkos::CudaSpace> A(host);
    printf("format,lanes,rows_per_team,spmv_of_doubles_ms,spmv_of_format_ms\n");
    run<dd::dd_real>("dd_real", A, host.rows);
    run<dd::qd_real>("qd_real", A, host.rows);
    run<dd::expansion<8>>("expansion_8", A, host.rows);
  }
  Kokkos::finalize();
}

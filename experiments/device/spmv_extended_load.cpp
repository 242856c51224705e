// The SpMV over x in double on E11's matrix (1,736,028 rows, 56.2 M nonzeros) on one GPU, x read
// three ways: straight from the vector (a csr_matrix), through the distributed matrix's extended
// vector with its branch-free load (sparse/halo.hpp, what the solvers run), and through the
// extended vector's general load, which branches on the column's side (what they ran before).
// One rank, the solvers' sliced storage and row shape; best of five runs of ten launches each.
// The one-off measurement behind experiments/comparisons/spmv_extended_load_e11.csv; no CMake
// target. Built by hand against a CUDA build's libraries like spmv_of_doubles_shapes.cpp.
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstring>

#include "dd/dd_format.hpp"
#include "dd/double_format.hpp"
#include "experiments/device/best_of_launches.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "sparse/spmv.hpp"
using namespace kamp;

// Doubles in an array type that is not a value_array: the extended vector's general load.
struct doubles_elsewhere {
  using memory_space = Kokkos::CudaSpace;
  Kokkos::View<double*, memory_space> values;
  KOKKOS_INLINE_FUNCTION double load(std::size_t i) const { return values(i); }
};

template <class F>
void run(const char* name, const sparse::csr_matrix<Kokkos::CudaSpace>& A, std::int64_t n) {
  using traits = format_traits<F>;
  const Kokkos::Cuda exec;
  Kokkos::View<double*, Kokkos::CudaSpace> x("x", n);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Kokkos::Cuda>(0, n), KOKKOS_LAMBDA(std::int64_t i) { x(i) = 1.0 / (1 + i % 97) - 0.3; });
  array_t<F, Kokkos::CudaSpace> y(n, "y"), y_check(n, "y_check");
  const auto one = traits::from_double({}, 1.0), zero = traits::zero();
  const sparse::distributed_matrix<Kokkos::CudaSpace> D(A);
  const sparse::halo_buffer<double, Kokkos::CudaSpace> halo(D);
  const auto shape = sparse::default_row_shape_of_doubles<Kokkos::Cuda, F>();
  const sparse::extended_vector<doubles_elsewhere, double> branching{{x}, halo.ghost, D.below(), D.owned_rows()};
  const double plain = best_of_launches_ms([&] { sparse::spmv(exec, one, A, x, zero, y, shape); });
  const double branch_free = best_of_launches_ms([&] { sparse::spmv(exec, one, D, x, zero, y, halo); });
  const double branching_ms = best_of_launches_ms([&] {
    sparse::detail::spmv_rows_of_doubles<Kokkos::Cuda, F>(exec, one, D.local(), branching, zero, y_check,
                                                          D.all_rows(), shape);
  });
  // The three read the same x: y must agree bit for bit.
  const auto a = copy_to_host(y), b = copy_to_host(y_check);
  bool same = a.size() == b.size();
  for (std::size_t i = 0; same && i < a.size(); ++i) same = std::memcmp(&a[i], &b[i], sizeof(a[i])) == 0;
  printf("%s,%d,%d,%.4f,%.4f,%.4f,%s\n", name, shape.lanes, shape.rows_per_team, plain, branch_free, branching_ms,
         same ? "yes" : "NO");
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const auto host = sparse::edge_curl_curl(sparse::cube_mesh_with_unknowns(1709028));
    const sparse::csr_matrix<Kokkos::CudaSpace> A(host);
    printf("format,lanes,rows_per_team,csr_ms,extended_branch_free_ms,extended_branching_ms,same_bits\n");
    run<double>("double", A, host.rows);
    run<dd::dd_real>("dd_real", A, host.rows);
    run<dd::qd_real>("qd_real", A, host.rows);
    run<dd::expansion<8>>("expansion_8", A, host.rows);
  }
  Kokkos::finalize();
}

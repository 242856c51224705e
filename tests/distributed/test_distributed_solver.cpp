// VPBi-CGSTAB and plain Bi-CGSTAB on the row-distributed curl-curl problem, every rank of the
// mpirun, every format and backend: converged, the gathered solution's true residual checked
// exactly in MPFR, and the run compared with the one-rank solve of the whole problem (the
// iterates differ only by the rank-order roundings of the dot products, parallel/
// rank_order_sum.hpp: the first residuals agree to many digits and the iteration counts nearly);
// the status is decided on the true residual the ranks computed together, so every rank reports
// the same one (converged_recurrence_only in double at a tolerance of 1e-30, converged in dd_real).
// Where the backend has both halo transports (CUDA), the two give the same iterates bit for bit.
#include <cmath>

#include "blas/format_list.hpp"
#include "solvers/vpbicgstab.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "tests/distributed/distributed_support.hpp"
#include "tests/solvers/solver_checks.hpp"

namespace kamp::test {
namespace {

using distributed_solver_formats = blas::solver_formats;
using distributed_solver_cases = blas_cases_t<distributed_solver_formats>;

template <class Case>
void check_distributed_solve(bool precondition) {
  using F = typename Case::format;
  using memory = typename Case::memory;
  const auto comm = world();
  const int me = comm->rank();
  sparse::structured_mesh mesh;
  mesh.nx = 4, mesh.ny = 5, mesh.nz = 4, mesh.hy = 0.5;
  const sparse::csr_host host = sparse::edge_curl_curl(mesh);
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(host, comm->size());
  std::vector<value_type_t<F>> bs, zeros(static_cast<std::size_t>(host.rows), from_double<F>(0.0));
  for (double v : sparse::curl_curl_rhs(mesh, 3)) bs.push_back(from_double<F>(v));
  solvers::vpbicgstab_options options;
  options.tolerance = tolerance<F>();
  options.max_iterations = 400;
  options.true_residual_every = 5;
  options.precondition = precondition;

  auto x_one = stored<Case>(zeros, "x");
  const auto one_rank = solvers::vpbicgstab(typename Case::space(), sparse::csr_matrix<memory>(host),
                                            stored<Case>(bs, "b"), x_one, options);

  const sparse::distributed_matrix<memory> dA(sparse::row_slice(host, blocks.begin(me), blocks.end(me)), blocks, comm);
  auto b_mine = rank_slice(bs, blocks, me), x_mine = rank_slice(zeros, blocks, me);
  auto x = stored<Case>(x_mine, "x_mine");
  const auto result = solvers::vpbicgstab(typename Case::space(), dA, stored<Case>(b_mine, "b_mine"), x, options);
  ASSERT_EQ(one_rank.status, solvers::solver_status::converged);
  ASSERT_EQ(result.status, solvers::solver_status::converged)
      << solvers::to_string(result.status) << " after " << result.iterations << ", residual "
      << result.relative_residual;
  const auto x_all = gather_rows(*comm, blocks, copy_to_host(x));
  const double exact = exact_relative_residual<F>(host, x_all, bs);
  EXPECT_LE(exact, 100 * options.tolerance) << "recurrence " << result.relative_residual;
  // Every rank reports the same run.
  for (const auto& its : comm->allgather_value(result.iterations)) EXPECT_EQ(its, result.iterations);
  ASSERT_GE(result.history.size(), 2u);
  ASSERT_GE(one_rank.history.size(), 2u);
  EXPECT_NEAR(result.history[1].recurrence_residual, one_rank.history[1].recurrence_residual,
              1e-6 * one_rank.history[1].recurrence_residual);
  EXPECT_LE(std::abs(result.iterations - one_rank.iterations), std::max<std::int64_t>(3, one_rank.iterations / 5))
      << result.iterations << " iterations on " << comm->size() << " ranks, " << one_rank.iterations << " on one";

  // The halo's transport moves the same values: the other one, where the backend has two, gives
  // the same iterates bit for bit.
  const auto other = dA.halo_transport() == parallel::transport::device_peers ? parallel::transport::host_staged
                                                                              : parallel::transport::device_peers;
  if (!parallel::transport_available<memory>(other, *comm)) return;
  const sparse::distributed_matrix<memory> dA_other(sparse::row_slice(host, blocks.begin(me), blocks.end(me)), blocks,
                                                    comm, sparse::default_row_storage<memory>(), other);
  auto x_other = stored<Case>(x_mine, "x_other");
  const auto again =
      solvers::vpbicgstab(typename Case::space(), dA_other, stored<Case>(b_mine, "b_mine"), x_other, options);
  EXPECT_EQ(again.iterations, result.iterations) << parallel::to_string(other);
  EXPECT_EQ(again.true_residual, result.true_residual) << parallel::to_string(other);
  const auto mine = copy_to_host(x), theirs = copy_to_host(x_other);
  for (std::size_t i = 0; i < mine.size(); ++i)
    ASSERT_TRUE(same_bits<F>(mine[i], theirs[i]))
        << "x[" << i << "] on rank " << me << " with " << parallel::to_string(other);
}

template <class Case>
solvers::solver_result solve_tridiagonal_on_ranks(bool precondition) {
  using F = typename Case::format;
  using memory = typename Case::memory;
  const auto comm = world();
  const int me = comm->rank();
  const sparse::csr_host host = nonsymmetric_tridiagonal();
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(host, comm->size());
  std::vector<value_type_t<F>> bs, zeros(static_cast<std::size_t>(host.rows), from_double<F>(0.0));
  for (double v : times_ones(host)) bs.push_back(from_double<F>(v));
  solvers::vpbicgstab_options options;
  options.tolerance = 1e-30;
  options.max_iterations = 200;
  options.precondition = precondition;
  const sparse::distributed_matrix<memory> dA(sparse::row_slice(host, blocks.begin(me), blocks.end(me)), blocks, comm);
  auto b_mine = rank_slice(bs, blocks, me), x_mine = rank_slice(zeros, blocks, me);
  auto x = stored<Case>(x_mine, "x_mine");
  const auto result = solvers::vpbicgstab(typename Case::space(), dA, stored<Case>(b_mine, "b_mine"), x, options);
  for (const auto status : comm->allgather_value(result.status)) EXPECT_EQ(status, result.status);
  for (const double true_residual : comm->allgather_value(result.true_residual)) {
    EXPECT_EQ(true_residual, result.true_residual);  // bit for bit
  }
  return result;
}

KAMP_BACKEND_TEST_SUITE(distributed_status);

TYPED_TEST(distributed_status, EveryRankReportsTheSameStatus) {
  for (bool precondition : {false, true}) {
    SCOPED_TRACE(precondition ? "VPBi-CGSTAB" : "Bi-CGSTAB");
    const auto in_double = solve_tridiagonal_on_ranks<blas_case<formats::pair<double, TypeParam>>>(precondition);
    EXPECT_EQ(in_double.status, solvers::solver_status::converged_recurrence_only)
        << solvers::to_string(in_double.status) << ", true residual " << in_double.true_residual;
    const auto in_dd =
        solve_tridiagonal_on_ranks<blas_case<formats::pair<multi_double::dd_real, TypeParam>>>(precondition);
    EXPECT_EQ(in_dd.status, solvers::solver_status::converged)
        << solvers::to_string(in_dd.status) << ", true residual " << in_dd.true_residual;
  }
}

template <class T>
class distributed_solver : public ::testing::Test {};
TYPED_TEST_SUITE(distributed_solver, distributed_solver_cases, blas_case_type_name);

TYPED_TEST(distributed_solver, variable_preconditioned_matches_one_rank) { check_distributed_solve<TypeParam>(true); }
TYPED_TEST(distributed_solver, plain_bicgstab_matches_one_rank) { check_distributed_solve<TypeParam>(false); }

}  // namespace
}  // namespace kamp::test

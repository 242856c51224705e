// VPBi-CGSTAB and plain Bi-CGSTAB on the row-distributed curl-curl problem, every rank of the
// mpirun, every format and backend: converged, the gathered solution's true residual checked
// exactly in MPFR, and the run compared with the one-rank solve of the whole problem (the
// iterates differ only by the rank-order roundings of the dot products, parallel/
// rank_order_sum.hpp: the first residuals agree to many digits and the iteration counts nearly).
#include <cmath>

#include "format_list/format_list.hpp"
#include "solvers/vpbicgstab.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "tests/distributed/distributed_support.hpp"
#include "tests/solvers/solver_checks.hpp"

namespace kamp::test {
namespace {

using distributed_solver_formats = formats::solver_formats;
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
  const auto one_rank =
      solvers::vpbicgstab(typename Case::space(), sparse::csr_matrix<memory>(host), stored<Case>(bs, "b"), x_one, options);

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
}

template <class T>
class distributed_solver : public ::testing::Test {};
TYPED_TEST_SUITE(distributed_solver, distributed_solver_cases, blas_case_type_name);

TYPED_TEST(distributed_solver, variable_preconditioned_matches_one_rank) { check_distributed_solve<TypeParam>(true); }
TYPED_TEST(distributed_solver, plain_bicgstab_matches_one_rank) { check_distributed_solve<TypeParam>(false); }

}  // namespace
}  // namespace kamp::test

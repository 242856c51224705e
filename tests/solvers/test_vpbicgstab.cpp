// VPBi-CGSTAB (seed 003 Fig. 1) and plain Bi-CGSTAB with the outer loop in double, dd_real,
// qd_real and RNS at 212 bits on every backend, on the edge-element curl-curl problem (singular,
// consistent right-hand side): converged, with the final true residual ||b - A x|| / ||b||
// recomputed exactly in MPFR on the host; breakdowns and NaN reported as a status with the
// iteration; the history CSV; argument errors.
#include <cstdio>
#include <fstream>
#include <string>

#include "format_list/format_list.hpp"
#include "solvers/vpbicgstab.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "tests/solvers/solver_checks.hpp"

namespace kamp::test {
namespace {

using solver_formats = formats::solver_formats;
using solver_cases = blas_cases_t<solver_formats>;

template <class Case>
void check_solves_curl_curl(bool precondition) {
  using F = typename Case::format;
  sparse::structured_mesh mesh;
  mesh.nx = 4, mesh.ny = 5, mesh.nz = 4, mesh.hy = 0.5;
  const sparse::csr_host host = sparse::edge_curl_curl(mesh);
  const sparse::csr_matrix<typename Case::memory> A(host);
  std::vector<value_type_t<F>> bs, xs(static_cast<std::size_t>(host.rows), from_double<F>(0.0));
  for (double v : sparse::curl_curl_rhs(mesh, 3)) bs.push_back(from_double<F>(v));
  const auto b = stored<Case>(bs, "b");
  auto x = stored<Case>(xs, "x");
  solvers::vpbicgstab_options options;
  options.tolerance = tolerance<F>();
  options.max_iterations = 400;
  options.true_residual_every = 5;
  options.precondition = precondition;
  const auto result = solvers::vpbicgstab(typename Case::space(), A, b, x, options);
  ASSERT_EQ(result.status, solvers::solver_status::converged)
      << solvers::to_string(result.status) << " after " << result.iterations << ", residual "
      << result.relative_residual;
  EXPECT_LE(result.relative_residual, options.tolerance);
  EXPECT_GT(result.iterations, 0);
  const double exact = exact_relative_residual<F>(host, copy_to_host(x), bs);
  EXPECT_LE(exact, 100 * options.tolerance) << "recurrence " << result.relative_residual;
  EXPECT_NEAR(result.history.back().true_residual, exact, 1e-3 * exact + 1e-300);
  for (std::size_t h = 1; h < result.history.size(); ++h) {
    EXPECT_GT(result.history[h].iteration, result.history[h - 1].iteration - 1);
  }
}

template <class Case>
void check_breakdown_and_nan() {
  using F = typename Case::format;
  // A = [[0, 1], [-1, 0]], b = (1, 0): (r0*, A r0) = 0 at the first step.
  const sparse::csr_matrix<typename Case::memory> A(sparse::from_triplets(2, 2, {0, 1}, {1, 0}, {1.0, -1.0}));
  std::vector<value_type_t<F>> bs{from_double<F>(1.0), from_double<F>(0.0)}, xs(2, from_double<F>(0.0));
  const auto b = stored<Case>(bs, "b");
  auto x = stored<Case>(xs, "x");
  solvers::vpbicgstab_options options;
  options.precondition = false;
  const auto result = solvers::vpbicgstab(typename Case::space(), A, b, x, options);
  EXPECT_EQ(result.status, solvers::solver_status::breakdown_alpha);
  EXPECT_EQ(result.iterations, 0);

  std::vector<value_type_t<F>> nan_b{format_traits<F>::from_mpfr(mpfr_value::from_string("nan", 64).get()),
                                     from_double<F>(1.0)};
  const auto bad = stored<Case>(nan_b, "b");
  const auto nan_result = solvers::vpbicgstab(typename Case::space(), A, bad, x, options);
  EXPECT_EQ(nan_result.status, solvers::solver_status::not_a_number) << solvers::to_string(nan_result.status);
}

template <class Case>
void check_arguments() {
  using F = typename Case::format;
  const sparse::csr_matrix<typename Case::memory> A(sparse::from_triplets(2, 2, {0, 1}, {0, 1}, {2.0, 3.0}));
  std::vector<value_type_t<F>> two(2, from_double<F>(1.0)), three(3, from_double<F>(1.0));
  const auto b = stored<Case>(two, "b"), x = stored<Case>(two, "x"), wrong = stored<Case>(three, "b");
  expect_invalid_argument("b", [&] { solvers::vpbicgstab(typename Case::space(), A, wrong, x); });
  solvers::vpbicgstab_options options;
  options.tolerance = 0;
  expect_invalid_argument("options.tolerance", [&] { solvers::vpbicgstab(typename Case::space(), A, b, x, options); });
}

template <class Case>
class solver_test : public ::testing::Test {};
TYPED_TEST_SUITE(solver_test, solver_cases, blas_case_type_name);

TYPED_TEST(solver_test, VariablePreconditionedSolvesCurlCurl) { check_solves_curl_curl<TypeParam>(true); }
TYPED_TEST(solver_test, PlainBiCGSTABSolvesCurlCurl) { check_solves_curl_curl<TypeParam>(false); }
TYPED_TEST(solver_test, BreakdownAndNaNAreReported) { check_breakdown_and_nan<TypeParam>(); }
TYPED_TEST(solver_test, ArgumentErrorsAreNamed) { check_arguments<TypeParam>(); }

TEST(solver_history, CsvHasEveryEntry) {
  solvers::solver_result result;
  result.history = {{0, 1.0, 1.0}, {1, 0.5, -1}, {2, 0.25, 0.2500001}};
  const std::string path = ::testing::TempDir() + "kamp_history.csv";
  solvers::write_history_csv(path, result);
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "iteration,recurrence_residual,true_residual");
  std::getline(in, line);
  EXPECT_EQ(line, "0,1,1");
  std::getline(in, line);
  EXPECT_EQ(line, "1,0.5,");
  std::remove(path.c_str());
  EXPECT_THROW(solvers::write_history_csv("/nonexistent/dir/h.csv", result), std::runtime_error);
}

}  // namespace
}  // namespace kamp::test

// Mixed-precision GESV (solvers/gesv.hpp) with dd_real and qd_real as working formats and the
// vendor LU in double and float, on every backend. Converged runs: the true backward error
// ||b - A x|| / (||A|| ||x||), formed in MPFR, within the bound the stopping rule proves
// (refined_backward_error_bound: about (sqrt(n) + 2n) u of the working format), and the forward
// error against the MPFR reference solution within cond_inf(A) times that bound; random matrices
// and condition numbers 1e4 (float LU), 1e8 and 1e12 (double LU). Beyond the LU precision's
// reach (cond 1e20 for a double LU, 1e10 for a float one) the run must say it did not converge.
// Argument errors, a singular matrix, a zero right-hand side and NaN/Inf inputs.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "blas/format_list.hpp"
#include "solvers/gesv.hpp"
#include "tests/solvers/gesv_checks.hpp"

namespace kamp::test {
namespace {

using gesv_cases = blas_cases_t<blas::refined_formats>;

template <class Case>
class gesv_test : public ::testing::Test {};
TYPED_TEST_SUITE(gesv_test, gesv_cases, blas_case_type_name);

template <class Case>
struct refined {
  solvers::gesv_result result;
  std::vector<value_type_t<typename Case::format>> x;
};

// x poisoned with NaN before the call: a converged run must have written every element.
template <class Case>
refined<Case> solve(const solvers::dense_problem& p, solvers::lu_precision lu) {
  using F = typename Case::format;
  using memory = typename Case::memory;
  const auto A = solvers::matrix_of<F, memory>(p);
  const auto b = solvers::rhs_of<F, memory>(p);
  std::vector<value_type_t<F>> poison(static_cast<std::size_t>(p.n),
                                      format_traits<F>::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  const auto x = stored<Case>(poison, "x");
  solvers::gesv_options options;
  options.lu = lu;
  refined<Case> out;
  out.result = solvers::gesv(typename Case::space(), A, b, x, options);
  out.x = copy_to_host(x);
  return out;
}

template <class Case>
void check_converges(const solvers::dense_problem& p, solvers::lu_precision lu) {
  using F = typename Case::format;
  const auto run = solve<Case>(p, lu);
  const auto& r = run.result;
  const std::string what = p.name + " with a " + solvers::to_string(lu) + " LU";
  ASSERT_TRUE(r.converged) << what << ": " << solvers::to_string(r.status) << " after " << r.iterations;
  EXPECT_EQ(r.status, solvers::gesv_status::converged);
  EXPECT_GE(r.iterations, 1) << what << ": the LU's own solution cannot reach " << format_traits<F>::name();
  // A residual per iterate, except after a negligible last correction.
  EXPECT_GE(r.backward_errors.size(), static_cast<std::size_t>(r.iterations)) << what;
  EXPECT_LE(r.backward_errors.size(), static_cast<std::size_t>(r.iterations) + 1) << what;
  for (std::int64_t k = 1; k < r.iterations; ++k)
    EXPECT_LE(r.correction_norms[static_cast<std::size_t>(k)], r.correction_norms[static_cast<std::size_t>(k - 1)])
        << what << ": applied corrections must shrink, step " << k;
  const auto xs = solvers::exact_values<F>(run.x);
  const auto norms = solvers::residual(p, xs, 2 * format_traits<F>::precision + 128);
  const double eta = refined_backward_error_bound<F>(p.n);
  EXPECT_LE(norms.backward_error(), eta) << what;
  const double condition = solvers::condition_number(p, 256);
  const auto reference = solvers::reference_solution(p, 4 * format_traits<F>::precision + 64);
  EXPECT_LE(solvers::forward_error(xs, reference), forward_error_bound(condition, eta))
      << what << ": cond_inf " << condition;
}

TYPED_TEST(gesv_test, RandomMatrixDoubleLU) {
  check_converges<TypeParam>(solvers::random_problem(60, 91), solvers::lu_precision::double_precision);
}

TYPED_TEST(gesv_test, RandomMatrixFloatLU) {
  check_converges<TypeParam>(solvers::random_problem(60, 92), solvers::lu_precision::single_precision);
}

TYPED_TEST(gesv_test, IllConditionedMatrices) {
  check_converges<TypeParam>(solvers::ill_conditioned_problem(50, 1e8, 93), solvers::lu_precision::double_precision);
  check_converges<TypeParam>(solvers::ill_conditioned_problem(50, 1e12, 94), solvers::lu_precision::double_precision);
  check_converges<TypeParam>(solvers::ill_conditioned_problem(50, 1e4, 95), solvers::lu_precision::single_precision);
}

// cond(A) u_LU far above 1: the LU's corrections do not contract. (At cond 1e17 a double LU still
// converges on this order-50 matrix: the rate is the spectral radius of I - (LU)^-1 A, which the
// normwise cond(A) u_LU, about 11 there, overestimates.)
TYPED_TEST(gesv_test, BeyondTheLUPrecisionIsNotConverged) {
  for (const auto& [condition, lu] : {std::pair{1e20, solvers::lu_precision::double_precision},
                                      std::pair{1e10, solvers::lu_precision::single_precision}}) {
    const auto p = solvers::ill_conditioned_problem(50, condition, 96);
    const auto r = solve<TypeParam>(p, lu).result;
    EXPECT_FALSE(r.converged) << p.name << " with a " << solvers::to_string(lu)
                              << " LU: " << solvers::to_string(r.status) << " after " << r.iterations;
    EXPECT_NE(r.status, solvers::gesv_status::converged);
  }
}

TYPED_TEST(gesv_test, ZeroRightHandSide) {
  using F = typename TypeParam::format;
  auto p = solvers::random_problem(40, 97);
  p.b.assign(p.b.size(), 0.0);
  const auto run = solve<TypeParam>(p, solvers::lu_precision::double_precision);
  EXPECT_TRUE(run.result.converged);
  EXPECT_EQ(run.result.iterations, 0);
  for (const auto& xi : run.x) EXPECT_TRUE(same_bits<F>(xi, from_double<F>(0.0)));
}

TYPED_TEST(gesv_test, NotANumberIsReported) {
  using F = typename TypeParam::format;
  auto p = solvers::random_problem(20, 99);
  p.b[7] = std::nan("");
  const auto r = solve<TypeParam>(p, solvers::lu_precision::double_precision).result;
  EXPECT_EQ(r.status, solvers::gesv_status::not_a_number) << solvers::to_string(r.status);
  EXPECT_FALSE(r.converged);
  p = solvers::random_problem(20, 99);
  p.a[45] = multi_double::dd_real(std::numeric_limits<double>::infinity());
  const auto s = solve<TypeParam>(p, solvers::lu_precision::single_precision).result;
  EXPECT_EQ(s.status, solvers::gesv_status::not_a_number)
      << solvers::to_string(s.status) << " for " << format_traits<F>::name();
}

// Every error leaves x as it was (poisoned with 7).
TYPED_TEST(gesv_test, ArgumentErrorsAndSingularMatrix) {
  using F = typename TypeParam::format;
  using memory = typename TypeParam::memory;
  const typename TypeParam::space space;
  const auto p = solvers::random_problem(6, 98);
  const auto A = solvers::matrix_of<F, memory>(p);
  const auto b = solvers::rhs_of<F, memory>(p);
  std::vector<value_type_t<F>> sevens(6, from_double<F>(7.0)), five(5, from_double<F>(7.0));
  const auto x = stored<TypeParam>(sevens, "x"), short_array = stored<TypeParam>(five, "short");
  const auto untouched = [&] {
    for (const auto& v : copy_to_host(x)) ASSERT_TRUE(same_bits<F>(v, from_double<F>(7.0)));
  };
  expect_invalid_argument("A", [&] { solvers::gesv(space, matrix<F, memory>(6, 5), b, x); });
  expect_invalid_argument("b", [&] { solvers::gesv(space, A, short_array, x); });
  expect_invalid_argument("x", [&] { solvers::gesv(space, A, b, short_array); });
  solvers::gesv_options options;
  options.max_iterations = -1;
  expect_invalid_argument("options.max_iterations", [&] { solvers::gesv(space, A, b, x, options); });
  untouched();
  // Column 3 of A zero: singular in every precision.
  auto singular = p;
  for (std::int64_t i = 0; i < 6; ++i) singular.a[static_cast<std::size_t>(i + 2 * 6)] = multi_double::dd_real(0.0);
  for (const auto lu : {solvers::lu_precision::double_precision, solvers::lu_precision::single_precision}) {
    options = {};
    options.lu = lu;
    try {
      solvers::gesv(space, solvers::matrix_of<F, memory>(singular), b, x, options);
      ADD_FAILURE() << "no error for a singular matrix";
    } catch (const kamp::invalid_argument& e) {
      EXPECT_EQ(e.argument(), "A");
      EXPECT_NE(e.value().find("U(3, 3) = 0"), std::string::npos) << e.what();
      EXPECT_NE(e.value().find(solvers::to_string(lu)), std::string::npos) << e.what();
    }
  }
  untouched();
}

TEST(gesv_status, Names) {
  EXPECT_EQ(solvers::to_string(solvers::gesv_status::converged), "converged");
  EXPECT_EQ(solvers::to_string(solvers::gesv_status::stagnated), "stagnated");
  EXPECT_EQ(solvers::to_string(solvers::gesv_status::max_iterations), "max_iterations");
  EXPECT_EQ(solvers::to_string(solvers::gesv_status::not_a_number), "not_a_number");
}

}  // namespace
}  // namespace kamp::test

// Direct LU with partial pivoting (solvers/dense_lu.hpp) in double, dd_real and qd_real on every
// backend, on a random and an ill-conditioned (cond 1e8) matrix of order 60: the residual within
// the proven gamma_{6n+10} || |L||U||x| ||_inf, the forward error against the MPFR reference
// within cond_inf(A) times the backward error that bound allows, the Serial backend's bits, exact
// small cases, a zero pivot found during the elimination and the argument errors. The vendor LU
// (OpenBLAS / cuSOLVER) in double and float: LAPACK's gamma_{3n} || |L||U||x| ||_inf bound
// (Higham, Thm 9.4), its zero pivot and argument errors.
#include <string>
#include <vector>

#include "blas/format_list.hpp"
#include "core/mpfr_reference.hpp"
#include "solvers/dense_lu.hpp"
#include "solvers/vendor_lu.hpp"
#include "tests/solvers/gesv_checks.hpp"

namespace kamp::test {
namespace {

using lu_cases = blas_cases_t<blas::lu_formats>;

template <class Case>
class dense_lu_test : public ::testing::Test {};
TYPED_TEST_SUITE(dense_lu_test, lu_cases, blas_case_type_name);

// Factors and solves on Space; returns x and, when asked, the factors.
template <class Format, class Space>
std::vector<value_type_t<Format>> direct_solve(const solvers::dense_problem& p,
                                               std::vector<value_type_t<Format>>* factors = nullptr) {
  using memory = typename Space::memory_space;
  const auto A = solvers::matrix_of<Format, memory>(p);
  const auto b = solvers::rhs_of<Format, memory>(p);
  std::vector<value_type_t<Format>> poison(static_cast<std::size_t>(p.n),
                                           format_traits<Format>::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  array_t<Format, memory> x(poison.size(), "x");
  copy_from_host(x, poison);
  const auto f = solvers::dense_lu_factor(Space(), A);
  solvers::dense_lu_solve(Space(), f, b, x);
  Kokkos::fence();
  if (factors) *factors = copy_to_host(f.lu.values);
  return copy_to_host(x);
}

template <class Case>
void check_direct_solution(const solvers::dense_problem& p) {
  using F = typename Case::format;
  std::vector<value_type_t<F>> lu;
  const auto x = direct_solve<F, typename Case::space>(p, &lu);
  const auto xs = solvers::exact_values<F>(x), factors = solvers::exact_values<F>(lu);
  const auto n = static_cast<std::size_t>(p.n);
  const mpfr_prec_t bits = 2 * format_traits<F>::precision + 128;
  const auto norms = solvers::residual(p, xs, bits);
  const double allowed = rounded_up(core::gamma(6 * p.n + 10, format_traits<F>::unit_roundoff())) *
                         lu_product_norm(factors, xs, n) * (1 + 0x1p-50);
  EXPECT_LE(norms.residual, allowed) << p.name;
  const double condition = solvers::condition_number(p, 256);
  const double eta = allowed / (norms.a * norms.x) * (1 + 0x1p-50);
  const auto reference = solvers::reference_solution(p, 4 * format_traits<F>::precision + 64);
  EXPECT_LE(solvers::forward_error(xs, reference), forward_error_bound(condition, eta))
      << p.name << ": cond_inf " << condition << ", backward error bound " << eta;
  if (!std::is_same<typename Case::space, reference_space>::value) {
    const auto serial = direct_solve<F, reference_space>(p);
    for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(same_bits<F>(x[i], serial[i])) << "element " << i;
  }
}

TYPED_TEST(dense_lu_test, RandomMatrix) { check_direct_solution<TypeParam>(solvers::random_problem(60, 71)); }

TYPED_TEST(dense_lu_test, IllConditionedMatrix) {
  check_direct_solution<TypeParam>(solvers::ill_conditioned_problem(60, 1e8, 72));
}

TYPED_TEST(dense_lu_test, SmallExactCases) {
  using F = typename TypeParam::format;
  using memory = typename TypeParam::memory;
  // Order 1: 2 / 4 = 0.5 exactly (the reciprocal of a power of two is exact).
  solvers::dense_problem one{"one", 1, 0, {multi_double::dd_real(4.0)}, {2.0}};
  const auto x1 = direct_solve<F, typename TypeParam::space>(one);
  EXPECT_TRUE(same_bits<F>(x1[0], from_double<F>(0.5)));
  // Order 0: nothing to do, no error.
  const matrix<F, memory> empty(0, 0);
  const auto f = solvers::dense_lu_factor(typename TypeParam::space(), empty);
  const typename TypeParam::array none(0, "none");
  solvers::dense_lu_solve(typename TypeParam::space(), f, none, none);
}

TYPED_TEST(dense_lu_test, ZeroPivotAndArgumentErrors) {
  using F = typename TypeParam::format;
  using memory = typename TypeParam::memory;
  const typename TypeParam::space space;
  // [1 2; 2 4]: rows interchanged, then U(2, 2) = 1 - 0.5 * 2 = 0 exactly.
  const solvers::dense_problem singular{
      "singular",
      2,
      0,
      {multi_double::dd_real(1), multi_double::dd_real(2), multi_double::dd_real(2), multi_double::dd_real(4)},
      {1, 1}};
  try {
    solvers::dense_lu_factor(space, solvers::matrix_of<F, memory>(singular));
    ADD_FAILURE() << "no error for a singular matrix";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "A");
    EXPECT_NE(e.value().find("U(2, 2) = 0"), std::string::npos) << e.what();
  }
  expect_invalid_argument("A", [&] { solvers::dense_lu_factor(space, matrix<F, memory>(3, 4)); });
  const auto p = solvers::random_problem(5, 3);
  const auto f = solvers::dense_lu_factor(space, solvers::matrix_of<F, memory>(p));
  const typename TypeParam::array five(5, "five"), four(4, "four");
  expect_invalid_argument("b", [&] { solvers::dense_lu_solve(space, f, four, five); });
  expect_invalid_argument("x", [&] { solvers::dense_lu_solve(space, f, five, four); });
}

KAMP_BACKEND_TEST_SUITE(vendor_lu_test);

// The vendor's LU of a random n x n matrix in Real, solved for a random b: the residual, formed
// exactly in MPFR, within gamma_{3n} || |L||U||x| ||_inf.
template <class Space, class Real>
void check_vendor_solve(std::uint64_t seed) {
  using lu = typename solvers::vendor_lu<Space>::type;
  using memory = typename Space::memory_space;
  constexpr int n = 40;
  core::random_source rng(seed);
  std::vector<Real> a, b;
  for (int i = 0; i < n * n; ++i) a.push_back(static_cast<Real>(rng.uniform()));
  for (int i = 0; i < n; ++i) b.push_back(static_cast<Real>(rng.uniform()));
  const auto factors = to_space<Space>(a, "a");
  const auto x = to_space<Space>(b, "x");
  const Kokkos::View<int*, memory> pivots("pivots", n);
  lu::getrf(n, factors.data(), n, pivots.data());
  lu::getrs(n, factors.data(), n, pivots.data(), x.data());
  Kokkos::fence();
  const auto xs = exact_reals(to_host(x)), as = exact_reals(a);
  auto r = exact_reals(b);
  core::reference_gemv('N', n, n, mpfr_value(-1.0, 53), as.data(), n, xs.data(), 1, mpfr_value(1.0, 53), r.data(), 1,
                       1000);
  double residual = 0;
  for (const auto& ri : r) residual = std::max(residual, std::fabs(ri.to_double()));
  mpfr_value u(1.0, 53);
  mpfr_mul_2si(u.get(), u.get(), -std::numeric_limits<Real>::digits, MPFR_RNDN);
  const double allowed = rounded_up(core::gamma(3 * n, u)) * lu_product_norm(exact_reals(to_host(factors)), xs, n);
  EXPECT_LE(residual, allowed * (1 + 0x1p-50)) << lu::name();
  EXPECT_GT(residual, 0);  // a residual of zero would mean the check measured nothing
}

TYPED_TEST(vendor_lu_test, SolvesInDoubleAndFloat) {
  check_vendor_solve<TypeParam, double>(81);
  check_vendor_solve<TypeParam, float>(82);
}

TYPED_TEST(vendor_lu_test, ZeroPivotAndArgumentErrors) {
  using lu = typename solvers::vendor_lu<TypeParam>::type;
  // Column 2 is zero: U(2, 2) = 0.
  const auto a = to_space<TypeParam>(std::vector<double>{1, 2, 0, 0}, "a");
  const Kokkos::View<int*, typename TypeParam::memory_space> pivots("pivots", 2);
  try {
    lu::getrf(2, a.data(), 2, pivots.data());
    ADD_FAILURE() << "no error for a singular matrix";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "a");
    EXPECT_NE(e.value().find("U(2, 2) = 0"), std::string::npos) << e.what();
  }
  expect_invalid_argument("n", [&] { lu::getrf(-1, a.data(), 2, pivots.data()); });
  expect_invalid_argument("lda", [&] { lu::getrf(2, a.data(), 1, pivots.data()); });
  expect_invalid_argument("lda", [&] { lu::getrs(2, a.data(), 1, pivots.data(), a.data()); });
}

}  // namespace
}  // namespace kamp::test

// The GESV test problems (solvers/gesv_problems.hpp): the same matrix for the same seed and a
// different one for another; the prescribed cond_2 seen through cond_inf, which lies in
// [cond_2 / n, n cond_2]; the formats' copies of A exact where the format holds dd_real;
// argument errors.
#include <gtest/gtest.h>

#include "solvers/gesv_accuracy.hpp"
#include "tests/blas/blas_checks.hpp"

namespace kamp::test {
namespace {

bool same_matrix(const solvers::dense_problem& a, const solvers::dense_problem& b) {
  if (a.a.size() != b.a.size() || a.b != b.b) return false;
  for (std::size_t i = 0; i < a.a.size(); ++i)
    if (a.a[i].hi != b.a[i].hi || a.a[i].lo != b.a[i].lo) return false;
  return true;
}

TEST(gesv_problems, SeedsAreDeterministic) {
  EXPECT_TRUE(same_matrix(solvers::random_problem(20, 5), solvers::random_problem(20, 5)));
  EXPECT_FALSE(same_matrix(solvers::random_problem(20, 5), solvers::random_problem(20, 6)));
  EXPECT_TRUE(same_matrix(solvers::ill_conditioned_problem(20, 1e6, 5), solvers::ill_conditioned_problem(20, 1e6, 5)));
  EXPECT_FALSE(same_matrix(solvers::ill_conditioned_problem(20, 1e6, 5), solvers::ill_conditioned_problem(20, 1e6, 6)));
}

TEST(gesv_problems, ConditionNumberIsThePrescribedOne) {
  for (const std::int64_t n : {1, 2, 33, 40}) {
    for (const double condition : {1e8, 1e14, 1e17}) {
      const auto p = solvers::ill_conditioned_problem(n, condition, 7);
      EXPECT_EQ(p.condition, condition);
      const double measured = solvers::condition_number(p, 256), order = static_cast<double>(n);
      const double prescribed = n == 1 ? 1 : condition;  // one singular value
      EXPECT_GE(measured, prescribed / order * (1 - 1e-10)) << p.name << ", n = " << n;
      EXPECT_LE(measured, prescribed * order * (1 + 1e-10)) << p.name << ", n = " << n;
      // Dense: no entry is zero (a few reflectors alone would leave a graded near-diagonal matrix).
      for (const auto& v : p.a) ASSERT_NE(v.hi, 0.0) << p.name << ", n = " << n;
    }
  }
}

TEST(gesv_problems, FormatsHoldTheMatrixExactly) {
  const auto p = solvers::ill_conditioned_problem(12, 1e10, 8);
  for (const auto& v : p.a) {
    const auto exact = multi_double::to_mpfr(v);
    EXPECT_TRUE(mpfr_equal_p(
        format_traits<multi_double::qd_real>::to_mpfr(solvers::from_dd<multi_double::qd_real>(v)).get(), exact.get()));
    EXPECT_TRUE(mpfr_equal_p(
        format_traits<multi_double::dd_real>::to_mpfr(solvers::from_dd<multi_double::dd_real>(v)).get(), exact.get()));
    EXPECT_EQ(solvers::from_dd<double>(v), v.hi);
  }
}

TEST(gesv_problems, ArgumentErrors) {
  expect_invalid_argument("n", [] { solvers::random_problem(0, 1); });
  expect_invalid_argument("n", [] { solvers::ill_conditioned_problem(-3, 10, 1); });
  expect_invalid_argument("condition", [] { solvers::ill_conditioned_problem(4, 0.5, 1); });
  expect_invalid_argument("condition", [] { solvers::ill_conditioned_problem(4, std::nan(""), 1); });
}

}  // namespace
}  // namespace kamp::test

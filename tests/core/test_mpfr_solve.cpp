// The MPFR reference solve that the GESV tests measure against: exact small systems (one needs a
// row interchange), a residual far below double precision on a random system, several right-hand
// sides, and its argument and singularity errors.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "core/mpfr_reference.hpp"
#include "core/mpfr_solve.hpp"
#include "core/random.hpp"

namespace {

using kamp::core::mpfr_value;

TEST(mpfr_solve_test, small_exact_systems) {
  // A = [0 2 1; 1 1 1; 2 0 3] (column-major), x = (1, -2, 3): the zero in A(1, 1) needs a pivot.
  const auto a = kamp::core::to_mpfr({0, 1, 2, 2, 1, 0, 1, 1, 3});
  const auto b = kamp::core::to_mpfr({-1, 2, 11});
  const auto x = kamp::core::reference_solve(3, 1, a, b, 200);
  ASSERT_EQ(x.size(), 3u);
  EXPECT_EQ(x[0].to_double(), 1.0);
  EXPECT_EQ(x[1].to_double(), -2.0);
  EXPECT_EQ(x[2].to_double(), 3.0);
  // Two right-hand sides at once: the columns of the identity give A^-1 A = I back.
  const auto inverse = kamp::core::reference_solve(3, 3, a, kamp::core::to_mpfr({1, 0, 0, 0, 1, 0, 0, 0, 1}), 200);
  std::vector<mpfr_value> product(9, mpfr_value(200));
  kamp::core::reference_gemm('N', 'N', 3, 3, 3, mpfr_value(1.0, 53), a.data(), 3, inverse.data(), 3,
                             mpfr_value(0.0, 53), product.data(), 3, 200);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_NEAR(product[i + 3 * j].to_double(), i == j ? 1.0 : 0.0, 1e-55);
}

TEST(mpfr_solve_test, random_system_residual) {
  constexpr std::size_t n = 50;
  constexpr mpfr_prec_t bits = 300;
  kamp::core::random_source rng(4242);
  const auto a = kamp::core::to_mpfr(rng.uniform_vector(n * n)), b = kamp::core::to_mpfr(rng.uniform_vector(n));
  const auto x = kamp::core::reference_solve(n, 1, a, b, bits);
  // r = b - A x at 2000 bits holds every product and sum exactly: a backward stable solve at
  // 300 bits leaves |r| around n 2^-300 |A||x|, far below 2^-250.
  auto r = b;
  kamp::core::reference_gemv('N', n, n, mpfr_value(-1.0, 53), a.data(), n, x.data(), 1, mpfr_value(1.0, 53), r.data(),
                             1, 2000);
  for (const auto& ri : r) EXPECT_LT(std::fabs(ri.to_double()), 0x1p-250);
}

TEST(mpfr_solve_test, errors_name_the_argument) {
  const auto a = kamp::core::to_mpfr({1, 2, 2, 4}), b = kamp::core::to_mpfr({1, 1});
  try {
    kamp::core::reference_solve(2, 1, a, b, 100);  // the columns are proportional
    ADD_FAILURE() << "no error for a singular matrix";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "a");
  }
  try {
    kamp::core::reference_solve(3, 1, a, b, 100);
    ADD_FAILURE() << "no error for a short matrix";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "a");
  }
  try {
    kamp::core::reference_solve(2, 2, a, b, 100);
    ADD_FAILURE() << "no error for a short right-hand side";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "b");
  }
}

}  // namespace

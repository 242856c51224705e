// MPFR reference kernels: exact small cases, agreement with an independent exact
// evaluation (all terms summed at a precision that holds them exactly), BLAS strides and
// argument errors. These kernels are the yardstick for every other test, so they get one.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/mpfr_reference.hpp"
#include "core/random.hpp"

namespace {

using kamp::core::mpfr_value;
constexpr mpfr_prec_t wide = 4000;  // holds any sum of products of [-1,1] doubles exactly

// Independent check: accumulate exactly with mpfr_fma at `wide` bits, round once at the end.
mpfr_value exact_dot(const std::vector<double>& x, const std::vector<double>& y, mpfr_prec_t precision) {
  mpfr_value acc(wide), xi(wide);
  for (std::size_t i = 0; i < x.size(); ++i) {
    mpfr_set_d(xi.get(), x[i], MPFR_RNDN);
    mpfr_mul_d(xi.get(), xi.get(), y[i], MPFR_RNDN);
    mpfr_add(acc.get(), acc.get(), xi.get(), MPFR_RNDN);
  }
  mpfr_value out(precision);
  mpfr_set(out.get(), acc.get(), MPFR_RNDN);
  return out;
}

TEST(mpfr_reference_test, small_exact_cases) {
  const auto x = kamp::core::to_mpfr({1.0, 2.0, 3.0}), y = kamp::core::to_mpfr({4.0, -5.0, 6.0});
  EXPECT_EQ(kamp::core::reference_dot(3, x.data(), 1, y.data(), 1, 53).to_double(), 12.0);
  EXPECT_EQ(kamp::core::reference_sum(x, 53).to_double(), 6.0);
  // Backwards stride reverses y: 1*6 + 2*(-5) + 3*4 = 8.
  EXPECT_EQ(kamp::core::reference_dot(3, x.data(), 1, y.data(), -1, 53).to_double(), 8.0);
  // 2x2 GEMV, column-major A = [1 2; 3 4], x = (1, 1), y = (1, 1), alpha 2, beta -1.
  const auto a = kamp::core::to_mpfr({1.0, 3.0, 2.0, 4.0}), ones = kamp::core::to_mpfr({1.0, 1.0});
  auto yv = kamp::core::to_mpfr({1.0, 1.0});
  kamp::core::reference_gemv('N', 2, 2, mpfr_value(2.0, 53), a.data(), 2, ones.data(), 1, mpfr_value(-1.0, 53),
                             yv.data(), 1, 53);
  EXPECT_EQ(yv[0].to_double(), 5.0);
  EXPECT_EQ(yv[1].to_double(), 13.0);
  yv = kamp::core::to_mpfr({1.0, 1.0});
  kamp::core::reference_gemv('T', 2, 2, mpfr_value(1.0, 53), a.data(), 2, ones.data(), 1, mpfr_value(0.0, 53),
                             yv.data(), 1, 53);
  EXPECT_EQ(yv[0].to_double(), 4.0);
  EXPECT_EQ(yv[1].to_double(), 6.0);
  // GEMM: A*B with B = A gives [7 10; 15 22].
  auto c = kamp::core::to_mpfr({0.0, 0.0, 0.0, 0.0});
  kamp::core::reference_gemm('N', 'N', 2, 2, 2, mpfr_value(1.0, 53), a.data(), 2, a.data(), 2, mpfr_value(0.0, 53),
                             c.data(), 2, 53);
  EXPECT_EQ(c[0].to_double(), 7.0);
  EXPECT_EQ(c[1].to_double(), 15.0);
  EXPECT_EQ(c[2].to_double(), 10.0);
  EXPECT_EQ(c[3].to_double(), 22.0);
}

TEST(mpfr_reference_test, dot_is_correctly_rounded_even_when_ill_conditioned) {
  kamp::core::random_source rng(41);
  for (double condition : {1e3, 1e20, 1e60}) {
    const auto p = kamp::core::ill_conditioned_dot(rng, 200, condition);
    const auto x = kamp::core::to_mpfr(p.x), y = kamp::core::to_mpfr(p.y);
    for (mpfr_prec_t bits : {53, 106, 424}) {
      const mpfr_value got = kamp::core::reference_dot(200, x.data(), 1, y.data(), 1, bits);
      EXPECT_TRUE(got == exact_dot(p.x, p.y, bits)) << "condition " << condition << ", " << bits << " bits";
    }
  }
}

TEST(mpfr_reference_test, gemv_and_gemm_rows_are_correctly_rounded_dots) {
  kamp::core::random_source rng(42);
  const std::size_t m = 37, n = 45, lda = 40 + 3;
  const auto a_d = rng.uniform_vector(lda * n), x_d = rng.uniform_vector(2 * n), y_d = rng.uniform_vector(3 * m);
  const auto a = kamp::core::to_mpfr(a_d), x = kamp::core::to_mpfr(x_d);
  auto y = kamp::core::to_mpfr(y_d);
  const mpfr_value alpha(0.75, 53), beta(-0.5, 53);
  kamp::core::reference_gemv('N', m, n, alpha, a.data(), lda, x.data(), 2, beta, y.data(), 3, 212);
  for (std::size_t i = 0; i < m; ++i) {
    // Independent evaluation at `wide` bits.
    mpfr_value acc(wide), t(wide);
    for (std::size_t j = 0; j < n; ++j) {
      mpfr_set_d(t.get(), a_d[i + j * lda], MPFR_RNDN);
      mpfr_mul_d(t.get(), t.get(), x_d[2 * j], MPFR_RNDN);
      mpfr_mul_d(t.get(), t.get(), 0.75, MPFR_RNDN);
      mpfr_add(acc.get(), acc.get(), t.get(), MPFR_RNDN);
    }
    mpfr_set_d(t.get(), y_d[3 * i], MPFR_RNDN);
    mpfr_mul_d(t.get(), t.get(), -0.5, MPFR_RNDN);
    mpfr_add(acc.get(), acc.get(), t.get(), MPFR_RNDN);
    mpfr_value want(212);
    mpfr_set(want.get(), acc.get(), MPFR_RNDN);
    ASSERT_TRUE(y[3 * i] == want) << "row " << i;
    ASSERT_EQ(y[3 * i].precision(), 212);
    ASSERT_EQ(y[3 * i + 1].to_double(), y_d[3 * i + 1]) << "gap between strided elements was touched";
  }
}

TEST(mpfr_reference_test, bad_arguments_are_rejected_by_name) {
  const auto v = kamp::core::to_mpfr({1.0, 2.0, 3.0, 4.0});
  auto y = v;
  const mpfr_value one(1.0, 53);
  EXPECT_THROW(kamp::core::reference_dot(2, v.data(), 0, v.data(), 1, 53), kamp::invalid_argument);
  EXPECT_THROW(kamp::core::reference_gemv('X', 2, 2, one, v.data(), 2, v.data(), 1, one, y.data(), 1, 53),
               kamp::invalid_argument);
  try {
    kamp::core::reference_gemv('N', 2, 2, one, v.data(), 1, v.data(), 1, one, y.data(), 1, 53);
    FAIL() << "no exception";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "lda");
    EXPECT_EQ(e.value(), "1");
  }
  EXPECT_TRUE(y[0] == v[0]) << "output touched on error";
  EXPECT_THROW(kamp::core::reference_gemm('N', 'T', 2, 2, 2, one, v.data(), 2, v.data(), 1, one, y.data(), 2, 53),
               kamp::invalid_argument);
}

}  // namespace

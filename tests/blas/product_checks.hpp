#pragma once
// GEMV and GEMM for one (format, backend) case against the exact MPFR result, each output
// within gamma_{k+2} (|alpha| |op(A)| |op(B)| + |beta| |C|) of it (seed 000 eqs. (16)-(19)
// componentwise, k the inner dimension): every trans combination, leading dimensions larger
// than the rows, strided and reversed vectors; beta = 0 must not read y or C (they hold NaN)
// and alpha = 0 must not read A; argument errors named, nothing written.
#include <limits>

#include "tests/blas/blas_checks.hpp"

namespace kamp::test {

// |alpha| sum_l |a_l b_l| + |beta| |c|, rounded up.
inline mpfr_value magnitude(const mpfr_value& alpha, const std::vector<const mpfr_value*>& a,
                            const std::vector<const mpfr_value*>& b, const mpfr_value& beta, const mpfr_value* c,
                            mpfr_prec_t bits) {
  mpfr_value sum(bits), t(bits);
  for (std::size_t l = 0; l < a.size(); ++l) {
    mpfr_mul(t.get(), a[l]->get(), b[l]->get(), MPFR_RNDU);
    mpfr_abs(t.get(), t.get(), MPFR_RNDU);
    mpfr_add(sum.get(), sum.get(), t.get(), MPFR_RNDU);
  }
  mpfr_mul(sum.get(), sum.get(), alpha.get(), MPFR_RNDU);
  mpfr_abs(sum.get(), sum.get(), MPFR_RNDU);
  if (c) {
    mpfr_mul(t.get(), beta.get(), c->get(), MPFR_RNDU);
    mpfr_abs(t.get(), t.get(), MPFR_RNDU);
    mpfr_add(sum.get(), sum.get(), t.get(), MPFR_RNDU);
  }
  return sum;
}

template <class Case>
void check_gemv(char trans, bool beta_zero) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t m = 37, n = 45, lda = m + 3, incx = 2, incy = -1;
  const bool t = trans == 'T';
  const std::int64_t xlen = t ? m : n, ylen = t ? n : m;
  core::random_source rng(111 + 2 * t + beta_zero);
  auto As = random_values<F>(rng, lda * n, -3, 3), xs = random_values<F>(rng, xlen * incx, -3, 3);
  auto ys = random_values<F>(rng, ylen);
  if (beta_zero) ys.assign(ylen, traits::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  const auto alpha = random_value<F>(rng), beta = beta_zero ? from_double<F>(0.0) : random_value<F>(rng);
  const auto A = stored<Case>(As, "A"), x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  blas::gemv(typename Case::space(), trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
  Kokkos::fence();
  const auto got = copy_to_host(y);
  const mpfr_prec_t bits = exact_bits<F>();
  const auto Am = exact_values<F>(As), xm = exact_values<F>(xs);
  auto ym = exact_values<F>(beta_zero ? std::vector<value_type_t<F>>(ylen, from_double<F>(0.0)) : ys);
  const mpfr_value a = traits::to_mpfr(alpha), b = traits::to_mpfr(beta);
  const auto y0 = ym;
  core::reference_gemv(trans, m, n, a, Am.data(), lda, xm.data(), incx, b, ym.data(), incy, bits);
  const mpfr_value gamma = core::product_error_factor(xlen, traits::unit_roundoff());
  for (std::int64_t out = 0; out < ylen; ++out) {
    const std::size_t at = static_cast<std::size_t>(ylen - 1 - out);  // incy = -1: stored backwards
    std::vector<const mpfr_value*> row, col;
    for (std::int64_t k = 0; k < xlen; ++k) {
      row.push_back(&Am[t ? k + out * lda : out + k * lda]);
      col.push_back(&xm[k * incx]);
    }
    const mpfr_value scale = magnitude(a, row, col, b, beta_zero ? nullptr : &y0[at], bits);
    ASSERT_TRUE(within<F>(got[at], ym[at], gamma, scale)) << "gemv " << trans << " y[" << out << "]";
  }
}

template <class Case>
void check_gemm(char trans_a, char trans_b, bool beta_zero) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t m = 19, n = 23, k = 37;
  const bool ta = trans_a == 'T', tb = trans_b == 'T';
  const std::int64_t lda = (ta ? k : m) + 2, ldb = (tb ? n : k) + 1, ldc = m + 3;
  core::random_source rng(131 + 4 * ta + 2 * tb + beta_zero);
  auto As = random_values<F>(rng, lda * (ta ? m : k), -3, 3), Bs = random_values<F>(rng, ldb * (tb ? k : n), -3, 3);
  auto Cs = random_values<F>(rng, ldc * n);
  if (beta_zero) Cs.assign(Cs.size(), traits::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  const auto alpha = random_value<F>(rng), beta = beta_zero ? from_double<F>(0.0) : random_value<F>(rng);
  const auto A = stored<Case>(As, "A"), B = stored<Case>(Bs, "B");
  auto C = stored<Case>(Cs, "C");
  blas::gemm(typename Case::space(), trans_a, trans_b, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  Kokkos::fence();
  const auto got = copy_to_host(C);
  const mpfr_prec_t bits = exact_bits<F>();
  const auto Am = exact_values<F>(As), Bm = exact_values<F>(Bs);
  auto Cm = exact_values<F>(beta_zero ? std::vector<value_type_t<F>>(Cs.size(), from_double<F>(0.0)) : Cs);
  const auto C0 = Cm;
  const mpfr_value a = traits::to_mpfr(alpha), b = traits::to_mpfr(beta);
  core::reference_gemm(trans_a, trans_b, m, n, k, a, Am.data(), lda, Bm.data(), ldb, b, Cm.data(), ldc, bits);
  const mpfr_value gamma = core::product_error_factor(k, traits::unit_roundoff());
  for (std::int64_t j = 0; j < n; ++j) {
    for (std::int64_t i = 0; i < m; ++i) {
      std::vector<const mpfr_value*> row, col;
      for (std::int64_t l = 0; l < k; ++l) {
        row.push_back(&Am[ta ? l + i * lda : i + l * lda]);
        col.push_back(&Bm[tb ? j + l * ldb : l + j * ldb]);
      }
      const std::size_t at = static_cast<std::size_t>(i + j * ldc);
      const mpfr_value scale = magnitude(a, row, col, b, beta_zero ? nullptr : &C0[at], bits);
      ASSERT_TRUE(within<F>(got[at], Cm[at], gamma, scale)) << "gemm " << trans_a << trans_b << " C(" << i << ", " << j << ")";
    }
    for (std::int64_t i = m; i < ldc && !beta_zero; ++i)  // the padding rows are not C's
      ASSERT_TRUE(same_bits<F>(got[i + j * ldc], Cs[i + j * ldc])) << "gemm wrote padding row " << i;
  }
}

// alpha = 0 must not read A (it holds NaN): y <- beta y exactly as a scal would round it.
template <class Case>
void check_products_alpha_zero_and_arguments() {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using space = typename Case::space;
  const space exec;
  core::random_source rng(151);
  const auto nan = traits::from_mpfr(mpfr_value::from_string("nan", 64).get());
  std::vector<value_type_t<F>> As(16, nan), xs = random_values<F>(rng, 4), ys = random_values<F>(rng, 4);
  const auto A = stored<Case>(As, "A"), x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  const auto zero = from_double<F>(0.0), one = from_double<F>(1.0), two = from_double<F>(2.0);
  blas::gemv(exec, 'N', 4, 4, zero, A, 4, x, 1, two, y, 1);
  blas::gemm(exec, 'N', 'N', 4, 1, 4, zero, A, 4, x, 4, two, x, 4);
  exec.fence();
  const auto y2 = copy_to_host(y), x2 = copy_to_host(x);
  const mpfr_value u = traits::unit_roundoff();
  for (std::size_t i = 0; i < 4; ++i) {
    mpfr_value twice = traits::to_mpfr(ys[i]);
    mpfr_mul_2ui(twice.get(), twice.get(), 1, MPFR_RNDN);
    EXPECT_TRUE(within<F>(y2[i], twice, u, twice)) << "gemv alpha = 0 element " << i;
    mpfr_value x_twice = traits::to_mpfr(xs[i]);
    mpfr_mul_2ui(x_twice.get(), x_twice.get(), 1, MPFR_RNDN);
    EXPECT_TRUE(within<F>(x2[i], x_twice, u, x_twice)) << "gemm alpha = 0 element " << i;
  }
  // Argument errors name the argument; y and C are untouched.
  expect_invalid_argument("trans", [&] { blas::gemv(exec, 'C', 4, 4, one, A, 4, x, 1, one, y, 1); });
  expect_invalid_argument("m", [&] { blas::gemv(exec, 'N', -1, 4, one, A, 4, x, 1, one, y, 1); });
  expect_invalid_argument("lda", [&] { blas::gemv(exec, 'N', 4, 4, one, A, 3, x, 1, one, y, 1); });
  expect_invalid_argument("incy", [&] { blas::gemv(exec, 'N', 4, 4, one, A, 4, x, 1, one, y, 0); });
  expect_invalid_argument("A", [&] { blas::gemv(exec, 'N', 4, 5, one, A, 4, x, 1, one, y, 1); });
  expect_invalid_argument("x", [&] { blas::gemv(exec, 'T', 4, 4, one, A, 4, x, 2, one, y, 1); });
  expect_invalid_argument("trans_b", [&] { blas::gemm(exec, 'N', 'X', 4, 1, 4, one, A, 4, x, 4, one, y, 4); });
  expect_invalid_argument("k", [&] { blas::gemm(exec, 'N', 'N', 4, 1, -4, one, A, 4, x, 4, one, y, 4); });
  expect_invalid_argument("ldb", [&] { blas::gemm(exec, 'N', 'N', 4, 1, 4, one, A, 4, x, 3, one, y, 4); });
  expect_invalid_argument("ldc", [&] { blas::gemm(exec, 'N', 'N', 4, 1, 4, one, A, 4, x, 4, one, y, 3); });
  expect_invalid_argument("C", [&] { blas::gemm(exec, 'N', 'N', 4, 2, 4, one, A, 4, A, 4, one, y, 4); });
  matrix<F, typename Case::memory> M(4, 3), N2(2, 5), P(4, 5);
  expect_invalid_argument("B", [&] { blas::gemm(exec, 'N', 'N', one, M, N2, one, P); });
  expect_invalid_argument("x", [&] { blas::gemv(exec, 'N', one, M, y, one, x); });
  exec.fence();
  const auto y3 = copy_to_host(y);
  for (std::size_t i = 0; i < 4; ++i) ASSERT_TRUE(same_bits<F>(y3[i], y2[i])) << "y written by a rejected call";
}

// The generic kernels partition their work by the problem alone, so every backend returns the
// same bits as the serial one (formats with kernels of their own are checked in their suites).
template <class Case>
void check_backends_agree() {
  using F = typename Case::format;
  using host_case = blas_case<formats::pair<F, Kokkos::Serial>>;
  core::random_source rng(161);
  const std::int64_t m = 70, n = 50;
  auto As = random_values<F>(rng, m * n), xs = random_values<F>(rng, n), ys = random_values<F>(rng, m);
  auto As2 = As, xs2 = xs, ys2 = ys;
  const auto A = stored<Case>(As, "A"), x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  const auto hA = stored<host_case>(As2, "A"), hx = stored<host_case>(xs2, "x");
  auto hy = stored<host_case>(ys2, "y");
  const auto alpha = random_value<F>(rng), beta = random_value<F>(rng);
  EXPECT_TRUE(same_bits<F>(blas::dot(typename Case::space(), m, A, 1, A, 1), blas::dot(Kokkos::Serial(), m, hA, 1, hA, 1)));
  for (const char trans : {'N', 'T'}) {
    const std::int64_t rows = trans == 'N' ? m : n, cols = trans == 'N' ? n : m;
    // 'N': a 70 x 50 matrix; 'T': the same storage read as 50 x 70, so x has 50 and y 70 elements both times.
    blas::gemv(typename Case::space(), trans, rows, cols, alpha, A, rows, x, 1, beta, y, 1);
    blas::gemv(Kokkos::Serial(), trans, rows, cols, alpha, hA, rows, hx, 1, beta, hy, 1);
    Kokkos::fence();
    const auto a = copy_to_host(y), b = copy_to_host(hy);
    for (std::int64_t i = 0; i < m; ++i) ASSERT_TRUE(same_bits<F>(a[i], b[i])) << "gemv " << trans << " y[" << i << "]";
  }
  // GEMM: edges of the GPU tiles and the host blocks in every dimension, k over several stages.
  const std::int64_t gm = 70, gn = 37, gk = 50;
  auto Bs = random_values<F>(rng, gk * gn), Cs = random_values<F>(rng, gm * gn);
  auto Bs2 = Bs, Cs2 = Cs;
  const auto B = stored<Case>(Bs, "B");
  const auto hB = stored<host_case>(Bs2, "B");
  for (const char ta : {'N', 'T'})
    for (const char tb : {'N', 'T'}) {
      auto C = stored<Case>(Cs, "C");
      auto hC = stored<host_case>(Cs2, "C");
      blas::gemm(typename Case::space(), ta, tb, gm, gn, gk, alpha, A, ta == 'N' ? gm : gk, B, tb == 'N' ? gk : gn, beta,
                 C, gm);
      blas::gemm(Kokkos::Serial(), ta, tb, gm, gn, gk, alpha, hA, ta == 'N' ? gm : gk, hB, tb == 'N' ? gk : gn, beta,
                 hC, gm);
      Kokkos::fence();
      const auto a = copy_to_host(C), b = copy_to_host(hC);
      for (std::size_t e = 0; e < a.size(); ++e)
        ASSERT_TRUE(same_bits<F>(a[e], b[e])) << "gemm " << ta << tb << " C[" << e << "]";
    }
}

}  // namespace kamp::test

#include <cblas.h>

#include "blas/vendor_blas.hpp"
#include "blas/argument_checks.hpp"

namespace kamp::blas {

namespace {
CBLAS_TRANSPOSE to_cblas(char t) { return t == 'N' ? CblasNoTrans : CblasTrans; }
}  // namespace

void openblas_double::axpy(int n, double alpha, const double* x, double* y) {
  detail::check_dimension("kamp::blas::openblas_double::axpy", "n", n);
  cblas_daxpy(n, alpha, x, 1, y, 1);
}

void openblas_double::gemv(char trans, int m, int n, double alpha, const double* a, int lda,
                           const double* x, double beta, double* y) {
  const char* fn = "kamp::blas::openblas_double::gemv";
  const char t = detail::checked_trans(fn, "trans", trans);
  detail::check_dimension(fn, "m", m);
  detail::check_dimension(fn, "n", n);
  detail::check_leading(fn, "lda", lda, m);
  cblas_dgemv(CblasColMajor, to_cblas(t), m, n, alpha, a, lda, x, 1, beta, y, 1);
}

void openblas_double::gemm(char trans_a, char trans_b, int m, int n, int k, double alpha,
                           const double* a, int lda, const double* b, int ldb, double beta, double* c,
                           int ldc) {
  const char* fn = "kamp::blas::openblas_double::gemm";
  const char ta = detail::checked_trans(fn, "trans_a", trans_a);
  const char tb = detail::checked_trans(fn, "trans_b", trans_b);
  detail::check_dimension(fn, "m", m);
  detail::check_dimension(fn, "n", n);
  detail::check_dimension(fn, "k", k);
  detail::check_leading(fn, "lda", lda, ta == 'N' ? m : k);
  detail::check_leading(fn, "ldb", ldb, tb == 'N' ? k : n);
  detail::check_leading(fn, "ldc", ldc, m);
  cblas_dgemm(CblasColMajor, to_cblas(ta), to_cblas(tb), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

}  // namespace kamp::blas

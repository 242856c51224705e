#include <cblas.h>

#include "blas/vendor_blas.hpp"
#include "blas/vendor_checks.hpp"
#include "core/argument_checks.hpp"

namespace kamp::blas {

namespace {
CBLAS_TRANSPOSE to_cblas(char t) { return t == 'N' ? CblasNoTrans : CblasTrans; }
}  // namespace

void openblas_double::axpy(int n, double alpha, const double* x, double* y) {
  core::check_dimension("kamp::blas::openblas_double::axpy", "n", n);
  cblas_daxpy(n, alpha, x, 1, y, 1);
}

void openblas_double::gemv(char trans, int m, int n, double alpha, const double* a, int lda, const double* x,
                           double beta, double* y) {
  const char t = check_vendor_gemv("kamp::blas::openblas_double::gemv", trans, m, n, lda);
  cblas_dgemv(CblasColMajor, to_cblas(t), m, n, alpha, a, lda, x, 1, beta, y, 1);
}

void openblas_double::gemm(char trans_a, char trans_b, int m, int n, int k, double alpha, const double* a, int lda,
                           const double* b, int ldb, double beta, double* c, int ldc) {
  const auto [ta, tb] =
      check_vendor_gemm("kamp::blas::openblas_double::gemm", trans_a, trans_b, m, n, k, lda, ldb, ldc);
  cblas_dgemm(CblasColMajor, to_cblas(ta), to_cblas(tb), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

}  // namespace kamp::blas

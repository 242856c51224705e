#include <Kokkos_Core.hpp>
#include <cublas_v2.h>

#include "blas/vendor_blas.hpp"
#include "blas/vendor_checks.hpp"
#include "core/argument_checks.hpp"
#include "blas/cublas_handle.hpp"

namespace kamp::blas {

namespace {

void check(cublasStatus_t status, const char* what) { detail::check_cublas(status, "kamp::blas::cublas_double", what); }

cublasHandle_t handle() { return detail::cublas_handle(); }

cublasOperation_t to_cublas(char t) { return t == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T; }

}  // namespace

void cublas_double::axpy(int n, double alpha, const double* x, double* y) {
  core::check_dimension("kamp::blas::cublas_double::axpy", "n", n);
  check(cublasDaxpy(handle(), n, &alpha, x, 1, y, 1), "cublasDaxpy");
}

void cublas_double::gemv(char trans, int m, int n, double alpha, const double* a, int lda, const double* x, double beta,
                         double* y) {
  const char t = check_vendor_gemv("kamp::blas::cublas_double::gemv", trans, m, n, lda);
  check(cublasDgemv(handle(), to_cublas(t), m, n, &alpha, a, lda, x, 1, &beta, y, 1), "cublasDgemv");
}

void cublas_double::gemm(char trans_a, char trans_b, int m, int n, int k, double alpha, const double* a, int lda,
                         const double* b, int ldb, double beta, double* c, int ldc) {
  const auto [ta, tb] = check_vendor_gemm("kamp::blas::cublas_double::gemm", trans_a, trans_b, m, n, k, lda, ldb, ldc);
  check(cublasDgemm(handle(), to_cublas(ta), to_cublas(tb), m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc),
        "cublasDgemm");
}

}  // namespace kamp::blas

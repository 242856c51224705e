#include <Kokkos_Core.hpp>
#include <cublas_v2.h>

#include "blas/vendor_blas.hpp"
#include "blas/argument_checks.hpp"
#include "blas/cublas_handle.hpp"

namespace kamp::blas {

namespace {

void check(cublasStatus_t status, const char* what) {
  detail::check_cublas(status, "kamp::blas::cublas_double", what);
}

cublasHandle_t handle() { return detail::cublas_handle(); }

cublasOperation_t to_cublas(char t) { return t == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T; }

}  // namespace

void cublas_double::axpy(int n, double alpha, const double* x, double* y) {
  detail::check_dimension("kamp::blas::cublas_double::axpy", "n", n);
  check(cublasDaxpy(handle(), n, &alpha, x, 1, y, 1), "cublasDaxpy");
}

void cublas_double::gemv(char trans, int m, int n, double alpha, const double* a, int lda,
                         const double* x, double beta, double* y) {
  const char* fn = "kamp::blas::cublas_double::gemv";
  const char t = detail::checked_trans(fn, "trans", trans);
  detail::check_dimension(fn, "m", m);
  detail::check_dimension(fn, "n", n);
  detail::check_leading(fn, "lda", lda, m);
  check(cublasDgemv(handle(), to_cublas(t), m, n, &alpha, a, lda, x, 1, &beta, y, 1), "cublasDgemv");
}

void cublas_double::gemm(char trans_a, char trans_b, int m, int n, int k, double alpha, const double* a,
                         int lda, const double* b, int ldb, double beta, double* c, int ldc) {
  const char* fn = "kamp::blas::cublas_double::gemm";
  const char ta = detail::checked_trans(fn, "trans_a", trans_a);
  const char tb = detail::checked_trans(fn, "trans_b", trans_b);
  detail::check_dimension(fn, "m", m);
  detail::check_dimension(fn, "n", n);
  detail::check_dimension(fn, "k", k);
  detail::check_leading(fn, "lda", lda, ta == 'N' ? m : k);
  detail::check_leading(fn, "ldb", ldb, tb == 'N' ? k : n);
  detail::check_leading(fn, "ldc", ldc, m);
  check(cublasDgemm(handle(), to_cublas(ta), to_cublas(tb), m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc),
        "cublasDgemm");
}

}  // namespace kamp::blas

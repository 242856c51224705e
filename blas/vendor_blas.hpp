#pragma once
// Double-precision vendor BLAS behind one trait: OpenBLAS for host execution spaces,
// cuBLAS for Cuda (when KAMP_ENABLE_CUBLAS). These are the baselines that kamp's own
// kernels are divided by; pointers are column-major data in the space's memory.
// Calls are asynchronous on the GPU (on the execution space's stream); fence to time them.
#include <Kokkos_Core.hpp>

#include <string>

#include "core/vendor_availability.hpp"

namespace kamp::blas {

struct openblas_double {
  static std::string name() { return "openblas"; }
  static void axpy(int n, double alpha, const double* x, double* y);
  static void gemv(char trans, int m, int n, double alpha, const double* a, int lda, const double* x, double beta,
                   double* y);
  static void gemm(char trans_a, char trans_b, int m, int n, int k, double alpha, const double* a, int lda,
                   const double* b, int ldb, double beta, double* c, int ldc);
};

#ifdef KAMP_ENABLE_CUBLAS
struct cublas_double {
  static std::string name() { return "cublas"; }
  static void axpy(int n, double alpha, const double* x, double* y);
  static void gemv(char trans, int m, int n, double alpha, const double* a, int lda, const double* x, double beta,
                   double* y);
  static void gemm(char trans_a, char trans_b, int m, int n, int k, double alpha, const double* a, int lda,
                   const double* b, int ldb, double beta, double* c, int ldc);
};
#endif

#ifdef KAMP_ENABLE_CUBLAS
using cuda_double_blas = cublas_double;
#else
using cuda_double_blas = core::no_vendor;
#endif

template <class ExecSpace>
using vendor_double_blas = core::vendor_for<ExecSpace, openblas_double, cuda_double_blas>;

}  // namespace kamp::blas

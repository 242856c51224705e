#include <cstddef>

#include "solvers/vendor_lu.hpp"

// LAPACK's Fortran interface as libopenblas exports it (OpenBLAS ships no prototypes for it
// without LAPACKE). The trailing length of the character argument is what gfortran-built LAPACK
// expects; OpenBLAS's own getrs ignores it.
extern "C" {
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv,
             double* b, const int* ldb, int* info, std::size_t trans_length);
void sgetrs_(const char* trans, const int* n, const int* nrhs, const float* a, const int* lda, const int* ipiv,
             float* b, const int* ldb, int* info, std::size_t trans_length);
}

namespace kamp::solvers {

void lapack_lu::getrf(int n, double* a, int lda, int* pivots) {
  const char* fn = "kamp::solvers::lapack_lu::getrf (double)";
  detail::check_lu_shape(fn, n, lda);
  int info = 0;
  dgetrf_(&n, &n, a, &lda, pivots, &info);
  detail::check_factor_info(fn, info);
}

void lapack_lu::getrf(int n, float* a, int lda, int* pivots) {
  const char* fn = "kamp::solvers::lapack_lu::getrf (float)";
  detail::check_lu_shape(fn, n, lda);
  int info = 0;
  sgetrf_(&n, &n, a, &lda, pivots, &info);
  detail::check_factor_info(fn, info);
}

void lapack_lu::getrs(int n, const double* a, int lda, const int* pivots, double* b) {
  const char* fn = "kamp::solvers::lapack_lu::getrs (double)";
  detail::check_lu_shape(fn, n, lda);
  const char trans = 'N';
  const int one = 1, ldb = n > 1 ? n : 1;
  int info = 0;
  dgetrs_(&trans, &n, &one, a, &lda, pivots, b, &ldb, &info, 1);
  detail::check_solve_info(fn, info);
}

void lapack_lu::getrs(int n, const float* a, int lda, const int* pivots, float* b) {
  const char* fn = "kamp::solvers::lapack_lu::getrs (float)";
  detail::check_lu_shape(fn, n, lda);
  const char trans = 'N';
  const int one = 1, ldb = n > 1 ? n : 1;
  int info = 0;
  sgetrs_(&trans, &n, &one, a, &lda, pivots, b, &ldb, &info, 1);
  detail::check_solve_info(fn, info);
}

}  // namespace kamp::solvers

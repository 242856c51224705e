#pragma once
// The vendor's dense LU behind an availability trait, as blas/vendor_blas.hpp does for BLAS: LU
// factorisation with partial pivoting (getrf) and the solve with its factors (getrs), in double
// and float, from OpenBLAS's LAPACK on host execution spaces and from cuSOLVER on Cuda (when kamp
// is built with the CUDA vendor libraries). The mixed-precision GESV (solvers/gesv.hpp) factors
// its matrix rounded to one of these precisions here.
//
// `a` is n x n, column-major with leading dimension lda, in the space's memory, and is overwritten
// by L (unit diagonal, not stored) and U; `pivots` holds n ints in the same memory, LAPACK's
// 1-based row interchanges. A factor with a zero pivot raises kamp::invalid_argument naming `a`
// and the pivot (LAPACK's info > 0); argument errors name the argument, before anything is
// written. On the GPU, getrf reads its status back (it returns after the factorisation) and
// getrs is asynchronous on Kokkos' default stream.
#include <Kokkos_Core.hpp>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "core/argument_checks.hpp"
#include "core/error.hpp"
#include "core/vendor_availability.hpp"

namespace kamp::solvers {

namespace detail {

// The checks every vendor LU call makes before it touches anything.
inline void check_lu_shape(const char* function, int n, int lda) {
  core::check_dimension(function, "n", n);
  core::check_leading(function, "lda", lda, n);
}

// LAPACK's info after getrf: info > 0 is the 1-based index of the first zero pivot U(info, info);
// info < 0 (an argument the vendor rejected) cannot follow the checks above, so it is a bug.
inline void check_factor_info(const char* function, int info) {
  if (info < 0)
    throw std::logic_error(std::string(function) + ": the vendor rejected argument " + std::to_string(-info));
  if (info > 0) {
    const std::string k = std::to_string(info);
    throw invalid_argument(function, "a", "a matrix whose LU factor has U(" + k + ", " + k + ") = 0",
                           "must be nonsingular (partial pivoting found no nonzero pivot in column " + k + ")");
  }
}

// getrs reports only rejected arguments, which the checks above exclude.
inline void check_solve_info(const char* function, int info) {
  if (info != 0)
    throw std::logic_error(std::string(function) + ": the vendor rejected argument " + std::to_string(-info));
}

}  // namespace detail

struct lapack_lu {
  static std::string name() { return "openblas"; }
  static void getrf(int n, double* a, int lda, int* pivots);
  static void getrf(int n, float* a, int lda, int* pivots);
  // b <- A^-1 b with the factors of getrf.
  static void getrs(int n, const double* a, int lda, const int* pivots, double* b);
  static void getrs(int n, const float* a, int lda, const int* pivots, float* b);
};

#ifdef KAMP_ENABLE_CUSOLVER
struct cusolver_lu {
  static std::string name() { return "cusolver"; }
  static void getrf(int n, double* a, int lda, int* pivots);
  static void getrf(int n, float* a, int lda, int* pivots);
  static void getrs(int n, const double* a, int lda, const int* pivots, double* b);
  static void getrs(int n, const float* a, int lda, const int* pivots, float* b);
};
#endif

#ifdef KAMP_ENABLE_CUSOLVER
using cuda_lu = cusolver_lu;
#else
using cuda_lu = core::no_vendor;
#endif

template <class ExecSpace>
using vendor_lu = core::vendor_for<ExecSpace, lapack_lu, cuda_lu>;

}  // namespace kamp::solvers

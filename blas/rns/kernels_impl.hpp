#pragma once
// The definitions of rns::blas_kernels (blas/rns/kernels.hpp). Only the instantiation units
// CMake generates include this file: everything else calls the kernels compiled there.
#include "blas/generic/gemm_kernels.hpp"
#include "blas/generic/level1_kernels.hpp"
#include "blas/rns/gemv.hpp"
#include "blas/rns/gemv_basic_kernel.hpp"
#include "blas/rns/kernels.hpp"
#include "blas/rns/level1.hpp"
#include "rns/rns_format.hpp"

namespace kamp::rns {

template <class ExecSpace, int N>
void blas_kernels<ExecSpace, N>::scal(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                      std::int64_t incx, level1_path path) {
  impl::scal(exec, n, alpha, x, incx, path);
}

template <class ExecSpace, int N>
void blas_kernels<ExecSpace, N>::axpy(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                      std::int64_t incx, const array& y, std::int64_t incy,
                                      vector_sum_workspace<N, memory_space>& workspace, level1_path path) {
  impl::axpy(exec, n, alpha, x, incx, y, incy, workspace, path);
}

// The generic kernel: rns::mul, then rns::add or rns::sub, one element pair a thread, within
// gamma_2 with u = 4/sqrt(M) (blas/generic/level1_kernels.hpp says why).
template <class ExecSpace, int N>
void blas_kernels<ExecSpace, N>::rot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                     const array& y, std::int64_t incy, const value& c, const value& s) {
  blas::generic::rot<value>(exec, n, x, incx, y, incy, c, s);
}

template <class ExecSpace, int N>
mp_float<N> blas_kernels<ExecSpace, N>::dot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                            const array& y, std::int64_t incy,
                                            vector_sum_workspace<N, memory_space>& workspace, level1_path path) {
  return impl::dot(exec, n, x, incx, y, incy, workspace, path);
}

template <class ExecSpace, int N>
mp_float<N> blas_kernels<ExecSpace, N>::asum(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                             vector_sum_workspace<N, memory_space>& workspace) {
  return impl::asum(exec, n, x, incx, workspace);
}

template <class ExecSpace, int N>
void blas_kernels<ExecSpace, N>::gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n,
                                      const value& alpha, const array& A, std::int64_t lda, const array& x,
                                      std::int64_t incx, const value& beta, const array& y, std::int64_t incy,
                                      gemv_workspace<N, memory_space>& workspace, const gemv_launch& launch) {
  impl::gemv(exec, transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, workspace, launch);
}

template <class ExecSpace, int N>
void blas_kernels<ExecSpace, N>::gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m,
                                      std::int64_t n, std::int64_t k, const value& alpha, bool alpha_zero,
                                      const array& A, std::int64_t lda, const array& B, std::int64_t ldb,
                                      const value& beta, bool beta_zero, const array& C, std::int64_t ldc) {
  blas::generic::gemm<value>(exec, transposed_a, transposed_b, m, n, k, alpha, alpha_zero, A, lda, B, ldb, beta,
                             beta_zero, C, ldc);
}

template <class ExecSpace, int N>
void blas_kernels<ExecSpace, N>::gemv_basic(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n,
                                            const value& alpha, const_structs A, std::int64_t lda, const_structs x,
                                            std::int64_t incx, const value& beta, structs y, std::int64_t incy,
                                            structs d) {
  impl::gemv_basic(exec, transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, d);
}

}  // namespace kamp::rns

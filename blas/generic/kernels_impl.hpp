#pragma once
// The definitions of blas::generic::kernels (blas/generic/kernels.hpp). Only the
// instantiation units CMake generates include this file.
#include "blas/generic/gemm_kernels.hpp"
#include "blas/generic/gemv_kernels.hpp"
#include "blas/generic/kernels.hpp"
#include "blas/generic/level1_kernels.hpp"

namespace kamp::blas::generic {

template <class ExecSpace, class Format>
void kernels<ExecSpace, Format>::scal(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                      std::int64_t incx) {
  generic::scal<Format>(exec, n, alpha, x, incx);
}

template <class ExecSpace, class Format>
void kernels<ExecSpace, Format>::axpy(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                      std::int64_t incx, const array& y, std::int64_t incy) {
  generic::axpy<Format>(exec, n, alpha, x, incx, y, incy);
}

template <class ExecSpace, class Format>
void kernels<ExecSpace, Format>::rot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                     const array& y, std::int64_t incy, const value& c, const value& s) {
  generic::rot<Format>(exec, n, x, incx, y, incy, c, s);
}

template <class ExecSpace, class Format>
value_type_t<Format> kernels<ExecSpace, Format>::dot(const ExecSpace& exec, std::int64_t n, const array& x,
                                                     std::int64_t incx, const array& y, std::int64_t incy) {
  return generic::dot<Format>(exec, n, x, incx, y, incy);
}

template <class ExecSpace, class Format>
value_type_t<Format> kernels<ExecSpace, Format>::asum(const ExecSpace& exec, std::int64_t n, const array& x,
                                                      std::int64_t incx) {
  return generic::asum<Format>(exec, n, x, incx);
}

template <class ExecSpace, class Format>
void kernels<ExecSpace, Format>::gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n,
                                      const value& alpha, bool alpha_zero, const array& A, std::int64_t lda,
                                      const array& x, std::int64_t incx, const value& beta, bool beta_zero,
                                      const array& y, std::int64_t incy) {
  generic::gemv<Format>(exec, transposed, m, n, alpha, alpha_zero, A, lda, x, incx, beta, beta_zero, y, incy);
}

template <class ExecSpace, class Format>
void kernels<ExecSpace, Format>::gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m,
                                      std::int64_t n, std::int64_t k, const value& alpha, bool alpha_zero,
                                      const array& A, std::int64_t lda, const array& B, std::int64_t ldb,
                                      const value& beta, bool beta_zero, const array& C, std::int64_t ldc) {
  generic::gemm<Format>(exec, transposed_a, transposed_b, m, n, k, alpha, alpha_zero, A, lda, B, ldb, beta, beta_zero,
                        C, ldc);
}

}  // namespace kamp::blas::generic

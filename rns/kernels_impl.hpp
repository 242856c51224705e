#pragma once
// The definitions of rns::kernels (rns/kernels.hpp). Only the instantiation units CMake
// generates include this file: everything else calls the kernels compiled there.
#include "blas/generic/gemm_kernels.hpp"
#include "rns/array_of_mp_float.hpp"
#include "rns/array_ops.hpp"
#include "rns/gemv.hpp"
#include "rns/gemv_basic.hpp"
#include "rns/kernels.hpp"
#include "rns/level1.hpp"
#include "rns/random_arrays.hpp"
#include "rns/rns_format.hpp"

namespace kamp::rns {

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::add(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                const array& y, std::int64_t incy, const array& z, std::int64_t incz) {
  impl::add(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::sub(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                const array& y, std::int64_t incy, const array& z, std::int64_t incz) {
  impl::sub(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::mul(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                const array& y, std::int64_t incy, const array& z, std::int64_t incz) {
  impl::mul(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::scale(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                  std::int64_t incx, const array& z, std::int64_t incz) {
  impl::scale(exec, n, alpha, x, incx, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::scal(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                 std::int64_t incx) {
  impl::scal(exec, n, alpha, x, incx);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::axpy(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                 std::int64_t incx, const array& y, std::int64_t incy,
                                 vector_sum_workspace<N, memory_space>& workspace) {
  impl::axpy(exec, n, alpha, x, incx, y, incy, workspace);
}

template <class ExecSpace, int N>
mp_float<N> kernels<ExecSpace, N>::dot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                       const array& y, std::int64_t incy,
                                       vector_sum_workspace<N, memory_space>& workspace) {
  return impl::dot(exec, n, x, incx, y, incy, workspace);
}

template <class ExecSpace, int N>
mp_float<N> kernels<ExecSpace, N>::asum(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                        vector_sum_workspace<N, memory_space>& workspace) {
  return impl::asum(exec, n, x, incx, workspace);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n,
                                 const value& alpha, const array& A, std::int64_t lda, const array& x,
                                 std::int64_t incx, const value& beta, const array& y, std::int64_t incy,
                                 gemv_workspace<N, memory_space>& workspace, const gemv_launch& launch) {
  impl::gemv(exec, transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, workspace, launch);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m,
                                 std::int64_t n, std::int64_t k, const value& alpha, bool alpha_zero, const array& A,
                                 std::int64_t lda, const array& B, std::int64_t ldb, const value& beta,
                                 bool beta_zero, const array& C, std::int64_t ldc) {
  blas::generic::gemm<value>(exec, transposed_a, transposed_b, m, n, k, alpha, alpha_zero, A, lda, B, ldb, beta,
                             beta_zero, C, ldc);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::gemv_basic(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n,
                                       const value& alpha, const_structs A, std::int64_t lda, const_structs x,
                                       std::int64_t incx, const value& beta, structs y, std::int64_t incy,
                                       structs d) {
  impl::gemv_basic(exec, transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, d);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::apply_per_thread(const ExecSpace& exec, elementwise op, const_structs x,
                                             const_structs y, structs z) {
  impl::apply_per_thread(exec, op, x, y, z);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::fill_random(const array& a, structs copy, std::uint64_t seed, std::int64_t stride,
                                        int bits) {
  impl::fill_random<ExecSpace>(a, copy, seed, stride, bits);
}

}  // namespace kamp::rns

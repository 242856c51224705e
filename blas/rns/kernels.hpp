#pragma once
// The RNS format's BLAS kernels on one execution space and precision. This header only declares
// them: their definitions (blas/rns/kernels_impl.hpp) are compiled once per (space, N) into
// kamp_blas, by units CMake generates for every precision of blas::rns_formats on every
// enabled Kokkos space (cmake/kamp_instances.cmake), so that a translation unit calling them
// compiles no RNS kernel. Arrays must live in the space's memory space. They are written in the
// format's own terms, so they live in its namespace; the folder marks the layer. Algorithm 1
// and the basic GEMV are Isupov and Knyazkov's.
//
//   scal, axpy (split or per element), dot (split or fused), asum   level 1  blas/rns/level1.hpp
//   rot(exec, n, x, incx, y, incy, c, s)                the generic ROT      blas/generic/level1_kernels.hpp
//   gemv(exec, transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, workspace, launch)
//                                                       Algorithm 1 / fused  blas/rns/gemv.hpp
//   gemm(...)                                           the generic GEMM     blas/generic/gemm_kernels.hpp
//   gemv_basic(...)                                     the basic GEMV       blas/rns/gemv_basic_kernel.hpp
#include <cstdint>

#include <Kokkos_Core.hpp>

#include "blas/rns/gemv_launch.hpp"
#include "blas/rns/level1_path.hpp"
#include "blas/rns/workspaces.hpp"
#include "rns/mp_array.hpp"

namespace kamp::rns {

template <class ExecSpace, int N>
struct blas_kernels {
  using memory_space = typename ExecSpace::memory_space;
  using value = mp_float<N>;
  using array = mp_array<N, memory_space>;
  using structs = Kokkos::View<mp_float<N>*, memory_space>;
  using const_structs = Kokkos::View<const mp_float<N>*, memory_space>;

  static void scale(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x, std::int64_t incx,
                    const array& z, std::int64_t incz);

  static void scal(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x, std::int64_t incx,
                   level1_path path = level1_path::automatic);
  static void axpy(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x, std::int64_t incx,
                   const array& y, std::int64_t incy, vector_sum_workspace<N, memory_space>& workspace,
                   level1_path path = level1_path::automatic);
  static void rot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx, const array& y,
                  std::int64_t incy, const value& c, const value& s);
  static value dot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx, const array& y,
                   std::int64_t incy, vector_sum_workspace<N, memory_space>& workspace,
                   level1_path path = level1_path::automatic);
  static value asum(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                    vector_sum_workspace<N, memory_space>& workspace);

  static void gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const value& alpha,
                   const array& A, std::int64_t lda, const array& x, std::int64_t incx, const value& beta,
                   const array& y, std::int64_t incy, gemv_workspace<N, memory_space>& workspace,
                   const gemv_launch& launch);
  static void gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m, std::int64_t n,
                   std::int64_t k, const value& alpha, bool alpha_zero, const array& A, std::int64_t lda,
                   const array& B, std::int64_t ldb, const value& beta, bool beta_zero, const array& C,
                   std::int64_t ldc);
  static void gemv_basic(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const value& alpha,
                         const_structs A, std::int64_t lda, const_structs x, std::int64_t incx, const value& beta,
                         structs y, std::int64_t incy, structs d);
};

}  // namespace kamp::rns

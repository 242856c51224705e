#pragma once
// The generic BLAS kernels of one format on one execution space, as the BLAS layer calls them
// (arguments checked, quick returns taken). This header only declares them: the definitions
// (blas/generic/kernels_impl.hpp) are compiled once per (space, format) into kamp_blas, by
// units CMake generates for every format of blas::multi_double_formats on every enabled
// Kokkos space (cmake/kamp_instances.cmake), so a caller compiles no generic kernel itself.
// Arrays live in the space's memory space.
#include <cstdint>

#include "formats/format_traits.hpp"

namespace kamp::blas::generic {

template <class ExecSpace, class Format>
struct kernels {
  using memory_space = typename ExecSpace::memory_space;
  using value = value_type_t<Format>;
  using array = array_t<Format, memory_space>;

  static void scal(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x, std::int64_t incx);
  static void axpy(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x, std::int64_t incx,
                   const array& y, std::int64_t incy);
  static void rot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx, const array& y,
                  std::int64_t incy, const value& c, const value& s);
  static value dot(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx, const array& y,
                   std::int64_t incy);
  static value asum(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx);
  static void gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const value& alpha,
                   bool alpha_zero, const array& A, std::int64_t lda, const array& x, std::int64_t incx,
                   const value& beta, bool beta_zero, const array& y, std::int64_t incy);
  static void gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m, std::int64_t n,
                   std::int64_t k, const value& alpha, bool alpha_zero, const array& A, std::int64_t lda,
                   const array& B, std::int64_t ldb, const value& beta, bool beta_zero, const array& C,
                   std::int64_t ldc);
};

}  // namespace kamp::blas::generic

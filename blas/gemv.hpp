#pragma once
// y <- alpha op(A) x + beta y over every format (op(A) = A or A^T, A m x n column-major with
// leading dimension lda), reference-BLAS conventions: trans is 'N'/'n' or 'T'/'t'; m, n >= 0;
// lda >= max(1, m); incx, incy nonzero (negative: from the end); a violation raises
// kamp::invalid_argument naming the argument, before anything is written. Quick return when
// m or n is 0, or alpha is 0 and beta is 1; beta = 0 does not read y; alpha = 0 reads neither
// A nor x. Asynchronous on the execution space; fence before reading y on the host.
//
//   gemv(exec, trans, m, n, alpha, A, lda, x, incx, beta, y, incy[, workspace[, launch]])
//   gemv(exec, trans, alpha, A, x, beta, y[, workspace[, launch]])    A a kamp::matrix; x and
//       y must have exactly the lengths op(A) needs
//
// The format's own kernels run where it has them (RNS: Isupov and Knyazkov's Algorithm 1 or the fused
// kernel, as `launch` says; by default the tuned choice), else blas/generic/gemv_kernels.hpp
// (compiled once per format and space in kamp_blas).
// Without a workspace, one is made for the call and the call fences before returning.
#include "core/argument_checks.hpp"
#include "blas/format_kernels.hpp"
#include "blas/generic/kernels.hpp"
#include "formats/host_values.hpp"
#include "formats/matrix.hpp"

namespace kamp::blas {

template <class ExecSpace, class Array, class Format = typename Array::format>
void gemv(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n, const value_type_t<Format>& alpha,
          const Array& A, std::int64_t lda, const Array& x, std::int64_t incx, const value_type_t<Format>& beta,
          const Array& y, std::int64_t incy, workspace_t<Format, typename Array::memory_space>* workspace = nullptr,
          const gemv_launch_t<Format>& launch = {}) {
  const auto shape = core::check_gemv("kamp::blas::gemv", trans, m, n, lda, static_cast<std::int64_t>(A.size()), incx,
                                      static_cast<std::int64_t>(x.size()), incy, static_cast<std::int64_t>(y.size()));
  if (m == 0 || n == 0) return;
  const bool alpha_zero = equals_double<Format>(alpha, 0.0);
  if (alpha_zero && equals_double<Format>(beta, 1.0)) return;
  if constexpr (format_kernels<Format>::gemv) {
    format_kernels<Format>::run_gemv(exec, shape.transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, workspace,
                                     launch);
  } else {
    require_space_memory<ExecSpace, typename Array::memory_space>();
    generic::kernels<ExecSpace, Format>::gemv(exec, shape.transposed, m, n, alpha, alpha_zero, A, lda, x, incx, beta,
                                              equals_double<Format>(beta, 0.0), y, incy);
  }
}

template <class ExecSpace, class Format, class MemorySpace>
void gemv(const ExecSpace& exec, char trans, const value_type_t<Format>& alpha, const matrix<Format, MemorySpace>& A,
          const array_t<Format, MemorySpace>& x, const value_type_t<Format>& beta,
          const array_t<Format, MemorySpace>& y, workspace_t<Format, MemorySpace>* workspace = nullptr,
          const gemv_launch_t<Format>& launch = {}) {
  const char* fn = "kamp::blas::gemv";
  const bool transposed = core::checked_trans(fn, "trans", trans) == 'T';
  const std::int64_t x_length = transposed ? A.rows : A.cols, y_length = transposed ? A.cols : A.rows;
  core::check_same_length(fn, "x", static_cast<std::int64_t>(x.size()), x_length, "the number of columns of op(A)");
  core::check_same_length(fn, "y", static_cast<std::int64_t>(y.size()), y_length, "the number of rows of op(A)");
  blas::gemv(exec, trans, A.rows, A.cols, alpha, A.values, A.ld, x, 1, beta, y, 1, workspace, launch);
}

}  // namespace kamp::blas

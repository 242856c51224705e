#pragma once
// C <- alpha op(A) op(B) + beta C over every format; op(X) = X or X^T; op(A) is m x k, op(B)
// k x n, C m x n, all column-major with leading dimensions lda, ldb, ldc. Reference-BLAS
// checks (trans_a/trans_b 'N' or 'T', m, n, k >= 0, leading dimensions at least the rows
// stored, arrays long enough) raise kamp::invalid_argument naming the argument before anything
// is written. Quick return when m or n is 0, or (alpha is 0 or k is 0) and beta is 1; beta = 0
// does not read C. Asynchronous on the execution space.
//
//   gemm(exec, trans_a, trans_b, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc)
//   gemm(exec, trans_a, trans_b, alpha, A, B, beta, C)     kamp::matrix operands, shapes checked
#include "core/argument_checks.hpp"
#include "blas/format_kernels.hpp"
#include "blas/generic/kernels.hpp"
#include "formats/host_values.hpp"
#include "formats/matrix.hpp"

namespace kamp::blas {

template <class ExecSpace, class Array, class Format = typename Array::format>
void gemm(const ExecSpace& exec, char trans_a, char trans_b, std::int64_t m, std::int64_t n, std::int64_t k,
          const value_type_t<Format>& alpha, const Array& A, std::int64_t lda, const Array& B, std::int64_t ldb,
          const value_type_t<Format>& beta, const Array& C, std::int64_t ldc) {
  const auto shape =
      core::check_gemm("kamp::blas::gemm", trans_a, trans_b, m, n, k, lda, static_cast<std::int64_t>(A.size()), ldb,
                       static_cast<std::int64_t>(B.size()), ldc, static_cast<std::int64_t>(C.size()));
  if (m == 0 || n == 0) return;
  const bool alpha_zero = k == 0 || equals_double<Format>(alpha, 0.0);
  if (alpha_zero && equals_double<Format>(beta, 1.0)) return;
  const bool beta_zero = equals_double<Format>(beta, 0.0);
  if constexpr (format_kernels<Format>::gemm) {
    format_kernels<Format>::run_gemm(exec, shape.transposed_a, shape.transposed_b, m, n, k, alpha, alpha_zero, A, lda,
                                     B, ldb, beta, beta_zero, C, ldc);
  } else {
    require_space_memory<ExecSpace, typename Array::memory_space>();
    generic::kernels<ExecSpace, Format>::gemm(exec, shape.transposed_a, shape.transposed_b, m, n, k, alpha, alpha_zero,
                                              A, lda, B, ldb, beta, beta_zero, C, ldc);
  }
}

template <class ExecSpace, class Format, class MemorySpace>
void gemm(const ExecSpace& exec, char trans_a, char trans_b, const value_type_t<Format>& alpha,
          const matrix<Format, MemorySpace>& A, const matrix<Format, MemorySpace>& B, const value_type_t<Format>& beta,
          const matrix<Format, MemorySpace>& C) {
  const char* fn = "kamp::blas::gemm";
  const bool ta = core::checked_trans(fn, "trans_a", trans_a) == 'T';
  const bool tb = core::checked_trans(fn, "trans_b", trans_b) == 'T';
  const std::int64_t m = ta ? A.cols : A.rows, k = ta ? A.rows : A.cols;
  const std::int64_t b_rows = tb ? B.cols : B.rows, n = tb ? B.rows : B.cols;
  require_argument(b_rows == k, fn, "B", std::to_string(B.rows) + " x " + std::to_string(B.cols),
                   "(its shape) must give op(B) " + std::to_string(k) + " rows, the columns of op(A)");
  require_argument(C.rows == m && C.cols == n, fn, "C", std::to_string(C.rows) + " x " + std::to_string(C.cols),
                   "(its shape) must be " + std::to_string(m) + " x " + std::to_string(n));
  blas::gemm(exec, trans_a, trans_b, m, n, k, alpha, A.values, A.ld, B.values, B.ld, beta, C.values, C.ld);
}

}  // namespace kamp::blas

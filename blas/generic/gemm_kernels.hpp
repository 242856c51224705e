#pragma once
// GEMM for any format, through format_traits only: C <- alpha op(A) op(B) + beta C, all
// column-major. One thread per element of C (i fastest, so a warp reads consecutive rows of
// C and, for op(A) = A, of A); each adds its k products in order and forms
// C_ij = alpha s_ij + beta C_ij, so it errs by at most gamma_{k+2} (|alpha| |op(A)| |op(B)| + |beta| |C|)_ij.
// This is the reference implementation every format gets; formats that need speed specialise
// GEMM (register-blocked tiles) through blas/format_kernels.hpp.
#include <Kokkos_Core.hpp>

#include "blas/generic/gemv_kernels.hpp"

namespace kamp::blas::generic {

template <class Format, class Array>
struct gemm_kernel {
  using traits = format_traits<Format>;
  Array A, B, C;
  std::int64_t m, k, lda, ldb, ldc;
  bool transposed_a, transposed_b;
  value_type_t<Format> alpha, beta;
  bool alpha_zero, beta_zero;
  context_t<Format> context;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t e) const {
    const std::int64_t i = e % m, j = e / m;
    const auto c_index = static_cast<std::size_t>(i + j * ldc);
    const auto old = beta_zero ? traits::zero() : C.load(c_index);
    if (alpha_zero) {
      C.store(c_index, beta_zero ? traits::zero() : traits::mul(context, beta, old));
      return;
    }
    auto sum = traits::zero();
    for (std::int64_t l = 0; l < k; ++l) {
      const auto a = A.load(static_cast<std::size_t>(transposed_a ? l + i * lda : i + l * lda));
      const auto b = B.load(static_cast<std::size_t>(transposed_b ? j + l * ldb : l + j * ldb));
      sum = traits::fma(context, a, b, sum);
    }
    C.store(c_index, scale_and_add<Format>(context, alpha, sum, beta_zero, beta, old));
  }
};

// Arguments checked, m, n > 0; alpha_zero also covers k = 0.
template <class Format, class ExecSpace, class Array>
void gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m, std::int64_t n,
          std::int64_t k, const value_type_t<Format>& alpha, bool alpha_zero, const Array& A, std::int64_t lda,
          const Array& B, std::int64_t ldb, const value_type_t<Format>& beta, bool beta_zero, const Array& C,
          std::int64_t ldc) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::gemm", range(exec, m * n),
                       gemm_kernel<Format, Array>{A, B, C, m, k, lda, ldb, ldc, transposed_a, transposed_b, alpha,
                                                  beta, alpha_zero || k == 0, beta_zero, context});
}

}  // namespace kamp::blas::generic

#pragma once
// Reference kernels in MPFR: every result is the exact value rounded once (to nearest) to
// the requested precision. Products are formed exactly and the terms are added by
// mpfr_sum, which is correctly rounded. Outer loops run in parallel with OpenMP, so the
// kernels are also the "MPFR with OpenMP" CPU baseline. Matrices are column-major.
#include <cstddef>
#include <vector>

#include "core/mpfr_value.hpp"

namespace kamp::core {

// Exact copies of doubles at 53 bits, the input form of the reference kernels.
std::vector<mpfr_value> to_mpfr(const std::vector<double>& x);

mpfr_value reference_sum(const std::vector<mpfr_value>& x, mpfr_prec_t precision);

// sum_i x[i*incx] * y[i*incy] over n elements.
mpfr_value reference_dot(std::size_t n, const mpfr_value* x, std::ptrdiff_t incx, const mpfr_value* y,
                         std::ptrdiff_t incy, mpfr_prec_t precision);

// y <- alpha op(A) x + beta y with op(A) = A (trans 'N') or A^T ('T'); A is m x n, lda >= m.
// y is overwritten with values of `precision` bits.
void reference_gemv(char trans, std::size_t m, std::size_t n, const mpfr_value& alpha, const mpfr_value* a,
                    std::size_t lda, const mpfr_value* x, std::ptrdiff_t incx, const mpfr_value& beta, mpfr_value* y,
                    std::ptrdiff_t incy, mpfr_prec_t precision);

// C <- alpha op(A) op(B) + beta C; op(A) is m x k, op(B) is k x n, C is m x n.
void reference_gemm(char trans_a, char trans_b, std::size_t m, std::size_t n, std::size_t k, const mpfr_value& alpha,
                    const mpfr_value* a, std::size_t lda, const mpfr_value* b, std::size_t ldb, const mpfr_value& beta,
                    mpfr_value* c, std::size_t ldc, mpfr_prec_t precision);

}  // namespace kamp::core

#pragma once
// The classical rounding-error bounds, once, in MPFR (they fall below the double range at
// high precision). u is a format's unit roundoff (format_traits<F>::unit_roundoff()): every
// rounded operation satisfies fl(a op b) = (a op b)(1 + d), |d| <= u. Every result is rounded
// up, so a tolerance built from it is never optimistic. Tests and experiments (E4) use these
// and nothing else.
#include <cstdint>

#include "core/mpfr_value.hpp"

namespace kamp::core {

// gamma_k = k u / (1 - k u); k u < 1 is required (kamp::invalid_argument otherwise).
mpfr_value gamma(std::int64_t k, const mpfr_value& u);

// |fl(sum_i x_i) - sum_i x_i| <= sum_error_factor(n, u) * sum_i |x_i|      (gamma_{n-1})
mpfr_value sum_error_factor(std::int64_t n, const mpfr_value& u);
// |fl(x . y) - x . y| <= dot_error_factor(n, u) * sum_i |x_i y_i|          (gamma_n)
mpfr_value dot_error_factor(std::int64_t n, const mpfr_value& u);
// |fl(alpha x + y) - (alpha x + y)| <= axpy_error_factor(u) * (|alpha x| + |y|)   (gamma_2)
mpfr_value axpy_error_factor(const mpfr_value& u);
// Each output of GEMV and GEMM with inner dimension k (Isupov and Knyazkov's eqs. (16)-(19)):
// |y_i - y*_i| <= product_error_factor(k, u) * (|alpha| (|op(A)| |x|)_i + |beta| |y_i|)   (gamma_{k+2})
mpfr_value product_error_factor(std::int64_t k, const mpfr_value& u);
// |fl(||x||_2) - ||x||_2| <= nrm2_error_factor(n, u) * ||x||_2 for a sum of squares formed in
// the format and a square root rounded once to it                               (gamma_{n+1})
mpfr_value nrm2_error_factor(std::int64_t n, const mpfr_value& u);

}  // namespace kamp::core

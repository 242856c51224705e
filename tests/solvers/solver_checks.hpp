#pragma once
// What the solver tests check a solution with: a tolerance each format reaches, and the true
// relative residual of a solution computed exactly in MPFR.
#include <algorithm>
#include <cmath>
#include <vector>

#include "sparse/csr_matrix.hpp"
#include "tests/blas/blas_checks.hpp"

namespace kamp::test {

// A tolerance the format reaches on this small problem: 10^5 u (u its unit roundoff, at most 1e-12).
template <class Format>
double tolerance() {
  const double u = mpfr_get_d(format_traits<Format>::unit_roundoff().get(), MPFR_RNDU);
  return std::min(1e-12, std::max(1e5 * u, 1e-60));
}

// ||b - A x||_2 / ||b||_2, exactly up to the final rounding, in MPFR.
template <class Format>
double exact_relative_residual(const sparse::csr_host& a, const std::vector<value_type_t<Format>>& x,
                               const std::vector<value_type_t<Format>>& b) {
  const mpfr_prec_t bits = exact_bits<Format>() + 256;
  mpfr_value norm(bits), b_norm(bits), row(bits), t(bits);
  for (std::int64_t i = 0; i < a.rows; ++i) {
    const mpfr_value bi = format_traits<Format>::to_mpfr(b[static_cast<std::size_t>(i)]);
    mpfr_set(row.get(), bi.get(), MPFR_RNDN);
    mpfr_fma(b_norm.get(), row.get(), row.get(), b_norm.get(), MPFR_RNDN);
    for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
      const auto xj =
          format_traits<Format>::to_mpfr(x[static_cast<std::size_t>(a.col_idx[static_cast<std::size_t>(p)])]);
      mpfr_mul_d(t.get(), xj.get(), a.values[static_cast<std::size_t>(p)], MPFR_RNDN);
      mpfr_sub(row.get(), row.get(), t.get(), MPFR_RNDN);
    }
    mpfr_fma(norm.get(), row.get(), row.get(), norm.get(), MPFR_RNDN);
  }
  mpfr_div(norm.get(), norm.get(), b_norm.get(), MPFR_RNDN);
  mpfr_sqrt(norm.get(), norm.get(), MPFR_RNDN);
  return mpfr_get_d(norm.get(), MPFR_RNDU);
}

}  // namespace kamp::test

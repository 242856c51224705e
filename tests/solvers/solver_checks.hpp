#pragma once
// What the solver tests check a solution with: a tolerance each format reaches, the true
// relative residual of a solution computed exactly in MPFR, and a small nonsymmetric problem on
// which double's recurrence residual falls far below what its true residual can reach.
#include <algorithm>
#include <cmath>
#include <cstdint>
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

// A 60 x 60 nonsymmetric tridiagonal matrix (diagonal 4 + (i mod 7) / 8, below -1 - (i mod 3) / 4,
// above -(i mod 5) / 8: diagonally dominant, every entry and row sum exact in double), with
// b = A * ones. Bi-CGSTAB and VPBi-CGSTAB in double bring the recurrence residual below 1e-30
// while the true residual stays near 4e-16; in dd_real both fall below 1e-30.
inline sparse::csr_host nonsymmetric_tridiagonal() {
  constexpr std::int64_t n = 60;
  std::vector<std::int64_t> rows, cols;
  std::vector<double> values;
  for (std::int64_t i = 0; i < n; ++i) {
    rows.push_back(i), cols.push_back(i), values.push_back(4 + static_cast<double>(i % 7) / 8);
    if (i > 0) rows.push_back(i), cols.push_back(i - 1), values.push_back(-1 - static_cast<double>(i % 3) / 4);
    if (i < n - 1) rows.push_back(i), cols.push_back(i + 1), values.push_back(-static_cast<double>(i % 5) / 8);
  }
  return sparse::from_triplets(n, n, rows, cols, values);
}

inline std::vector<double> times_ones(const sparse::csr_host& a) {
  std::vector<double> b(static_cast<std::size_t>(a.rows), 0.0);
  for (std::int64_t i = 0; i < a.rows; ++i) {
    for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
      b[static_cast<std::size_t>(i)] += a.values[static_cast<std::size_t>(p)];
    }
  }
  return b;
}

}  // namespace kamp::test

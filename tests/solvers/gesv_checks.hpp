#pragma once
// What the dense-solver tests check a solution with, all in MPFR: the bound each solver proves
// for its residual (from core::gamma and the format's unit roundoff), the forward error it
// implies through the condition number, and || |L||U||x| ||_inf from an LU's computed factors.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/error_bounds.hpp"
#include "solvers/gesv_accuracy.hpp"
#include "tests/blas/blas_checks.hpp"

namespace kamp::test {

inline double rounded_up(const mpfr_value& v) { return mpfr_get_d(v.get(), MPFR_RNDU); }

// The refined solution's ||b - A x|| / (||A|| ||x||) once GESV reports converged through its
// backward-error test (solvers/gesv.hpp): the computed eta <= sqrt(n) u, with norms from leading
// doubles (within (n + 3) 2^-53 relative) and the residual within gamma_{n+2} (|A||x| + |b|)
// (blas/gemv.hpp) where ||b|| <= ||A|| ||x|| + ||r||:
//   eta <= (sqrt(n) u (1 + (n + 3) 2^-53) + 2 gamma_{n+2}) / (1 - gamma_{n+2}).
template <class Format>
double refined_backward_error_bound(std::int64_t n) {
  const mpfr_value u = format_traits<Format>::unit_roundoff();
  const double g = rounded_up(core::gamma(n + 2, u));
  const double test = std::sqrt(static_cast<double>(n)) * rounded_up(u) * (1 + (n + 3) * 0x1p-53);
  return (test + 2 * g) / (1 - g) * (1 + 0x1p-50);  // the last factor covers this double arithmetic
}

// ||x - x*|| / ||x*|| <= cond eta / (1 - cond eta) for a backward error eta (x - x* = -A^-1 r).
inline double forward_error_bound(double condition, double eta) {
  const double ce = condition * eta * (1 + 0x1p-50);
  return ce < 1 ? ce / (1 - ce) * (1 + 0x1p-50) : HUGE_VAL;
}

// || |L||U||x| ||_inf for factors stored as LAPACK does (L unit lower, U upper, n x n column-major
// with leading dimension n), rounded up; the row order does not change an infinity norm.
inline double lu_product_norm(const std::vector<mpfr_value>& lu, const std::vector<mpfr_value>& x, std::size_t n) {
  const mpfr_prec_t bits = 256;
  std::vector<mpfr_value> ux(n, mpfr_value(bits));  // |U||x|
  mpfr_value t(bits);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i; j < n; ++j) {
      mpfr_mul(t.get(), lu[i + j * n].get(), x[j].get(), MPFR_RNDA);
      mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      mpfr_add(ux[i].get(), ux[i].get(), t.get(), MPFR_RNDU);
    }
  double largest = 0;
  for (std::size_t i = 0; i < n; ++i) {
    mpfr_value row(ux[i]);  // the unit diagonal of L
    for (std::size_t j = 0; j < i; ++j) {
      mpfr_mul(t.get(), lu[i + j * n].get(), ux[j].get(), MPFR_RNDA);
      mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      mpfr_add(row.get(), row.get(), t.get(), MPFR_RNDU);
    }
    largest = std::max(largest, rounded_up(row));
  }
  return largest;
}

// Exact values of doubles or floats.
template <class Real>
std::vector<mpfr_value> exact_reals(const std::vector<Real>& v) {
  std::vector<mpfr_value> out;
  for (Real r : v) out.emplace_back(static_cast<double>(r), 53);
  return out;
}

}  // namespace kamp::test

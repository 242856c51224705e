#pragma once
// How accurate a solution of a dense problem (solvers/gesv_problems.hpp) is, measured in MPFR
// (never in double): the reference solution by Gaussian elimination at high precision
// (core/mpfr_solve.hpp), the normwise residual and the forward error. Each returns a magnitude
// rounded up to double. Rows run in parallel with OpenMP. The solver tests and E7 share these.
#include <mpfr.h>

#include <vector>

#include "core/mpfr_value.hpp"
#include "formats/format_traits.hpp"
#include "solvers/gesv_problems.hpp"

namespace kamp::solvers {

// Exact values of a solution computed in a format.
template <class Format>
std::vector<core::mpfr_value> exact_values(const std::vector<value_type_t<Format>>& x) {
  std::vector<core::mpfr_value> out;
  out.reserve(x.size());
  for (const auto& v : x) out.push_back(format_traits<Format>::to_mpfr(v));
  return out;
}

// x* with A x* = b, by Gaussian elimination with partial pivoting at `precision` bits.
std::vector<core::mpfr_value> reference_solution(const dense_problem& p, mpfr_prec_t precision);

// The norms of b - A x, A and x (infinity norms). The residual is accumulated at `precision`
// bits from products rounded to it: with precision at least twice x's plus 64 bits its own error
// is below 2^-64 of the smallest residual any format reaches.
struct residual_norms {
  double residual = 0, a = 0, x = 0;
  double backward_error() const { return residual / (a * x); }  // ||b - A x|| / (||A|| ||x||)
  // ||b - A x|| / ||A||, the figure of Mukunoki and Takahashi's slides.
  double slides_error() const { return residual / a; }
};
residual_norms residual(const dense_problem& p, const std::vector<core::mpfr_value>& x, mpfr_prec_t precision);

// ||x - x*||_inf / ||x*||_inf.
double forward_error(const std::vector<core::mpfr_value>& x, const std::vector<core::mpfr_value>& reference);

// cond_inf(A) = ||A||_inf ||A^-1||_inf with A^-1 from reference_solve (n^3 operations: for test sizes).
double condition_number(const dense_problem& p, mpfr_prec_t precision);

}  // namespace kamp::solvers

#include "solvers/gesv_accuracy.hpp"

#include <algorithm>
#include <initializer_list>
#include <string>

#include "core/error.hpp"
#include "core/mpfr_reference.hpp"
#include "core/mpfr_solve.hpp"

namespace kamp::solvers {

namespace {

std::vector<core::mpfr_value> exact_matrix(const dense_problem& p) {
  std::vector<core::mpfr_value> a;
  a.reserve(p.a.size());
  for (const auto& v : p.a) a.push_back(multi_double::to_mpfr(v));
  return a;
}

// max_i of row sums of |m| (n x cols, column-major), rounded up.
double max_row_sum(const std::vector<core::mpfr_value>& m, std::size_t n, std::size_t cols, mpfr_prec_t precision) {
  double largest = 0;
  core::mpfr_value sum(precision);
  for (std::size_t i = 0; i < n; ++i) {
    mpfr_set_zero(sum.get(), 1);
    for (std::size_t j = 0; j < cols; ++j) {
      const auto& v = m[i + j * n];
      if (mpfr_sgn(v.get()) < 0)
        mpfr_sub(sum.get(), sum.get(), v.get(), MPFR_RNDU);
      else
        mpfr_add(sum.get(), sum.get(), v.get(), MPFR_RNDU);
    }
    largest = std::max(largest, mpfr_get_d(sum.get(), MPFR_RNDU));
  }
  return largest;
}

// max_i |v_i| rounded in the given direction.
double max_magnitude(const std::vector<core::mpfr_value>& v, mpfr_rnd_t rounding) {
  double largest = 0;
  for (const auto& x : v) {
    core::mpfr_value a(x);
    mpfr_abs(a.get(), a.get(), MPFR_RNDN);
    largest = std::max(largest, mpfr_get_d(a.get(), rounding));
  }
  return largest;
}

void check_length(const char* fn, const char* name, std::size_t size, std::int64_t n) {
  require_argument(static_cast<std::int64_t>(size) == n, fn, name, std::to_string(size) + " elements",
                   "must have the problem's " + std::to_string(n));
}

}  // namespace

std::vector<core::mpfr_value> reference_solution(const dense_problem& p, mpfr_prec_t precision) {
  return core::reference_solve(static_cast<std::size_t>(p.n), 1, exact_matrix(p), core::to_mpfr(p.b), precision);
}

residual_norms residual(const dense_problem& p, const std::vector<core::mpfr_value>& x, mpfr_prec_t precision) {
  check_length("kamp::solvers::residual", "x", x.size(), p.n);
  const auto n = static_cast<std::ptrdiff_t>(p.n);
  std::vector<double> rows(static_cast<std::size_t>(n)), a_rows(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(dynamic, 4)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    core::mpfr_value r(p.b[static_cast<std::size_t>(i)], precision), term(precision), a_sum(precision);
    for (std::ptrdiff_t j = 0; j < n; ++j) {
      const multi_double::dd_real a = p.a[static_cast<std::size_t>(i + j * n)];
      for (const double part : {a.hi, a.lo}) {
        if (part == 0) continue;
        mpfr_mul_d(term.get(), x[static_cast<std::size_t>(j)].get(), part, MPFR_RNDN);
        mpfr_sub(r.get(), r.get(), term.get(), MPFR_RNDN);
      }
      mpfr_set_d(term.get(), a.hi, MPFR_RNDN);
      mpfr_add_d(term.get(), term.get(), a.lo, MPFR_RNDN);
      mpfr_abs(term.get(), term.get(), MPFR_RNDN);
      mpfr_add(a_sum.get(), a_sum.get(), term.get(), MPFR_RNDU);
    }
    mpfr_abs(r.get(), r.get(), MPFR_RNDN);
    rows[static_cast<std::size_t>(i)] = mpfr_get_d(r.get(), MPFR_RNDU);
    a_rows[static_cast<std::size_t>(i)] = mpfr_get_d(a_sum.get(), MPFR_RNDU);
  }
  residual_norms norms;
  norms.residual = *std::max_element(rows.begin(), rows.end());
  norms.a = *std::max_element(a_rows.begin(), a_rows.end());
  norms.x = max_magnitude(x, MPFR_RNDD);
  return norms;
}

double forward_error(const std::vector<core::mpfr_value>& x, const std::vector<core::mpfr_value>& reference) {
  require_argument(x.size() == reference.size(), "kamp::solvers::forward_error", "x",
                   std::to_string(x.size()) + " elements",
                   "must have the reference's " + std::to_string(reference.size()));
  std::vector<core::mpfr_value> difference;
  difference.reserve(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) difference.push_back(core::absolute_error(x[i], reference[i]));
  core::mpfr_value ratio(64), top(64), bottom(64);
  mpfr_set_d(top.get(), max_magnitude(difference, MPFR_RNDU), MPFR_RNDU);
  mpfr_set_d(bottom.get(), max_magnitude(reference, MPFR_RNDD), MPFR_RNDD);
  mpfr_div(ratio.get(), top.get(), bottom.get(), MPFR_RNDU);
  return mpfr_get_d(ratio.get(), MPFR_RNDU);
}

double condition_number(const dense_problem& p, mpfr_prec_t precision) {
  const auto n = static_cast<std::size_t>(p.n);
  std::vector<core::mpfr_value> identity(n * n, core::mpfr_value(53));
  for (std::size_t i = 0; i < n; ++i) mpfr_set_ui(identity[i + i * n].get(), 1, MPFR_RNDN);
  const auto a = exact_matrix(p);
  const auto inverse = core::reference_solve(n, n, a, identity, precision);
  core::mpfr_value c(64);
  mpfr_set_d(c.get(), max_row_sum(a, n, n, precision), MPFR_RNDU);
  mpfr_mul_d(c.get(), c.get(), max_row_sum(inverse, n, n, precision), MPFR_RNDU);
  return mpfr_get_d(c.get(), MPFR_RNDU);
}

}  // namespace kamp::solvers

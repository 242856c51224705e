#include "core/mpfr_solve.hpp"

#include <string>
#include <utility>

#include "core/error.hpp"

namespace kamp::core {

namespace {

// Copies of the values rounded to `precision` bits.
std::vector<mpfr_value> rounded(const std::vector<mpfr_value>& from, mpfr_prec_t precision) {
  std::vector<mpfr_value> to;
  to.reserve(from.size());
  for (const auto& v : from) {
    to.emplace_back(precision);
    mpfr_set(to.back().get(), v.get(), MPFR_RNDN);
  }
  return to;
}

}  // namespace

std::vector<mpfr_value> reference_solve(std::size_t n, std::size_t nrhs, const std::vector<mpfr_value>& a,
                                        const std::vector<mpfr_value>& b, mpfr_prec_t precision) {
  const char* fn = "kamp::core::reference_solve";
  require_argument(a.size() == n * n, fn, "a", std::to_string(a.size()) + " values",
                   "must hold n * n = " + std::to_string(n * n) + " values");
  require_argument(b.size() == n * nrhs, fn, "b", std::to_string(b.size()) + " values",
                   "must hold n * nrhs = " + std::to_string(n * nrhs) + " values");
  std::vector<mpfr_value> lu = rounded(a, precision), x = rounded(b, precision);
  const auto at = [n](std::size_t i, std::size_t j) { return i + j * n; };
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t p = k;  // the first row of largest magnitude
    for (std::size_t i = k + 1; i < n; ++i)
      if (mpfr_cmpabs(lu[at(i, k)].get(), lu[at(p, k)].get()) > 0) p = i;
    if (mpfr_zero_p(lu[at(p, k)].get()))
      throw invalid_argument(fn, "a", "a matrix with no nonzero pivot in column " + std::to_string(k + 1),
                             "must be nonsingular");
    if (p != k) {
      for (std::size_t j = 0; j < n; ++j) mpfr_swap(lu[at(k, j)].get(), lu[at(p, j)].get());
      for (std::size_t j = 0; j < nrhs; ++j) mpfr_swap(x[k + j * n].get(), x[p + j * n].get());
    }
    // Multipliers l_ik = a_ik / a_kk in place, then the trailing matrix and the right-hand sides.
    for (std::size_t i = k + 1; i < n; ++i)
      mpfr_div(lu[at(i, k)].get(), lu[at(i, k)].get(), lu[at(k, k)].get(), MPFR_RNDN);
    const auto columns = static_cast<std::ptrdiff_t>(n - k - 1 + nrhs);
#pragma omp parallel for schedule(dynamic, 4)
    for (std::ptrdiff_t c = 0; c < columns; ++c) {
      const bool matrix_column = static_cast<std::size_t>(c) < n - k - 1;
      mpfr_value* column = matrix_column ? &lu[at(0, k + 1 + static_cast<std::size_t>(c))]
                                         : &x[(static_cast<std::size_t>(c) - (n - k - 1)) * n];
      mpfr_value product(precision);
      for (std::size_t i = k + 1; i < n; ++i) {
        mpfr_mul(product.get(), lu[at(i, k)].get(), column[k].get(), MPFR_RNDN);
        mpfr_sub(column[i].get(), column[i].get(), product.get(), MPFR_RNDN);
      }
    }
  }
  // Back substitution with U, one right-hand side per iteration.
#pragma omp parallel for
  for (std::ptrdiff_t c = 0; c < static_cast<std::ptrdiff_t>(nrhs); ++c) {
    mpfr_value* column = &x[static_cast<std::size_t>(c) * n];
    mpfr_value product(precision);
    for (std::size_t k = n; k-- > 0;) {
      mpfr_div(column[k].get(), column[k].get(), lu[at(k, k)].get(), MPFR_RNDN);
      for (std::size_t i = 0; i < k; ++i) {
        mpfr_mul(product.get(), lu[at(i, k)].get(), column[k].get(), MPFR_RNDN);
        mpfr_sub(column[i].get(), column[i].get(), product.get(), MPFR_RNDN);
      }
    }
  }
  return x;
}

}  // namespace kamp::core

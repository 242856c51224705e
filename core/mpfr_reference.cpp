#include "core/mpfr_reference.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/error.hpp"

namespace kamp::core {

namespace {

// Correctly rounded sum of the terms into `out` (which keeps its precision).
void sum_into(mpfr_value& out, std::vector<mpfr_value>& terms) {
  std::vector<mpfr_ptr> pointers(terms.size());
  for (std::size_t i = 0; i < terms.size(); ++i) pointers[i] = terms[i].get();
  mpfr_sum(out.get(), pointers.data(), pointers.size(), MPFR_RNDN);
}

// term <- a * b exactly (the precision of a product is the sum of the operands').
void exact_product(mpfr_value& term, const mpfr_value& a, const mpfr_value& b) {
  mpfr_set_prec(term.get(), a.precision() + b.precision());
  mpfr_mul(term.get(), a.get(), b.get(), MPFR_RNDN);
}

void exact_product(mpfr_value& term, const mpfr_value& a, const mpfr_value& b, const mpfr_value& c) {
  mpfr_set_prec(term.get(), a.precision() + b.precision() + c.precision());
  mpfr_mul(term.get(), a.get(), b.get(), MPFR_RNDN);
  mpfr_mul(term.get(), term.get(), c.get(), MPFR_RNDN);
}

char check_trans(const char* function, const char* argument, char trans) {
  const char t = static_cast<char>(std::toupper(static_cast<unsigned char>(trans)));
  require_argument(t == 'N' || t == 'T', function, argument, std::string(1, trans), "must be 'N' or 'T'");
  return t;
}

void check_inc(const char* function, const char* argument, std::ptrdiff_t inc) {
  require_argument(inc != 0, function, argument, inc, "must not be zero");
}

}  // namespace

std::vector<mpfr_value> to_mpfr(const std::vector<double>& x) {
  std::vector<mpfr_value> out;
  out.reserve(x.size());
  for (double v : x) out.emplace_back(v, 53);
  return out;
}

mpfr_value reference_sum(const std::vector<mpfr_value>& x, mpfr_prec_t precision) {
  mpfr_value out(precision);
  std::vector<mpfr_value> terms(x);
  sum_into(out, terms);
  return out;
}

mpfr_value reference_dot(std::size_t n, const mpfr_value* x, std::ptrdiff_t incx, const mpfr_value* y,
                         std::ptrdiff_t incy, mpfr_prec_t precision) {
  check_inc("kamp::core::reference_dot", "incx", incx);
  check_inc("kamp::core::reference_dot", "incy", incy);
  // Negative increments walk the vector backwards from its far end, as in BLAS.
  const std::ptrdiff_t x0 = incx > 0 ? 0 : -(static_cast<std::ptrdiff_t>(n) - 1) * incx;
  const std::ptrdiff_t y0 = incy > 0 ? 0 : -(static_cast<std::ptrdiff_t>(n) - 1) * incy;
  std::vector<mpfr_value> terms(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto k = static_cast<std::ptrdiff_t>(i);
    exact_product(terms[i], x[x0 + k * incx], y[y0 + k * incy]);
  }
  mpfr_value out(precision);
  sum_into(out, terms);
  return out;
}

void reference_gemv(char trans, std::size_t m, std::size_t n, const mpfr_value& alpha, const mpfr_value* a,
                    std::size_t lda, const mpfr_value* x, std::ptrdiff_t incx, const mpfr_value& beta, mpfr_value* y,
                    std::ptrdiff_t incy, mpfr_prec_t precision) {
  const char* fn = "kamp::core::reference_gemv";
  const char t = check_trans(fn, "trans", trans);
  require_argument(lda >= std::max<std::size_t>(1, m), fn, "lda", lda, "must be >= max(1, m)");
  check_inc(fn, "incx", incx);
  check_inc(fn, "incy", incy);
  const std::size_t rows = t == 'N' ? m : n;  // length of y
  const std::size_t cols = t == 'N' ? n : m;  // length of x
  const auto sx = static_cast<std::ptrdiff_t>(cols), sy = static_cast<std::ptrdiff_t>(rows);
  const std::ptrdiff_t x0 = incx > 0 ? 0 : -(sx - 1) * incx;
  const std::ptrdiff_t y0 = incy > 0 ? 0 : -(sy - 1) * incy;
#pragma omp parallel for schedule(dynamic, 4)
  for (std::ptrdiff_t i = 0; i < sy; ++i) {
    std::vector<mpfr_value> terms(cols + 1);
    for (std::ptrdiff_t j = 0; j < sx; ++j) {
      const std::size_t at = t == 'N' ? static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * lda
                                      : static_cast<std::size_t>(j) + static_cast<std::size_t>(i) * lda;
      exact_product(terms[static_cast<std::size_t>(j)], alpha, a[at], x[x0 + j * incx]);
    }
    mpfr_value& yi = y[y0 + i * incy];
    exact_product(terms[cols], beta, yi);
    mpfr_set_prec(yi.get(), precision);
    sum_into(yi, terms);
  }
}

void reference_gemm(char trans_a, char trans_b, std::size_t m, std::size_t n, std::size_t k, const mpfr_value& alpha,
                    const mpfr_value* a, std::size_t lda, const mpfr_value* b, std::size_t ldb, const mpfr_value& beta,
                    mpfr_value* c, std::size_t ldc, mpfr_prec_t precision) {
  const char* fn = "kamp::core::reference_gemm";
  const char ta = check_trans(fn, "trans_a", trans_a);
  const char tb = check_trans(fn, "trans_b", trans_b);
  require_argument(lda >= std::max<std::size_t>(1, ta == 'N' ? m : k), fn, "lda", lda, "must be >= max(1, rows of A)");
  require_argument(ldb >= std::max<std::size_t>(1, tb == 'N' ? k : n), fn, "ldb", ldb, "must be >= max(1, rows of B)");
  require_argument(ldc >= std::max<std::size_t>(1, m), fn, "ldc", ldc, "must be >= max(1, m)");
  const auto cells = static_cast<std::ptrdiff_t>(m * n);
#pragma omp parallel for schedule(dynamic, 16)
  for (std::ptrdiff_t cell = 0; cell < cells; ++cell) {
    const std::size_t i = static_cast<std::size_t>(cell) % m, j = static_cast<std::size_t>(cell) / m;
    std::vector<mpfr_value> terms(k + 1);
    for (std::size_t l = 0; l < k; ++l) {
      const mpfr_value& ail = ta == 'N' ? a[i + l * lda] : a[l + i * lda];
      const mpfr_value& blj = tb == 'N' ? b[l + j * ldb] : b[j + l * ldb];
      exact_product(terms[l], alpha, ail, blj);
    }
    mpfr_value& cij = c[i + j * ldc];
    exact_product(terms[k], beta, cij);
    mpfr_set_prec(cij.get(), precision);
    sum_into(cij, terms);
  }
}

}  // namespace kamp::core

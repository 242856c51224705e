#include "core/error_bounds.hpp"

#include "core/error.hpp"

namespace kamp::core {

mpfr_value gamma(std::int64_t k, const mpfr_value& u) {
  require_argument(k >= 0, "kamp::core::gamma", "k", k, "must be >= 0");
  const mpfr_prec_t precision = 128;
  mpfr_value ku(precision), denominator(precision), result(precision);
  mpfr_mul_si(ku.get(), u.get(), static_cast<long>(k), MPFR_RNDU);
  mpfr_si_sub(denominator.get(), 1, ku.get(), MPFR_RNDD);
  require_argument(mpfr_sgn(denominator.get()) > 0, "kamp::core::gamma", "k", k,
                   "must satisfy k u < 1 (u = " + u.to_string(6) + ")");
  mpfr_div(result.get(), ku.get(), denominator.get(), MPFR_RNDU);
  return result;
}

mpfr_value sum_error_factor(std::int64_t n, const mpfr_value& u) { return gamma(n > 1 ? n - 1 : 0, u); }
mpfr_value dot_error_factor(std::int64_t n, const mpfr_value& u) { return gamma(n, u); }
mpfr_value axpy_error_factor(const mpfr_value& u) { return gamma(2, u); }
mpfr_value product_error_factor(std::int64_t k, const mpfr_value& u) { return gamma(k + 2, u); }
mpfr_value nrm2_error_factor(std::int64_t n, const mpfr_value& u) { return gamma(n + 1, u); }

}  // namespace kamp::core

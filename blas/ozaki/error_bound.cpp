#include "blas/ozaki/error_bound.hpp"

#include "core/error.hpp"
#include "core/error_bounds.hpp"

namespace kamp::blas::ozaki {

namespace {
constexpr mpfr_prec_t precision = 256;
}  // namespace

core::mpfr_value product_factor(int bits, double rounding_excess, double conversion_factor, int conversion_exponent,
                                const core::mpfr_value& u) {
  require_argument(bits >= 1, "kamp::blas::ozaki::product_factor", "bits", bits, "must be >= 1");
  core::mpfr_value eta(1.0, precision), conversion(conversion_factor, precision), t(precision), phi(precision);
  mpfr_add_d(eta.get(), eta.get(), rounding_excess, MPFR_RNDU);
  mpfr_mul_2si(eta.get(), eta.get(), -bits, MPFR_RNDU);
  mpfr_mul_2si(conversion.get(), conversion.get(), conversion_exponent, MPFR_RNDU);
  // phi = 2 eta + eta^2 + u_c (1 + eta)^2
  mpfr_add_ui(t.get(), eta.get(), 1, MPFR_RNDU);
  mpfr_sqr(t.get(), t.get(), MPFR_RNDU);
  mpfr_mul(phi.get(), conversion.get(), t.get(), MPFR_RNDU);
  mpfr_sqr(t.get(), eta.get(), MPFR_RNDU);
  mpfr_add(phi.get(), phi.get(), t.get(), MPFR_RNDU);
  mpfr_mul_2si(t.get(), eta.get(), 1, MPFR_RNDU);
  mpfr_add(phi.get(), phi.get(), t.get(), MPFR_RNDU);
  // phi (1 + u)^2 + gamma_2
  mpfr_add_ui(t.get(), u.get(), 1, MPFR_RNDU);
  mpfr_sqr(t.get(), t.get(), MPFR_RNDU);
  mpfr_mul(phi.get(), phi.get(), t.get(), MPFR_RNDU);
  mpfr_add(phi.get(), phi.get(), core::gamma(2, u).get(), MPFR_RNDU);
  return phi;
}

core::mpfr_value beta_factor(const core::mpfr_value& u) { return core::gamma(2, u); }

}  // namespace kamp::blas::ozaki

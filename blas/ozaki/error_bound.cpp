#include "blas/ozaki/error_bound.hpp"

#include "core/error.hpp"
#include "core/error_bounds.hpp"

namespace kamp::blas::ozaki {

namespace {
constexpr mpfr_prec_t precision = 256;

core::mpfr_value dd_unit_roundoff() {
  core::mpfr_value u(5.0, precision);
  mpfr_mul_2si(u.get(), u.get(), -106, MPFR_RNDU);
  return u;
}
}  // namespace

core::mpfr_value product_factor(int bits) {
  require_argument(bits >= 1, "kamp::blas::ozaki::product_factor", "bits", bits, "must be >= 1");
  core::mpfr_value eta(1.0 + 0x1p-51, precision), conversion(1.0 + 0x1p-53, precision), t(precision),
      phi(precision);
  mpfr_mul_2si(eta.get(), eta.get(), -bits, MPFR_RNDU);
  mpfr_mul_2si(conversion.get(), conversion.get(), -105, MPFR_RNDU);
  // phi = 2 eta + eta^2 + u_c (1 + eta)^2
  mpfr_add_ui(t.get(), eta.get(), 1, MPFR_RNDU);
  mpfr_sqr(t.get(), t.get(), MPFR_RNDU);
  mpfr_mul(phi.get(), conversion.get(), t.get(), MPFR_RNDU);
  mpfr_sqr(t.get(), eta.get(), MPFR_RNDU);
  mpfr_add(phi.get(), phi.get(), t.get(), MPFR_RNDU);
  mpfr_mul_2si(t.get(), eta.get(), 1, MPFR_RNDU);
  mpfr_add(phi.get(), phi.get(), t.get(), MPFR_RNDU);
  // phi (1 + u)^2 + gamma_2
  const core::mpfr_value u = dd_unit_roundoff();
  mpfr_add_ui(t.get(), u.get(), 1, MPFR_RNDU);
  mpfr_sqr(t.get(), t.get(), MPFR_RNDU);
  mpfr_mul(phi.get(), phi.get(), t.get(), MPFR_RNDU);
  mpfr_add(phi.get(), phi.get(), core::gamma(2, u).get(), MPFR_RNDU);
  return phi;
}

core::mpfr_value beta_factor() { return core::gamma(2, dd_unit_roundoff()); }

}  // namespace kamp::blas::ozaki

#include "rns/invariant.hpp"

#include <gmp.h>
#include <mpfr.h>

#include "core/mpfr_value.hpp"
#include "rns/mpfr_conversion.hpp"

namespace kamp::rns {

template <int N>
std::string invariant_violation(const mp_float<N>& x) {
  if (!x.is_finite()) {
    for (int i = 0; i < N; ++i) {
      if (x.digits[i] != 0) return "special value with nonzero digits";
    }
    return "";
  }
  mpz_t X, M;
  mpz_inits(X, M, nullptr);
  significand<N>(x, X);
  mpz_set_ui(M, 1);
  const auto& b = basis<N>::host();
  for (int i = 0; i < N; ++i) mpz_mul_ui(M, M, static_cast<unsigned long>(b.m[i]));
  std::string problem;
  if (mpz_sizeinbase(X, 2) > static_cast<std::size_t>(basis_constants<N>::significand_bits) && mpz_sgn(X) != 0) {
    problem = "significand longer than q bits";
  }
  if (mpz_sgn(X) == 0 && (x.sign != 0 || x.exp != 0 || !x.eval[0].is_zero() || !x.eval[1].is_zero())) {
    problem = "zero not in canonical form";
  }
  if (x.exp > exponent_limit || x.exp < -exponent_limit) problem = "exponent outside +-2^30";
  // X/M to within 2^-wide relative, far below the factor-of-two margins compared here.
  const mpfr_prec_t wide = static_cast<mpfr_prec_t>(mpz_sizeinbase(M, 2)) + 8;
  core::mpfr_value ratio(wide), bound(64), xm(wide), mm(wide), twice_lower(64);
  mpfr_set_z(xm.get(), X, MPFR_RNDN);
  mpfr_set_z(mm.get(), M, MPFR_RNDN);
  mpfr_div(ratio.get(), xm.get(), mm.get(), MPFR_RNDN);
  for (int k = 0; k < 2; ++k) {
    mpfr_set_d(bound.get(), x.eval[k].frac, MPFR_RNDN);
    mpfr_mul_2si(bound.get(), bound.get(), static_cast<long>(x.eval[k].exp), MPFR_RNDN);
    const int c = mpfr_cmp(bound.get(), ratio.get());
    if (k == 0 && c > 0) problem = "lower bound above X/M";
    if (k == 1 && c < 0) problem = "upper bound below X/M";
    if (k == 0) mpfr_mul_2ui(twice_lower.get(), bound.get(), 1, MPFR_RNDN);
  }
  if (mpz_sgn(X) != 0 && !(bound < twice_lower)) problem = "bounds further apart than a factor of two";
  mpz_clears(X, M, nullptr);
  return problem;
}

template std::string invariant_violation<8>(const mp_float<8>&);
template std::string invariant_violation<16>(const mp_float<16>&);
template std::string invariant_violation<32>(const mp_float<32>&);
template std::string invariant_violation<64>(const mp_float<64>&);
template std::string invariant_violation<128>(const mp_float<128>&);

}  // namespace kamp::rns

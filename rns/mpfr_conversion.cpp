#include "rns/mpfr_conversion.hpp"

#include <gmp.h>

#include <string>

#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"

namespace kamp::rns {

namespace {

using core::widest_exponent_range;

core::er_float to_er_float(mpfr_srcptr x, mpfr_rnd_t rounding) {
  if (mpfr_zero_p(x)) return core::er_float{};
  long exponent = 0;
  const double frac = mpfr_get_d_2exp(&exponent, x, rounding);
  return core::er_float::make(frac, exponent);
}

// from_mpfr in the widest exponent range. Errors name `argument` of `function` and show
// `text`, or the rounded value when text is null.
template <int N>
mp_float<N> convert(mpfr_srcptr value, const char* function, const char* argument, const std::string* text) {
  if (mpfr_nan_p(value)) return mp_float<N>::nan();
  if (mpfr_inf_p(value)) return mp_float<N>::inf(mpfr_signbit(value) ? 1 : 0);
  if (mpfr_zero_p(value)) return mp_float<N>::zero();
  const auto& b = basis<N>::host();
  constexpr int q = basis_constants<N>::significand_bits;
  core::mpfr_value rounded(q);
  mpfr_set(rounded.get(), value, MPFR_RNDN);
  mpz_t X;
  mpz_init(X);
  const mpfr_exp_t e = mpfr_get_z_2exp(X, rounded.get());
  mpz_abs(X, X);
  // Strip trailing zero bits: a smaller significand keeps later alignments cheap. Above the
  // exponent range, put back as many as fit in q bits.
  const mp_bitcnt_t zeros = mpz_scan1(X, 0);
  mpz_tdiv_q_2exp(X, X, zeros);
  long exp = static_cast<long>(e) + static_cast<long>(zeros);
  if (exp > exponent_limit && exp - exponent_limit <= q - static_cast<long>(mpz_sizeinbase(X, 2))) {
    mpz_mul_2exp(X, X, static_cast<mp_bitcnt_t>(exp - exponent_limit));
    exp = exponent_limit;
  }
  if (exp > exponent_limit || exp < -exponent_limit) {
    mpz_clear(X);
    const std::string shown = text ? "\"" + *text + "\"" : core::mpfr_value(rounded).to_string(10);
    require_argument(false, function, argument, shown,
                     "is not a value of the RNS format: rounded to " + std::to_string(q) +
                         " bits it needs a binary exponent outside the range of +-2^30");
  }
  mp_float<N> x;
  x.sign = mpfr_signbit(value) ? 1 : 0;
  x.exp = static_cast<std::int32_t>(exp);
  for (int i = 0; i < N; ++i) x.digits[i] = static_cast<residue>(mpz_fdiv_ui(X, static_cast<unsigned long>(b.m[i])));
  // Exact X/M, rounded down and up.
  mpz_t M;
  mpz_init_set_ui(M, 1);
  for (int i = 0; i < N; ++i) mpz_mul_ui(M, M, static_cast<unsigned long>(b.m[i]));
  mpfr_t xm, mm, ratio;
  mpfr_inits2(static_cast<mpfr_prec_t>(mpz_sizeinbase(M, 2)) + 2, xm, mm, nullptr);
  mpfr_init2(ratio, 64);
  mpfr_set_z(xm, X, MPFR_RNDN);
  mpfr_set_z(mm, M, MPFR_RNDN);
  mpfr_div(ratio, xm, mm, MPFR_RNDD);
  x.eval[0] = to_er_float(ratio, MPFR_RNDD);
  mpfr_div(ratio, xm, mm, MPFR_RNDU);
  x.eval[1] = to_er_float(ratio, MPFR_RNDU);
  mpfr_clears(xm, mm, ratio, nullptr);
  mpz_clears(X, M, nullptr);
  return x;
}

}  // namespace

template <int N>
mp_float<N> from_mpfr(mpfr_srcptr value) {
  const widest_exponent_range wide;
  return convert<N>(value, "kamp::rns::from_mpfr", "value", nullptr);
}

template <int N>
core::mpfr_value to_mpfr(const mp_float<N>& x) {
  const widest_exponent_range wide;
  core::mpfr_value out(basis_constants<N>::significand_bits);
  if (x.is_nan()) {
    mpfr_set_nan(out.get());
  } else if (x.is_inf()) {
    mpfr_set_inf(out.get(), x.sign ? -1 : 1);
  } else {
    mpz_t X;
    mpz_init(X);
    significand<N>(x, X);
    mpfr_set_z_2exp(out.get(), X, x.exp, MPFR_RNDN);  // exact: X < 2^q
    if (x.sign) mpfr_neg(out.get(), out.get(), MPFR_RNDN);
    mpz_clear(X);
  }
  return out;
}

template <int N>
mp_float<N> from_string(const std::string& text) {
  const widest_exponent_range wide;
  // mpfr_strtofr rounds correctly at q bits, so convert has nothing left to round.
  const core::mpfr_value parsed = core::mpfr_value::from_string(text, basis_constants<N>::significand_bits);
  return convert<N>(parsed.get(), "kamp::rns::from_string", "text", &text);
}

template <int N>
std::string to_string(const mp_float<N>& x, int digits) {
  const widest_exponent_range wide;
  return to_mpfr<N>(x).to_string(digits);
}

// X = sum_i M_i |x_i w_i|_{m_i} mod M.
template <int N>
void significand(const mp_float<N>& x, mpz_ptr out) {
  const auto& b = basis<N>::host();
  mpz_t M, Mi, term;
  mpz_inits(M, Mi, term, nullptr);
  mpz_set_ui(M, 1);
  for (int i = 0; i < N; ++i) mpz_mul_ui(M, M, static_cast<unsigned long>(b.m[i]));
  mpz_set_ui(out, 0);
  for (int i = 0; i < N; ++i) {
    mpz_divexact_ui(Mi, M, static_cast<unsigned long>(b.m[i]));
    const residue s = mod_mul(x.digits[i], b.w[i], b.m[i], b.inv_m[i]);
    mpz_mul_ui(term, Mi, static_cast<unsigned long>(s));
    mpz_add(out, out, term);
  }
  mpz_mod(out, out, M);
  mpz_clears(M, Mi, term, nullptr);
}

template <int N>
std::string significand_string(const mp_float<N>& x) {
  mpz_t X;
  mpz_init(X);
  significand<N>(x, X);
  char* text = mpz_get_str(nullptr, 10, X);
  std::string s(text);
  void (*release)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &release);
  release(text, s.size() + 1);
  mpz_clear(X);
  return s;
}

template mp_float<8> from_mpfr<8>(mpfr_srcptr);
template core::mpfr_value to_mpfr<8>(const mp_float<8>&);
template mp_float<8> from_string<8>(const std::string&);
template std::string to_string<8>(const mp_float<8>&, int);
template void significand<8>(const mp_float<8>&, mpz_ptr);
template std::string significand_string<8>(const mp_float<8>&);
template mp_float<16> from_mpfr<16>(mpfr_srcptr);
template core::mpfr_value to_mpfr<16>(const mp_float<16>&);
template mp_float<16> from_string<16>(const std::string&);
template std::string to_string<16>(const mp_float<16>&, int);
template void significand<16>(const mp_float<16>&, mpz_ptr);
template std::string significand_string<16>(const mp_float<16>&);
template mp_float<32> from_mpfr<32>(mpfr_srcptr);
template core::mpfr_value to_mpfr<32>(const mp_float<32>&);
template mp_float<32> from_string<32>(const std::string&);
template std::string to_string<32>(const mp_float<32>&, int);
template void significand<32>(const mp_float<32>&, mpz_ptr);
template std::string significand_string<32>(const mp_float<32>&);
template mp_float<64> from_mpfr<64>(mpfr_srcptr);
template core::mpfr_value to_mpfr<64>(const mp_float<64>&);
template mp_float<64> from_string<64>(const std::string&);
template std::string to_string<64>(const mp_float<64>&, int);
template void significand<64>(const mp_float<64>&, mpz_ptr);
template std::string significand_string<64>(const mp_float<64>&);
template mp_float<128> from_mpfr<128>(mpfr_srcptr);
template core::mpfr_value to_mpfr<128>(const mp_float<128>&);
template mp_float<128> from_string<128>(const std::string&);
template std::string to_string<128>(const mp_float<128>&, int);
template void significand<128>(const mp_float<128>&, mpz_ptr);
template std::string significand_string<128>(const mp_float<128>&);

}  // namespace kamp::rns

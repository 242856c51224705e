#include "rns/basis.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <cmath>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "rns/montgomery.hpp"

namespace kamp::rns {

namespace {

// Odd moduli descending from the largest odd number below 2^bits, each coprime to all
// earlier ones. Deterministic: the same N always gives the same basis.
std::vector<std::int64_t> descending_coprime_moduli(int n, double bits) {
  std::vector<std::int64_t> moduli;
  std::int64_t candidate = static_cast<std::int64_t>(std::floor(std::exp2(bits)));
  if (candidate % 2 == 0) --candidate;
  for (; static_cast<int>(moduli.size()) < n; candidate -= 2) {
    bool coprime = true;
    for (std::int64_t m : moduli) coprime = coprime && std::gcd(m, candidate) == 1;
    if (coprime) moduli.push_back(candidate);
  }
  return moduli;
}

double log2_of(const mpz_t x) {
  long exponent = 0;
  const double d = mpz_get_d_2exp(&exponent, x);
  return std::log2(d) + static_cast<double>(exponent);
}

core::er_float to_er_float(const mpfr_t x, mpfr_rnd_t rounding) {
  long exponent = 0;
  const double frac = mpfr_get_d_2exp(&exponent, x, rounding);
  return core::er_float::make(frac, exponent);
}

std::uint64_t low_word(const mpz_t x, int j) {
  mpz_t t;
  mpz_init(t);
  mpz_tdiv_q_2exp(t, x, 64 * static_cast<mp_bitcnt_t>(j));
  const std::uint64_t lo = mpz_get_ui(t) & 0xffffffffull;  // mpz_get_ui is 64-bit on LP64
  mpz_tdiv_q_2exp(t, t, 32);
  const std::uint64_t hi = mpz_get_ui(t) & 0xffffffffull;
  mpz_clear(t);
  return lo | (hi << 32);
}

template <int N>
std::unique_ptr<basis_constants<N>> build() {
  using constants = basis_constants<N>;
  const int q = constants::significand_bits;
  // Aim log2 M at 2q + 0.5, the middle of the allowed [2q + 0.1, 2q + 1].
  std::vector<std::int64_t> moduli;
  mpz_t M, t, u;
  mpz_inits(M, t, u, nullptr);
  double bits = (2.0 * q + 0.5) / N + 1e-9, log2_M = 0;
  for (int attempt = 0; attempt < 64; ++attempt) {
    moduli = descending_coprime_moduli(N, bits);
    mpz_set_ui(M, 1);
    for (std::int64_t m : moduli) mpz_mul_ui(M, M, static_cast<unsigned long>(m));
    log2_M = log2_of(M);
    if (log2_M >= 2.0 * q + 0.1 && log2_M <= 2.0 * q + 1.0) break;
    bits += (2.0 * q + 0.5 - log2_M) / N;  // the moduli were too dense or too sparse below 2^bits
  }
  if (!(log2_M >= 2.0 * q + 0.1 && log2_M <= 2.0 * q + 1.0) ||
      moduli.front() >= (std::int64_t(1) << constants::modulus_bits))
    throw std::logic_error("kamp::rns::basis<" + std::to_string(N) +
                           ">: no basis of moduli below 2^28 with 2q+0.1 <= log2 M <= 2q+1");

  auto c = std::make_unique<constants>();
  c->log2_M = log2_M;
  mpfr_t r;
  mpfr_init2(r, 64);
  for (int i = 0; i < N; ++i) {
    const auto mi = static_cast<residue>(moduli[i]);
    c->m[i] = mi;
    c->inv_m[i] = 1.0 / mi;
    mpfr_set_prec(r, 53);
    mpfr_set_ui(r, 1, MPFR_RNDN);
    mpfr_div_ui(r, r, static_cast<unsigned long>(mi), MPFR_RNDD);
    c->inv_m_rd[i] = mpfr_get_d(r, MPFR_RNDD);
    mpfr_set_ui(r, 1, MPFR_RNDN);
    mpfr_div_ui(r, r, static_cast<unsigned long>(mi), MPFR_RNDU);
    c->inv_m_ru[i] = mpfr_get_d(r, MPFR_RNDU);
    c->inv_two[i] = static_cast<residue>((mi + 1) / 2);
    // M_i = M / m_i and its inverse modulo m_i.
    mpz_divexact_ui(t, M, static_cast<unsigned long>(mi));
    mpz_set_ui(u, static_cast<unsigned long>(mi));
    mpz_invert(u, t, u);  // u = M_i^-1 mod m_i (M_i mod m_i is taken inside)
    c->w[i] = static_cast<residue>(mpz_get_ui(u));
    c->mont_neg_inv[i] = montgomery_neg_inverse(static_cast<std::uint32_t>(mi));
    const std::int64_t r_mod = (std::int64_t(1) << 32) % mi;  // 2^32 mod m_i
    c->mont_r2[i] = static_cast<residue>(r_mod * r_mod % mi);
    c->w_mont[i] = static_cast<residue>(static_cast<std::int64_t>(c->w[i]) * r_mod % mi);
    for (int j = 0; j < constants::words; ++j) {
      c->mi_low[i][j] = low_word(t, j);
    }
    for (int j = 0; j < N; ++j) {
      c->mrc_inverse[i][j] = 0;
      if (j < i) {
        mpz_set_ui(t, static_cast<unsigned long>(moduli[j]));
        mpz_set_ui(u, static_cast<unsigned long>(mi));
        mpz_invert(t, t, u);
        c->mrc_inverse[i][j] = static_cast<residue>(mpz_get_ui(t));
      }
    }
    std::int64_t p = 1, inverse = 1;
    for (int d = 0; d <= constants::max_alignment; ++d) {
      c->pow2[d][i] = static_cast<residue>(p);
      c->pow2_mont[d][i] = static_cast<residue>(p * r_mod % mi);
      p = p * 2 % mi;
    }
    for (int k = 0; k <= constants::max_shift; ++k) {
      c->inv_pow2[k][i] = static_cast<residue>(inverse);
      inverse = inverse * c->inv_two[i] % mi;
    }
  }
  for (int j = 0; j < constants::words; ++j) c->m_low[j] = low_word(M, j);
  mpfr_set_prec(r, 64);
  mpfr_set_z(r, M, MPFR_RNDD);
  c->M_rd = to_er_float(r, MPFR_RNDD);
  mpfr_set_z(r, M, MPFR_RNDU);
  c->M_ru = to_er_float(r, MPFR_RNDU);
  mpfr_t inv, exact_M;
  mpfr_init2(inv, 53);
  mpfr_init2(exact_M, static_cast<mpfr_prec_t>(mpz_sizeinbase(M, 2)));
  mpfr_set_z(exact_M, M, MPFR_RNDN);  // exact: the precision holds every bit of M
  mpfr_ui_div(inv, 1, exact_M, MPFR_RNDD);
  c->inv_M_rd = to_er_float(inv, MPFR_RNDD);
  mpfr_ui_div(inv, 1, exact_M, MPFR_RNDU);
  c->inv_M_ru = to_er_float(inv, MPFR_RNDU);
  mpfr_clears(r, inv, exact_M, nullptr);
  mpz_clears(M, t, u, nullptr);
  return c;
}

}  // namespace

template <int N>
const basis_constants<N>& basis<N>::host() {
  static const std::unique_ptr<basis_constants<N>> constants = build<N>();
  return *constants;
}

template class basis<8>;
template class basis<16>;
template class basis<32>;
template class basis<64>;
template class basis<128>;

}  // namespace kamp::rns

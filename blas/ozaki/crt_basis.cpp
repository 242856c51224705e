#include "blas/ozaki/crt_basis.hpp"

#include <gmp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/error.hpp"

namespace kamp::blas::ozaki {

namespace {

constexpr bool is_prime(int m) {
  for (int d = 2; d * d <= m; ++d)
    if (m % d == 0) return false;
  return m > 1;
}

// The narrow moduli as listed, then the wide ones: the largest primes below 2^14, downward.
constexpr std::array<int, max_moduli> make_moduli_table() {
  constexpr int narrow[narrow_moduli] = {256, 255, 253, 251, 247, 241, 239, 233, 229, 227, 223, 217, 211,
                                         199, 197, 193, 191, 181, 179, 173, 167, 163, 157, 151, 149, 139,
                                         137, 131, 127, 113, 109, 107, 103, 101, 97,  89,  83,  79,  73,
                                         71,  67,  61,  59,  53,  47,  43,  41,  37,  29};
  std::array<int, max_moduli> table{};
  for (int i = 0; i < narrow_moduli; ++i) table[static_cast<std::size_t>(i)] = narrow[i];
  int m = 1 << 14;
  for (int i = narrow_moduli; i < max_moduli; ++i) {
    do --m;
    while (!is_prime(m));
    table[static_cast<std::size_t>(i)] = m;
  }
  return table;
}

constexpr std::array<int, max_moduli> moduli_table = make_moduli_table();
static_assert(moduli_table[narrow_moduli] == 16381 && moduli_table[max_moduli - 1] > (1 << 13),
              "the wide moduli lie between 2^13 and 2^14 (residues.hpp's digit split)");

// An mpz_t that frees itself.
struct big {
  mpz_t v;
  big() { mpz_init(v); }
  ~big() { mpz_clear(v); }
  big(const big&) = delete;
  big& operator=(const big&) = delete;
};

// Invariants of the moduli table, not of the caller's arguments.
void expect(bool ok, const char* what) {
  if (!ok) throw std::logic_error(std::string("kamp::blas::ozaki::make_crt_basis: ") + what);
}

std::vector<std::uint32_t> words_of(const mpz_t x) {
  std::vector<std::uint32_t> words(crt_words, 0);
  big rest;
  mpz_set(rest.v, x);
  for (auto& w : words) {
    w = static_cast<std::uint32_t>(mpz_get_ui(rest.v) & 0xffffffffUL);
    mpz_tdiv_q_2exp(rest.v, rest.v, 32);
  }
  expect(mpz_sgn(rest.v) == 0, "a constant does not fit crt_words words");
  return words;
}

}  // namespace

int modulus(int i) {
  require_argument(i >= 0 && i < max_moduli, "kamp::blas::ozaki::modulus", "i", i,
                   "must be in [0, " + std::to_string(max_moduli) + ")");
  return moduli_table[static_cast<std::size_t>(i)];
}

double product_bits(int count) {
  double bits = 0;
  for (int i = 0; i < count; ++i) bits += std::log2(static_cast<double>(modulus(i)));
  return bits - 1e-9;
}

int moduli_for_bits(double bits) {
  for (int count = 1; count <= max_moduli; ++count)
    if (product_bits(count) >= bits) return count;
  return 0;
}

crt_basis make_crt_basis(int count) {
  require_argument(count >= 1 && count <= max_moduli, "kamp::blas::ozaki::make_crt_basis", "count", count,
                   "must be in [1, " + std::to_string(max_moduli) + "]");
  crt_basis basis;
  basis.count = count;
  big p, cofactor, inverse, m, weight, half;
  mpz_set_ui(p.v, 1);
  for (int l = 0; l < count; ++l) {
    basis.moduli.push_back(modulus(l));
    mpz_mul_ui(p.v, p.v, static_cast<unsigned long>(modulus(l)));
  }
  // W = (P / m) ((P / m)^-1 mod m) for a modulus (or pair) m, appended to `to`.
  const auto append_weight = [&](long modulus, std::vector<std::uint32_t>& to) {
    mpz_set_ui(m.v, static_cast<unsigned long>(modulus));
    mpz_divexact(cofactor.v, p.v, m.v);
    expect(mpz_invert(inverse.v, cofactor.v, m.v) != 0, "the moduli are not pairwise coprime");
    mpz_mul(weight.v, cofactor.v, inverse.v);
    mpz_mod(weight.v, weight.v, p.v);
    const auto w = words_of(weight.v);
    to.insert(to.end(), w.begin(), w.end());
  };
  for (int l = 0; l < count; ++l) {
    if (l >= narrow_moduli) append_weight(basis.moduli[l], basis.weights);
    const long m_l = basis.moduli[l];
    long power = 1 % m_l, step = 1;  // 2^digit_bits mod m by doublings
    for (int i = 0; i < digit_bits; ++i) step = 2 * step % m_l;
    for (int j = 0; j < max_digits; ++j) {
      basis.digit_weights.push_back(static_cast<double>(2 * power > m_l ? power - m_l : power));
      power = power * step % m_l;
    }
  }
  for (int g = 0; g < narrow_pairs(count); ++g) {
    // The pair's modulus and e_0, e_1 (crt_basis.hpp); a last narrow modulus alone takes e_0 = 1.
    const long m0 = basis.moduli[2 * g], m1 = 2 * g + 1 < std::min(count, narrow_moduli) ? basis.moduli[2 * g + 1] : 1;
    const long pair = m0 * m1;
    const auto unit_at = [&](long mine, long other) {  // = 1 mod mine, 0 mod other, symmetric
      if (other == 1) return 1L;
      big e;
      mpz_set_ui(e.v, static_cast<unsigned long>(other));
      mpz_set_ui(m.v, static_cast<unsigned long>(mine));
      expect(mpz_invert(e.v, e.v, m.v) != 0, "a pair's moduli are not coprime");
      const long value = static_cast<long>(mpz_get_ui(e.v)) * other % pair;
      return 2 * value > pair ? value - pair : value;
    };
    basis.pairs.push_back({static_cast<double>(pair), 1.0 / static_cast<double>(pair),
                           static_cast<double>(unit_at(m0, m1)), static_cast<double>(m1 == 1 ? 0 : unit_at(m1, m0))});
    append_weight(pair, basis.pair_weights);
  }
  basis.product = words_of(p.v);
  // P's leading bits as a double of at most 2^992: P itself overflows a double from 1024 bits.
  const long p_bits = static_cast<long>(mpz_sizeinbase(p.v, 2));
  basis.product_shift = p_bits > 960 ? static_cast<int>((p_bits - 960) / 32) : 0;
  mpz_tdiv_q_2exp(half.v, p.v, static_cast<mp_bitcnt_t>(32 * basis.product_shift));
  basis.product_reciprocal = 1.0 / mpz_get_d(half.v);
  mpz_tdiv_q_2exp(half.v, p.v, 1);
  basis.half = words_of(half.v);
  return basis;
}

}  // namespace kamp::blas::ozaki

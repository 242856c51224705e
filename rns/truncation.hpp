#pragma once
// Rounding of an RNS significand by truncation: X <- floor(X / 2^k), exactly, in RNS.
// r = X mod 2^k comes from the CRT, X = sum_i M_i s_i - rank M, evaluated modulo 2^k on
// 64-bit words (the rank is exact, from the interval evaluation); then each residue becomes
// (x_i - r) * 2^-k mod m_i, with r mod m_i from words_mod.
#include <cstdint>

#include "core/wide_multiply.hpp"
#include "rns/basis.hpp"

namespace kamp::rns {

// The number words[0] + words[1] 2^64 + ... (`used` words, 32 * (2 used - 1) <= max_alignment)
// mod m_i. The host sums its 32-bit limbs times 2^(32 l) mod m_i (the basis's pow2 table), products
// below 2^60, reducing once every eight terms (a reduced partial sum counting as one): independent
// products where Horner's rule from the top is one dependent chain of 2 used reductions a residue,
// each with two int <-> double conversions (perf: the chain took 86 % of a 212-bit host product;
// 814 -> 330-390 ns a product). A GPU keeps Horner's rule: there the limb products' table loads
// made the products' round stage 5-16 % slower at 424-1696 bits and changed nothing at 106-212
// (E12 split_mul_round, 42a16bb against 275a205 on one warm H100 machine). Both give the same
// residue.
template <int N>
KOKKOS_INLINE_FUNCTION residue words_mod(const std::uint64_t* words, int used, int i, const basis_constants<N>& b) {
  const residue m = b.m[i];
  const double inv_m = b.inv_m[i];
#ifdef __CUDA_ARCH__
  residue acc = 0;
  for (int j = used - 1; j >= 0; --j) {
    acc = mod_u63((static_cast<std::uint64_t>(acc) << 32) | (words[j] >> 32), m, inv_m);
    acc = mod_u63((static_cast<std::uint64_t>(acc) << 32) | (words[j] & 0xffffffffu), m, inv_m);
  }
  return acc;
#else
  // Eight terms below (2^32 - 1)(2^28 - 1) sum below 2^63, mod_u63's range.
  constexpr int terms_per_reduction = 8;
  std::uint64_t acc = 0;
  int terms = 0;
  for (int l = 0; l < 2 * used; ++l) {
    if (terms == terms_per_reduction) {
      acc = static_cast<std::uint64_t>(mod_u63(acc, m, inv_m));
      terms = 1;
    }
    const std::uint64_t limb = (words[l / 2] >> (32 * (l % 2))) & 0xffffffffu;
    acc += limb * static_cast<std::uint64_t>(b.pow2[32 * l][i]);
    ++terms;
  }
  return mod_u63(acc, m, inv_m);
#endif
}

// X mod 2^k into words (least significant first), for 1 <= k <= 64 * words; s_i = x_i w_i.
template <int N>
KOKKOS_INLINE_FUNCTION void low_bits(const residue* s, std::uint64_t rank, int k, const basis_constants<N>& b,
                                     std::uint64_t* r) {
  const int used = (k + 63) / 64;
  for (int j = 0; j < used; ++j) r[j] = 0;
  // sum_i s_i * (M_i mod 2^64w), with carries, modulo 2^(64 used).
  for (int i = 0; i < N; ++i) {
    const auto si = static_cast<std::uint64_t>(s[i]);
    std::uint64_t carry = 0;
    for (int j = 0; j < used; ++j) {
      std::uint64_t hi;
      const std::uint64_t lo = core::mul_wide(si, b.mi_low[i][j], hi);
      const std::uint64_t t = r[j] + lo;
      const std::uint64_t c1 = t < lo;
      r[j] = t + carry;
      const std::uint64_t c2 = r[j] < t;
      carry = hi + c1 + c2;
    }
  }
  // - rank * (M mod 2^64w): add the two's complement.
  std::uint64_t borrow = 0, carry_hi = 0;
  for (int j = 0; j < used; ++j) {
    std::uint64_t hi;
    const std::uint64_t lo = core::mul_wide(rank, b.m_low[j], hi);
    const std::uint64_t sub = lo + carry_hi;
    carry_hi = hi + (sub < lo);
    const std::uint64_t before = r[j];
    r[j] = before - sub - borrow;
    borrow = (before < sub) || (before - sub < borrow);
  }
  const int top = k - 64 * (used - 1);
  if (top < 64) r[used - 1] &= (std::uint64_t(1) << top) - 1;
}

// X <- floor(X / 2^k) for 1 <= k <= basis_constants<N>::max_shift, given s_i = x_i w_i mod m_i
// and the exact CRT rank of X (see crt_rank and bound_fraction).
template <int N>
KOKKOS_INLINE_FUNCTION void truncate_bits(residue* x, const residue* s, int k, std::uint64_t rank,
                                          const basis_constants<N>& b) {
  std::uint64_t r[basis_constants<N>::words];
  low_bits<N>(s, rank, k, b, r);
  const int used = (k + 63) / 64;
  for (int i = 0; i < N; ++i) {
    const residue m = b.m[i];
    x[i] = mod_mul(mod_sub(x[i], words_mod<N>(r, used, i, b), m), b.inv_pow2[k][i], m, b.inv_m[i]);
  }
}

}  // namespace kamp::rns

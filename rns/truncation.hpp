#pragma once
// Rounding of an RNS significand by truncation: X <- floor(X / 2^k), exactly, in RNS.
// r = X mod 2^k comes from the CRT, X = sum_i M_i s_i - rank M, evaluated modulo 2^k on
// 32-bit limbs (the rank is exact, from the interval evaluation); then each residue becomes
// (x_i - r) * 2^-k mod m_i, with r mod m_i from words_mod.
//
// Everything here is 32-bit integer multiply-adds with 64-bit accumulators, which a GPU issues
// as one instruction each (IMAD.WIDE): a 64 x 64 -> 128-bit product costs it about ten, and a
// 64-bit integer <-> double conversion runs at a fraction of the FP64 rate.
#include <cstdint>

#include "rns/basis.hpp"
#include "rns/montgomery.hpp"

namespace kamp::rns {

namespace detail {

// a b + c in 64 bits for 32-bit a, b: one IMAD.WIDE on a GPU.
KOKKOS_FORCEINLINE_FUNCTION std::uint64_t mul_add_wide(std::uint32_t a, std::uint32_t b, std::uint64_t c) {
  return static_cast<std::uint64_t>(a) * b + c;
}

// T 2^-32 mod m, below 3m, for T < 2^62 (Montgomery's reduction without its final
// subtraction): with u = T neg_inv mod 2^32, T + u m is a multiple of 2^32 below 2^62 + 2^60.
KOKKOS_FORCEINLINE_FUNCTION std::uint32_t redc_partial(std::uint64_t T, residue m, std::uint32_t neg_inv) {
  const std::uint32_t u = static_cast<std::uint32_t>(T) * neg_inv;
  return static_cast<std::uint32_t>(mul_add_wide(u, static_cast<std::uint32_t>(m), T) >> 32);
}

}  // namespace detail

// The number words[0] + words[1] 2^64 + ... (`used` words) mod m_i.
// The host sums its 32-bit limbs times 2^(32 l) mod m_i (the basis's pow2 table, so
// 32 * (2 used - 1) <= max_alignment), products below 2^60, reducing once every eight terms
// (a reduced partial sum counting as one): independent products where Horner's rule is one
// dependent chain. A GPU takes Horner's rule
// from the top limb with Montgomery reductions, four integer instructions a limb and no table
// row per limb: acc <- REDC(acc (2^64 mod m) + limb (2^32 mod m)) = acc 2^32 + limb mod m,
// acc < 3m throughout (acc R2 + limb c < 3m m + 2^32 m, so REDC < m (3m / 2^32 + 2) < 3m).
// Both give the same residue (tests/rns/test_words_mod.cpp against GMP).
template <int N>
KOKKOS_INLINE_FUNCTION residue words_mod(const std::uint64_t* words, int used, int i, const basis_constants<N>& b) {
  const residue m = b.m[i];
#ifdef __CUDA_ARCH__
  const std::uint32_t neg_inv = b.mont_neg_inv[i];
  const auto r2 = static_cast<std::uint32_t>(b.mont_r2[i]), c = static_cast<std::uint32_t>(b.pow2[32][i]);
  std::uint32_t acc = 0;
  for (int j = used - 1; j >= 0; --j) {
    const std::uint64_t w = words[j];
    acc = detail::redc_partial(
        detail::mul_add_wide(static_cast<std::uint32_t>(w >> 32), c, static_cast<std::uint64_t>(acc) * r2), m, neg_inv);
    acc = detail::redc_partial(
        detail::mul_add_wide(static_cast<std::uint32_t>(w), c, static_cast<std::uint64_t>(acc) * r2), m, neg_inv);
  }
  const auto um = static_cast<std::uint32_t>(m);
  acc = acc >= um ? acc - um : acc;
  return static_cast<residue>(acc >= um ? acc - um : acc);
#else
  const double inv_m = b.inv_m[i];
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
// Limbs 2j and 2j + 1 of sum_i s_i M_i - rank M are columns of 32 x 32-bit products, one load of
// (M_i mod 2^64w)_j for both: s_i < 2^28, so sixteen products stay below 2^64 in one
// accumulator; each group's low half stays in its column and its high half moves to the next,
// with rank's limb products (rank < N) subtracted in a signed carry.
template <int N>
KOKKOS_INLINE_FUNCTION void low_bits(const residue* s, std::uint64_t rank, int k, const basis_constants<N>& b,
                                     std::uint64_t* r) {
  constexpr int group = 16;
  constexpr std::uint64_t mask = 0xffffffffu;
  const int used = (k + 63) / 64;
  std::int64_t carry = 0;  // what the lower limbs pass up: |carry| < (N / 16 + 2) 2^32
  for (int j = 0; j < used; ++j) {
    std::int64_t low = carry - static_cast<std::int64_t>(rank * (b.m_low[j] & mask));
    std::int64_t high = -static_cast<std::int64_t>(rank * (b.m_low[j] >> 32));
    std::int64_t low_up = 0, high_up = 0;  // the groups' high halves: into limbs 2j + 1, 2j + 2
    for (int g = 0; g < N; g += group) {
      std::uint64_t acc_low = 0, acc_high = 0;
      const int end = g + group < N ? g + group : N;
      for (int i = g; i < end; ++i) {
        const std::uint64_t w = b.mi_low[i][j];
        const auto si = static_cast<std::uint32_t>(s[i]);
        acc_low = detail::mul_add_wide(si, static_cast<std::uint32_t>(w), acc_low);
        acc_high = detail::mul_add_wide(si, static_cast<std::uint32_t>(w >> 32), acc_high);
      }
      low += static_cast<std::int64_t>(acc_low & mask);
      low_up += static_cast<std::int64_t>(acc_low >> 32);
      high += static_cast<std::int64_t>(acc_high & mask);
      high_up += static_cast<std::int64_t>(acc_high >> 32);
    }
    high += (low >> 32) + low_up;  // arithmetic shifts: floors, so a negative column borrows
    r[j] = (static_cast<std::uint64_t>(low) & mask) | (static_cast<std::uint64_t>(high) << 32);
    carry = (high >> 32) + high_up;
  }
  const int top = k - 64 * (used - 1);
  if (top < 64) r[used - 1] &= (std::uint64_t(1) << top) - 1;
}

// X <- floor(X / 2^k) for 1 <= k <= basis_constants<N>::max_shift, given s_i = x_i w_i mod m_i
// and the exact CRT rank of X (see crt_rank and bound_fraction). The factor 2^-k is taken in
// Montgomery form, 2^(32 - k) mod m_i: the pow2 row for k <= 32, else inv_pow2's row k - 32.
template <int N>
KOKKOS_INLINE_FUNCTION void truncate_bits(residue* x, const residue* s, int k, std::uint64_t rank,
                                          const basis_constants<N>& b) {
  std::uint64_t r[basis_constants<N>::words];
  low_bits<N>(s, rank, k, b, r);
  const int used = (k + 63) / 64;
  const residue* factor = k <= 32 ? b.pow2[32 - k] : b.inv_pow2[k - 32];
  for (int i = 0; i < N; ++i) {
    const residue m = b.m[i];
    x[i] = mont_mul(mod_sub(x[i], words_mod<N>(r, used, i, b), m), factor[i], m, b.mont_neg_inv[i]);
  }
}

}  // namespace kamp::rns

#pragma once
// rns::basis<N>: N pairwise-coprime odd moduli below 2^31 with every constant the RNS
// format needs, computed once on the host with GMP/MPFR and copied to device memory.
//
// Every modulus is below 2^28 (the basis checks it), so a product of two residues is below
// 2^56 and 256 of them add up in 64 bits without a reduction (accumulation_capacity).
//
// Sizes: the significand holds q = precision + 1 bits, precision = 13.25 N (106, 212, 424,
// 848, 1696 bits), and the moduli are chosen so that 2q + 0.1 <= log2 M <= 2q + 1. Then
// q = floor(log2 sqrt(M)) (the SPEC's precision is q - 1), a product of two significands
// is below M, an aligned sum of magnitude below 2^(2q-2) stays below M/4 so the sign of a
// difference can be read off its wrap-around, and truncating to q bits errs by less than
// 2^(1-q) <= 4/sqrt(M) / sqrt(2).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/constants_in.hpp"
#include "core/extended_float.hpp"
#include "rns/modular.hpp"

namespace kamp::rns {

template <int N>
struct basis_constants {
  static_assert(N >= 2 && N <= 128, "kamp::rns supports 2 to 128 moduli");
  static constexpr int moduli = N;
  static constexpr int precision = 53 * N / 4;            // p: 106 bits for N = 8
  static constexpr int significand_bits = precision + 1;  // q: significands are below 2^q
  // Truncation removes at most q + 1 bits (a product has at most 2q bits).
  static constexpr int max_shift = significand_bits + 1;
  static constexpr int words = (max_shift + 63) / 64;  // 64-bit words of X mod 2^max_shift
  // Alignment shifts of an addition reach 2q - 2; the table holds 2^d mod m_i up to there.
  static constexpr int max_alignment = 2 * significand_bits;
  static constexpr int modulus_bits = 28;            // every m_i < 2^modulus_bits
  static constexpr int accumulation_capacity = 255;  // products m_i^2 that 64 bits hold, less one

  residue m[N];
  double inv_m[N];                          // fl(1/m_i), for mod_mul
  double inv_m_rd[N];                       // 1/m_i rounded down
  double inv_m_ru[N];                       // 1/m_i rounded up
  residue w[N];                             // (M/m_i)^-1 mod m_i
  std::uint32_t mont_neg_inv[N];            // -m_i^-1 mod 2^32, for mont_mul (rns/montgomery.hpp)
  residue mont_r2[N];                       // 2^64 mod m_i: mont_mul(x, mont_r2) = x 2^32, Montgomery form
  residue w_mont[N];                        // w_i 2^32 mod m_i: mont_mul(p, w_mont) = p w_i
  residue inv_two[N];                       // 2^-1 mod m_i
  std::uint64_t mi_low[N][words];           // (M/m_i) mod 2^(64 words), least significant word first
  std::uint64_t m_low[words];               // M mod 2^(64 words)
  residue mrc_inverse[N][N];                // m_j^-1 mod m_i for j < i (mixed-radix conversion)
  residue pow2[max_alignment + 1][N];       // 2^d mod m_i; [d][i] so a warp reads one row
  residue pow2_mont[max_alignment + 1][N];  // 2^d 2^32 mod m_i: mont_mul(x, pow2_mont[d][i]) = x 2^d mod m_i
  residue inv_pow2[max_shift + 1][N];       // 2^-k mod m_i, for truncation by k bits
  core::er_float M_rd, M_ru;                // M rounded down and up
  core::er_float inv_M_rd, inv_M_ru;        // 1/M rounded down and up
  double log2_M;
};

// The constants of basis N on the host (built on first use, thread-safe) and in the memory
// space of an execution space (copied on first use, released before Kokkos finalizes).
template <int N>
class basis {
 public:
  static const basis_constants<N>& host();

  template <class MemorySpace>
  static const basis_constants<N>* in() {
    return core::constants_in<MemorySpace>(host(), "kamp::rns::basis");
  }
};

extern template class basis<8>;
extern template class basis<16>;
extern template class basis<32>;
extern template class basis<64>;
extern template class basis<128>;

}  // namespace kamp::rns

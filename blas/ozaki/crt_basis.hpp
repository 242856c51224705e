#pragma once
// The moduli of the Ozaki scheme II and the Chinese-remainder constants of a prefix of them.
//
// Two kinds of moduli, pairwise coprime, listed in the order the scheme takes them:
//   narrow (the first 49): at most 256, so that a residue in the symmetric range [-ceil(m/2), m/2)
//     fits an int8 and one INT8 x INT8 -> INT32 GEMM multiplies two residue matrices exactly;
//     largest first (the greedy choice from 256 down), 341.9 bits in all.
//   wide (the next 256): the largest primes below 2^14 (down to 13913), 3555.0 bits in all, for
//     products the narrow ones cannot hold (qd_real, the longer expansions, RNS from 424 bits; the
//     848-bit RNS format takes about 100 of them, the 1696-bit one about 220). A residue r,
//     |r| < 2^13, is written r = 2^7 r_1 + r_0 with r_0 in [-64, 64) and |r_1| <= 64, and its
//     products come from three INT8 GEMMs
//     (Karatsuba): r_1 s_1, r_0 s_0 and (r_1 + r_0)(s_1 + s_0), |r_1 + r_0| <= 127. Three GEMMs for
//     14 bits (4.67 bits a GEMM, against the 4 of a 2^16 modulus in four byte-digit GEMMs) come
//     close to the narrow moduli's last ones (29 to 47: 4.9 to 5.6 bits a GEMM) without beating
//     them, so the wide ones come after all narrow ones and a prefix of the list is the fewest
//     GEMMs for its bits.
// A residue GEMM "plane" is one of those GEMMs: a narrow modulus has one, a wide modulus three.
//
// The reconstruction works on unsigned numbers held as crt_words 32-bit words (3968 bits): the
// product P of all 305 moduli (3896.9 bits) times 25 * 2^16 + 256 * 2^15 (2^23.3), the largest
// sum of weighted residues (crt_words.hpp's words_for), stays below.
//
// The combine takes the narrow moduli two at a time: pair g, the moduli 2g and 2g + 1 (the last
// narrow one alone when there is an odd number of them), is one modulus M_g = m_2g m_2g+1 below
// 2^16, whose residue comes from the two planes' in a few double operations (residues.hpp's
// pair_residue), so the CRT sum takes one weighted residue a pair.
#include <Kokkos_Macros.hpp>

#include <cstdint>
#include <vector>

namespace kamp::blas::ozaki {

constexpr int narrow_moduli = 49;
constexpr int wide_moduli = 256;
constexpr int max_moduli = narrow_moduli + wide_moduli;
constexpr int crt_words = 124;
// The residue kernel writes a scaled input in signed base-2^digit_bits digits, at most
// max_digits of them (residues.hpp): 1872 bits, RNS 1696's integers with spreads of up to 175
// bits, about half of all moduli's 3897 bits. Each format compiles for at most its own count
// (value_format.hpp).
constexpr int digit_bits = 36;
constexpr int max_digits = 52;
// A wide residue's digits: r = 2^wide_digit_bits r_1 + r_0.
constexpr int wide_digit_bits = 7;

// The i-th modulus, 0 <= i < max_moduli.
int modulus(int i);

// log2 of the product of the first `count` moduli (rounded down by 1e-9 bits).
double product_bits(int count);

// The fewest leading moduli whose product has at least `bits` bits, or 0 when all have fewer.
int moduli_for_bits(double bits);

// The residue GEMMs of the first `count` moduli, and the first plane of modulus l.
KOKKOS_INLINE_FUNCTION constexpr int planes_for(int count) {
  return count <= narrow_moduli ? count : narrow_moduli + 3 * (count - narrow_moduli);
}
KOKKOS_INLINE_FUNCTION constexpr int first_plane(int l) { return planes_for(l); }

// The pairs of the narrow ones among the first `count` moduli.
KOKKOS_INLINE_FUNCTION constexpr int narrow_pairs(int count) {
  return ((count < narrow_moduli ? count : narrow_moduli) + 1) / 2;
}

// A pair's constants (one 32-byte row): its modulus M = m_2g m_2g+1 (m_2g alone for the last of an
// odd count), fl(1 / M), and the symmetric e_0, e_1 (|e| <= M / 2) with e_0 = 1 mod m_2g, 0 mod
// m_2g+1 and e_1 the other way round (e_1 = 0 for a modulus alone), so that h_0 e_0 + h_1 e_1 is
// congruent to h_0 modulo m_2g and to h_1 modulo m_2g+1.
struct alignas(16) pair_constants {
  double modulus, inverse, e0, e1;
};

// The constants of the reconstruction x = sum_g r_g W_g + sum_l r_l W_l mod P for the first
// `count` moduli, over the narrow pairs g and the wide moduli l, with W = (P / m) ((P / m)^-1 mod
// m) for a pair's or wide modulus m, from which x mod m = r for every one. All words are
// little-endian 32-bit.
struct crt_basis {
  int count = 0;
  std::vector<int> moduli;  // count
  // The narrow pairs (narrow_pairs(count)) and their weights, pairs x crt_words.
  std::vector<pair_constants> pairs;
  std::vector<std::uint32_t> pair_weights;
  // The wide moduli's weights, (count - narrow_moduli) x crt_words, W_l at (l - narrow_moduli) *
  // crt_words (none for count <= narrow_moduli).
  std::vector<std::uint32_t> weights;
  std::vector<std::uint32_t> product;  // P, crt_words
  std::vector<std::uint32_t> half;     // floor(P / 2), crt_words
  // The reciprocal of P 2^(-32 product_shift) rounded to a double (below 2^992), rounded
  // (reduce_mod in crt_words.hpp).
  double product_reciprocal = 0;
  int product_shift = 0;
  // count x max_digits: 2^(36 j) mod m_l in the symmetric range, |w| <= m_l / 2 (the residue
  // kernel's sums stay small: residues.hpp).
  std::vector<double> digit_weights;
};

// kamp::invalid_argument unless 1 <= count <= max_moduli.
crt_basis make_crt_basis(int count);

}  // namespace kamp::blas::ozaki

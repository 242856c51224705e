#pragma once
// The moduli of the Ozaki scheme II and the Chinese-remainder constants of a prefix of them.
// The moduli are pairwise coprime and at most 256, so that a residue in the symmetric range
// [-ceil(m/2), m/2) fits an int8 and the INT8 x INT8 -> INT32 tensor-core GEMM multiplies them
// exactly; they are listed largest first (the greedy choice from 256 down), so that each
// prefix has the largest product of its length: 49 moduli, 341.9 bits in all.
//
// The reconstruction works on unsigned numbers held as crt_words 32-bit words (384 bits): the
// product P of all 49 moduli times 49 * 256, the largest sum of weighted residues, stays below.
#include <cstdint>
#include <vector>

namespace kamp::blas::ozaki {

constexpr int max_moduli = 49;
constexpr int crt_words = 12;
// The residue kernel writes a scaled input in signed base-2^digit_bits digits, at most
// max_digits of them (residues.hpp); 360 bits hold every integer the 342 bits of moduli allow.
constexpr int digit_bits = 36;
constexpr int max_digits = 10;

// The i-th modulus, 0 <= i < max_moduli.
int modulus(int i);

// log2 of the product of the first `count` moduli (rounded down by 1e-9 bits).
double product_bits(int count);

// The fewest leading moduli whose product has at least `bits` bits, or 0 when all 49 have fewer.
int moduli_for_bits(double bits);

// The constants of the reconstruction x = sum_l r_l W_l mod P for the first `count` moduli, with
// W_l = (P / m_l) ((P / m_l)^-1 mod m_l), from which x mod m_l = r_l for every l. All words are
// little-endian 32-bit.
struct crt_basis {
  int count = 0;
  std::vector<int> moduli;                // count
  std::vector<std::uint32_t> weights;     // count x crt_words, W_l at l * crt_words
  std::vector<std::uint32_t> product;     // P, crt_words
  std::vector<std::uint32_t> half;        // floor(P / 2), crt_words
  double product_value = 0;               // P rounded to a double
  std::vector<double> digit_weights;      // count x max_digits: 2^(36 j) mod m_l
};

// kamp::invalid_argument unless 1 <= count <= max_moduli.
crt_basis make_crt_basis(int count);

}  // namespace kamp::blas::ozaki

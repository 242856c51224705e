#pragma once
// Chinese-remainder reconstruction of one GEMM output on unsigned multiword numbers (host and
// device): W <= crt_words 32-bit words, each held in a 64-bit lane so that a sum of weighted
// residues needs no carry until the end (25 pair residues below 2^16 and 256 wide ones below
// 2^15, each times a word below 2^32, stay below 2^56). W is the fewest words that hold the sum
// (words_for), so the work follows the moduli count; the constants' words above W are zero.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "blas/ozaki/crt_basis.hpp"
#include "core/eft.hpp"
#include "core/extended_float.hpp"
#include "core/unroll.hpp"
#include "multi_double/dd_real.hpp"
#include "multi_double/exact_sum.hpp"
#include "multi_double/expansion_type.hpp"

namespace kamp::blas::ozaki {

// Sums take up to crt_words words; their products by an RNS alpha's integer (up to 54 more words
// at 1696 bits, rns_value_format.hpp) up to twice that.
template <int W>
struct wide {
  static_assert(W >= 2 && W <= 2 * crt_words, "between 2 and 2 crt_words words");
  std::uint64_t w[W];
};

// Words for the combine's sums over the first `count` moduli (kernels.hpp): a residue below M_g <
// 2^16 for each narrow pair, below 2 m_l < 2^15 for each wide modulus, each times a weight below P
// (of product_bits(count) bits; one bit more for its rounding down).
inline int words_for(int count) {
  const double wide = count > narrow_moduli ? count - narrow_moduli : 0;
  const double largest_sum = narrow_pairs(count) * 0x1p16 + wide * 0x1p15;
  const double bits = product_bits(count) + std::log2(largest_sum) + 1.0;
  return static_cast<int>(std::ceil(bits / 32.0));
}

// Every lane to 32 bits, the carries moved up (the top lane keeps what is left; words_for makes
// the sums fit).
template <int W>
KOKKOS_INLINE_FUNCTION void carry(wide<W>& x) {
  KAMP_UNROLL for (int i = 0; i + 1 < W; ++i) {
    x.w[i + 1] += x.w[i] >> 32;
    x.w[i] &= 0xffffffffu;
  }
}

// x >= y for carried numbers.
template <int W>
KOKKOS_INLINE_FUNCTION bool at_least(const wide<W>& x, const std::uint32_t* y) {
  KAMP_UNROLL for (int i = W - 1; i >= 0; --i) if (x.w[i] != y[i]) return x.w[i] > y[i];
  return true;
}

// x -= q y for carried numbers with x >= q y and q < 2^30 (q y[i] and the borrow fit an int64).
// (q a 32-bit factor, so that each q y[i] is one 32 x 32 -> 64-bit multiply.)
template <int W>
KOKKOS_INLINE_FUNCTION void subtract_multiple(wide<W>& x, std::uint32_t q, const std::uint32_t* y) {
  std::int64_t borrow = 0;
  KAMP_UNROLL for (int i = 0; i < W; ++i) {
    const std::int64_t d =
        static_cast<std::int64_t>(x.w[i]) - static_cast<std::int64_t>(static_cast<std::uint64_t>(q) * y[i]) - borrow;
    x.w[i] = static_cast<std::uint64_t>(d) & 0xffffffffu;
    borrow = -(d >> 32);  // d >> 32 is floor(d / 2^32): the arithmetic shift of a two's complement
  }
}

// x <- y - x for carried numbers with x <= y.
template <int W>
KOKKOS_INLINE_FUNCTION void complement(wide<W>& x, const std::uint32_t* y) {
  std::int64_t borrow = 0;
  KAMP_UNROLL for (int i = 0; i < W; ++i) {
    const std::int64_t d = static_cast<std::int64_t>(y[i]) - static_cast<std::int64_t>(x.w[i]) - borrow;
    x.w[i] = static_cast<std::uint64_t>(d) & 0xffffffffu;
    borrow = d < 0 ? 1 : 0;
  }
}

// A carried word (below 2^32) as a double: 2^52 + w is exact, so is the subtraction (a GPU's
// 64-bit integer to double conversion runs at a quarter of the FP64 rate).
KOKKOS_INLINE_FUNCTION double word_as_double(std::uint64_t w) {
  return core::detail::double_of(static_cast<std::int64_t>(0x4330000000000000 | w)) - 0x1p52;
}

// floor(x / 2^(32 shift)) as a double, within a few units of 2^-52 relative (it must stay below
// 2^1024: reduce_mod's shift sees to that).
template <int W>
KOKKOS_INLINE_FUNCTION double approximate(const wide<W>& x, int shift) {
  double v = 0;
  KAMP_UNROLL for (int i = W - 1; i >= 0; --i) if (i >= shift) v = ::fma(v, 0x1p32, word_as_double(x.w[i]));
  return v;
}

// x mod P for a carried x below 2^24 P (words_for's sums), with p_reciprocal = fl(1 / p_value),
// p_value = P 2^(-32 shift) rounded to a double, below 2^992 (crt_basis.hpp). The quotient
// estimate (relative error below (W + 3) 2^-53: approximate's, p_value's, the reciprocal's and the
// product's; the words below `shift` dropped from x change it by less than 2^-900; so, below 2^24,
// off by less than 2^-22 for W <= crt_words) is taken a little low, so that x - q P stays
// nonnegative; it is then at most 2 short, and the loop subtracts P the last times. (A product by
// the reciprocal, where a division costs a GPU a subroutine of a few dozen instructions.)
template <int W>
KOKKOS_INLINE_FUNCTION void reduce_mod(wide<W>& x, const std::uint32_t* p, double p_reciprocal, int shift) {
  const double q = ::floor(approximate(x, shift) * p_reciprocal - 0x1p-20);
  if (q > 0) subtract_multiple(x, static_cast<std::uint32_t>(q), p);
  while (at_least(x, p)) subtract_multiple(x, 1, p);
}

// floor(x / 2^pos) mod 2^53 for a carried x and -53 < pos < 32 W.
template <int W>
KOKKOS_INLINE_FUNCTION std::uint64_t window(const wide<W>& x, int pos) {
  const int shift_left = pos < 0 ? -pos : 0;
  const int bit = pos < 0 ? 0 : pos;
  const int word = bit >> 5, offset = bit & 31;
  // Each word taken through a mask of the comparison: selects of x.w[i] by i == word are
  // recognised as an indexed load, which puts x in local memory (and the combine's loop, which
  // stores x at every step, would then run at local memory's speed).
  std::uint64_t low = 0, high = 0;
  KAMP_UNROLL for (int i = 0; i < W; ++i) {
    const std::uint64_t v = x.w[i];
    low |= (v & (std::uint64_t(0) - (i == word))) | ((v << 32) & (std::uint64_t(0) - (i == word + 1)));
    high |= v & (std::uint64_t(0) - (i == word + 2));
  }
  std::uint64_t bits = low >> offset;
  if (offset > 0) bits |= high << (64 - offset);
  return (bits << shift_left) & ((std::uint64_t(1) << 53) - 1);
}

// The leading zero bits of a nonzero 32-bit word.
KOKKOS_INLINE_FUNCTION int leading_zeros(std::uint32_t v) {
#ifdef __CUDA_ARCH__
  return __clz(static_cast<int>(v));
#else
  return __builtin_clz(v);
#endif
}

// The number of bits of a carried x (0 for x = 0).
template <int W>
KOKKOS_INLINE_FUNCTION int bit_length(const wide<W>& x) {
  int length = 0;
  KAMP_UNROLL for (int i = 0; i < W; ++i) if (x.w[i] != 0) length =
      32 * (i + 1) - leading_zeros(static_cast<std::uint32_t>(x.w[i]));
  return length;
}

// t 2^e as ldexp gives it (rounded once where it is subnormal): one multiplication by the exact
// power where 2^e is normal, which ldexp's range checks cost several times.
KOKKOS_INLINE_FUNCTION double times_power_of_two(double t, int e) {
  if (e >= -1022 && e <= 1023) return t * core::detail::double_of(static_cast<std::int64_t>(e + 1023) << 52);
  return ::ldexp(t, e);
}

// The 53-bit chunk of x from bit pos up, times 2^(pos + scale); 0 when the chunk lies wholly
// below bit 0. Exact when 2^scale is normal.
template <int W>
KOKKOS_INLINE_FUNCTION double chunk(const wide<W>& x, int pos, int scale) {
  return pos > -53 ? times_power_of_two(static_cast<double>(window(x, pos)), pos + scale) : 0.0;
}

// (negative ? -x : x) 2^scale as a double, for a carried x: its top 106 bits in two exact 53-bit
// chunks, t0 + t1 rounded once. What lies below t1 is under 2^-105 of x, so the
// relative error is below 2^-53 (1 + 2^-52); exact where x has at most 53 significant bits.
template <int W>
KOKKOS_INLINE_FUNCTION double to_double(const wide<W>& x, bool negative, int scale) {
  const int length = bit_length(x);
  if (length == 0) return negative ? -0.0 : 0.0;
  const int p0 = length - 53;
  const double v = chunk(x, p0, scale) + chunk(x, p0 - 53, scale);
  return negative ? -v : v;
}

// The double-double nearest-ish to (negative ? -x : x) 2^scale for a carried x: its top 159 bits
// in three exact 53-bit chunks t0 > t1, t2, and hi + lo = t0 + fl(t1 + t2) by FastTwoSum, so the
// relative error is below 2^-105 (1 + 2^-53). Every chunk scales exactly when 2^scale is normal.
template <int W>
KOKKOS_INLINE_FUNCTION multi_double::dd_real to_dd(const wide<W>& x, bool negative, int scale) {
  const int length = bit_length(x);
  if (length == 0) return multi_double::dd_real(negative ? -0.0 : 0.0);
  const int p0 = length - 53;
  const double t0 = chunk(x, p0, scale), t1 = chunk(x, p0 - 53, scale), t2 = chunk(x, p0 - 106, scale);
  double lo = 0;
  const double hi = core::fast_two_sum(t0, t1 + t2, lo);
  return negative ? multi_double::dd_real(-hi, -lo) : multi_double::dd_real(hi, lo);
}

// The expansion<N> of (negative ? -x : x) 2^scale for a carried x: its top 53 (N + 1) bits in
// N + 1 exact chunks (nonoverlapping: each lies below the previous one's last bit), then N
// extractions of Compress's leading component (multi_double/exact_sum.hpp), which give the expansion
// invariant and a relative error below e^N, e = 2^-52 / (1 - 2^-52); with the chunks' truncation
// (below 2^(1 - 53 (N + 1)) relative) the total is below 2^-52N (1 + 2^-47) for N <= 8.
template <int N, int W>
KOKKOS_INLINE_FUNCTION multi_double::expansion<N> to_expansion(const wide<W>& x, bool negative, int scale) {
  multi_double::expansion<N> r;
  const int length = bit_length(x);
  if (length == 0) return r;
  double chunks[N + 1];  // smallest first, as exact_sum takes its slots
  KAMP_UNROLL for (int i = 0; i <= N; ++i) chunks[N - i] = chunk(x, length - 53 * (i + 1), scale);
  auto s = multi_double::detail::exact_sum<N + 1>::from_nonoverlapping(chunks);
  KAMP_UNROLL for (int i = 0; i < N; ++i) r.c[i] = negative ? -s.extract(N + 1 - i) : s.extract(N + 1 - i);
  return r;
}

}  // namespace kamp::blas::ozaki

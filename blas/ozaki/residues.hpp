#pragma once
// From a scaled input to its residues (host and device).
//
// A row of op(A) (a column of op(B)) is scaled by 2^e so that its largest element is at most
// 2^beta in magnitude, and each scaled element is rounded to an integer held as a few
// integer-valued doubles, its "parts" (value_format.hpp: one for double, two for dd_real, N + 1 for
// expansion<N>). Their sum is written in signed base-2^36 digits, at most max_digits of them
// (beta + 1 <= 36 max_digits bits), and the carries are moved up so that every digit but the top
// one is at most 2^35 in magnitude (the top one 2^36 + 1). RNS 1696 writes those digits from its
// binary words itself (rns_value_format.hpp): its integers pass the double range that parts live
// in. A residue modulo m is then
// sum_j D_j w_j with the symmetric weights w_j = 2^36j mod m, |w_j| <= m / 2 < 2^13, reduced
// every 4 digits: 4 terms (below 2^48, the top digit's 2^49) and a reduced residue stay below
// 2^51, so every fma is exact and near_remainder's quotient estimate holds.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "blas/ozaki/crt_basis.hpp"
#include "core/extended_float.hpp"
#include "core/unroll.hpp"

namespace kamp::blas::ozaki {

// Up to Capacity digits (the residue kernel instantiates a few capacities, so that a dd_real's
// four digits do not pay for qd_real's or expansion<8>'s loops).
template <int Capacity = max_digits>
struct signed_digits {
  static_assert(Capacity <= max_digits, "at most max_digits digits");
  double d[Capacity];
};

// The first `count` base-2^36 digits of |y| for an integer-valued double y, added to x with y's
// sign. Each step is exact: floor of an exact power-of-two scaling, and a remainder below 2^36
// that the fma forms without rounding.
template <int Capacity>
KOKKOS_INLINE_FUNCTION void add_digits(signed_digits<Capacity>& x, double y, int count) {
  const double sign = y < 0 ? -1.0 : 1.0;
  double rest = ::fabs(y);
  KAMP_UNROLL for (int j = 0; j < Capacity; ++j) {
    if (j < count) {
      static_assert(digit_bits == 36, "the constants below are 2^-36 and 2^36");
      const double above = ::floor(rest * 0x1p-36);
      x.d[j] += sign * ::fma(-above, 0x1p36, rest);
      rest = above;
    }
  }
}

// The first `count` digits' carries moved up, so that |digit j| <= 2^35 for j < count - 1; exact
// for digits below 2^52 in magnitude.
template <int Capacity>
KOKKOS_INLINE_FUNCTION void move_carries_up(signed_digits<Capacity>& s, int count) {
  KAMP_UNROLL for (int j = 0; j + 1 < Capacity; ++j) {
    if (j + 1 < count) {
      const double up = ::rint(s.d[j] * 0x1p-36);
      s.d[j] = ::fma(-up, 0x1p36, s.d[j]);
      s.d[j + 1] += up;
    }
  }
}

// The sum of the parts in `count` signed digits, carries moved up. |sum| < 2^(36 count) is the
// caller's to ensure; the parts' digits add up to less than 10 * 2^36 (at most 9 parts), so every
// step is exact.
template <int Capacity = max_digits, int Parts>
KOKKOS_INLINE_FUNCTION signed_digits<Capacity> digits_of(const double (&parts)[Parts], int count) {
  signed_digits<Capacity> s;
  KAMP_UNROLL for (int j = 0; j < Capacity; ++j) s.d[j] = 0.0;
  KAMP_UNROLL for (int p = 0; p < Parts; ++p) add_digits(s, parts[p], count);
  move_carries_up(s, count);
  return s;
}

// The conversions the residue and combine kernels make for every residue, written as additions
// of 2^52-scale constants: a GPU converts between 64-bit floats and integers at a quarter of
// its FP64 rate (int <-> double), and these keep the FP64 pipe's full rate with exact results.

// An int32 as a double: 2^52 + (p + 2^31) is exact in a double's significand, and the subtraction
// of 2^52 + 2^31 is exact.
KOKKOS_INLINE_FUNCTION double exact_double(std::int32_t p) {
  const std::uint32_t offset = static_cast<std::uint32_t>(p) ^ 0x80000000u;
#ifdef __CUDA_ARCH__
  return __hiloint2double(0x43300000, static_cast<int>(offset)) - 0x1.000008p52;
#else
  return core::detail::double_of(std::int64_t(0x4330000000000000) | offset) - 0x1.000008p52;
#endif
}
KOKKOS_INLINE_FUNCTION double exact_double(double p) { return p; }

// An integer-valued double |v| < 2^31 as an int: the low word of 1.5 2^52 + v holds v in two's
// complement (the sum is exact and its unit is 1).
KOKKOS_INLINE_FUNCTION std::int32_t exact_int(double v) {
#ifdef __CUDA_ARCH__
  return __double2loint(v + 0x1.8p52);  // a 32-bit register, so that products of it stay 32 x 32 bits
#else
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(core::detail::bits_of(v + 0x1.8p52)));
#endif
}

// x - q m with q the integer nearest fl(x fl(1/m)), for an integer-valued double |x| < 2^51 and
// 2 <= m < 2^16; inverse = fl(1/m). The estimate is within |x/m| 2^-52 < 1/m of x/m (below 2^51
// the added 1.5 2^52 rounds it to the nearest integer), so q is x/m's nearest integer or, within
// 1/m of a half, its other neighbour: the result lies in [-m/2 - 1, m/2 + 1], formed exactly by
// the fma.
KOKKOS_INLINE_FUNCTION double near_remainder(double x, double m, double inverse) {
  const double q = (x * inverse + 0x1.8p52) - 0x1.8p52;
  return ::fma(-q, m, x);
}

// The residue in [0, M) modulo a narrow pair's M (crt_basis.hpp) of the integer whose residues
// modulo its two moduli are those of h_0 and h_1 (exact integers below 2^31 in magnitude: INT32
// residue products): h_0 e_0 + h_1 e_1, below 2^47 in magnitude (|e| <= M / 2 < 2^15) and so
// exact, has them; its near remainder, in [-M/2 - 1, M/2 + 1], moved up by M where negative, lies
// in [0, M) for M >= 4 (a representative up to 2M, as the wide moduli take, would cost the sums a
// bit: a word more at 41 and 87 moduli, RNS 424's count).
KOKKOS_INLINE_FUNCTION double pair_residue(double h0, double h1, const pair_constants& c) {
  const double r = near_remainder(::fma(h1, c.e1, h0 * c.e0), c.modulus, c.inverse);
  return r < 0 ? r + c.modulus : r;
}

// The residue of the digits' value modulo m in [-m/2 - 1, m/2 + 1]; weights[j] = 2^36j mod m,
// symmetric.
template <int Capacity>
KOKKOS_INLINE_FUNCTION double near_residue(const signed_digits<Capacity>& x, int count, double m, double inverse,
                                           const double (&weights)[Capacity]) {
  double sum = 0;
  KAMP_UNROLL for (int j = 0; j < Capacity; ++j) {
    if (j < count) sum = ::fma(x.d[j], weights[j], sum);
    if (j % 4 == 3 && j + 1 < count) sum = near_remainder(sum, m, inverse);
  }
  return near_remainder(sum, m, inverse);
}

// A narrow modulus' near residue r as an int8, in [-128, 127] where the INT8 GEMMs take it: r's
// low byte read as signed. Its sum in near_residue stays below 2^46 in magnitude (4 terms of a
// digit, at most 2^36 + 1, by a weight, at most 128, and a reduced residue), so the quotient
// estimate errs by less than 2^-6 / m, less than x/m's distance 1 / (2m) from any half-integer
// for an odd m: q is x/m's nearest integer and |r| <= (m - 1) / 2 <= 127, r's own byte. For m =
// 256 (fl(1/m) exact) r lies in [-128, 128], and its low byte is r mod 256. A wide modulus'
// residue, m < 2^14 odd, is already below 2^13 in magnitude, as split_wide needs.
KOKKOS_INLINE_FUNCTION int narrow_residue(int r) { return ((r + 128) & 255) - 128; }

// A wide modulus' residue s, |s| < 2^13, as 2^7 high + low, low in [-64, 64): the three INT8 GEMM
// operands high, low and high + low (crt_basis.hpp), all in [-127, 127] for |s| < 2^13.
struct wide_digits {
  int high, low;
};
KOKKOS_INLINE_FUNCTION wide_digits split_wide(int s) {
  const int high = (s + 64 + 8192) / 128 - 64;  // floor((s + 64) / 128) on a nonnegative numerator
  return {high, s - 128 * high};
}

}  // namespace kamp::blas::ozaki

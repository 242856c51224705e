#pragma once
// product_bins<Terms, Bits>: fixed-point accumulators for the terms of an expansion product,
// anchored at the binade of the leading product: each term goes in exactly in O(1) steps, and
// the sum comes out as a short nonoverlapping expansion.
//
// The idea is the bins of Joldes, Marty, Muller and Popescu ("Arithmetic algorithms for extended
// precision using floating-point expansions", IEEE Trans. Comput. 65(4), 2016): doubles whose
// ulps lie a fixed number of bits apart, each kept in one binade by an offset, so that adding a
// small term to one is a FastTwoSum whose error goes to the next. They pick each term's bin from
// its exponent; here the caller names it from the term's a-priori bound (its diagonal), so no
// index depends on the data and a GPU keeps the bins in registers.
//
// Layout. Let 2^E <= |P| < 2^(E+1) for the anchor P = fl(x_0 y_0), c = ceil(log2 Terms), slack
// S = c + 2, width W = 53 - S, k_j = E + 2 + S - W j. Bin j starts at C_j = 1.5 2^k_j and only
// receives terms |t| <= 2^(k_j - S).
// - A deposit s = fl(B + t), r = t - (s - B) is FastTwoSum(B, t) (|B| > 2^k_j > |t|): exact, and
//   |r| <= ulp(s) / 2 = 2^(k_j - 53) = 2^(k_(j+1) - S), so r is a term for bin j + 1.
// - Each bin receives at most Terms + 1 deposits, so |B - C_j| <= (Terms + 1) (2^(k_j - S) +
//   2^(k_j - 53)) < 2^(k_j - 1): B stays in (2^k_j, 2^(k_j+1)), its ulp stays 2^(k_j - 52) (the
//   remainder bound above), and B - C_j is exact at the end (Sterbenz).
// - A term with |t| <= 2^(E + 2 - D) (D, its depth) qualifies for bin first_bin(D) = floor(D / W).
//   It is carried down to the last bin L, or to a bin below which its remainder is known to be 0
//   (deposit_exactly). What L leaves of each term (at most 2^(k_L - 53), nonzero only for a term
//   far below its bound) is added to `rest` with rounding: rest errs by at most Terms^2
//   2^(k_L - 106) <= 2^(E - Bits - 50) by the choice of L, and is exact where one term leaves a
//   remainder (x 1 = x for any x). rest (below 2^(k_L - S)) is the last deposit of bin L, and
//   what that leaves, below half L's ulp, is the smallest digit.
// - Every bin is a normal double, never above 2^1021, when lowest_exponent <= E <= 1000
//   (fits(P)); the caller takes another path elsewhere. Subnormal roundings in rest add at most
//   Terms 2^-1075, far below 2^(E - Bits - 50) there.
// So digits() returns the deposited terms' sum within 2^(E - Bits - 50) <= 2^-(Bits + 50) |P|.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "core/eft.hpp"
#include "core/extended_float.hpp"
#include "core/unroll.hpp"

namespace kamp::multi_double::detail {

constexpr KOKKOS_FORCEINLINE_FUNCTION int ceil_log2(int n) {
  int k = 0;
  while ((1 << k) < n) ++k;
  return k;
}

// Exact 2^e for |e| <= 1022, usable in constant expressions.
constexpr KOKKOS_FORCEINLINE_FUNCTION double power_of_two(int e) {
  double r = 1;
  for (; e > 0; --e) r *= 2;
  for (; e < 0; ++e) r *= 0.5;
  return r;
}

template <int Terms, int Bits>
struct product_bins {
  static constexpr int bits = Bits;
  static constexpr int slack = ceil_log2(Terms) + 2;
  static constexpr int width = 53 - slack;
  // The smallest L with W L >= Bits + 2c + S - 54 (rest's rounding bound above).
  static constexpr int last = (Bits + 2 * ceil_log2(Terms) + slack - 54 + width - 1) / width;
  static constexpr int count = last + 1;
  static constexpr int digit_count = count + 1;  // the bins and what the last one leaves of rest
  // The smallest E with bin L's ulp, 2^(E + 2 + S - W L - 52), at least 2^-1022.
  static constexpr int lowest_exponent = width * last - slack - 972;
  static constexpr double lowest_anchor = power_of_two(lowest_exponent);
  static constexpr double highest_anchor = 0x1p1000;  // bin 0's offset stays below 2^1021

  constexpr KOKKOS_FORCEINLINE_FUNCTION static int first_bin(int depth) { return depth / width; }

  // Whether the bins anchored at p = fl(x_0 y_0) are all normal doubles below 2^1021.
  KOKKOS_FORCEINLINE_FUNCTION static bool fits(double p) {
    const double a = std::fabs(p);
    return a >= lowest_anchor && a < highest_anchor;
  }

  // Invariant: b[j] - binade start(j) is the exact sum of what bin j received, and b[j] lies in
  // (2^k_j, 2^(k_j+1)); rest is the rounded sum of what the last bin left.
  double b[count];
  double binade;  // 2^E
  double rest = 0;

  // Bins anchored at p's binade (fits(p) holds).
  KOKKOS_FORCEINLINE_FUNCTION explicit product_bins(double p)
      : binade(core::detail::double_of(core::detail::bits_of(p) & 0x7ff0000000000000)) {
    KAMP_UNROLL_FOR_LANES
    for (int j = 0; j < count; ++j) b[j] = core::mul_rn(binade, start(j));
  }

  // Adds t (|t| <= 2^(E + 2 - depth), first = first_bin(depth)) to bins first .. last, what the
  // last leaves to rest.
  KOKKOS_FORCEINLINE_FUNCTION void deposit(int first, double t) { rest = core::add_rn(rest, carry(first, last, t)); }

  // Adds t to bins first .. last_bin, below which its remainder is known to be 0.
  KOKKOS_FORCEINLINE_FUNCTION void deposit_exactly(int first, int last_bin, double t) { carry(first, last_bin, t); }

  // The sum as a nonoverlapping expansion, smallest first (exact_sum's slot order).
  // rest goes into bin L first; then, from the last bin up, each bin's value v_j = b[j] - start
  // is split at bin j - 1's ulp U_(j-1): the carry c = fl(v_j + start_(j-1)) - start_(j-1) is v_j
  // rounded to a multiple of U_(j-1) (the sum lies in start_(j-1)'s binade), added to b[j - 1]
  // (both multiples of U_(j-1), b[j - 1] stays in its binade: exact), and v_j - c, a multiple of
  // U_j with |v_j - c| <= U_(j-1) / 2, stays. Every digit lies below the lowest bit of the one
  // above: nonoverlapping. 4 flops a bin where Grow-Expansion would take a TwoSum cascade.
  KOKKOS_FORCEINLINE_FUNCTION void digits(double (&v)[digit_count]) {
    v[0] = carry(last, last, rest);
    KAMP_UNROLL_FOR_LANES
    for (int k = 1; k < count; ++k) {  // bin j = count - k, its digit v[k]
      const int j = count - k;
      const double value = core::sub_rn(b[j], core::mul_rn(binade, start(j)));
      const double above = core::mul_rn(binade, start(j - 1));
      const double carry_up = core::sub_rn(core::add_rn(value, above), above);
      b[j - 1] = core::add_rn(b[j - 1], carry_up);
      v[k] = core::sub_rn(value, carry_up);
    }
    v[count] = core::sub_rn(b[0], core::mul_rn(binade, start(0)));
  }

 private:
  // FastTwoSums of t through bins first .. last_bin; returns what the last one leaves.
  KOKKOS_FORCEINLINE_FUNCTION double carry(int first, int last_bin, double t) {
    KAMP_UNROLL_FOR_LANES
    for (int j = 0; j < count; ++j) {
      if (j < first || j > last_bin) continue;
      const double s = core::add_rn(b[j], t);
      t = core::sub_rn(t, core::sub_rn(s, b[j]));
      b[j] = s;
    }
    return t;
  }

  // 1.5 2^(2 + S - W j), bin j's offset for E = 0, from its bits (a normal double for j <= last).
  KOKKOS_FORCEINLINE_FUNCTION static double start(int j) {
    return core::detail::double_of((std::int64_t(1023 + 2 + slack - width * j) << 52) | (std::int64_t(1) << 51));
  }
};

}  // namespace kamp::multi_double::detail

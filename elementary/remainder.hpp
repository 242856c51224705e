#pragma once
// fmod(x, y) of a multi-double format V, host and device: x - n y with n = trunc(x / y), the
// remainder computed exactly in integer arithmetic and rounded to V once. Within u (1 + 2^-60) of
// the exact remainder, and equal to it where its bits span at most V's precision (always where x
// and y are doubles, as C's fmod of doubles).
//
// Why integers: for a double, x - n y is exact and representable; in a multi-double format it
// need not be (y = 1 + 2^-200 in dd_real leaves remainders of 200 significant bits), and a
// reduction through the format's own arithmetic rounds at every step, relative to an intermediate
// that may be far larger than the remainder. Every finite component is m 2^e with an integer
// |m| < 2^53 and e >= -1074, so x and y are integers X and Y times 2^g, g the lowest such e among
// their nonzero components, and x - n y = (|X| mod |Y|) 2^g with x's sign. |X| < 2^(1024 - g)
// takes at most 2099 bits: remainder_words words hold it with the sign of the two's complement.
//
// |X| mod |Y| by binary long division: R starts as |X|'s bits above the lowest s = bx - by + 1
// (bx, by the bit lengths), below |Y|; each of the s remaining bits doubles R, brings the bit in
// and subtracts |Y| where R reaches it, so R < 2 |Y| stays in |Y|'s words plus one. The work is
// s (<= 2099) steps over those words: small where x / y is, largest for a huge x over a y of many
// significant bits (about 2 10^4 word operations).
//
// Special values as C's Annex F: NaN where x is infinite, y is zero or either is NaN; x itself
// where y is infinite and x finite, or x is +-0; a zero remainder has x's sign.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "elementary/fixed_point.hpp"
#include "elementary/multi_double_access.hpp"

namespace kamp::elementary {

namespace detail {

// |X| < 2^2099 for the integer X = x 2^-g, and a sign bit.
constexpr int remainder_words = 34;
using remainder_integer = std::uint64_t[remainder_words];

// e of a nonzero finite component c = m 2^e (integer_significand).
KOKKOS_INLINE_FUNCTION int unit_exponent(double c) {
  int e = 0;
  integer_significand(c, e);
  return e;
}

template <class V>
KOKKOS_INLINE_FUNCTION int lowest_unit_exponent(const V& x, int g) {
  for (int i = 0; i < shape<V>::components; ++i) {
    const double c = component_of(x, i);
    if (c != 0 && unit_exponent(c) < g) g = unit_exponent(c);
  }
  return g;
}

// Word k of a counted from the lowest (0 past the highest).
KOKKOS_INLINE_FUNCTION std::uint64_t word_from_lowest(const remainder_integer& a, int k) {
  return k < remainder_words ? a[remainder_words - 1 - k] : 0;
}

// The 64 bits of a from bit i on, counted from the lowest.
KOKKOS_INLINE_FUNCTION std::uint64_t bits_from_lowest(const remainder_integer& a, int i) {
  const int k = i / 64, o = i % 64;
  const std::uint64_t low = word_from_lowest(a, k) >> o;
  return o == 0 ? low : low | (word_from_lowest(a, k + 1) << (64 - o));
}

// The bit length of a >= 0 (0 for a = 0).
KOKKOS_INLINE_FUNCTION int bit_length(const remainder_integer& a) {
  for (int j = 0; j < remainder_words; ++j)
    if (a[j] != 0) return 64 * (remainder_words - j) - leading_zeros(a[j]);
  return 0;
}

// a <- a + c 2^-g in two's complement, for a nonzero finite component c whose e >= g.
KOKKOS_INLINE_FUNCTION void add_component(remainder_integer& a, double c, int g) {
  int e = 0;
  const std::uint64_t m = integer_significand(c, e);
  const int shift = e - g, o = shift % 64;
  const std::uint64_t low = m << o, high = o == 0 ? 0 : m >> (64 - o);
  const int first = remainder_words - 1 - shift / 64;  // the word that takes `low`
  std::uint64_t carry = 0;                             // carry, or borrow where c < 0
  for (int j = first; j >= 0; --j) {
    const std::uint64_t t = (j == first ? low : j == first - 1 ? high : 0) + carry;
    const std::uint64_t overflow = t < carry;  // only where carry = 1 and the term is 2^64 - 1
    const std::uint64_t before = a[j];
    if (c > 0) {
      a[j] = before + t;
      carry = overflow + (a[j] < before);
    } else {
      a[j] = before - t;
      carry = overflow + (before < t);
    }
    if (carry == 0 && j <= first - 1) break;
  }
}

// |x| 2^-g as an integer.
template <class V>
KOKKOS_INLINE_FUNCTION void magnitude_integer(const V& x, int g, remainder_integer& a) {
  for (int j = 0; j < remainder_words; ++j) a[j] = 0;
  for (int i = 0; i < shape<V>::components; ++i)
    if (component_of(x, i) != 0) add_component(a, component_of(x, i), g);
  if (lead(x) < 0) negate(a);  // x's sign is its leading component's
}

// r <- x mod y over the words [first, remainder_words), 0 <= x, 0 < y < 2^(64 (remainder_words -
// first) - 1).
KOKKOS_INLINE_FUNCTION void integer_remainder(const remainder_integer& x, const remainder_integer& y,
                                              remainder_integer& r) {
  const int bx = bit_length(x), by = bit_length(y);
  const int s = bx < by ? 0 : bx - by + 1;
  const int first = remainder_words - (by + 1 + 63) / 64;  // r < 2 y fits in words [first, end)
  for (int j = 0; j < remainder_words; ++j) r[j] = 0;
  // r = x >> s: by - 1 bits, below y.
  for (int j = first; j < remainder_words; ++j) r[j] = bits_from_lowest(x, s + 64 * (remainder_words - 1 - j));
  if (s == 0) return;  // x < 2^bx <= 2^(by - 1) <= y: r = x
  for (int i = s - 1; i >= 0; --i) {
    std::uint64_t in = (word_from_lowest(x, i / 64) >> (i % 64)) & 1;  // r <- 2 r + bit i of x
    for (int j = remainder_words - 1; j >= first; --j) {
      const std::uint64_t out = r[j] >> 63;
      r[j] = (r[j] << 1) | in;
      in = out;
    }
    int cmp = 0;  // r against y, from the highest word
    for (int j = first; j < remainder_words && cmp == 0; ++j) cmp = r[j] < y[j] ? -1 : r[j] > y[j] ? 1 : 0;
    if (cmp < 0) continue;
    std::uint64_t borrow = 0;
    for (int j = remainder_words - 1; j >= first; --j) {
      const std::uint64_t t = y[j] + borrow;
      const std::uint64_t over = t < borrow;
      borrow = over + (r[j] < t);
      r[j] -= t;
    }
  }
}

}  // namespace detail

template <class V, std::enable_if_t<detail::is_multi_double<V>::value, int> = 0>
KOKKOS_INLINE_FUNCTION V fmod(const V& x, const V& y) {
  const double x0 = detail::lead(x), y0 = detail::lead(y);
  if (std::isnan(x0) || std::isnan(y0) || std::isinf(x0) || y0 == 0) return V(std::nan(""));
  if (std::isinf(y0) || x0 == 0) return x;
  if (multi_double::abs(x) < multi_double::abs(y)) return x;
  const int g = detail::lowest_unit_exponent(y, detail::lowest_unit_exponent(x, 2000));
  detail::remainder_integer a, b, r;
  detail::magnitude_integer(x, g, a);
  detail::magnitude_integer(y, g, b);
  detail::integer_remainder(a, b, r);
  const int length = detail::bit_length(r);
  if (length == 0) return V(std::copysign(0.0, x0));
  // r 2^g = t 2^(length - 1 + g), t in [1, 2); the exponent is within [-1074, 1023].
  const int lead_bit = 64 * detail::remainder_words - length;
  const V t = detail::leading_bits_value<V>(r, lead_bit);
  const V magnitude = detail::times_power_of_two(t, length - 1 + g);
  return x0 < 0 ? -magnitude : magnitude;
}

template <class V>
constexpr double fmod_bound() {
  return 1.01;
}

}  // namespace kamp::elementary

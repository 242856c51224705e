#pragma once
// The trigonometric functions' argument reduction of a multi-double x (host and device):
// x = (4 M + q + f) pi/2 with q in {0, 1, 2, 3} and |f| <= 1/2, returning q and r = f pi/2 in V,
// exact in integer arithmetic up to the last step, at every size of x (Payne and Hanek's method
// over the components).
//
// Each component is c = m 2^e with an integer |m| < 2^53 (e >= -1074), so c (2/pi) mod 4 needs
// only the bits a_b (weight 2^-b) of 2/pi with b >= e - 1: the others give multiples of 4 m. The
// window of L + 1 words of them from bit e - 1, times m, gives c (2/pi) mod 4 in a fixed point of
// L words, y = A 2^-(64 L - 2), to within one unit of its last place (the window's truncation
// adds m 2^-(64 (L + 1) - 2), below 2^-9 of a unit, and the dropped low word below one unit).
// The sum of the N components' products, mod 2^(64 L), is y = x (2/pi) mod 4 within N units;
// q is y's nearest integer and f = y - q, exact from there.
//
// f's relative error is at most N 2^-(64 L - 2) / |f|: the reduction is taken when f has at
// least p + 16 significant bits in the fixed point (relative error below 2^-(p+11), p =
// shape<V>::precision). The common case reads L = ceil((2p + 34) / 64) words (f down to
// 2^-(p+18), which holds x within 2^-p relative of a small multiple of pi/2); otherwise the
// reduction is repeated with enough words for any x: x (2/pi) - K is at least
// 2^-cancellation_bits for every multi-double x != 0 and integer K (constants.hpp; x is a multiple
// of 2^-1074 below 2^1024, and the bound follows from 2/pi's continued fraction).
//
// From f, its top (p + 64) bits to V: 52-bit fields, each an exact double, summed exactly
// (elementary/fixed_point.hpp) and rounded to V's components (within u), times pi/2 (the constant
// within u, the product u), scaled by the fixed point's exponent (into the subnormals, or to zero,
// where f pi/2 is that small). r is within 3.02 u of f pi/2.
//
// Arguments below 50 take a Cody-Waite reduction first: k = nearest(x_0 2/pi) (|k| <= 32), and
// x - k (c_0 + ... + c_(M-1)) with pi/2's pieces c_i of at most 47 significant bits (each k c_i an
// exact double), summed exactly with x's components and rounded to V once (within u). The pieces
// leave |pi/2 - sum c_i| <= 2^-(47 M), and M = ceil((p + 35) / 47) makes |k| times that at most
// 2^-(p+10) |r| wherever |r| >= 2^-20, which the path checks (otherwise the exact reduction
// decides): r within 1.001 u. k = 0 returns x itself.
// Integer arithmetic, exact sums and exact scalings only: the same bits on every backend.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "core/out_of_line.hpp"
#include "core/wide_multiply.hpp"
#include "elementary/constants.hpp"
#include "elementary/fixed_point.hpp"
#include "elementary/multi_double_access.hpp"
#include "multi_double/exact_sum.hpp"

namespace kamp::elementary::detail {

struct pi_table {
  KOKKOS_INLINE_FUNCTION double operator()(int i) const { return constants::pi(i); }
};

// pi 2^k in V (the components scaled exactly).
template <class V>
KOKKOS_INLINE_FUNCTION V pi_times_power_of_two(int k) {
  return times_power_of_two(constant<V>(pi_table{}), k);
}

// The fixed points' sizes in 64-bit words: the common one and the one that holds any x.
template <class V>
constexpr int common_reduction_words = (2 * shape<V>::precision + 34 + 63) / 64;
template <class V>
constexpr int any_reduction_words = (constants::cancellation_bits + shape<V>::precision + 17 + 63) / 64;

// The bits a_start .. a_start + 63 of 2/pi as a word (a_b = 0 for b < 1).
KOKKOS_INLINE_FUNCTION std::uint64_t two_over_pi_bits(int start) {
  const int s = start - 1;
  if (s < 0) return s <= -64 ? 0 : constants::two_over_pi_word(0) >> -s;
  const int w = s / 64, o = s % 64;
  const std::uint64_t high = constants::two_over_pi_word(w);
  return o == 0 ? high : (high << o) | (constants::two_over_pi_word(w + 1) >> (64 - o));
}

// a <- a +- c (2/pi) mod 4, a the fixed point of L words (a[0] the highest).
template <int L>
KOKKOS_INLINE_FUNCTION void add_quarter_turns(std::uint64_t (&a)[L], double c) {
  if (c == 0) return;
  int e = 0;
  const std::uint64_t m = integer_significand(c, e);
  std::uint64_t product[L], carry = 0;
  for (int j = L; j >= 0; --j) {  // m times the window's word j, from the lowest
    std::uint64_t high = 0;
    std::uint64_t low = core::mul_wide(m, two_over_pi_bits(e - 1 + 64 * j), high);
    low += carry;
    high += low < carry;
    if (j < L) product[j] = low;
    carry = high;
  }
  std::uint64_t borrow_or_carry = 0;
  for (int j = L - 1; j >= 0; --j) {
    const std::uint64_t before = a[j];
    if (c > 0) {
      const std::uint64_t t = product[j] + borrow_or_carry;
      const std::uint64_t sum = before + t;
      borrow_or_carry = (t < borrow_or_carry) + (sum < before);
      a[j] = sum;
    } else {
      const std::uint64_t t = product[j] + borrow_or_carry;
      a[j] = before - t;
      borrow_or_carry = (t < borrow_or_carry) + (before < t);
    }
  }
}

// The reduction in L words: true with q and r (above) where f has at least p + 16 significant
// bits in the fixed point.
template <class V, int L>
KOKKOS_INLINE_FUNCTION bool reduce_in_words(const V& x, int& q, V& r) {
  constexpr int n = shape<V>::components;
  std::uint64_t a[L] = {};
  for (int i = 0; i < n; ++i) add_quarter_turns(a, component_of(x, i));
  // q = nearest(y) mod 4 from the top three bits; a - q 2^(64 L - 2) is f as a signed fixed point.
  const std::uint64_t k = ((a[0] >> 62) + ((a[0] >> 61) & 1)) & 3;
  q = static_cast<int>(k);
  a[0] -= k << 62;
  const bool negative = (a[0] >> 63) != 0;
  if (negative) negate(a);
  int w = 0;
  while (w < L && a[w] == 0) ++w;
  if (w == L) return false;
  const int significant = 64 * (L - w) - leading_zeros(a[w]);
  if (significant < shape<V>::precision + 16) return false;
  // f = t 2^(1 - b) for the leading one bit b (0 the highest of a[0]), t in [1, 2).
  const int lead_bit = 64 * w + leading_zeros(a[w]);
  const V t = leading_bits_value<V>(a, lead_bit);
  const V r_scaled = multi_double::mul(t, pi_times_power_of_two<V>(-1));
  const int exponent = 1 - lead_bit;
  r = exponent < -2200 ? V(0.0) : times_power_of_two(r_scaled, exponent);
  if (negative) r = -r;
  return true;
}

template <class V>
KAMP_OUT_OF_LINE_FUNCTION V reduce_in_any_case(const V& x, int& q) {
  static_assert((1023 - 52 - 2 + 64 * (any_reduction_words<V> + 1)) / 64 + 1 < constants::two_over_pi_word_count,
                "the table of 2/pi is too short for this format's reduction");
  V r;
  reduce_in_words<V, any_reduction_words<V>>(x, q, r);  // always enough (above)
  return r;
}

template <class V>
constexpr int cody_waite_pieces = (shape<V>::precision + 35 + 46) / 47;

// The Cody-Waite reduction of |x_0| < 50 (above): true with q and r where |r| >= 2^-20 or k = 0.
template <class V>
KOKKOS_INLINE_FUNCTION bool reduce_small(const V& x, int& q, V& r) {
  constexpr int n = shape<V>::components, m = cody_waite_pieces<V>;
  static_assert(m <= constants::half_pi_piece_count, "pi/2 needs more Cody-Waite pieces for this format");
  const double x0 = lead(x);
  if (!(std::fabs(x0) < 50.0)) return false;
  const double k = std::nearbyint(x0 * (2.0 / constants::pi(0)));
  if (k == 0) {
    q = 0;
    r = x;
    return true;
  }
  double terms[n + m];  // the smallest first: Grow-Expansion carries less
  for (int i = 0; i < m; ++i) terms[i] = -k * constants::half_pi_piece(m - 1 - i);  // exact
  for (int i = 0; i < n; ++i) terms[m + i] = component_of(x, n - 1 - i);
  multi_double::detail::exact_sum<n + m> sum(terms);
  r = leading_value<V>(sum);
  if (!(std::fabs(lead(r)) >= 0x1p-20)) return false;
  q = static_cast<int>(k) & 3;  // k mod 4, also for k < 0
  return true;
}

// x = (4 M + q) pi/2 + r for finite x, within 3.02 u of r.
template <class V>
KOKKOS_INLINE_FUNCTION V reduce_quarter_turns(const V& x, int& q) {
  V r;
  if (reduce_small(x, q, r)) return r;
  if (reduce_in_words<V, common_reduction_words<V>>(x, q, r)) return r;
  return reduce_in_any_case(x, q);
}

}  // namespace kamp::elementary::detail

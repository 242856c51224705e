#pragma once
// Multi-word fixed points of 64-bit words (a[0] the highest), read back into a multi-double
// format: the exact integer arithmetic of the trigonometric reduction and of fmod ends here.
// Integer operations and exact scalings only: the same bits on every backend.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "core/eft.hpp"
#include "elementary/multi_double_access.hpp"
#include "multi_double/exact_sum.hpp"
#include "multi_double/grown_cores.hpp"

namespace kamp::elementary::detail {

// The number of leading zero bits of a nonzero word.
KOKKOS_INLINE_FUNCTION int leading_zeros(std::uint64_t w) {
  int n = 0;
  for (int step = 32; step > 0; step /= 2) {
    if (w >> (64 - step) == 0) {
      n += step;
      w <<= step;
    }
  }
  return n;
}

// A nonzero finite double c as |c| = m 2^e with an integer m < 2^53 and e >= -1074: returns m, e
// in `e`.
KOKKOS_INLINE_FUNCTION std::uint64_t integer_significand(double c, int& e) {
  const int ilog = std::ilogb(c);
  e = ilog - 52 < -1074 ? -1074 : ilog - 52;
  return static_cast<std::uint64_t>(std::fabs(std::ldexp(c, -e)));  // exact
}

// a <- -a in two's complement: invert, add one.
template <int L>
KOKKOS_INLINE_FUNCTION void negate(std::uint64_t (&a)[L]) {
  std::uint64_t carry = 1;
  for (int j = L - 1; j >= 0; --j) {
    a[j] = ~a[j] + carry;
    carry = carry && a[j] == 0;
  }
}

// The 64 bits of the fixed point a from bit b on (0 the highest of a[0]), zeros past its end.
template <int L>
KOKKOS_INLINE_FUNCTION std::uint64_t fixed_point_bits(const std::uint64_t (&a)[L], int b) {
  const int w = b / 64, o = b % 64;
  const std::uint64_t high = w < L ? a[w] : 0, low = w + 1 < L ? a[w + 1] : 0;
  return o == 0 ? high : (high << o) | (low >> (64 - o));
}

// The leading components of an exact sum in V (dd_real's pair renormalised, hi = fl(hi + lo)):
// within u.
template <class V, int Slots>
KOKKOS_INLINE_FUNCTION V leading_value(multi_double::detail::exact_sum<Slots>& s) {
  if constexpr (std::is_same<V, dd_real>::value) {
    const expansion<2> e = multi_double::detail::leading_components<2>(s);
    double lo = 0;
    const double hi = core::fast_two_sum(e.c[0], e.c[1], lo);
    return dd_real(hi, lo);
  } else {
    return multi_double::detail::leading_components<shape<V>::components>(s);
  }
}

// t in [1, 2) from the fixed point a whose leading one bit is `lead_bit` (0 the highest of a[0]):
// its top p + 64 bits (p = shape<V>::precision) in 52-bit fields, each an exact double, the
// fields nonoverlapping, their sum exact and its leading components rounded to V. t is within
// u (1 + 2^-60) of the bits from lead_bit on (the fields' truncation adds below 2^-(p+63)), and
// equal to them where they end within the first p bits.
template <class V, int L>
KOKKOS_INLINE_FUNCTION V leading_bits_value(const std::uint64_t (&a)[L], int lead_bit) {
  constexpr int fields = (shape<V>::precision + 64 + 51) / 52 + 1;
  double digits[fields];  // increasing in magnitude
  for (int k = 0; k < fields; ++k)
    digits[fields - 1 - k] =
        std::ldexp(static_cast<double>(fixed_point_bits(a, lead_bit + 52 * k) >> 12), -51 - 52 * k);
  multi_double::detail::exact_sum<fields> sum = multi_double::detail::exact_sum<fields>::from_nonoverlapping(digits);
  return leading_value<V>(sum);
}

}  // namespace kamp::elementary::detail

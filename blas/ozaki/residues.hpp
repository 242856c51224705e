#pragma once
// From a scaled double-double input to its residues (host and device).
//
// A row of op(A) (a column of op(B)) is scaled by 2^e so that its largest element is at most
// 2^beta in magnitude; the scaled value 2^e (hi + lo) is then rounded to the integer
// round(2^e hi) + round(2^e lo + (2^e hi - round(2^e hi))), within 1/2 + 2^-53 of it. Both parts
// are integers held exactly in doubles. Their sum is written in signed base-2^36 digits, at most
// max_digits of them (beta + 1 <= 360 bits), and a residue modulo m is then
// sum_j D_j (2^36j mod m) reduced once: |D_j| < 2^37 and the weights are below 2^8, so the sum of
// up to 10 terms stays below 2^49 and every fma is exact.
#include <Kokkos_Core.hpp>

#include <cmath>

#include "blas/ozaki/crt_basis.hpp"
#include "core/unroll.hpp"
#include "dd/dd_real.hpp"

namespace kamp::blas::ozaki {

struct integer_parts {
  double high, low;
};

KOKKOS_INLINE_FUNCTION integer_parts scaled_integer(const dd::dd_real& x, int e) {
  const double h = ::ldexp(x.hi, e), l = ::ldexp(x.lo, e);
  const double high = ::rint(h);
  // h - high is exact: for |h| >= 2^52 both are equal, below both lie within a factor 2 or high is 0.
  return {high, ::rint(l + (h - high))};
}

struct signed_digits {
  double d[max_digits];
};

// The first `count` base-2^36 digits of |y| for an integer-valued double y, added to x with y's
// sign. Each step is exact: floor of an exact power-of-two scaling, and a remainder below 2^36
// that the fma forms without rounding.
KOKKOS_INLINE_FUNCTION void add_digits(signed_digits& x, double y, int count) {
  const double sign = y < 0 ? -1.0 : 1.0;
  double rest = ::fabs(y);
  KAMP_UNROLL for (int j = 0; j < max_digits; ++j) {
    if (j < count) {
      static_assert(digit_bits == 36, "the constants below are 2^-36 and 2^36");
      const double above = ::floor(rest * 0x1p-36);
      x.d[j] += sign * ::fma(-above, 0x1p36, rest);
      rest = above;
    }
  }
}

// high + low in `count` signed digits; |high + low| < 2^(36 count) is the caller's to ensure.
KOKKOS_INLINE_FUNCTION signed_digits digits_of(const integer_parts& x, int count) {
  signed_digits s;
  KAMP_UNROLL for (int j = 0; j < max_digits; ++j) s.d[j] = 0.0;
  add_digits(s, x.high, count);
  add_digits(s, x.low, count);
  return s;
}

// x mod m in [0, m) for an integer-valued double |x| < 2^52 and m <= 256; inverse = fl(1/m). The
// quotient estimate is off by at most one (its relative error 2^-52 times |x| / m < 2^52 is
// below 1), and x - q m is formed exactly by the fma.
KOKKOS_INLINE_FUNCTION int reduce(double x, double m, double inverse) {
  const double q = ::floor(x * inverse);
  double r = ::fma(-q, m, x);
  if (r < 0) r += m;
  else if (r >= m) r -= m;
  return static_cast<int>(r);
}

// The residue of the digits' value modulo m; weights[j] = 2^36j mod m.
template <class Weights>
KOKKOS_INLINE_FUNCTION int residue(const signed_digits& x, int count, int m, double inverse, const Weights& weights) {
  double sum = 0;
  KAMP_UNROLL for (int j = 0; j < max_digits; ++j)
    if (j < count) sum = ::fma(x.d[j], weights(j), sum);
  return reduce(sum, m, inverse);
}

// The symmetric representative of r in [0, m): [-m/2, m/2) for even m, [-(m-1)/2, (m-1)/2] for
// odd m, so |result| <= 128 and it fits an int8.
KOKKOS_INLINE_FUNCTION int symmetric(int r, int m) { return 2 * r >= m ? r - m : r; }

}  // namespace kamp::blas::ozaki

#pragma once
// From a scaled double-double input to its residues (host and device).
//
// A row of op(A) (a column of op(B)) is scaled by 2^e so that its largest element is at most
// 2^beta in magnitude; the scaled value 2^e (hi + lo) is then rounded to the integer
// round(2^e hi) + round(2^e lo + (2^e hi - round(2^e hi))), within 1/2 + 2^-53 of it. Both parts
// are integers held exactly in doubles; the first is below 2^(beta+1), the second below
// 2^(beta-52) + 1, so a part is s 2^E with s < 2^53 an integer and 0 <= E < power_table_size.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

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

// |x| = significand 2^exponent for an integer-valued double x: significand < 2^53 an integer.
struct split_integer {
  double significand;
  int exponent;
  bool negative;
};

KOKKOS_INLINE_FUNCTION split_integer split(double x) {
  const double a = ::fabs(x);
  if (a < 0x1p53) return {a, 0, x < 0};
  const int e = ::ilogb(a) - 52;
  return {::ldexp(a, -e), e, x < 0};
}

// s mod m in [0, m) for an integer 0 <= s < 2^53 and m <= 256; inverse = fl(1/m). The quotient
// estimate is off by at most one (its relative error 2^-52 times s / m < 2^53 is below 2), and
// s - q m is formed exactly by the fma.
KOKKOS_INLINE_FUNCTION int reduce(double s, double m, double inverse) {
  const double q = ::floor(s * inverse);
  double r = ::fma(-q, m, s);
  if (r < 0) r += m;
  else if (r >= m) r -= m;
  return static_cast<int>(r);
}

// x mod m in [0, m) for a split integer x; power = 2^exponent mod m.
KOKKOS_INLINE_FUNCTION int residue(const split_integer& x, int m, double inverse, int power) {
  const int r = reduce(x.significand, m, inverse);
  const int scaled = x.exponent == 0 ? r : reduce(static_cast<double>(r * power), m, inverse);
  return x.negative && scaled != 0 ? m - scaled : scaled;
}

// The symmetric representative of r in [0, m): [-m/2, m/2) for even m, [-(m-1)/2, (m-1)/2] for
// odd m, so |result| <= 128 and it fits an int8.
KOKKOS_INLINE_FUNCTION int symmetric(int r, int m) { return 2 * r >= m ? r - m : r; }

}  // namespace kamp::blas::ozaki

#pragma once
// Comparison and multiplication by a double.
#include "rns/add.hpp"
#include "rns/convert.hpp"
#include "rns/mul.hpp"

namespace kamp::rns {

// -1, 0 or +1 as x <, ==, > y; NaN compares as 0 with nothing but is_unordered says so.
// The sign of the rounded difference is exact: truncation keeps a nonzero significand
// nonzero, and a dropped operand is negligible only next to a nonzero one.
template <int N>
KOKKOS_INLINE_FUNCTION int compare(const mp_float<N>& x, const mp_float<N>& y, const basis_constants<N>& b) {
  if (x.is_nan() || y.is_nan()) return 0;
  const mp_float<N> d = sub<N>(x, y, b);
  if (d.is_nan() || d.is_zero()) return 0;  // inf - inf of equal signs: equal
  return d.sign ? -1 : 1;
}

template <int N>
KOKKOS_INLINE_FUNCTION bool is_unordered(const mp_float<N>& x, const mp_float<N>& y) {
  return x.is_nan() || y.is_nan();
}

template <int N>
KOKKOS_INLINE_FUNCTION mp_float<N> mul(const mp_float<N>& x, double d, const basis_constants<N>& b) {
  return mul<N>(x, from_double<N>(d, b), b);
}

}  // namespace kamp::rns

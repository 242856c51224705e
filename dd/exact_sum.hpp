#pragma once
// exact_sum<Capacity>: an exact floating-point expansion in a fixed-capacity local array (no
// allocation, device friendly), the exact core of the expansion<N> arithmetic.
//
// grow(b) is Shewchuk's Grow-Expansion with zero elimination (J. R. Shewchuk, "Adaptive precision
// floating-point arithmetic and fast robust geometric predicates", Discrete Comput. Geom. 18,
// 1997, Theorem 10): a TwoSum cascade that adds b exactly and keeps the components nonoverlapping
// and sorted by increasing magnitude.
//
// extract() returns the largest component of Shewchuk's Compress of the expansion (same paper,
// Theorem 23) and removes it. Compress keeps the value exact, the components nonoverlapping and
// increasing, and its largest component h_n approximates the value h with |h - h_n| < ulp(h_n).
// We write Compress with TwoSum where Shewchuk uses FastTwoSum, so exactness does not even depend
// on his ordering argument; only the approximation property does (and the tests check its
// consequence, the expansion invariant, on every result).
#include <cmath>

#include "core/eft.hpp"

namespace kamp::dd::detail {

template <int Capacity>
struct exact_sum {
  // Invariant: value = c[0] + ... + c[n-1] exactly; nonzero, nonoverlapping, |c[i]| increasing.
  double c[Capacity] = {};
  int n = 0;

  // Adds b exactly; the caller grows at most Capacity terms in all (n never exceeds the number
  // of terms grown).
  KOKKOS_INLINE_FUNCTION void grow(double b) {
    if (b == 0) return;
    double q = b;
    int m = 0;
    for (int i = 0; i < n; ++i) {
      double h = 0;
      q = core::two_sum(q, c[i], h);
      if (h != 0) c[m++] = h;  // m <= i: writes behind the read position
    }
    if (q != 0) c[m++] = q;
    n = m;
  }

  // Shewchuk's Compress, in place: a top-down pass that merges components into their running
  // sum as long as that sum absorbs them exactly, then a bottom-up pass that does the same from
  // the other end. Afterwards |value - c[n-1]| < ulp(c[n-1]).
  KOKKOS_INLINE_FUNCTION void compress() {
    if (n < 2) return;
    int bottom = n - 1;
    double q = c[n - 1];
    for (int i = n - 2; i >= 0; --i) {
      double err = 0;
      const double s = core::two_sum(q, c[i], err);
      if (err != 0) {
        c[bottom--] = s;  // bottom > i: c[i] has been read
        q = err;
      } else {
        q = s;
      }
    }
    c[bottom] = q;
    int top = 0;
    for (int i = bottom + 1; i < n; ++i) {
      double err = 0;
      q = core::two_sum(c[i], q, err);
      if (err != 0) c[top++] = err;  // top < i - bottom <= i
    }
    if (q != 0) c[top++] = q;
    n = top;
  }

  // The best double approximation Compress gives, removed from the sum (0 once it is empty).
  KOKKOS_INLINE_FUNCTION double extract() {
    compress();
    return n == 0 ? 0.0 : c[--n];
  }

  // Whether every component is finite: an intermediate that passed DBL_MAX leaves an Inf or a
  // NaN among them (TwoSum's error of an Inf is NaN, and zero elimination keeps both).
  KOKKOS_INLINE_FUNCTION bool finite() const {
    for (int i = 0; i < n; ++i)
      if (!std::isfinite(c[i])) return false;
    return true;
  }

  // Sign of the exact value: that of the largest component of a nonoverlapping expansion.
  KOKKOS_INLINE_FUNCTION int sign() const { return n == 0 ? 0 : (c[n - 1] > 0 ? 1 : -1); }
};

}  // namespace kamp::dd::detail

#pragma once
// exact_sum<Slots>: the exact sum of Slots doubles as a floating-point expansion held in Slots
// fixed slots, the exact core of the expansion<N> arithmetic.
//
// The constructor is Shewchuk's Grow-Expansion of the terms in index order (J. R. Shewchuk,
// "Adaptive precision floating-point arithmetic and fast robust geometric predicates", Discrete
// Comput. Geom. 18, 1997, Theorem 10): a TwoSum cascade per term that keeps the sum exact and
// the components nonoverlapping and increasing in magnitude. extract() returns the largest
// component of Shewchuk's Compress (same paper, Theorem 23) and removes it: Compress keeps the
// value exact (with FastTwoSum, as in the paper: the theorem shows each one's larger operand comes
// first) and its largest component h approximates the value v with |v - h| < ulp(h). The tests
// check the consequence, the expansion invariant, on every result.
//
// Why fixed slots: a zero slot is the identity of TwoSum and of FastTwoSum in either operand
// (TwoSum(q, 0) = (q, 0)), so keeping every slot, zero or not, computes on the nonzero
// components exactly what zero elimination would, and both theorems apply. What it buys is that
// no slot index depends on the data: with the loops unrolled (KAMP_UNROLL) a GPU keeps the slots
// in registers and no thread of a warp branches apart. The compacting form (a component count and
// writes at data-dependent positions) would put the slots in local memory and let a warp's
// threads diverge.
#include <cmath>

#include "core/eft.hpp"
#include "core/unroll.hpp"

namespace kamp::multi_double::detail {

template <int Slots>
struct exact_sum {
  // Invariant: value = c[0] + ... + c[Slots-1] exactly, and the nonzero slots form a
  // nonoverlapping expansion with |c[i]| increasing in i. Slots at and above the used count of
  // extract() are 0.
  double c[Slots] = {};

  exact_sum() = default;

  // Grow-Expansion of terms[0], terms[1], ... (cheapest with the smallest terms first: fewer
  // carries reach the top slots).
  KOKKOS_INLINE_FUNCTION explicit exact_sum(const double (&terms)[Slots]) {
    KAMP_UNROLL
    for (int k = 0; k < Slots; ++k) {
      double q = terms[k];
      KAMP_UNROLL
      for (int i = 0; i < k; ++i) {
        double h = 0;
        q = core::two_sum(q, c[i], h);
        c[i] = h;
      }
      c[k] = q;
    }
  }

  // Slots taken as they are: nonoverlapping where nonzero, increasing in magnitude.
  KOKKOS_INLINE_FUNCTION static exact_sum from_nonoverlapping(const double (&digits)[Slots]) {
    exact_sum s;
    KAMP_UNROLL_FOR_LANES
    for (int i = 0; i < Slots; ++i) s.c[i] = digits[i];
    return s;
  }

  // Compress over slots [0, used) (all others 0), its largest component returned and removed:
  // the rest of the value stays in slots [0, used - 1).
  KOKKOS_INLINE_FUNCTION double extract(int used) {
    // Top-down: merge each component into the running sum while the sum absorbs it exactly; a
    // sum that does not is stored one slot above the component just read (already consumed).
    double q = c[used - 1];
    KAMP_UNROLL_FOR_LANES
    for (int i = Slots - 2; i >= 0; --i) {
      if (i > used - 2) continue;
      double err = 0;
      const double s = core::fast_two_sum(q, c[i], err);
      c[i + 1] = err != 0 ? s : 0.0;
      q = err != 0 ? err : s;
    }
    // Bottom-up, from q: the same from the other end; the errors stay, one slot below (slot 0,
    // q's, is overwritten or, with one slot used, cleared).
    KAMP_UNROLL_FOR_LANES
    for (int i = 1; i < Slots; ++i) {
      if (i >= used) continue;
      double err = 0;
      q = core::fast_two_sum(c[i], q, err);
      c[i - 1] = err;
    }
    c[used - 1] = 0;
    return q;
  }

  // Whether every slot is finite: an intermediate that passed DBL_MAX leaves an Inf or a NaN
  // among them (TwoSum's error of an Inf is NaN).
  KOKKOS_INLINE_FUNCTION bool finite() const {
    for (int i = 0; i < Slots; ++i)
      if (!std::isfinite(c[i])) return false;
    return true;
  }

  // Sign of the exact value: that of the largest nonzero component. (Searched from the top with
  // an early exit: GCC 12 -O2 vectorises the "last nonzero" form of this loop wrongly.)
  KOKKOS_INLINE_FUNCTION int sign() const {
    for (int i = Slots - 1; i >= 0; --i)
      if (c[i] != 0) return c[i] > 0 ? 1 : -1;
    return 0;
  }
};

}  // namespace kamp::multi_double::detail

#pragma once
// The exact cores of the expansion arithmetic (multi_double/expansion.hpp has the proofs): the terms of a
// sum or a product accumulated exactly by Grow-Expansion in fixed slots (multi_double/exact_sum.hpp), then
// N extractions of Compress's leading component. The products' common path is binned
// (multi_double/binned_cores.hpp); these grown forms take the sums and the products outside the bins' range.
#include <Kokkos_Core.hpp>

#include "core/eft.hpp"
#include "core/unroll.hpp"
#include "multi_double/exact_sum.hpp"
#include "multi_double/expansion_type.hpp"

namespace kamp::multi_double::detail {

// The N leading doubles of an exact sum: N extractions of Compress's leading component.
template <int N, int Slots>
KOKKOS_INLINE_FUNCTION expansion<N> leading_components(exact_sum<Slots>& s) {
  static_assert(Slots >= N, "an exact sum of fewer terms than components");
  expansion<N> r;
  KAMP_UNROLL_FOR_LANES
  for (int k = 0; k < N; ++k) r.c[k] = s.extract(Slots - k);
  return r;
}

// The 2N components of x + y, smallest first (fewer carries while growing).
template <int N>
KOKKOS_INLINE_FUNCTION void sum_terms(const expansion<N>& x, const expansion<N>& y, double (&t)[2 * N]) {
  KAMP_UNROLL
  for (int k = 0; k < N; ++k) {
    t[2 * k] = x.c[N - 1 - k];
    t[2 * k + 1] = y.c[N - 1 - k];
  }
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> sum_core(const expansion<N>& x, const expansion<N>& y) {
  double t[2 * N];
  sum_terms(x, y, t);
  exact_sum<2 * N> s(t);
  return leading_components<N>(s);
}

// The terms product_core sums exactly: the TwoProd pairs of the diagonals i + j <= N - 2
// (N (N - 1) terms), the rounded products of diagonal N - 1 (N terms) and one tail, the rounded
// sum of those products' errors and of diagonal N's rounded products.
template <int N>
constexpr int product_term_count = N*(N - 1) + N + 1;

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> product_core(const expansion<N>& x, const expansion<N>& y) {
  double t[product_term_count<N>];
  // t[0], the tail, smallest first: diagonal N - 1's TwoProd errors (each <= 2^-53 |x_i y_j|),
  // then diagonal N's products; t[1..N], diagonal N - 1's products.
  double tail = 0;
  KAMP_UNROLL
  for (int i = 0; i < N; ++i) {
    double e = 0;
    t[1 + i] = core::two_prod(x.c[i], y.c[N - 1 - i], e);
    tail = core::add_rn(tail, e);
  }
  KAMP_UNROLL
  for (int i = 1; i < N; ++i) tail = core::add_rn(tail, core::mul_rn(x.c[i], y.c[N - i]));
  t[0] = tail;
  // Above them the exact pairs, filled from the top: diagonal 0 last in t (largest).
  int top = product_term_count<N>;
  KAMP_UNROLL
  for (int d = 0; d <= N - 2; ++d) {
    KAMP_UNROLL
    for (int i = 0; i <= d; ++i) {
      double e = 0;
      t[--top] = core::two_prod(x.c[i], y.c[d - i], e);
      t[--top] = e;
    }
  }
  exact_sum<product_term_count<N>> s(t);
  return leading_components<N>(s);
}

// x f for f = +-2^k: exact unless a component is or becomes subnormal (then within 2^-1075 a
// component, mul's underflow floor; the rare paths rescale only where that component is below
// 2^-2000 of the value). Zero lower components are +0, as the exact algorithms leave them.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> times_power_of_two(const expansion<N>& x, double f) {
  expansion<N> r;
  r.c[0] = core::mul_rn(x.c[0], f);
  for (int k = 1; k < N; ++k) r.c[k] = core::add_rn(core::mul_rn(x.c[k], f), 0.0);
  return r;
}

// x b for a double b: product_core's terms for y = {b, 0, ..., 0}, the zero ones left out: the
// TwoProd pairs x_i b for i <= N - 2 and x_{N-1} b, whose error is the whole tail (2N terms, 8
// for qd_real where the general product grows 17). The same exact sum S, so mul's bound holds.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> product_by_double_core(const expansion<N>& x, double b) {
  double t[2 * N];
  KAMP_UNROLL
  for (int i = N - 1; i >= 0; --i) {  // smallest first
    double e = 0;
    const double p = core::two_prod(x.c[i], b, e);
    t[2 * (N - 1 - i)] = e;
    t[2 * (N - 1 - i) + 1] = p;
  }
  exact_sum<2 * N> s(t);
  return leading_components<N>(s);
}

}  // namespace kamp::multi_double::detail

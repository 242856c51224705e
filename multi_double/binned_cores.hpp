#pragma once
// The binned cores of the expansion products and multiply-adds (the proofs of their bounds are in
// multi_double/expansion.hpp): the terms of the grown product (multi_double/grown_cores.hpp), and
// for a multiply-add the addend's components with them, go into product_bins
// (multi_double/product_bins.hpp), each from its a-priori bound down, in O(1) FastTwoSums where
// Grow-Expansion takes a cascade through every slot (qd_real: 289 FP64 instructions a product
// where the grown form takes 1194); the bins' digits, a short nonoverlapping expansion, are then
// compressed as the grown form's exact sum is.
//
// The bins' sum differs from the terms' sum by the rounding of what the last bin leaves, at most
// 2^(E - 52N - 50) for the anchor's binade 2^E, and by nothing where at most one term reaches
// below the last bin. Products by +-2^k skip the bins (x 1 = x bit for bit, which the rounding of
// deep low bits would otherwise break for operands with gaps between their components).
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "core/eft.hpp"
#include "core/extended_float.hpp"
#include "core/out_of_line.hpp"
#include "core/unroll.hpp"
#include "multi_double/grown_cores.hpp"
#include "multi_double/product_bins.hpp"

namespace kamp::multi_double::detail {

// Whether a = +-2^k, a normal double with a significand of 1 (a bit test, the same on every backend).
KOKKOS_INLINE_FUNCTION bool is_power_of_two(double a) {
  const std::int64_t bits = core::detail::bits_of(a);
  const std::int64_t exponent = (bits >> 52) & 0x7ff;
  return (bits & 0x000fffffffffffff) == 0 && exponent != 0 && exponent != 0x7ff;
}

// Whether x = +-2^k exactly (one component, a power of two).
template <int N>
KOKKOS_INLINE_FUNCTION bool is_power_of_two(const expansion<N>& x) {
  return x.c[1] == 0 && is_power_of_two(x.c[0]);
}

template <int N>
using product_bins_of = product_bins<product_term_count<N>, 52 * N>;
template <int N>
using product_by_double_bins_of = product_bins<2 * N, 52 * N>;
// A multiply-add's bins: the product's terms and the addend's N components.
template <int N>
using fma_bins_of = product_bins<product_term_count<N> + N, 52 * N>;
template <int N>
using fma_by_double_bins_of = product_bins<3 * N, 52 * N>;

// x_0 y_0's TwoProd pair. Where the bins are anchored at p = fl(x_0 y_0) itself, each part is
// exact in two bins: x_0 y_0 is a multiple of 2^(E - 105), and bins 1 and 2 have ulps of at most
// 2^(E - 52) and 2^(E - 105) for any slack S <= 17. Elsewhere (an addend above the product) they
// go down to the last bin.
template <bool AnchoredAtLead, class Bins>
KOKKOS_FORCEINLINE_FUNCTION void deposit_lead_pair(Bins& bins, double p, double e) {
  if constexpr (AnchoredAtLead) {
    bins.deposit_exactly(0, 1, p);
    bins.deposit_exactly(Bins::first_bin(53), 2, e);
  } else {
    bins.deposit(0, p);
    bins.deposit(Bins::first_bin(53), e);
  }
}

// The grown product's terms (multi_double/grown_cores.hpp, product_core) into bins anchored at or above
// fl(x_0 y_0)'s binade: diagonal d's products below 2^(E + 2 - 52 d), their TwoProd errors 2^-53
// of that, the tail (diagonal N - 1's errors, then diagonal N's products, in product_core's
// order) below (1.5N - 1) 2^(E + 2 - 52N) (1 + 2^-48) <= 2^(E + 2 - 52N + ceil(log2 2N)).
template <bool AnchoredAtLead, class Bins, int N>
KOKKOS_FORCEINLINE_FUNCTION void deposit_product_terms(Bins& bins, const expansion<N>& x, const expansion<N>& y) {
  double e = 0;
  const double p = core::two_prod(x.c[0], y.c[0], e);
  deposit_lead_pair<AnchoredAtLead>(bins, p, e);
  KAMP_UNROLL_FOR_LANES
  for (int d = 1; d <= N - 2; ++d) {
    KAMP_UNROLL_FOR_LANES
    for (int i = 0; i <= d; ++i) {
      const double q = core::two_prod(x.c[i], y.c[d - i], e);
      bins.deposit(Bins::first_bin(52 * d), q);
      bins.deposit(Bins::first_bin(52 * d + 53), e);
    }
  }
  double tail = 0;
  KAMP_UNROLL_FOR_LANES
  for (int i = 0; i < N; ++i) {
    const double q = core::two_prod(x.c[i], y.c[N - 1 - i], e);
    bins.deposit(Bins::first_bin(52 * (N - 1)), q);
    tail = core::add_rn(tail, e);
  }
  KAMP_UNROLL_FOR_LANES
  for (int i = 1; i < N; ++i) tail = core::add_rn(tail, core::mul_rn(x.c[i], y.c[N - i]));
  bins.deposit(Bins::first_bin(52 * N - ceil_log2(2 * N)), tail);
}

// x b's 2N terms (product_by_double_core's): x_i b below 2^(E + 2 - 52 i), its error 2^-53 of that.
template <bool AnchoredAtLead, class Bins, int N>
KOKKOS_FORCEINLINE_FUNCTION void deposit_product_by_double_terms(Bins& bins, const expansion<N>& x, double b) {
  double e = 0;
  const double p = core::two_prod(x.c[0], b, e);
  deposit_lead_pair<AnchoredAtLead>(bins, p, e);
  KAMP_UNROLL_FOR_LANES
  for (int i = 1; i < N; ++i) {
    const double q = core::two_prod(x.c[i], b, e);
    bins.deposit(Bins::first_bin(52 * i), q);
    bins.deposit(Bins::first_bin(52 * i + 53), e);
  }
}

// An addend's components, |c_k| <= 2^-52k |c_0| < 2^(E + 1 - 52k).
template <class Bins, int N>
KOKKOS_FORCEINLINE_FUNCTION void deposit_addend(Bins& bins, const expansion<N>& c) {
  KAMP_UNROLL_FOR_LANES
  for (int k = 0; k < N; ++k) bins.deposit(Bins::first_bin(52 * k), c.c[k]);
}

// The N leading components of the bins' sum.
template <int N, class Bins>
KOKKOS_FORCEINLINE_FUNCTION expansion<N> leading_components_of(Bins& bins) {
  double v[Bins::digit_count];
  bins.digits(v);
  exact_sum<Bins::digit_count> s = exact_sum<Bins::digit_count>::from_nonoverlapping(v);
  return leading_components<N>(s);
}

// The larger in magnitude of a product's lead p and an addend's lead c: the anchor whose binade
// bounds both.
KOKKOS_INLINE_FUNCTION double larger_magnitude(double p, double c) { return std::fabs(c) > std::fabs(p) ? c : p; }

// The grown forms out of line: the rare operands the bins do not take (tiny, or near overflow
// where edge() calls them).
// By value, as edge() takes its operands: a reference would give them addresses, and every
// thread would keep them in local memory.
template <int N>
KAMP_OUT_OF_LINE_FUNCTION expansion<N> product_core_out_of_line(expansion<N> x, expansion<N> y) {
  return product_core(x, y);
}
template <int N>
KAMP_OUT_OF_LINE_FUNCTION expansion<N> product_by_double_core_out_of_line(expansion<N> x, double b) {
  return product_by_double_core(x, b);
}

// x y for finite operands: by a power of two exactly, binned where the bins fit fl(x_0 y_0), 0
// for a zero operand (then every component is 0), else the grown form.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> product(const expansion<N>& x, const expansion<N>& y) {
  if (is_power_of_two(y)) return times_power_of_two(x, y.c[0]);
  if (is_power_of_two(x)) return times_power_of_two(y, x.c[0]);
  const double p = core::mul_rn(x.c[0], y.c[0]);
  if (product_bins_of<N>::fits(p)) {
    product_bins_of<N> bins(p);
    deposit_product_terms<true>(bins, x, y);
    return leading_components_of<N>(bins);
  }
  if (x.c[0] == 0 || y.c[0] == 0) return expansion<N>();
  return product_core_out_of_line(x, y);
}

// x b for finite operands, as product().
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> product_by_double(const expansion<N>& x, double b) {
  if (is_power_of_two(b)) return times_power_of_two(x, b);
  const double p = core::mul_rn(x.c[0], b);
  if (product_by_double_bins_of<N>::fits(p)) {
    product_by_double_bins_of<N> bins(p);
    deposit_product_by_double_terms<true>(bins, x, b);
    return leading_components_of<N>(bins);
  }
  if (x.c[0] == 0 || b == 0) return expansion<N>();
  return product_by_double_core_out_of_line(x, b);
}

// Whether a multiply-add with product lead p and addend lead c goes through the bins: p fits
// (so the product's TwoProd errors are exact) and |c| is below the bins' highest anchor, so the
// anchor, the larger of the two, fits as well.
template <class Bins>
KOKKOS_INLINE_FUNCTION bool fused_fits(double p, double c) {
  return Bins::fits(p) && std::fabs(c) < Bins::highest_anchor;
}

// x y + c in one set of bins anchored at the larger of fl(x_0 y_0) and c_0 (fused_fits holds).
// Forced inline: a call in a host loop over independent operands keeps it from vectorising.
template <int N>
KOKKOS_FORCEINLINE_FUNCTION expansion<N> binned_fma(const expansion<N>& x, const expansion<N>& y, const expansion<N>& c,
                                                    double p) {
  fma_bins_of<N> bins(larger_magnitude(p, c.c[0]));
  deposit_product_terms<false>(bins, x, y);
  deposit_addend(bins, c);
  return leading_components_of<N>(bins);
}

// x b + c, as binned_fma.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> binned_fma_by_double(const expansion<N>& x, double b, const expansion<N>& c,
                                                         double p) {
  fma_by_double_bins_of<N> bins(larger_magnitude(p, c.c[0]));
  deposit_product_by_double_terms<false>(bins, x, b);
  deposit_addend(bins, c);
  return leading_components_of<N>(bins);
}

}  // namespace kamp::multi_double::detail

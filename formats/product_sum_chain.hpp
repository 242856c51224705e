#pragma once
// product_sum_chain<Format>: a chain s <- s + a_j b_j over doubles a_j, b_j (a sparse row times a
// vector held in double), rounded to Format. Formats with a product_sum (format_traits.hpp)
// accumulate the exact products unnormalised and round once; the rest run fma_by_double on
// from_double(b_j), the chain of the SpMV over a vector in the format, bit for bit. A chain whose
// product_sum result is not finite (an Inf or NaN operand, or an overflow inside) is redone with
// the fma chain (needs_recompute), so the special values are always fma's. A caller runs
// renormalise(s) after every `segment` products (the level sums' bound needs it). value_chain is
// the chain over the format's own values that needs no renormalising; mixed_row_chain sums
// products of doubles and values of the format (the SpMV over a vector in the format) the same way
// where the format offers a mixed_product_sum, else by fma_by_double; value_product_chain sums
// products of two values of the format (the GEMV's chains) where it offers a value_product_sum.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "formats/fma_by_double.hpp"
#include "formats/format_traits.hpp"

namespace kamp {

template <class Traits, class = void>
struct has_product_sum : std::false_type {};
template <class Traits>
struct has_product_sum<Traits, std::void_t<typename Traits::product_sum>> : std::true_type {};

// A chain's callers renormalise its accumulator after at most `segment` products; a chain in
// the format itself needs none (the segment is longer than any row).
constexpr std::int64_t unsegmented = std::int64_t(1) << 40;

// A chain whose accumulator is the format's value itself (any chain of the format's own
// operations, such as the SpMV's fmas over x in the format).
template <class Format>
struct value_chain {
  using value = value_type_t<Format>;
  using accumulator = value;
  static constexpr std::int64_t segment = unsegmented;
  KOKKOS_INLINE_FUNCTION static value start(const value& s) { return s; }
  KOKKOS_INLINE_FUNCTION static value renormalise(const value& s) { return s; }
  KOKKOS_INLINE_FUNCTION static value result(const value& s) { return s; }
};

// The chain in the format: fma_by_double(a, from_double(b), s).
template <class Format>
struct fma_product_chain : value_chain<Format> {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  KOKKOS_INLINE_FUNCTION static value add(const context_t<Format>& c, const value& s, double a, double b) {
    return fma_by_double<Format>(c, a, traits::from_double(c, b), s);
  }
  KOKKOS_INLINE_FUNCTION static bool needs_recompute(const context_t<Format>&, const value&) { return false; }
};

// Accumulators that re-anchor (multi_double/anchored_level_sum.hpp) offer add and renormalise in parts: a
// test, the rare re-anchoring and a branch-free rest.
template <class Accumulator, class = void>
struct reanchors : std::false_type {};
template <class Accumulator>
struct reanchors<Accumulator, std::void_t<decltype(&Accumulator::make_room_for_sum)>> : std::true_type {};

// A chain whose accumulator sums products unnormalised and rounds once (a format's product_sum or
// value_product_sum); the two chains below add the result() that rounds it to the format. For an
// accumulator that re-anchors, fits ... make_room_for_sum are add's and renormalise's parts, for
// loops over rows that vectorise (blas/generic/chain_steps.hpp).
template <class Format, class Accumulator>
struct summed_products_chain {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  using accumulator = Accumulator;
  static constexpr std::int64_t segment = accumulator::segment;
  KOKKOS_INLINE_FUNCTION static accumulator renormalise(accumulator s) {
    s.renormalise();
    return s;
  }
  KOKKOS_INLINE_FUNCTION static accumulator start(const value& s) { return accumulator(s); }
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION static accumulator add(const context_t<Format>&, accumulator s, const A& a, const B& b) {
    s.add_product(a, b);
    return s;
  }
  KOKKOS_INLINE_FUNCTION static bool needs_recompute(const context_t<Format>& c, const value& s) {
    return !std::isfinite(traits::to_double(c, s));
  }

  template <class Operand>
  KOKKOS_INLINE_FUNCTION static bool fits(const accumulator& s, const Operand& a, const Operand& b) {
    return s.takes(a, b);
  }
  template <class Operand>
  KOKKOS_INLINE_FUNCTION static accumulator make_room(accumulator s, const Operand& a, const Operand& b) {
    s.make_room(a, b);
    return s;
  }
  template <class Operand>
  KOKKOS_INLINE_FUNCTION static accumulator add_fitting(const context_t<Format>&, accumulator s, const Operand& a,
                                                        const Operand& b) {
    s.add_taken(a, b);
    return s;
  }
  KOKKOS_INLINE_FUNCTION static accumulator carry(accumulator s) {
    s.carry();
    return s;
  }
  KOKKOS_INLINE_FUNCTION static bool carried_fits(const accumulator& s) { return s.holds_running_sum(); }
  KOKKOS_INLINE_FUNCTION static accumulator make_room_for_sum(accumulator s) {
    s.make_room_for_sum();
    return s;
  }
};

template <class Format, bool = has_product_sum<format_traits<Format>>::value>
struct product_sum_chain : fma_product_chain<Format> {};

template <class Format>
struct product_sum_chain<Format, true> : summed_products_chain<Format, typename format_traits<Format>::product_sum> {
  using base = summed_products_chain<Format, typename format_traits<Format>::product_sum>;
  KOKKOS_INLINE_FUNCTION static value_type_t<Format> result(const typename base::accumulator& s) {
    return format_traits<Format>::product_sum_result(s);
  }
};

template <class Traits, class = void>
struct has_mixed_product_sum : std::false_type {};
template <class Traits>
struct has_mixed_product_sum<Traits, std::void_t<typename Traits::mixed_product_sum>> : std::true_type {};

// A chain s <- s + a_j x_j over doubles a_j and values x_j of the format (a sparse row times a
// vector in the format): fma_by_double(a, x, s) ...
template <class Format>
struct fma_by_double_chain : value_chain<Format> {
  using value = value_type_t<Format>;
  KOKKOS_INLINE_FUNCTION static value add(const context_t<Format>& c, const value& s, double a, const value& x) {
    return fma_by_double<Format>(c, a, x, s);
  }
  KOKKOS_INLINE_FUNCTION static bool needs_recompute(const context_t<Format>&, const value&) { return false; }
};

// ... or, for formats with a mixed_product_sum, the products summed unnormalised and rounded once,
// renormalised after every `segment` products; a non-finite result asks for the chain to be redone
// with fma_by_double_chain.
template <class Format>
struct mixed_product_chain : summed_products_chain<Format, typename format_traits<Format>::mixed_product_sum> {
  using base = summed_products_chain<Format, typename format_traits<Format>::mixed_product_sum>;
  KOKKOS_INLINE_FUNCTION static value_type_t<Format> result(const typename base::accumulator& s) {
    return format_traits<Format>::mixed_product_sum_result(s);
  }
};

template <class Format>
using mixed_row_chain = std::conditional_t<has_mixed_product_sum<format_traits<Format>>::value,
                                           mixed_product_chain<Format>, fma_by_double_chain<Format>>;

template <class Traits, class = void>
struct has_value_product_sum : std::false_type {};
template <class Traits>
struct has_value_product_sum<Traits, std::void_t<typename Traits::value_product_sum>> : std::true_type {};

// A chain s <- s + a_j b_j over values of the format (a GEMV row) for formats with a
// value_product_sum: the products' terms summed unnormalised, rounded once; a non-finite result
// asks for the chain to be redone with fma.
template <class Format>
struct value_product_chain : summed_products_chain<Format, typename format_traits<Format>::value_product_sum> {
  using base = summed_products_chain<Format, typename format_traits<Format>::value_product_sum>;
  KOKKOS_INLINE_FUNCTION static value_type_t<Format> result(const typename base::accumulator& s) {
    return format_traits<Format>::value_product_sum_result(s);
  }
};

}  // namespace kamp

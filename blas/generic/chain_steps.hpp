#pragma once
// A chain's step over a block of rows in the host kernels, which hold the rows' sums as word
// planes (value_planes.hpp) so that a loop over them vectorises. A branch inside the step stops
// that: a chain whose accumulator re-anchors (multi_double/anchored_level_sum.hpp) runs its test
// over all rows first, re-anchors the few that need it, then the branch-free rest over all rows, so
// that the common path stays one vectorised loop. The bits are those of add and renormalise row by
// row (a test passes or fails the same way before and after the steps it skips: only a re-anchoring
// moves the anchor). Other chains run add and renormalise as they are. Host code (the GPU kernels
// keep their sums in registers and run add itself: a test over a group of terms first holds as many
// registers and saves a GPU nothing); callable from the kernels' host branches. The steps are
// forced inline: called out of line, the loops see the sums and the operands' planes only through
// references that may alias, and GCC leaves the step scalar.
#include <Kokkos_Core.hpp>

#include <cstddef>

#include "formats/product_sum_chain.hpp"

namespace kamp::blas::generic {

template <class Chain>
constexpr bool has_room_steps = reanchors<typename Chain::accumulator>::value;

// The operands of a row step: row r's of an array from `first` on, of word planes, or one for all
// rows.
template <class Array>
struct array_operands {
  const Array& array;
  std::size_t first;
  KOKKOS_INLINE_FUNCTION auto operator()(int r) const { return array.load(first + static_cast<std::size_t>(r)); }
};
template <class Planes>
struct row_operands {
  const Planes& planes;
  KOKKOS_INLINE_FUNCTION auto operator()(int r) const { return planes.get(r); }
};
template <class Value>
struct same_operand {
  Value value;
  KOKKOS_INLINE_FUNCTION Value operator()(int) const { return value; }
};

// sum(r) <- Chain::add(sum(r), a(r), b(r)) for r < rows.
template <class Chain, class Context, class Sums, class A, class B>
KOKKOS_FORCEINLINE_FUNCTION void add_to_rows(const Context& context, Sums& sum, int rows, const A& a, const B& b) {
  if constexpr (has_room_steps<Chain>) {
    bool fit = true;
    for (int r = 0; r < rows; ++r) fit = fit & Chain::fits(sum.get(r), a(r), b(r));
    if (!fit)
      for (int r = 0; r < rows; ++r)
        if (!Chain::fits(sum.get(r), a(r), b(r))) sum.set(r, Chain::make_room(sum.get(r), a(r), b(r)));
    for (int r = 0; r < rows; ++r) sum.set(r, Chain::add_fitting(context, sum.get(r), a(r), b(r)));
  } else {
    for (int r = 0; r < rows; ++r) sum.set(r, Chain::add(context, sum.get(r), a(r), b(r)));
  }
}

// sum(r) <- Chain::renormalise(sum(r)) for r < rows.
template <class Chain, class Sums>
KOKKOS_FORCEINLINE_FUNCTION void renormalise_rows(Sums& sum, int rows) {
  if constexpr (has_room_steps<Chain>) {
    bool fit = true;
    for (int r = 0; r < rows; ++r) {
      sum.set(r, Chain::carry(sum.get(r)));
      fit = fit & Chain::carried_fits(sum.get(r));
    }
    if (!fit)
      for (int r = 0; r < rows; ++r)
        if (!Chain::carried_fits(sum.get(r))) sum.set(r, Chain::make_room_for_sum(sum.get(r)));
  } else {
    for (int r = 0; r < rows; ++r) sum.set(r, Chain::renormalise(sum.get(r)));
  }
}

}  // namespace kamp::blas::generic

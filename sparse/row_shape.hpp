#pragma once
// The shape of a row loop (sparse/spmv.hpp: the SpMV and the JOR sweep): how many threads share a
// row and how many rows share a team.
#include <Kokkos_Core.hpp>

#include "multi_double/expansion_traits.hpp"
#include "formats/format_traits.hpp"
#include "formats/product_sum_chain.hpp"

namespace kamp::sparse {

// How a row loop maps rows to threads: `lanes` threads share a row (a power of two up to 32; their
// chains are joined by a tree of additions in the format) and `rows_per_team` rows share a team.
// lanes = 1 is one thread per row. Every shape obeys the SpMV's bound (sparse/spmv.hpp). Host
// backends run one thread per row whatever the shape: it is a hint for devices with lanes.
struct row_shape {
  int lanes = 1;
  int rows_per_team = 1;
};

// One thread per row, reading the sliced rows on a GPU (sparse/sliced_rows.hpp), except for
// expansions of four or more components on a GPU: there a row's chain of fused multiply-adds is
// long enough that two lanes per row pay; double and dd_real lose with lanes (docs/design.md,
// "Rows sliced"; experiments/comparisons/sparse_sliced_rows_e11.csv.gz).
template <class ExecSpace, class Format>
constexpr row_shape default_row_shape() {
  if (!Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible &&
      multi_double::expansion_components<value_type_t<Format>>::value >= 4)
    return {2, 128};
  return {1, 1};
}

// The SpMV over x in double: one thread per row where the format sums exact products in levels
// (a row's chain is then cheap, and lanes cost more than they share:
// experiments/comparisons/spmv_of_doubles_level_sums_e11.csv), else default_row_shape.
template <class ExecSpace, class Format>
constexpr row_shape default_row_shape_of_doubles() {
  if (has_product_sum<format_traits<Format>>::value) return {1, 1};
  return default_row_shape<ExecSpace, Format>();
}

// Throws kamp::invalid_argument naming "shape" unless lanes is a power of two in [1, 32] and a
// team has at most 1024 threads.
void check_row_shape(const char* function, const row_shape& shape);

}  // namespace kamp::sparse

#pragma once
// The shape of a row loop (sparse/spmv.hpp: the SpMV and the JOR sweep): how many threads share a
// row and how many rows share a team.
#include <Kokkos_Core.hpp>

#include "formats/format_traits.hpp"

namespace kamp::sparse {

// How a row loop maps rows to threads: `lanes` threads share a row (a power of two up to 32; their
// chains are joined by a tree of additions in the format) and `rows_per_team` rows share a team.
// lanes = 1 is one thread per row. Every shape obeys the SpMV's bound (sparse/spmv.hpp). Host
// backends run one thread per row whatever the shape: it is a hint for devices with lanes.
struct row_shape {
  int lanes = 1;
  int rows_per_team = 1;
};

// One thread per row everywhere: on a GPU the matrix's sliced rows (sparse/sliced_rows.hpp) give
// a warp coalesced reads without lanes sharing a row (docs/design.md, "Row loops, measured").
template <class ExecSpace, class Format>
constexpr row_shape default_row_shape() {
  return {1, 1};
}

// Throws kamp::invalid_argument naming "shape" unless lanes is a power of two in [1, 32] and a
// team has at most 1024 threads.
void check_row_shape(const char* function, const row_shape& shape);

}  // namespace kamp::sparse

#pragma once
// The shape of a row loop (sparse/spmv.hpp: the SpMV and the JOR sweep): how many threads share a
// row and how many rows share a team.
#include <Kokkos_Core.hpp>

#include <type_traits>

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

// On a GPU, lanes read a row's values and columns in coalesced runs (rows of tens of nonzeros),
// for formats whose values are cheap to pass between lanes; large values (RNS) and host backends
// keep one thread per row. 8 lanes were fastest on the H200 for double and dd_real, 8 x 16 and
// 8 x 32 within 2 % of each other (docs/design.md, "Row shape, measured").
template <class ExecSpace, class Format>
constexpr row_shape default_row_shape() {
#ifdef KOKKOS_ENABLE_CUDA
  if (std::is_same<ExecSpace, Kokkos::Cuda>::value && sizeof(value_type_t<Format>) <= 64) return {8, 32};
#endif
  return {1, 1};
}

// Throws kamp::invalid_argument naming "shape" unless lanes is a power of two in [1, 32] and a
// team has at most 1024 threads.
void check_row_shape(const char* function, const row_shape& shape);

}  // namespace kamp::sparse

#pragma once
// The rows a row loop (sparse/spmv.hpp: the SpMV and the JOR sweep) runs over.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "sparse/sliced_rows.hpp"

namespace kamp::sparse {

// A set of local rows: all of [0, count) or the listed ones, and where the matrix keeps them
// sliced (sparse/sliced_rows.hpp) their slices in the same order, slot k holding row (*this)(k).
template <class MemorySpace>
struct row_set {
  Kokkos::View<const std::int32_t*, MemorySpace> list;
  std::int64_t count = 0;
  bool all = true;
  sliced_rows<MemorySpace> slices;  // empty where the rows are read from CSR
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t k) const { return all ? k : list(k); }
};

}  // namespace kamp::sparse

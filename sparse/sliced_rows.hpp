#pragma once
// A set of a CSR matrix's rows in sliced ELLPACK form (SELL-32, rows kept in their order) for
// GPUs: the rows' slots come in slices of 32, and entry j of the 32 rows of a slice lie side by
// side, so a warp whose threads each take one row reads 32 consecutive values and 32 consecutive
// column indices per step, every byte of every sector used. In CSR the same threads would each
// read a different line per step; lanes sharing a CSR row (row_shape) waste its unaligned ends.
//
// Invariant: slot k (row rows(k) of its row_set) has length(k) entries; its entry j is at
// slice_start(k / 32) + k % 32 + 32 j, j < length(k), in the row's CSR order, so a thread's chain
// over them is the CSR row loop, bit for bit. A slice is as wide as its longest row; the padding
// (never read) is what the storage costs over CSR, and E11 reports it.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "core/view_of.hpp"
#include "sparse/csr_host.hpp"

namespace kamp::sparse {

constexpr int slice_height = 32;

// The host arrays of sliced_rows (built by slice_rows below).
struct sliced_host {
  std::vector<std::int64_t> slice_start{0};  // slices + 1 offsets
  std::vector<std::int32_t> length;          // per slot
  std::vector<std::int32_t> col_idx;         // padding: 0
  std::vector<double> values;                // padding: 0
};

// Rows `list` of a (every row in order when list is null), which validate() accepts.
sliced_host slice_rows(const csr_host& a, const std::vector<std::int32_t>* list);

template <class MemorySpace>
class sliced_rows {
 public:
  sliced_rows() = default;
  sliced_rows(const csr_host& a, const std::vector<std::int32_t>* list) {
    const sliced_host h = slice_rows(a, list);
    slice_start_ = core::view_of<MemorySpace>(h.slice_start, "kamp::sparse::sliced_rows::slice_start");
    length_ = core::view_of<MemorySpace>(h.length, "kamp::sparse::sliced_rows::length");
    col_idx_ = core::view_of<MemorySpace>(h.col_idx, "kamp::sparse::sliced_rows::col_idx");
    values_ = core::view_of<MemorySpace>(h.values, "kamp::sparse::sliced_rows::values");
  }

  bool empty() const { return length_.extent(0) == 0; }
  // Stored entries, padding included.
  std::int64_t stored() const { return static_cast<std::int64_t>(values_.extent(0)); }
  KOKKOS_INLINE_FUNCTION std::int64_t first_entry(std::int64_t slot) const {
    return slice_start_(slot / slice_height) + slot % slice_height;
  }
  KOKKOS_INLINE_FUNCTION std::int32_t length(std::int64_t slot) const { return length_(slot); }
  KOKKOS_INLINE_FUNCTION std::int32_t col(std::int64_t p) const { return col_idx_(p); }
  KOKKOS_INLINE_FUNCTION double value(std::int64_t p) const { return values_(p); }

 private:
  Kokkos::View<std::int64_t*, MemorySpace> slice_start_;
  Kokkos::View<std::int32_t*, MemorySpace> length_;
  Kokkos::View<std::int32_t*, MemorySpace> col_idx_;
  Kokkos::View<double*, MemorySpace> values_;
};

}  // namespace kamp::sparse

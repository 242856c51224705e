#pragma once
// Compressed sparse row matrices with double values.
//
// csr_host is the assembled form on the host; its invariant (checked by validate): row_ptr has
// rows + 1 entries, starts at 0, never decreases and ends at nnz = col_idx.size() = values.size();
// each row's column indices are strictly increasing and in [0, cols). csr_matrix<MemorySpace>
// is the same matrix in a Kokkos memory space, for the kernels (sparse/spmv.hpp).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/view_of.hpp"

namespace kamp::sparse {

struct csr_host {
  std::int64_t rows = 0, cols = 0;
  std::vector<std::int64_t> row_ptr{0};
  std::vector<std::int32_t> col_idx;
  std::vector<double> values;

  std::int64_t nnz() const { return static_cast<std::int64_t>(values.size()); }
};

// Throws kamp::invalid_argument naming the field ("row_ptr", "col_idx", "values", "rows",
// "cols") and the first entry that breaks the invariant.
void validate(const csr_host& a);

// Assembles (row, column, value) triplets: duplicates are summed, rows sorted by column.
// Indices out of range raise kamp::invalid_argument naming "row" or "col" and the entry.
csr_host from_triplets(std::int64_t rows, std::int64_t cols, const std::vector<std::int64_t>& row,
                       const std::vector<std::int64_t>& col, const std::vector<double>& value);

template <class MemorySpace>
class csr_matrix {
 public:
  csr_matrix() = default;
  // Validates `a`, then copies it into MemorySpace.
  explicit csr_matrix(const csr_host& a) : rows_(a.rows), cols_(a.cols) {
    validate(a);
    row_ptr_ = core::view_of<MemorySpace>(a.row_ptr, "kamp::sparse::csr::row_ptr");
    col_idx_ = core::view_of<MemorySpace>(a.col_idx, "kamp::sparse::csr::col_idx");
    values_ = core::view_of<MemorySpace>(a.values, "kamp::sparse::csr::values");
  }

  KOKKOS_INLINE_FUNCTION std::int64_t rows() const { return rows_; }
  KOKKOS_INLINE_FUNCTION std::int64_t cols() const { return cols_; }
  KOKKOS_INLINE_FUNCTION std::int64_t nnz() const { return static_cast<std::int64_t>(values_.extent(0)); }
  KOKKOS_INLINE_FUNCTION std::int64_t row_begin(std::int64_t i) const { return row_ptr_(i); }
  KOKKOS_INLINE_FUNCTION std::int64_t row_end(std::int64_t i) const { return row_ptr_(i + 1); }
  KOKKOS_INLINE_FUNCTION std::int32_t col(std::int64_t p) const { return col_idx_(p); }
  KOKKOS_INLINE_FUNCTION double value(std::int64_t p) const { return values_(p); }
  // The arrays themselves, for vendor libraries.
  const Kokkos::View<std::int64_t*, MemorySpace>& row_ptr_view() const { return row_ptr_; }
  const Kokkos::View<std::int32_t*, MemorySpace>& col_idx_view() const { return col_idx_; }
  const Kokkos::View<double*, MemorySpace>& values_view() const { return values_; }

 private:
  std::int64_t rows_ = 0, cols_ = 0;
  Kokkos::View<std::int64_t*, MemorySpace> row_ptr_;
  Kokkos::View<std::int32_t*, MemorySpace> col_idx_;
  Kokkos::View<double*, MemorySpace> values_;
};

}  // namespace kamp::sparse

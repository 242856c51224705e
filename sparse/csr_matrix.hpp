#pragma once
// csr_matrix<MemorySpace>: a csr_host (sparse/csr_host.hpp) in a Kokkos memory space, for the
// kernels (sparse/spmv.hpp). Where the row loops read it one thread per row on a device, it also
// keeps its rows in sliced form (sparse/sliced_rows.hpp): that copy doubles the matrix's memory
// for coalesced reads, so a host space keeps CSR alone unless asked.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/view_of.hpp"
#include "sparse/csr_host.hpp"
#include "sparse/row_set.hpp"
#include "sparse/sliced_rows.hpp"

namespace kamp::sparse {

enum class row_storage { csr, csr_and_slices };

// Slices where the memory space is not the host's (a GPU's threads read one row each).
template <class MemorySpace>
constexpr row_storage default_row_storage() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemorySpace>::accessible ? row_storage::csr
                                                                                : row_storage::csr_and_slices;
}

template <class MemorySpace>
class csr_matrix {
 public:
  csr_matrix() = default;
  // Validates `a`, then copies it into MemorySpace.
  explicit csr_matrix(const csr_host& a, row_storage storage = default_row_storage<MemorySpace>())
      : rows_(a.rows), cols_(a.cols) {
    validate(a);
    row_ptr_ = core::view_of<MemorySpace>(a.row_ptr, "kamp::sparse::csr::row_ptr");
    col_idx_ = core::view_of<MemorySpace>(a.col_idx, "kamp::sparse::csr::col_idx");
    values_ = core::view_of<MemorySpace>(a.values, "kamp::sparse::csr::values");
    if (storage == row_storage::csr_and_slices) slices_ = sliced_rows<MemorySpace>(a, nullptr);
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
  // Every row, with the sliced copy where there is one.
  row_set<MemorySpace> all_rows() const { return {{}, rows_, true, slices_}; }

 private:
  std::int64_t rows_ = 0, cols_ = 0;
  Kokkos::View<std::int64_t*, MemorySpace> row_ptr_;
  Kokkos::View<std::int32_t*, MemorySpace> col_idx_;
  Kokkos::View<double*, MemorySpace> values_;
  sliced_rows<MemorySpace> slices_;  // empty for row_storage::csr
};

}  // namespace kamp::sparse

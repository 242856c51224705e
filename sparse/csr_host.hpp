#pragma once
// A compressed sparse row matrix with double values, assembled on the host. Its invariant
// (checked by validate): row_ptr has rows + 1 entries, starts at 0, never decreases and ends at
// nnz = col_idx.size() = values.size(); each row's column indices are strictly increasing and in
// [0, cols). csr_matrix<MemorySpace> (sparse/csr_matrix.hpp) is the same matrix for the kernels.
#include <cstdint>
#include <string>
#include <vector>

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

}  // namespace kamp::sparse

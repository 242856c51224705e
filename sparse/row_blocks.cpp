#include "sparse/row_blocks.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace kamp::sparse {

int row_blocks::owner(std::int64_t row) const {
  // The last block whose first row is <= row; empty blocks before it are skipped.
  const auto it = std::upper_bound(first.begin(), first.end() - 1, row);
  return static_cast<int>(it - first.begin()) - 1;
}

row_blocks balanced_row_blocks(const csr_host& a, int parts) {
  require_argument(parts >= 1, "kamp::sparse::balanced_row_blocks", "parts", parts, "must be >= 1");
  row_blocks blocks;
  blocks.first.assign(static_cast<std::size_t>(parts) + 1, a.rows);
  blocks.first[0] = 0;
  const double nnz = static_cast<double>(a.nnz());
  std::int64_t row = 0;
  for (int r = 1; r < parts; ++r) {
    // The first row whose preceding nonzeros reach r/parts of them, and at least one row per
    // block while rows remain.
    const double target = nnz * r / parts;
    while (row < a.rows && static_cast<double>(a.row_ptr[static_cast<std::size_t>(row)]) < target) ++row;
    row = std::max(row, std::min(blocks.first[static_cast<std::size_t>(r) - 1] + 1, a.rows));
    blocks.first[static_cast<std::size_t>(r)] = row;
  }
  return blocks;
}

csr_host row_slice(const csr_host& a, std::int64_t first, std::int64_t last) {
  const char* fn = "kamp::sparse::row_slice";
  require_argument(first >= 0 && first <= a.rows, fn, "first", first, "must be in [0, rows]");
  require_argument(last >= first && last <= a.rows, fn, "last", last, "must be in [first, rows]");
  csr_host s;
  s.rows = last - first;
  s.cols = a.cols;
  const std::int64_t begin = a.row_ptr[static_cast<std::size_t>(first)],
                     end = a.row_ptr[static_cast<std::size_t>(last)];
  s.row_ptr.resize(static_cast<std::size_t>(s.rows) + 1);
  for (std::int64_t i = 0; i <= s.rows; ++i) {
    s.row_ptr[static_cast<std::size_t>(i)] = a.row_ptr[static_cast<std::size_t>(first + i)] - begin;
  }
  s.col_idx.assign(a.col_idx.begin() + begin, a.col_idx.begin() + end);
  s.values.assign(a.values.begin() + begin, a.values.begin() + end);
  return s;
}

}  // namespace kamp::sparse

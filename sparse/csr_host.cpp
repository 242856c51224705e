#include "sparse/csr_host.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "core/error.hpp"

namespace kamp::sparse {

void validate(const csr_host& a) {
  const char* fn = "kamp::sparse::validate";
  require_argument(a.rows >= 0, fn, "rows", a.rows, "must be >= 0");
  require_argument(a.cols >= 0 && a.cols <= std::numeric_limits<std::int32_t>::max(), fn, "cols", a.cols,
                   "must be in [0, 2^31 - 1]");
  require_argument(a.row_ptr.size() == static_cast<std::size_t>(a.rows) + 1, fn, "row_ptr",
                   std::to_string(a.row_ptr.size()) + " entries", "must have rows + 1 entries");
  require_argument(a.col_idx.size() == a.values.size(), fn, "col_idx", std::to_string(a.col_idx.size()) + " entries",
                   "must have as many entries as values (" + std::to_string(a.values.size()) + ")");
  require_argument(a.row_ptr.front() == 0, fn, "row_ptr", "row_ptr[0] = " + std::to_string(a.row_ptr.front()),
                   "must start at 0");
  require_argument(a.row_ptr.back() == a.nnz(), fn, "row_ptr", "row_ptr[rows] = " + std::to_string(a.row_ptr.back()),
                   "must equal nnz = " + std::to_string(a.nnz()));
  // Per-entry messages are built only for the entry that fails: formatting one per entry would
  // make validating a matrix of tens of millions of nonzeros take seconds.
  for (std::int64_t i = 0; i < a.rows; ++i) {
    const std::int64_t begin = a.row_ptr[static_cast<std::size_t>(i)], end = a.row_ptr[static_cast<std::size_t>(i + 1)];
    if (begin > end) {
      throw invalid_argument(fn, "row_ptr",
                             "row " + std::to_string(i) + ": " + std::to_string(begin) + " > " + std::to_string(end),
                             "must not decrease");
    }
    for (std::int64_t p = begin; p < end; ++p) {
      const std::int32_t c = a.col_idx[static_cast<std::size_t>(p)];
      if (c < 0 || c >= a.cols) {
        throw invalid_argument(fn, "col_idx", "row " + std::to_string(i) + ", column " + std::to_string(c),
                               "must be in [0, cols)");
      }
      if (p > begin && a.col_idx[static_cast<std::size_t>(p - 1)] >= c) {
        throw invalid_argument(fn, "col_idx", "row " + std::to_string(i) + ", column " + std::to_string(c),
                               "must be strictly increasing within a row");
      }
    }
  }
}

csr_host from_triplets(std::int64_t rows, std::int64_t cols, const std::vector<std::int64_t>& row,
                       const std::vector<std::int64_t>& col, const std::vector<double>& value) {
  const char* fn = "kamp::sparse::from_triplets";
  require_argument(row.size() == col.size() && col.size() == value.size(), fn, "value",
                   std::to_string(value.size()) + " entries", "row, col and value must have the same length");
  csr_host a;
  a.rows = rows;
  a.cols = cols;
  require_argument(rows >= 0, fn, "rows", rows, "must be >= 0");
  require_argument(cols >= 0 && cols <= std::numeric_limits<std::int32_t>::max(), fn, "cols", cols,
                   "must be in [0, 2^31 - 1]");
  std::vector<std::size_t> order(row.size());
  for (std::size_t e = 0; e < row.size(); ++e) {
    require_argument(row[e] >= 0 && row[e] < rows, fn, "row",
                     "entry " + std::to_string(e) + ": " + std::to_string(row[e]), "must be in [0, rows)");
    require_argument(col[e] >= 0 && col[e] < cols, fn, "col",
                     "entry " + std::to_string(e) + ": " + std::to_string(col[e]), "must be in [0, cols)");
  }
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return row[x] != row[y] ? row[x] < row[y] : col[x] < col[y]; });
  a.row_ptr.assign(static_cast<std::size_t>(rows) + 1, 0);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t e = order[k];
    if (k > 0 && row[order[k - 1]] == row[e] && col[order[k - 1]] == col[e]) {
      a.values.back() += value[e];  // a duplicate: summed, as Matrix Market readers do
      continue;
    }
    a.col_idx.push_back(static_cast<std::int32_t>(col[e]));
    a.values.push_back(value[e]);
    ++a.row_ptr[static_cast<std::size_t>(row[e]) + 1];
  }
  for (std::int64_t i = 0; i < rows; ++i)
    a.row_ptr[static_cast<std::size_t>(i + 1)] += a.row_ptr[static_cast<std::size_t>(i)];
  return a;
}

}  // namespace kamp::sparse

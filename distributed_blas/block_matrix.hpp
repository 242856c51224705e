#pragma once
// block_matrix<Format>: a rows x cols matrix cut into the process grid's blocks, the rows by
// grid row and the columns by grid column (block_partition: contiguous, sizes within one); the
// rank at grid (I, J) holds block (I, J) as a column-major kamp::matrix in MemorySpace. Copies
// are shallow, like Views. Every rank constructs it with the same arguments.
#include <string>
#include <type_traits>
#include <vector>

#include "distributed_blas/block_partition.hpp"
#include "distributed_blas/process_grid.hpp"
#include "formats/matrix.hpp"

namespace kamp::distributed_blas {

// The global rows and columns of a rectangle of a matrix.
struct rectangle {
  index_range rows, cols;
  std::int64_t elements() const { return rows.size() * cols.size(); }
};

inline bool operator==(const rectangle& a, const rectangle& b) {
  return a.rows.first == b.rows.first && a.rows.last == b.rows.last && a.cols.first == b.cols.first &&
         a.cols.last == b.cols.last;
}

inline rectangle overlap(const rectangle& a, const rectangle& b) {
  return {overlap(a.rows, b.rows), overlap(a.cols, b.cols)};
}

template <class Format, class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
struct block_matrix {
  using format = Format;
  using memory_space = MemorySpace;

  process_grid grid;
  std::int64_t rows = 0, cols = 0;
  block_partition row_blocks, col_blocks;
  matrix<Format, MemorySpace> local;

  block_matrix(process_grid grid_, std::int64_t rows_, std::int64_t cols_,
               const std::string& label = "kamp::distributed_blas::block_matrix")
      : grid(std::move(grid_)), rows(rows_), cols(cols_) {
    const char* fn = "kamp::distributed_blas::block_matrix";
    require_argument(grid.comm != nullptr, fn, "grid", "without a communicator", "must come from make_process_grid");
    require_argument(rows_ >= 0, fn, "rows", rows_, "must be >= 0");
    require_argument(cols_ >= 0, fn, "cols", cols_, "must be >= 0");
    row_blocks = {rows_, grid.rows};
    col_blocks = {cols_, grid.cols};
    local = matrix<Format, MemorySpace>(row_blocks.size(grid.row()), col_blocks.size(grid.col()), label);
  }

  // Block (I, J)'s global rows and columns; the rank's own block.
  rectangle block(int grid_row, int grid_col) const {
    return {{row_blocks.begin(grid_row), row_blocks.end(grid_row)},
            {col_blocks.begin(grid_col), col_blocks.end(grid_col)}};
  }
  rectangle owned() const { return block(grid.row(), grid.col()); }
};

// The rank's block of `global`, a column-major rows x cols matrix every rank holds whole on the
// host (tests and experiment drivers build their problems so).
template <class Format, class MemorySpace>
void copy_block_from_host(const block_matrix<Format, MemorySpace>& X, const std::vector<value_type_t<Format>>& global) {
  require_argument(global.size() == static_cast<std::size_t>(X.rows * X.cols),
                   "kamp::distributed_blas::copy_block_from_host", "global.size()", global.size(),
                   "must be rows x cols = " + std::to_string(X.rows * X.cols));
  const rectangle mine = X.owned();
  std::vector<value_type_t<Format>> block;
  block.reserve(static_cast<std::size_t>(mine.elements()));
  for (std::int64_t j = mine.cols.first; j < mine.cols.last; ++j)
    for (std::int64_t i = mine.rows.first; i < mine.rows.last; ++i) block.push_back(global[i + j * X.rows]);
  if (!block.empty()) copy_from_host(X.local.values, block);  // (an empty block's array may hold padding)
}

// The whole matrix, column-major, on every rank (a collective: every rank calls it).
template <class Format, class MemorySpace>
std::vector<value_type_t<Format>> gather_to_host(const block_matrix<Format, MemorySpace>& X) {
  using value = value_type_t<Format>;
  static_assert(std::is_trivially_copyable<value>::value, "blocks travel as bytes");
  const std::size_t widest = static_cast<std::size_t>(X.row_blocks.largest() * X.col_blocks.largest());
  std::vector<value> mine = copy_to_host(X.local.values), all(widest * static_cast<std::size_t>(X.grid.size()));
  mine.resize(widest);
  X.grid.comm->allgather(mine.data(), all.data(), widest * sizeof(value));
  std::vector<value> global(static_cast<std::size_t>(X.rows * X.cols));
  for (int r = 0; r < X.grid.size(); ++r) {
    const rectangle b = X.block(r / X.grid.cols, r % X.grid.cols);
    const value* from = all.data() + static_cast<std::size_t>(r) * widest;
    for (std::int64_t j = 0; j < b.cols.size(); ++j)
      for (std::int64_t i = 0; i < b.rows.size(); ++i)
        global[(b.rows.first + i) + (b.cols.first + j) * X.rows] = from[i + j * b.rows.size()];
  }
  return global;
}

}  // namespace kamp::distributed_blas

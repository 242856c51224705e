#pragma once
// The ranks of a communicator arranged as a grid of rows x cols processes, rank r at grid row
// r / cols and grid column r % cols. A distributed matrix is cut into rows x cols blocks, block
// (I, J) on the rank at (I, J); SUMMA-style products send panels along grid rows and columns.
#include <cmath>
#include <memory>
#include <string>

#include "core/error.hpp"
#include "parallel/communicator.hpp"

namespace kamp::distributed_blas {

struct process_grid {
  std::shared_ptr<const parallel::communicator> comm;
  int rows = 1, cols = 1;

  int row() const { return comm->rank() / cols; }
  int col() const { return comm->rank() % cols; }
  int rank_at(int grid_row, int grid_col) const { return grid_row * cols + grid_col; }
  int size() const { return rows * cols; }
};

inline bool same_grid(const process_grid& a, const process_grid& b) {
  return a.comm == b.comm && a.rows == b.rows && a.cols == b.cols;
}

// rows x cols must use every rank of comm.
inline process_grid make_process_grid(std::shared_ptr<const parallel::communicator> comm, int rows, int cols) {
  const char* fn = "kamp::distributed_blas::make_process_grid";
  require_argument(comm != nullptr, fn, "comm", "null", "must be a communicator");
  require_argument(rows >= 1, fn, "rows", rows, "must be >= 1");
  require_argument(cols >= 1, fn, "cols", cols, "must be >= 1");
  require_argument(static_cast<long long>(rows) * cols == comm->size(), fn, "rows x cols",
                   std::to_string(rows) + " x " + std::to_string(cols),
                   "must equal the communicator's " + std::to_string(comm->size()) + " ranks");
  return process_grid{std::move(comm), rows, cols};
}

// The squarest grid, rows <= cols (rows the largest divisor of the rank count up to its square
// root): a product's panels then travel the shortest total distance.
inline process_grid make_process_grid(std::shared_ptr<const parallel::communicator> comm) {
  require_argument(comm != nullptr, "kamp::distributed_blas::make_process_grid", "comm", "null",
                   "must be a communicator");
  const int ranks = comm->size();
  int rows = static_cast<int>(std::sqrt(static_cast<double>(ranks)));
  while (static_cast<long long>(rows + 1) * (rows + 1) <= ranks) ++rows;  // sqrt's rounding
  while (rows > 1 && ranks % rows != 0) --rows;
  return make_process_grid(std::move(comm), rows, ranks / rows);
}

}  // namespace kamp::distributed_blas

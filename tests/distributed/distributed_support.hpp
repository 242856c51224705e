#pragma once
// Helpers of the distributed tests: the global problem every rank builds the same way, its rank
// slices, and gathering a row-distributed vector back onto every rank.
#include <algorithm>
#include <vector>

#include "sparse/csr_matrix.hpp"
#include "sparse/row_blocks.hpp"
#include "tests/distributed/world.hpp"

namespace kamp::test {

template <class T>
std::vector<T> rank_slice(const std::vector<T>& global, const sparse::row_blocks& blocks, int rank) {
  return std::vector<T>(global.begin() + blocks.begin(rank), global.begin() + blocks.end(rank));
}

// Every rank's slice, concatenated in rank order, on every rank.
template <class T>
std::vector<T> gather_rows(const parallel::communicator& comm, const sparse::row_blocks& blocks,
                           const std::vector<T>& mine) {
  std::int64_t widest = 0;
  for (int r = 0; r < blocks.parts(); ++r) widest = std::max(widest, blocks.end(r) - blocks.begin(r));
  std::vector<T> padded(mine), all(static_cast<std::size_t>(widest) * static_cast<std::size_t>(comm.size()));
  padded.resize(static_cast<std::size_t>(widest));
  comm.allgather(padded.data(), all.data(), padded.size() * sizeof(T));
  std::vector<T> out;
  for (int r = 0; r < comm.size(); ++r) {
    const auto from = all.begin() + static_cast<std::ptrdiff_t>(r) * widest;
    out.insert(out.end(), from, from + (blocks.end(r) - blocks.begin(r)));
  }
  return out;
}

}  // namespace kamp::test

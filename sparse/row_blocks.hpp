#pragma once
// Contiguous row blocks, one per rank: block r owns global rows [begin(r), end(r)). The vectors
// of a distributed solve are split the same way.
#include <cstdint>
#include <vector>

#include "sparse/csr_matrix.hpp"

namespace kamp::sparse {

struct row_blocks {
  std::vector<std::int64_t> first{0};  // parts() + 1 non-decreasing entries, first[0] = 0

  int parts() const { return static_cast<int>(first.size()) - 1; }
  std::int64_t rows() const { return first.back(); }
  std::int64_t begin(int part) const { return first[static_cast<std::size_t>(part)]; }
  std::int64_t end(int part) const { return first[static_cast<std::size_t>(part) + 1]; }
  // The block holding `row` (0 <= row < rows()).
  int owner(std::int64_t row) const;
};

// `parts` blocks of about equal nonzero count (SpMV time follows the nonzeros); a block may be
// empty only when there are fewer rows than parts. parts < 1 raises kamp::invalid_argument.
row_blocks balanced_row_blocks(const csr_host& a, int parts);

// Rows [first, last) of `a`, keeping global column indices (what one rank holds before
// distributed_matrix renumbers them).
csr_host row_slice(const csr_host& a, std::int64_t first, std::int64_t last);

}  // namespace kamp::sparse

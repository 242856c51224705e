#pragma once
// Symmetric reorderings of a square matrix, for row-block partitions with small halos: a rank's
// ghosts are the columns of its rows outside its block, so a matrix whose nonzeros lie near the
// diagonal (small bandwidth) exchanges only the entries next to each cut.
//
// reverse_cuthill_mckee orders the unknowns by breadth-first search over the symmetrised
// pattern (A + A^T), each component started from a vertex of minimum degree and neighbours taken
// in increasing degree, then reverses the order (Cuthill-McKee 1969, George's reversal). The
// result is a permutation `order` with order[new] = old.
#include <cstdint>
#include <vector>

#include "sparse/csr_matrix.hpp"

namespace kamp::sparse {

std::vector<std::int64_t> reverse_cuthill_mckee(const csr_host& a);

// P A P^T for order[new] = old: row and column `new` of the result are row and column order[new]
// of `a`. `order` must be a permutation of 0..rows-1 (kamp::invalid_argument naming "order").
csr_host permute_symmetric(const csr_host& a, const std::vector<std::int64_t>& order);

// max |i - j| over the nonzeros a_ij.
std::int64_t bandwidth(const csr_host& a);

}  // namespace kamp::sparse

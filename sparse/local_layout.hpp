#pragma once
// The host-side setup of a distributed matrix: one rank's rows with their columns renumbered,
// the ghost entries it needs from other ranks and the halo plan that moves them.
//
// Local column numbering, monotone in the global one so every row keeps its global column
// order (and a row's SpMV chain is the same on any number of ranks):
//   [0, below)                      ghosts owned by lower ranks, in global order
//   [below, below + owned)          this rank's rows' entries of the vector
//   [below + owned, cols)           ghosts owned by higher ranks, in global order
// The ghost buffer holds the two ghost ranges back to back: ghost j < below is local column j,
// ghost j >= below is local column j + owned.
#include <cstdint>
#include <vector>

#include "parallel/communicator.hpp"
#include "sparse/csr_matrix.hpp"
#include "sparse/row_blocks.hpp"

namespace kamp::sparse {

struct halo_plan {
  // Entries this rank sends: send_rows[send_offsets[k] .. send_offsets[k+1]) (local row indices)
  // go to send_peers[k]. Ghosts received from receive_peers[k] fill the ghost buffer's
  // [receive_offsets[k], receive_offsets[k+1]).
  std::vector<int> send_peers, receive_peers;
  std::vector<std::int64_t> send_offsets{0}, receive_offsets{0};
  std::vector<std::int32_t> send_rows;

  std::int64_t ghosts() const { return receive_offsets.back(); }
  std::int64_t sends() const { return send_offsets.back(); }
  // Whether an SpMV over this plan moves anything (sparse/halo.hpp, for_rows_with_halo).
  bool exchanges() const { return ghosts() > 0 || sends() > 0; }
};

struct local_layout {
  csr_host local;  // owned rows x (ghosts + owned) columns, renumbered as above
  std::int64_t first_row = 0, global_rows = 0, below = 0;
  halo_plan plan;
  // Rows that read no ghost (computed while the halo is in flight) and the others.
  std::vector<std::int32_t> interior_rows, boundary_rows;
};

// Collective over `comm`: every rank passes its own rows (global column indices, as row_slice
// gives them) of one square matrix split by `blocks` (blocks.parts() == comm.size()). Errors
// (a block count or row count that does not match, columns outside the matrix) raise
// kamp::invalid_argument naming the argument.
local_layout make_local_layout(const csr_host& my_rows, const row_blocks& blocks, const parallel::communicator& comm);

}  // namespace kamp::sparse

#include "sparse/local_layout.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace kamp::sparse {

namespace {

void check_arguments(const csr_host& my_rows, const row_blocks& blocks, const parallel::communicator& comm) {
  const char* fn = "kamp::sparse::make_local_layout";
  require_argument(blocks.parts() == comm.size(), fn, "blocks", std::to_string(blocks.parts()) + " blocks",
                   "must have one block per rank (" + std::to_string(comm.size()) + ")");
  require_argument(blocks.rows() == my_rows.cols, fn, "blocks", std::to_string(blocks.rows()) + " rows",
                   "must cover the square matrix's " + std::to_string(my_rows.cols) + " columns");
  const int me = comm.rank();
  require_argument(my_rows.rows == blocks.end(me) - blocks.begin(me), fn, "my_rows",
                   std::to_string(my_rows.rows) + " rows",
                   "must be the rank's block of " + std::to_string(blocks.end(me) - blocks.begin(me)) + " rows");
  validate(my_rows);
}

// Which rank needs how many of whose entries: counts[q * P + r] = entries rank q needs from r.
std::vector<std::int64_t> need_matrix(const halo_plan& plan, const parallel::communicator& comm) {
  const auto P = static_cast<std::size_t>(comm.size());
  std::vector<std::int64_t> mine(P, 0), all(P * P, 0);
  for (std::size_t k = 0; k < plan.receive_peers.size(); ++k) {
    mine[static_cast<std::size_t>(plan.receive_peers[k])] = plan.receive_offsets[k + 1] - plan.receive_offsets[k];
  }
  comm.allgather(mine.data(), all.data(), P * sizeof(std::int64_t));
  return all;
}

}  // namespace

local_layout make_local_layout(const csr_host& my_rows, const row_blocks& blocks, const parallel::communicator& comm) {
  check_arguments(my_rows, blocks, comm);
  const int me = comm.rank();
  local_layout out;
  out.first_row = blocks.begin(me);
  out.global_rows = blocks.rows();
  const std::int64_t first = out.first_row, owned = my_rows.rows, last = first + owned;

  std::vector<std::int32_t> ghost_global;
  for (std::int32_t c : my_rows.col_idx) {
    if (c < first || c >= last) ghost_global.push_back(c);
  }
  std::sort(ghost_global.begin(), ghost_global.end());
  ghost_global.erase(std::unique(ghost_global.begin(), ghost_global.end()), ghost_global.end());
  out.below = std::lower_bound(ghost_global.begin(), ghost_global.end(), static_cast<std::int32_t>(first)) -
              ghost_global.begin();

  out.local = my_rows;
  out.local.cols = owned + static_cast<std::int64_t>(ghost_global.size());
  for (std::int64_t i = 0; i < owned; ++i) {
    bool boundary = false;
    for (std::int64_t p = my_rows.row_ptr[static_cast<std::size_t>(i)];
         p < my_rows.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
      std::int32_t& c = out.local.col_idx[static_cast<std::size_t>(p)];
      if (c >= first && c < last) {
        c = static_cast<std::int32_t>(out.below + (c - first));
      } else {
        const auto j = std::lower_bound(ghost_global.begin(), ghost_global.end(), c) - ghost_global.begin();
        c = static_cast<std::int32_t>(j < out.below ? j : j + owned);
        boundary = true;
      }
    }
    (boundary ? out.boundary_rows : out.interior_rows).push_back(static_cast<std::int32_t>(i));
  }

  // Ghosts are sorted and blocks are contiguous, so each owner's ghosts are one range.
  halo_plan& plan = out.plan;
  for (std::size_t j = 0; j < ghost_global.size();) {
    const int peer = blocks.owner(ghost_global[j]);
    std::size_t k = j;
    while (k < ghost_global.size() && ghost_global[k] < blocks.end(peer)) ++k;
    plan.receive_peers.push_back(peer);
    plan.receive_offsets.push_back(static_cast<std::int64_t>(k));
    j = k;
  }

  // Tell every owner which of its entries this rank needs.
  const std::vector<std::int64_t> counts = need_matrix(plan, comm);
  const auto P = static_cast<std::size_t>(comm.size());
  std::vector<std::vector<std::int32_t>> requested(P);
  std::vector<parallel::message> sends, receives;
  for (std::size_t k = 0; k < plan.receive_peers.size(); ++k) {
    sends.push_back(
        {plan.receive_peers[k], ghost_global.data() + plan.receive_offsets[k],
         static_cast<std::size_t>(plan.receive_offsets[k + 1] - plan.receive_offsets[k]) * sizeof(std::int32_t)});
  }
  for (std::size_t q = 0; q < P; ++q) {
    const std::int64_t n = counts[q * P + static_cast<std::size_t>(me)];
    if (n == 0 || q == static_cast<std::size_t>(me)) continue;
    requested[q].resize(static_cast<std::size_t>(n));
    receives.push_back({static_cast<int>(q), requested[q].data(), requested[q].size() * sizeof(std::int32_t)});
  }
  comm.start_exchange(sends, receives)->wait();
  for (std::size_t q = 0; q < P; ++q) {
    if (requested[q].empty()) continue;
    plan.send_peers.push_back(static_cast<int>(q));
    for (std::int32_t c : requested[q]) {
      if (c < first || c >= last) {
        throw invalid_argument(
            "kamp::sparse::make_local_layout", "requested column",
            "rank " + std::to_string(q) + " asked for " + std::to_string(c),
            "must be owned by rank " + std::to_string(me) + " (a rank's rows differ from its blocks?)");
      }
      plan.send_rows.push_back(static_cast<std::int32_t>(c - first));
    }
    plan.send_offsets.push_back(static_cast<std::int64_t>(plan.send_rows.size()));
  }
  return out;
}

}  // namespace kamp::sparse

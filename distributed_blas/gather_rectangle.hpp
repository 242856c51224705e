#pragma once
// gather_rectangle: a collective in which every rank asks for one rectangle of a block_matrix
// (want(r) for rank r, known to every rank, so no request travels) and receives it into a
// column-major matrix of its own. Each owner packs the part of its block that each other rank
// asks for into one contiguous array; the receiver unpacks what it gets; the rank's own part is
// copied on the device. The packed values travel one of two ways (transport):
//   host_staged   MPI messages of at most 1 GiB (kamp's MPI is not CUDA-aware), device memory
//                 through pinned host buffers of 64 MiB a peer (core/host_staging.hpp): any
//                 ranks, any memory space;
//   device_peers  each receiver copies its parts straight out of the owners' device buffers
//                 (CUDA IPC, parallel/device_peers.hpp: a workspace each rank keeps exported and
//                 open from one gather to the next), for formats stored as one array of values
//                 straight into place: CUDA memory, every rank on one node.
// Returns the bytes this rank received from others.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/host_staging.hpp"
#include "distributed_blas/block_matrix.hpp"
#include "formats/value_array.hpp"
#include "parallel/device_peers.hpp"
#include "parallel/transport.hpp"

namespace kamp::distributed_blas {

using parallel::transport;

namespace detail {

// Copies part (global indices) of `from` (whose element (0, 0) is global (from_origin)) to
// `to` (likewise), element by element through the format's load and store.
template <class ExecSpace, class FromArray, class ToArray>
void copy_part(const ExecSpace& exec, const rectangle& part, const FromArray& from, std::int64_t from_row0,
               std::int64_t from_col0, std::int64_t from_ld, const ToArray& to, std::int64_t to_row0,
               std::int64_t to_col0, std::int64_t to_ld) {
  const std::int64_t rows = part.rows.size(), count = part.elements();
  if (count == 0) return;
  const std::int64_t fi = part.rows.first - from_row0, fj = part.cols.first - from_col0;
  const std::int64_t ti = part.rows.first - to_row0, tj = part.cols.first - to_col0;
  Kokkos::parallel_for(
      "kamp::distributed_blas::copy_part", Kokkos::RangePolicy<ExecSpace>(exec, 0, count),
      KOKKOS_LAMBDA(const std::int64_t e) {
        const std::int64_t i = e % rows, j = e / rows;
        to.store(static_cast<std::size_t>((ti + i) + (tj + j) * to_ld),
                 from.load(static_cast<std::size_t>((fi + i) + (fj + j) * from_ld)));
      });
}

// Every `peer`'s slice of a packed buffer as messages of at most max_message_bytes.
inline constexpr std::size_t max_message_bytes = std::size_t(1) << 30;

inline void add_messages(std::vector<parallel::message>& out, int peer, char* data, std::size_t bytes) {
  for (std::size_t at = 0; at < bytes; at += max_message_bytes)
    out.push_back({peer, data + at, std::min(max_message_bytes, bytes - at)});
}

// A packed buffer as the format's values in the memory space, seen by load and store.
template <class Value, class MemorySpace>
struct packed_values {
  Kokkos::View<Value*, MemorySpace> values;
  KOKKOS_INLINE_FUNCTION Value load(std::size_t i) const { return values(i); }
  KOKKOS_INLINE_FUNCTION void store(std::size_t i, const Value& v) const { values(i) = v; }
};

// Rank r's part of `send` (send_count_to[r] values from send_from[r]) to rank r, and rank r's
// part for this rank into `receive` from receive_at[r], over MPI. Host memory is sent as it is;
// device memory passes through pinned host buffers in rounds of at most staging_values values
// per peer, so the host holds a bounded pinned buffer, not a pinned copy of every part (pinning
// that much memory costs far more than the copies through it:
// experiments/comparisons/distributed_gemm_host_staging_rounds.csv), and messages stay under
// MPI's int counts.
inline constexpr std::size_t staging_bytes = std::size_t(64) << 20;

template <class ExecSpace, class View>
void exchange_packed(const ExecSpace& exec, const parallel::communicator& comm, const View& send,
                     const std::vector<std::int64_t>& send_from, const std::vector<std::int64_t>& send_count_to,
                     const View& receive, const std::vector<std::int64_t>& receive_at,
                     const std::vector<std::int64_t>& receive_count_from) {
  using value = typename View::non_const_value_type;
  using memory = typename View::memory_space;
  const int me = comm.rank(), ranks = comm.size();
  auto bytes = [](std::int64_t values) { return static_cast<std::size_t>(values) * sizeof(value); };
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, memory>::accessible) {
    std::vector<parallel::message> sends, receives;
    for (int r = 0; r < ranks; ++r) {
      if (r == me) continue;
      add_messages(sends, r, reinterpret_cast<char*>(send.data() + send_from[r]), bytes(send_count_to[r]));
      add_messages(receives, r, reinterpret_cast<char*>(receive.data() + receive_at[r]), bytes(receive_count_from[r]));
    }
    comm.start_exchange(sends, receives)->wait();
  } else {
    using host_buffer = Kokkos::View<value*, core::staging_space_t<memory>>;
    const std::int64_t chunk = std::max<std::int64_t>(1, static_cast<std::int64_t>(staging_bytes / sizeof(value)));
    std::int64_t rounds = 0;
    for (int r = 0; r < ranks; ++r)
      rounds = std::max({rounds, (send_count_to[r] + chunk - 1) / chunk, (receive_count_from[r] + chunk - 1) / chunk});
    const auto slots = static_cast<std::size_t>(std::max(ranks - 1, 1));
    host_buffer send_host(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "kamp::distributed_blas::gather_rectangle (send, host)"),
        rounds > 0 ? slots * static_cast<std::size_t>(chunk) : 0);
    host_buffer receive_host(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "kamp::distributed_blas::gather_rectangle (receive, host)"),
        rounds > 0 ? slots * static_cast<std::size_t>(chunk) : 0);
    // Round c moves values [c chunk, (c + 1) chunk) of every peer's part, each peer in its slot.
    auto piece = [&](std::int64_t count, std::int64_t round) {
      return std::make_pair(std::min(count, round * chunk), std::min(count, (round + 1) * chunk));
    };
    auto slot = [&](int r) { return static_cast<std::int64_t>(r < me ? r : r - 1) * chunk; };
    for (std::int64_t round = 0; round < rounds; ++round) {
      std::vector<parallel::message> sends, receives;
      for (int r = 0; r < ranks; ++r) {
        if (r == me) continue;
        const auto out = piece(send_count_to[r], round), in = piece(receive_count_from[r], round);
        if (out.second > out.first) {
          Kokkos::deep_copy(exec, Kokkos::subview(send_host, std::make_pair(slot(r), slot(r) + out.second - out.first)),
                            Kokkos::subview(send, std::make_pair(send_from[r] + out.first, send_from[r] + out.second)));
          sends.push_back({r, send_host.data() + slot(r), bytes(out.second - out.first)});
        }
        if (in.second > in.first) receives.push_back({r, receive_host.data() + slot(r), bytes(in.second - in.first)});
      }
      exec.fence();  // this round's pieces are on the host, the last round's are on the device
      comm.start_exchange(sends, receives)->wait();
      for (int r = 0; r < ranks; ++r) {
        const auto in = piece(receive_count_from[r], round);
        if (r == me || in.second == in.first) continue;
        Kokkos::deep_copy(exec,
                          Kokkos::subview(receive, std::make_pair(receive_at[r] + in.first, receive_at[r] + in.second)),
                          Kokkos::subview(receive_host, std::make_pair(slot(r), slot(r) + in.second - in.first)));
      }
    }
  }
}

}  // namespace detail

// `into` must be want(me).rows.size() x want(me).cols.size() with any leading dimension, or X's
// own block itself when that is exactly what this rank wants (then nothing is copied into it);
// every want(r) must lie inside X; device_peers needs CudaSpace (else it is host_staged). The
// copies are complete on return.
template <class ExecSpace, class Format, class MemorySpace, class Want>
std::size_t gather_rectangle(const ExecSpace& exec, const block_matrix<Format, MemorySpace>& X, Want want,
                             const matrix<Format, MemorySpace>& into, transport how = transport::host_staged) {
  using value = value_type_t<Format>;
  static_assert(std::is_trivially_copyable<value>::value, "values travel as bytes");
  using device_buffer = Kokkos::View<value*, MemorySpace>;
  using packed = detail::packed_values<value, MemorySpace>;
  const auto& grid = X.grid;
  const int me = grid.comm->rank(), ranks = grid.size();
  const rectangle mine = X.owned(), wanted = want(me);
  auto owner_block = [&](int r) { return X.block(r / grid.cols, r % grid.cols); };
  // Where rank `owner` packs the part for rank `reader`: after the parts of the lower ranks.
  auto packed_at = [&](int owner, int reader) {
    std::int64_t at = 0;
    for (int q = 0; q < reader; ++q)
      if (q != owner) at += overlap(owner_block(owner), want(q)).elements();
    return at;
  };
  std::vector<std::int64_t> receive_at(ranks + 1, 0);
  for (int r = 0; r < ranks; ++r)
    receive_at[r + 1] = receive_at[r] + (r == me ? 0 : overlap(owner_block(r), wanted).elements());
  const std::int64_t send_count = packed_at(me, ranks);
  // device_peers (CUDA memory) copies values stored as one array of `value` straight into
  // `into`; every other way receives them packed and unpacks them.
  bool direct = false;
#ifdef KOKKOS_ENABLE_CUDA
  constexpr bool plain_values =
      std::is_same<array_t<Format, MemorySpace>, value_array<Format, value, MemorySpace>>::value;
  direct = plain_values && how == transport::device_peers && std::is_same<MemorySpace, Kokkos::CudaSpace>::value;
#endif
  device_buffer unpacked(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kamp::distributed_blas::gather_rectangle (receive)"),
      direct ? 0 : static_cast<std::size_t>(receive_at[ranks]));

  // Packs this rank's parts for every other rank into `to` (send_count values).
  auto pack = [&](value* to) {
    const Kokkos::View<value*, MemorySpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> all(
        to, static_cast<std::size_t>(send_count));
    for (int r = 0; r < ranks; ++r) {
      if (r == me) continue;
      const rectangle part = overlap(mine, want(r));
      const std::int64_t at = packed_at(me, r);
      detail::copy_part(exec, part, X.local.values, mine.rows.first, mine.cols.first, X.local.ld,
                        packed{Kokkos::subview(all, std::make_pair(at, at + part.elements()))}, part.rows.first,
                        part.cols.first, part.rows.size());
    }
  };
  if (!(wanted == mine)) {
    detail::copy_part(exec, overlap(mine, wanted), X.local.values, mine.rows.first, mine.cols.first, X.local.ld,
                      into.values, wanted.rows.first, wanted.cols.first, into.ld);
  }
  bool moved = false;
  (void)how;
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same<MemorySpace, Kokkos::CudaSpace>::value) {
    if (how == transport::device_peers) {
      auto& workspace = parallel::peer_workspace::get();
      const parallel::peer_buffers& peers =
          workspace.reserve(grid.comm, static_cast<std::size_t>(send_count) * sizeof(value));
      pack(reinterpret_cast<value*>(workspace.mine()));
      exec.fence();
      grid.comm->allgather_value(0);  // every rank's parts are packed
      for (int r = 0; r < ranks; ++r) {
        const rectangle part = overlap(owner_block(r), wanted);
        if (r == me || part.elements() == 0) continue;
        const char* from = peers.of(r) + packed_at(r, me) * sizeof(value);
        if constexpr (plain_values) {
          // Column by column straight into place: the part is column-major with its own rows as
          // leading dimension, `into` with into.ld.
          value* to = into.values.values.data() + (part.rows.first - wanted.rows.first) +
                      (part.cols.first - wanted.cols.first) * into.ld;
          const std::size_t column = static_cast<std::size_t>(part.rows.size()) * sizeof(value);
          parallel::detail::check_cuda(cudaMemcpy2DAsync(to, static_cast<std::size_t>(into.ld) * sizeof(value), from,
                                                         column, column, static_cast<std::size_t>(part.cols.size()),
                                                         cudaMemcpyDeviceToDevice, exec.cuda_stream()),
                                       "cudaMemcpy2DAsync");
        } else {
          parallel::detail::check_cuda(cudaMemcpyAsync(unpacked.data() + receive_at[r], from,
                                                       static_cast<std::size_t>(part.elements()) * sizeof(value),
                                                       cudaMemcpyDeviceToDevice, exec.cuda_stream()),
                                       "cudaMemcpyAsync");
        }
      }
      exec.fence();
      grid.comm->allgather_value(0);  // no rank reads another's buffer any more
      moved = true;
    }
  }
#endif
  if (!moved) {
    device_buffer send(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "kamp::distributed_blas::gather_rectangle (send)"),
        static_cast<std::size_t>(send_count));
    pack(send.data());
    exec.fence();
    std::vector<std::int64_t> send_from(ranks), send_count_to(ranks), receive_count_from(ranks);
    for (int r = 0; r < ranks; ++r) {
      send_from[r] = packed_at(me, r);
      send_count_to[r] = r == me ? 0 : overlap(mine, want(r)).elements();
      receive_count_from[r] = receive_at[r + 1] - receive_at[r];
    }
    detail::exchange_packed(exec, *grid.comm, send, send_from, send_count_to, unpacked, receive_at, receive_count_from);
  }
  for (int r = 0; r < ranks && !direct; ++r) {
    if (r == me) continue;
    const rectangle part = overlap(owner_block(r), wanted);
    detail::copy_part(exec, part, packed{Kokkos::subview(unpacked, std::make_pair(receive_at[r], receive_at[r + 1]))},
                      part.rows.first, part.cols.first, part.rows.size(), into.values, wanted.rows.first,
                      wanted.cols.first, into.ld);
  }
  exec.fence();  // the buffers are freed on return
  return static_cast<std::size_t>(receive_at[ranks]) * sizeof(value);
}

}  // namespace kamp::distributed_blas

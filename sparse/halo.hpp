#pragma once
// The halo exchange of a distributed matrix: the entries of a vector that other ranks' rows
// read, moved by the matrix's halo transport (parallel/transport.hpp) while the caller computes
// the interior rows (for_rows_with_halo):
//   host_staged   stage_halo packs them on the device and copies them to host memory (pinned
//                 with CUDA; the MPI need not be CUDA-aware), post_halo posts the messages,
//                 finish_halo waits and moves the received ghosts to the device;
//   device_peers  they are packed into a buffer the other ranks have opened, and each rank
//                 copies its ghosts out of its peers' buffers on a stream, the host trading only
//                 tokens (parallel/peer_exchange.hpp): no wait for the device.
// extended_vector reads a vector through the local column numbering (owned entries and ghosts).
#include <Kokkos_Core.hpp>

#include <memory>
#include <type_traits>
#include <vector>

#include "core/host_staging.hpp"
#include "core/argument_range.hpp"
#include "core/side_queue.hpp"
#include "formats/value_array.hpp"
#include "parallel/communicator.hpp"
#include "parallel/peer_exchange.hpp"
#include "sparse/distributed_matrix.hpp"

namespace kamp::sparse {

// Device and host buffers for exchanging vectors of `Value` over one matrix's halo plan, and the
// side queue their copies run on (core/side_queue.hpp). A buffer with nothing to hold is not
// allocated, nor the side queue on a rank that exchanges nothing: pinned host memory is freed by
// cudaFreeHost, which waits for the device, and every solve on one rank would pay that for each
// of its halos.
// With device_peers (CUDA memory, more than one rank) the constructor is a collective, and the
// packed entries live in the peer exchange's buffer instead of `send` and the staging buffers.
template <class Value, class MemorySpace>
struct halo_buffer {
  static_assert(std::is_trivially_copyable<Value>::value, "halo values travel as bytes");
  using staging = core::staging_space_t<MemorySpace>;
  Kokkos::View<Value*, MemorySpace> send, ghost;
  Kokkos::View<Value*, staging> send_staged, ghost_staged;
  std::shared_ptr<core::side_queue<MemorySpace>> queue;
#ifdef KOKKOS_ENABLE_CUDA
  std::shared_ptr<parallel::peer_exchange> peers;
#endif

  halo_buffer() = default;
  explicit halo_buffer(const distributed_matrix<MemorySpace>& a)
      : ghost(buffer<MemorySpace>("kamp::sparse::halo::ghost", a.ghosts())),
        queue(a.exchanges() ? std::make_shared<core::side_queue<MemorySpace>>() : nullptr) {
    const bool staged = a.halo_transport() == parallel::transport::host_staged;
#ifdef KOKKOS_ENABLE_CUDA
    if (!staged && a.comm().size() > 1) peers = open_peers(a, ghost);
#endif
    if (staged) {
      send = buffer<MemorySpace>("kamp::sparse::halo::send", a.plan().sends());
      send_staged = buffer<staging>("kamp::sparse::halo::send_staged", a.plan().sends());
      ghost_staged = buffer<staging>("kamp::sparse::halo::ghost_staged", a.ghosts());
    }
  }

 private:
#ifdef KOKKOS_ENABLE_CUDA
  static std::shared_ptr<parallel::peer_exchange> open_peers(const distributed_matrix<MemorySpace>& a,
                                                             const Kokkos::View<Value*, MemorySpace>& ghost) {
    const halo_plan& plan = a.plan();
    std::vector<parallel::peer_exchange::send_part> sends;
    std::vector<parallel::peer_exchange::receive_part> receives;
    for (std::size_t k = 0; k < plan.send_peers.size(); ++k) {
      sends.push_back({plan.send_peers[k], static_cast<std::size_t>(plan.send_offsets[k]) * sizeof(Value),
                       static_cast<std::size_t>(plan.send_offsets[k + 1] - plan.send_offsets[k]) * sizeof(Value)});
    }
    for (std::size_t k = 0; k < plan.receive_peers.size(); ++k) {
      receives.push_back(
          {plan.receive_peers[k], ghost.data() + plan.receive_offsets[k],
           static_cast<std::size_t>(plan.receive_offsets[k + 1] - plan.receive_offsets[k]) * sizeof(Value)});
    }
    return std::make_shared<parallel::peer_exchange>(a.comm(), static_cast<std::size_t>(plan.sends()) * sizeof(Value),
                                                     sends, std::move(receives));
  }
#endif

  // Not initialised: every exchange writes a buffer before it reads it, and the device filling
  // pinned host memory is a slow pass over the bus.
  template <class Space>
  static Kokkos::View<Value*, Space> buffer(const char* label, std::int64_t count) {
    if (count == 0) return {};
    return Kokkos::View<Value*, Space>(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), count);
  }
};

// x through local column numbers: ghosts below, owned entries, ghosts above.
template <class Array, class Value>
struct extended_vector {
  Array owned;
  Kokkos::View<const Value*, typename Array::memory_space> ghost;
  std::int64_t below = 0, owned_count = 0;
  KOKKOS_INLINE_FUNCTION Value load(std::int64_t c) const {
    if (c < below) return ghost(c);
    if (c < below + owned_count) return owned.load(static_cast<std::size_t>(c - below));
    return ghost(c - owned_count);
  }
};

// An array of plain values (doubles, dd_real, expansions) is read by one load from the side its
// column lies on, chosen without a branch: behind a branch, the GPU would issue each entry's load
// of x only after the previous entries' tests, and the SpMV would wait on memory latency.
template <class Format, class Value, class MemorySpace>
struct extended_vector<value_array<Format, Value, MemorySpace>, Value> {
  value_array<Format, Value, MemorySpace> owned;
  Kokkos::View<const Value*, MemorySpace> ghost;
  std::int64_t below = 0, owned_count = 0;
  KOKKOS_INLINE_FUNCTION Value load(std::int64_t c) const {
    const bool is_owned = c >= below && c < below + owned_count;
    const std::int64_t k = is_owned ? c - below : (c < below ? c : c - owned_count);
    const Value* side = is_owned ? owned.values.data() : ghost.data();
    return side[k];
  }
};

template <class Array, class Value>
extended_vector<Array, Value> extended(const distributed_matrix<typename Array::memory_space>& a, const Array& x,
                                       const halo_buffer<Value, typename Array::memory_space>& halo) {
  return {x, halo.ghost, a.below(), a.owned_rows()};
}

// Queues the pack of x's entries that other ranks read into `send` (a.plan().sends() values).
template <class ExecSpace, class Array, class Value>
void pack_halo(const ExecSpace& exec, const distributed_matrix<typename Array::memory_space>& a, const Array& x,
               Value* send) {
  const auto rows = a.send_rows();
  Kokkos::parallel_for(
      "kamp::sparse::halo::pack", core::range(exec, rows.extent(0)),
      KOKKOS_LAMBDA(std::int64_t k) { send[k] = x.load(static_cast<std::size_t>(rows(k))); });
}

// Queues the pack and the packed entries' copy to the host.
template <class ExecSpace, class Array, class Value>
void stage_halo(const ExecSpace& exec, const distributed_matrix<typename Array::memory_space>& a, const Array& x,
                const halo_buffer<Value, typename Array::memory_space>& halo) {
  pack_halo(exec, a, x, halo.send.data());
  Kokkos::deep_copy(exec, halo.send_staged, halo.send);
}

// Posts the messages of a staged halo (its copy to the host has finished).
template <class Value, class MemorySpace>
std::unique_ptr<parallel::pending_exchange> post_halo(const distributed_matrix<MemorySpace>& a,
                                                      const halo_buffer<Value, MemorySpace>& halo) {
  const halo_plan& plan = a.plan();
  std::vector<parallel::message> sends, receives;
  for (std::size_t k = 0; k < plan.send_peers.size(); ++k) {
    sends.push_back({plan.send_peers[k], halo.send_staged.data() + plan.send_offsets[k],
                     static_cast<std::size_t>(plan.send_offsets[k + 1] - plan.send_offsets[k]) * sizeof(Value)});
  }
  for (std::size_t k = 0; k < plan.receive_peers.size(); ++k) {
    receives.push_back(
        {plan.receive_peers[k], halo.ghost_staged.data() + plan.receive_offsets[k],
         static_cast<std::size_t>(plan.receive_offsets[k + 1] - plan.receive_offsets[k]) * sizeof(Value)});
  }
  return a.comm().start_exchange(sends, receives);
}

// Waits for the messages and queues the ghosts' copy to the device.
template <class ExecSpace, class Value, class MemorySpace>
void finish_halo(const ExecSpace& exec, parallel::pending_exchange& pending,
                 const halo_buffer<Value, MemorySpace>& halo) {
  pending.wait();
  Kokkos::deep_copy(exec, halo.ghost, halo.ghost_staged);
}

// compute(rows) for every row of A, the rows that read ghosts only once x's halo has arrived:
// interior rows while it is in flight, or all rows at once when this rank exchanges nothing.
// The halo's pack and its copies run on the side queue, beside the interior rows; the host waits
// for the copy to the host alone before it posts the messages, and the boundary rows wait for the
// copy of the ghosts to the device. The orderings also guard the buffers' reuse: the next pack
// follows everything queued before it (these boundary rows, which read the ghosts), and the host
// posts the next receives only once this copy of the ghosts has left the staging buffer.
// With device_peers the host does not wait: the pack and the ghosts' copies run on the side
// queue after exec's work queued so far, the boundary rows after them, and the peer exchange
// orders the buffers' reuse between the ranks.
template <class ExecSpace, class Array, class Value, class Compute>
void for_rows_with_halo(const ExecSpace& exec, const distributed_matrix<typename Array::memory_space>& a,
                        const Array& x, const halo_buffer<Value, typename Array::memory_space>& halo,
                        const Compute& compute) {
  if (!a.exchanges()) return compute(a.all_rows());
  auto& side = *halo.queue;
  side.follow(exec);  // x is complete where exec's queued work ends
  const ExecSpace copies = side.on(exec);
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value) {
    if (halo.peers) {
      pack_halo(copies, a, x, static_cast<Value*>(halo.peers->begin(copies.cuda_stream())));
      compute(a.interior_rows());
      halo.peers->finish(copies.cuda_stream());
      side.precede(exec);
      return compute(a.boundary_rows());
    }
  }
#endif
  stage_halo(copies, a, x, halo);
  compute(a.interior_rows());
  side.wait(exec);
  const auto pending = post_halo(a, halo);
  finish_halo(copies, *pending, halo);
  side.precede(exec);
  compute(a.boundary_rows());
}

}  // namespace kamp::sparse

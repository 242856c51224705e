#pragma once
// A repeated exchange of device data between the ranks of one node, ordered on streams by CUDA
// IPC (parallel/device_peers.hpp): each rank packs what its peers read into a buffer of its own
// that they have opened, and copies its parts straight out of theirs on its stream. The host
// trades one-byte tokens over the communicator and never waits for its device, so an exchange
// costs the device one copy and the host one round of small messages (the staged path,
// sparse/halo.hpp, waits for the copy to the host and again, for the ghosts, to the device).
//
// Exchange k uses slot k % 2 of each rank's two send slots:
//   begin(stream)   the stream waits until every receiver's copies out of the slot from
//                   exchange k - 2 are done (their `consumed` event of the slot); returns the
//                   slot, to be filled on the stream;
//   finish(stream)  records `packed` of the slot, trades a token with every peer (sender or
//                   receiver), then on the stream waits for each sender's `packed`, copies its
//                   part out of the sender's slot and records `consumed` of the slot.
// A wait on a peer's event waits for the peer's last record of it queued before the wait
// (device_peers.hpp), so each wait must come after the record it needs and before the next one.
// It does: a peer's token of exchange k is sent after its `packed` of exchange k and its
// `consumed` of exchange k - 1 were recorded, and the next records of those two events (exchanges
// k + 2 and k + 1) need this rank's tokens of exchanges k + 1 and k, sent after the waits.
#include <Kokkos_Macros.hpp>

#ifdef KOKKOS_ENABLE_CUDA
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "parallel/communicator.hpp"
#include "parallel/device_peers.hpp"

namespace kamp::parallel {

class peer_exchange {
 public:
  // `bytes` at `offset` of this rank's packed data go to `peer`.
  struct send_part {
    int peer = 0;
    std::size_t offset = 0, bytes = 0;
  };
  // `bytes` from `peer` land at `destination` (device memory of this rank).
  struct receive_part {
    int peer = 0;
    void* destination = nullptr;
    std::size_t bytes = 0;
  };

  // Collective over comm, which must outlive this exchange. Each part must match its peer's
  // counterpart in bytes (else kamp::invalid_argument naming the peer).
  peer_exchange(const communicator& comm, std::size_t packed_bytes, const std::vector<send_part>& sends,
                std::vector<receive_part> receives)
      : comm_(comm),
        packed_bytes_(packed_bytes),
        buffer_(2 * packed_bytes),
        opened_(comm, buffer_),
        events_(comm, 4),
        receives_(std::move(receives)) {
    const char* fn = "kamp::parallel::peer_exchange";
    // Each sender tells its receiver where the receiver's part lies in its slots.
    std::vector<std::array<std::uint64_t, 3>> told(sends.size()), heard(receives_.size());
    std::vector<message> out, in;
    for (std::size_t k = 0; k < sends.size(); ++k) {
      require_argument(sends[k].offset + sends[k].bytes <= packed_bytes, fn, "sends",
                       "a part for rank " + std::to_string(sends[k].peer), "must lie inside the packed bytes");
      told[k] = {sends[k].offset, sends[k].bytes, packed_bytes};
      out.push_back({sends[k].peer, told[k].data(), sizeof(told[k])});
      receivers_.push_back(sends[k].peer);
    }
    for (std::size_t k = 0; k < receives_.size(); ++k)
      in.push_back({receives_[k].peer, heard[k].data(), sizeof(heard[k])});
    comm.start_exchange(out, in)->wait();
    for (std::size_t k = 0; k < receives_.size(); ++k) {
      require_argument(heard[k][1] == receives_[k].bytes, fn, "receives",
                       "the part from rank " + std::to_string(receives_[k].peer),
                       "must have the " + std::to_string(heard[k][1]) + " bytes that rank sends");
      sources_.push_back({heard[k][0], heard[k][2]});
    }
    token_peers_ = receivers_;
    for (const receive_part& r : receives_) token_peers_.push_back(r.peer);
    std::sort(token_peers_.begin(), token_peers_.end());
    token_peers_.erase(std::unique(token_peers_.begin(), token_peers_.end()), token_peers_.end());
    tokens_out_.assign(token_peers_.size(), 1);
    tokens_in_.assign(token_peers_.size(), 0);
    // Two rounds with nothing packed, one per slot, so that the peers' buffers and events are
    // mapped for this GPU before the first real exchange: the first copy out of a new mapping
    // pays for it (device_peers.hpp, peer_workspace). The receive parts get whatever the slots
    // hold; every exchange overwrites them.
    cudaStream_t warm{};
    check(cudaStreamCreateWithFlags(&warm, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    for (int round = 0; round < 2; ++round) {
      begin(warm);
      finish(warm);
    }
    const cudaError_t warmed = cudaStreamSynchronize(warm);
    cudaStreamDestroy(warm);
    check(warmed, "cudaStreamSynchronize");
  }

  // Every rank's device is idle and every rank past the barrier before anything is freed: no
  // peer still copies out of this rank's buffer or waits for its events. A collective.
  ~peer_exchange() {
    cudaDeviceSynchronize();
    try {
      comm_.allgather_value(0);
    } catch (...) {  // the communicator failed: nothing else can be done in a destructor
    }
  }
  peer_exchange(const peer_exchange&) = delete;
  peer_exchange& operator=(const peer_exchange&) = delete;

  void* begin(cudaStream_t stream) {
    const int slot = static_cast<int>(exchanges_ % 2);
    for (int r : receivers_)
      check(cudaStreamWaitEvent(stream, events_.of(r, consumed + slot), 0), "cudaStreamWaitEvent");
    return buffer_.data() + slot * packed_bytes_;
  }

  void finish(cudaStream_t stream) {
    const int slot = static_cast<int>(exchanges_ % 2), me = comm_.rank();
    check(cudaEventRecord(events_.of(me, packed + slot), stream), "cudaEventRecord");
    std::vector<message> out, in;
    for (std::size_t k = 0; k < token_peers_.size(); ++k) {
      out.push_back({token_peers_[k], &tokens_out_[k], 1});
      in.push_back({token_peers_[k], &tokens_in_[k], 1});
    }
    comm_.start_exchange(out, in)->wait();
    for (std::size_t k = 0; k < receives_.size(); ++k) {
      const int q = receives_[k].peer;
      check(cudaStreamWaitEvent(stream, events_.of(q, packed + slot), 0), "cudaStreamWaitEvent");
      check(
          cudaMemcpyAsync(receives_[k].destination, opened_.of(q) + slot * sources_[k].slot_bytes + sources_[k].offset,
                          receives_[k].bytes, cudaMemcpyDeviceToDevice, stream),
          "cudaMemcpyAsync");
    }
    check(cudaEventRecord(events_.of(me, consumed + slot), stream), "cudaEventRecord");
    ++exchanges_;
  }

 private:
  static constexpr int packed = 0, consumed = 2;  // events: packed of slots 0, 1; consumed of slots 0, 1
  struct source {
    std::size_t offset, slot_bytes;  // in the sender's slot; the sender's slot size
  };
  static void check(cudaError_t status, const char* call) { detail::check_cuda(status, call); }

  const communicator& comm_;
  std::size_t packed_bytes_;
  exported_buffer buffer_;
  peer_buffers opened_;
  peer_events events_;
  std::vector<receive_part> receives_;
  std::vector<source> sources_;
  std::vector<int> receivers_, token_peers_;
  std::vector<char> tokens_out_, tokens_in_;
  std::int64_t exchanges_ = 0;
};

}  // namespace kamp::parallel
#endif

#pragma once
// Device memory and events shared between the ranks of one node through CUDA IPC: each rank
// allocates an exported_buffer, and peer_buffers (a collective) opens every other rank's in this
// process, so that a rank copies slices of its peers' buffers into its own device memory on its
// stream (over NVLink where the GPUs have it) instead of staging them through host memory and
// MPI; peer_events lets its streams wait for work queued by the other ranks.
// kamp's MPI is not CUDA-aware (Open MPI on the GPU hosts is built without CUDA), so this is
// the device-to-device path. CUDA builds only; failures raise std::runtime_error naming the call.
#include <Kokkos_Macros.hpp>

#ifdef KOKKOS_ENABLE_CUDA
#include <cuda_runtime.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel/communicator.hpp"

namespace kamp::parallel {

namespace detail {
inline void check_cuda(cudaError_t status, const char* call) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string("kamp::parallel (device peers): ") + call +
                             " failed: " + cudaGetErrorString(status));
}
}  // namespace detail

// Device memory of its own cudaMalloc, so that its IPC handle names exactly it.
class exported_buffer {
 public:
  explicit exported_buffer(std::size_t bytes) : bytes_(bytes) {
    if (bytes_ > 0) detail::check_cuda(cudaMalloc(&data_, bytes_), "cudaMalloc");
  }
  ~exported_buffer() {
    if (data_ != nullptr) cudaFree(data_);
  }
  exported_buffer(const exported_buffer&) = delete;
  exported_buffer& operator=(const exported_buffer&) = delete;
  char* data() const { return static_cast<char*>(data_); }
  std::size_t bytes() const { return bytes_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

// Every rank's exported buffer, opened in this process (this rank's own is its pointer). The
// constructor is a collective; the destructor closes the peers' buffers, and the owner of this
// object orders it (a barrier) so that no rank frees its buffer while another still reads it.
class peer_buffers {
 public:
  peer_buffers(const communicator& comm, const exported_buffer& mine)
      : me_(comm.rank()), opened_(comm.size(), nullptr) {
    struct exported {
      cudaIpcMemHandle_t handle;
      bool present;
    } me{};
    me.present = mine.bytes() > 0;
    if (me.present) detail::check_cuda(cudaIpcGetMemHandle(&me.handle, mine.data()), "cudaIpcGetMemHandle");
    const auto all = comm.allgather_value(me);
    for (int r = 0; r < comm.size(); ++r) {
      if (r == comm.rank())
        opened_[r] = mine.data();
      else if (all[r].present) {
        void* peer = nullptr;
        detail::check_cuda(cudaIpcOpenMemHandle(&peer, all[r].handle, cudaIpcMemLazyEnablePeerAccess),
                           "cudaIpcOpenMemHandle");
        opened_[r] = static_cast<char*>(peer);
      }
    }
  }
  ~peer_buffers() {
    for (int r = 0; r < static_cast<int>(opened_.size()); ++r)
      if (r != me_ && opened_[r] != nullptr) cudaIpcCloseMemHandle(opened_[r]);
  }
  peer_buffers(const peer_buffers&) = delete;
  peer_buffers& operator=(const peer_buffers&) = delete;

  const char* of(int rank) const { return opened_[rank]; }

 private:
  int me_;
  std::vector<char*> opened_;
};

// An exported buffer kept from one collective to the next and opened by every rank once, for
// collectives that move large parts repeatedly (the distributed GEMM's panels): the first copy
// out of a newly mapped peer allocation pays for the mapping, many times a later copy's time
// (experiments/comparisons/peer_copy_first_touch.txt). One per process, for one communicator at a
// time; released at Kokkos::finalize, when no rank copies any more.
class peer_workspace {
 public:
  static peer_workspace& get() {
    static peer_workspace* const one = [] {
      auto* w = new peer_workspace;  // lives to the end; its buffers go at finalize
      Kokkos::push_finalize_hook([w] { w->release(); });
      return w;
    }();
    return *one;
  }

  // A collective: every rank's buffer holds at least its own `bytes` and is open on every rank.
  // Where any rank's is too small, or the communicator is another, every rank exports anew.
  const peer_buffers& reserve(const std::shared_ptr<const communicator>& comm, std::size_t bytes) {
    const int fits = comm == comm_ && mine_ != nullptr && bytes <= mine_->bytes();
    bool every_fits = true;
    for (const int f : comm->allgather_value(fits)) every_fits = every_fits && f != 0;
    if (!every_fits) {
      release();
      comm_ = comm;
      mine_ = std::make_unique<exported_buffer>(std::max<std::size_t>(bytes, 1));
      opened_ = std::make_unique<peer_buffers>(*comm_, *mine_);
    }
    return *opened_;
  }
  char* mine() const { return mine_->data(); }

 private:
  peer_workspace() = default;
  void release() {
    opened_.reset();
    mine_.reset();
    comm_.reset();
  }
  std::shared_ptr<const communicator> comm_;
  std::unique_ptr<exported_buffer> mine_;
  std::unique_ptr<peer_buffers> opened_;
};

// `count` events of this rank's, created for use across processes, and every other rank's opened
// here (a collective): a rank records its own and makes its streams wait for its peers'. A wait
// on a peer's event waits for the record that peer made last before the wait was queued, so the
// caller must order the record before the wait (by a message, parallel/peer_exchange.hpp).
class peer_events {
 public:
  peer_events(const communicator& comm, int count)
      : count_(count), events_(static_cast<std::size_t>(comm.size() * count)) {
    const int me = comm.rank();
    std::vector<cudaIpcEventHandle_t> mine(static_cast<std::size_t>(count)), all(events_.size());
    for (int k = 0; k < count; ++k) {
      detail::check_cuda(cudaEventCreateWithFlags(&events_[at(me, k)], cudaEventDisableTiming | cudaEventInterprocess),
                         "cudaEventCreateWithFlags");
      detail::check_cuda(cudaIpcGetEventHandle(&mine[k], events_[at(me, k)]), "cudaIpcGetEventHandle");
    }
    comm.allgather(mine.data(), all.data(), mine.size() * sizeof(cudaIpcEventHandle_t));
    for (int r = 0; r < comm.size(); ++r) {
      if (r == me) continue;
      for (int k = 0; k < count; ++k)
        detail::check_cuda(cudaIpcOpenEventHandle(&events_[at(r, k)], all[at(r, k)]), "cudaIpcOpenEventHandle");
    }
  }
  ~peer_events() {
    for (cudaEvent_t e : events_)
      if (e != nullptr) cudaEventDestroy(e);
  }
  peer_events(const peer_events&) = delete;
  peer_events& operator=(const peer_events&) = delete;

  cudaEvent_t of(int rank, int k) const { return events_[at(rank, k)]; }

 private:
  std::size_t at(int rank, int k) const { return static_cast<std::size_t>(rank * count_ + k); }
  int count_;
  std::vector<cudaEvent_t> events_;
};

}  // namespace kamp::parallel
#endif

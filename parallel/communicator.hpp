#pragma once
// The message passing the distributed sparse layer needs, behind one small interface so that the
// same matrix, kernels and solvers run in one process (serial_communicator, always available)
// and across MPI ranks (mpi_communicator, parallel/mpi_communicator.hpp, when kamp is built with
// MPI). Messages are raw bytes: callers send arrays of trivially copyable values.
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

namespace kamp::parallel {

// One point-to-point message: `bytes` bytes at `data` to or from rank `peer`.
struct message {
  int peer = 0;
  void* data = nullptr;
  std::size_t bytes = 0;
};

// A started exchange; wait() returns once every message of it has been sent and received.
class pending_exchange {
 public:
  virtual ~pending_exchange() = default;
  virtual void wait() = 0;
};

class communicator {
 public:
  virtual ~communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Every rank's `bytes` bytes from `mine`, in rank order, into `all` (size() * bytes).
  virtual void allgather(const void* mine, void* all, std::size_t bytes) const = 0;
  // Posts every receive and send; the buffers must stay untouched until wait() returns.
  virtual std::unique_ptr<pending_exchange> start_exchange(const std::vector<message>& sends,
                                                           const std::vector<message>& receives) const = 0;

  // Convenience over allgather: one value from every rank, in rank order.
  template <class T>
  std::vector<T> allgather_value(const T& mine) const {
    std::vector<T> all(static_cast<std::size_t>(size()));
    allgather(&mine, all.data(), sizeof(T));
    return all;
  }
};

// One process: rank 0 of 1. An exchange with peers cannot happen (a matrix on one rank has no
// ghost entries), so any message is a programming error.
class serial_communicator final : public communicator {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void allgather(const void* mine, void* all, std::size_t bytes) const override { std::memcpy(all, mine, bytes); }
  std::unique_ptr<pending_exchange> start_exchange(const std::vector<message>& sends,
                                                   const std::vector<message>& receives) const override;
};

std::shared_ptr<const communicator> serial();

// Whether every rank runs on this host (their host names agree): device memory can then pass
// between them without the network (parallel/device_peers.hpp). A collective.
bool on_one_node(const communicator& comm);

}  // namespace kamp::parallel

#pragma once
// How device data moves between ranks, for the layers that move it (the halo exchange,
// sparse/halo.hpp; the distributed GEMM's panels, distributed_blas/gather_rectangle.hpp):
//   host_staged   through host memory and the communicator's messages: any ranks, any memory
//                 space (kamp's MPI is not CUDA-aware);
//   device_peers  straight between the GPUs' memories by CUDA IPC (parallel/device_peers.hpp):
//                 CUDA memory, every rank on one node.
#include <Kokkos_Core.hpp>

#include <type_traits>

#include "parallel/communicator.hpp"

namespace kamp::parallel {

enum class transport { host_staged, device_peers };

inline const char* to_string(transport how) { return how == transport::device_peers ? "device_peers" : "host_staged"; }

// Whether `how` can move MemorySpace's data among comm's ranks (a collective for device_peers).
template <class MemorySpace>
bool transport_available(transport how, const communicator& comm) {
  if (how == transport::host_staged) return true;
#ifdef KOKKOS_ENABLE_CUDA
  if (std::is_same<MemorySpace, Kokkos::CudaSpace>::value) return on_one_node(comm);
#endif
  (void)comm;
  return false;
}

// device_peers where the memory space and the ranks allow it (a collective), else host_staged.
template <class MemorySpace>
transport fastest_transport(const communicator& comm) {
  return transport_available<MemorySpace>(transport::device_peers, comm) ? transport::device_peers
                                                                         : transport::host_staged;
}

}  // namespace kamp::parallel

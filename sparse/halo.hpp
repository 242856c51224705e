#pragma once
// The halo exchange of a distributed matrix: the entries of a vector that other ranks' rows
// read. start_halo packs them on the device, stages them through host memory (pinned with
// CUDA; the MPI need not be CUDA-aware) and posts the messages; finish_halo waits and moves the
// received ghosts to the device. Between the two, the caller computes the interior rows.
// extended_vector reads a vector through the local column numbering (owned entries and ghosts).
#include <Kokkos_Core.hpp>

#include <memory>
#include <type_traits>
#include <vector>

#include "parallel/communicator.hpp"
#include "sparse/distributed_matrix.hpp"

namespace kamp::sparse {

template <class MemorySpace>
struct staging_space {
  using type = Kokkos::HostSpace;
};
#ifdef KOKKOS_ENABLE_CUDA
template <>
struct staging_space<Kokkos::CudaSpace> {
  using type = Kokkos::CudaHostPinnedSpace;
};
#endif

// Device and host buffers for exchanging vectors of `Value` over one matrix's halo plan.
template <class Value, class MemorySpace>
struct halo_buffer {
  static_assert(std::is_trivially_copyable<Value>::value, "halo values travel as bytes");
  using staging = typename staging_space<MemorySpace>::type;
  Kokkos::View<Value*, MemorySpace> send, ghost;
  Kokkos::View<Value*, staging> send_staged, ghost_staged;

  halo_buffer() = default;
  explicit halo_buffer(const distributed_matrix<MemorySpace>& a)
      : send(Kokkos::view_alloc(std::string("kamp::sparse::halo::send"), Kokkos::WithoutInitializing), a.plan().sends()),
        ghost(Kokkos::view_alloc(std::string("kamp::sparse::halo::ghost"), Kokkos::WithoutInitializing), a.ghosts()),
        // Not initialised: the device filling pinned host memory took 5 ms per buffer on an H200.
        send_staged(Kokkos::view_alloc(std::string("kamp::sparse::halo::send_staged"), Kokkos::WithoutInitializing),
                    a.plan().sends()),
        ghost_staged(Kokkos::view_alloc(std::string("kamp::sparse::halo::ghost_staged"), Kokkos::WithoutInitializing),
                     a.ghosts()) {}
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

template <class Array, class Value>
extended_vector<Array, Value> extended(const distributed_matrix<typename Array::memory_space>& a, const Array& x,
                                       const halo_buffer<Value, typename Array::memory_space>& halo) {
  return {x, halo.ghost, a.below(), a.owned_rows()};
}

template <class ExecSpace, class Array, class Value>
std::unique_ptr<parallel::pending_exchange> start_halo(const ExecSpace& exec,
                                                       const distributed_matrix<typename Array::memory_space>& a,
                                                       const Array& x,
                                                       const halo_buffer<Value, typename Array::memory_space>& halo) {
  const auto send = halo.send;
  const auto rows = a.send_rows();
  Kokkos::parallel_for(
      "kamp::sparse::halo::pack", Kokkos::RangePolicy<ExecSpace>(exec, 0, send.extent(0)),
      KOKKOS_LAMBDA(std::int64_t k) { send(k) = x.load(static_cast<std::size_t>(rows(k))); });
  Kokkos::deep_copy(exec, halo.send_staged, send);
  exec.fence();
  const halo_plan& plan = a.plan();
  std::vector<parallel::message> sends, receives;
  for (std::size_t k = 0; k < plan.send_peers.size(); ++k) {
    sends.push_back({plan.send_peers[k], halo.send_staged.data() + plan.send_offsets[k],
                     static_cast<std::size_t>(plan.send_offsets[k + 1] - plan.send_offsets[k]) * sizeof(Value)});
  }
  for (std::size_t k = 0; k < plan.receive_peers.size(); ++k) {
    receives.push_back({plan.receive_peers[k], halo.ghost_staged.data() + plan.receive_offsets[k],
                        static_cast<std::size_t>(plan.receive_offsets[k + 1] - plan.receive_offsets[k]) *
                            sizeof(Value)});
  }
  return a.comm().start_exchange(sends, receives);
}

template <class ExecSpace, class Value, class MemorySpace>
void finish_halo(const ExecSpace& exec, parallel::pending_exchange& pending, const halo_buffer<Value, MemorySpace>& halo) {
  pending.wait();
  Kokkos::deep_copy(exec, halo.ghost, halo.ghost_staged);
}

// compute(rows) for every row of A, the rows that read ghosts only once x's halo has arrived:
// interior rows while it is in flight, or all rows at once when this rank exchanges nothing.
template <class ExecSpace, class Array, class Value, class Compute>
void for_rows_with_halo(const ExecSpace& exec, const distributed_matrix<typename Array::memory_space>& a,
                        const Array& x, const halo_buffer<Value, typename Array::memory_space>& halo,
                        const Compute& compute) {
  if (!a.exchanges()) return compute(a.all_rows());
  const auto pending = start_halo(exec, a, x, halo);
  compute(a.interior_rows());
  finish_halo(exec, *pending, halo);
  compute(a.boundary_rows());
}

}  // namespace kamp::sparse

#pragma once
// One rank's part of a row-block distributed CSR matrix in a Kokkos memory space (the layout
// and its numbering: sparse/local_layout.hpp), with the communicator its SpMV and reductions use.
// On one rank it wraps a csr_matrix as it is: no ghosts, every row interior, no copy. Where the
// matrix keeps sliced rows (sparse/csr_matrix.hpp), a rank that exchanges a halo keeps its
// interior and boundary rows sliced apart (the row loops run them separately), one that does not
// keeps all its rows sliced: one sliced copy of the matrix either way. The transport of its halo
// (sparse/halo.hpp) is chosen once, here, by all ranks together.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/allocation.hpp"
#include "core/error.hpp"
#include "parallel/communicator.hpp"
#include "parallel/transport.hpp"
#include "sparse/csr_matrix.hpp"
#include "sparse/local_layout.hpp"
#include "sparse/row_set.hpp"

namespace kamp::sparse {

template <class MemorySpace>
class distributed_matrix {
 public:
  using memory_space = MemorySpace;
  using index_view = Kokkos::View<std::int32_t*, MemorySpace>;

  // One rank: the matrix itself.
  explicit distributed_matrix(const csr_matrix<MemorySpace>& a)
      : local_(a), global_rows_(a.rows()), comm_(parallel::serial()) {}

  // Collective: this rank's rows of the matrix (sparse::row_slice) split by `blocks`.
  // `storage`: whether the rows are also kept sliced (sparse/csr_matrix.hpp). `halo`: how the
  // halo travels (parallel/transport.hpp), by default the fastest the ranks allow; one that they
  // do not allow raises kamp::invalid_argument.
  distributed_matrix(const csr_host& my_rows, const row_blocks& blocks,
                     std::shared_ptr<const parallel::communicator> comm,
                     row_storage storage = default_row_storage<MemorySpace>(),
                     std::optional<parallel::transport> halo = std::nullopt)
      : distributed_matrix(make_local_layout(my_rows, blocks, *comm), comm, storage, halo) {
  }  // copied: the layout reads *comm

  distributed_matrix(const local_layout& layout, std::shared_ptr<const parallel::communicator> comm,
                     row_storage storage = default_row_storage<MemorySpace>(),
                     std::optional<parallel::transport> halo = std::nullopt)
      : local_(layout.local, layout.plan.exchanges() ? row_storage::csr : storage),
        first_row_(layout.first_row),
        global_rows_(layout.global_rows),
        below_(layout.below),
        plan_(layout.plan),
        halo_transport_(choose_transport(*comm, halo)),
        comm_(std::move(comm)),
        send_rows_(copy(layout.plan.send_rows, "kamp::sparse::distributed_matrix::send_rows")),
        interior_(copy(layout.interior_rows, "kamp::sparse::distributed_matrix::interior")),
        boundary_(copy(layout.boundary_rows, "kamp::sparse::distributed_matrix::boundary")) {
    if (layout.plan.exchanges() && storage == row_storage::csr_and_slices) {
      interior_slices_ = sliced_rows<MemorySpace>(layout.local, &layout.interior_rows);
      boundary_slices_ = sliced_rows<MemorySpace>(layout.local, &layout.boundary_rows);
    }
  }

  const csr_matrix<MemorySpace>& local() const { return local_; }
  std::int64_t owned_rows() const { return local_.rows(); }
  std::int64_t first_row() const { return first_row_; }
  std::int64_t global_rows() const { return global_rows_; }
  std::int64_t below() const { return below_; }
  std::int64_t ghosts() const { return plan_.ghosts(); }
  const halo_plan& plan() const { return plan_; }
  const parallel::communicator& comm() const { return *comm_; }
  parallel::transport halo_transport() const { return halo_transport_; }
  const index_view& send_rows() const { return send_rows_; }
  // Whether SpMVs exchange a halo (sparse/halo.hpp, for_rows_with_halo): then the row loops
  // take the interior rows and the boundary rows, else all rows at once.
  bool exchanges() const { return plan_.exchanges(); }
  row_set<MemorySpace> all_rows() const { return local_.all_rows(); }
  row_set<MemorySpace> interior_rows() const {
    return {interior_, static_cast<std::int64_t>(interior_.extent(0)), false, interior_slices_};
  }
  row_set<MemorySpace> boundary_rows() const {
    return {boundary_, static_cast<std::int64_t>(boundary_.extent(0)), false, boundary_slices_};
  }

 private:
  static index_view copy(const std::vector<std::int32_t>& host, const char* label) {
    index_view v =
        core::allocate<index_view>("kamp::sparse::distributed_matrix", label, core::initial_values::unset, host.size());
    Kokkos::deep_copy(
        v, Kokkos::View<const std::int32_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host.data(), host.size()));
    return v;
  }

  // One rank exchanges nothing: host_staged, which then allocates nothing either.
  static parallel::transport choose_transport(const parallel::communicator& comm,
                                              std::optional<parallel::transport> requested) {
    if (!requested)
      return comm.size() == 1 ? parallel::transport::host_staged : parallel::fastest_transport<MemorySpace>(comm);
    require_argument(parallel::transport_available<MemorySpace>(*requested, comm), "kamp::sparse::distributed_matrix",
                     "halo", parallel::to_string(*requested),
                     "must be a transport the ranks allow (device_peers: CUDA memory, every rank on one node)");
    return *requested;
  }

  csr_matrix<MemorySpace> local_;
  std::int64_t first_row_ = 0, global_rows_ = 0, below_ = 0;
  halo_plan plan_;
  parallel::transport halo_transport_ = parallel::transport::host_staged;
  std::shared_ptr<const parallel::communicator> comm_;
  index_view send_rows_, interior_, boundary_;
  sliced_rows<MemorySpace> interior_slices_, boundary_slices_;
};

}  // namespace kamp::sparse

// Test driver for the distributed suite, run under mpirun: MPI for the whole run, Kokkos on one
// GPU per node-local rank in CUDA builds, the MPI world communicator for the tests (world()).
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include "core/kokkos_settings.hpp"
#include "parallel/mpi_communicator.hpp"
#include "tests/distributed/world.hpp"

namespace kamp::test {
std::shared_ptr<const parallel::communicator> world() {
  static const auto comm = std::make_shared<const parallel::mpi_communicator>(MPI_COMM_WORLD);
  return comm;
}
}  // namespace kamp::test

int main(int argc, char** argv) {
  kamp::parallel::mpi_session mpi(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
#ifdef KOKKOS_ENABLE_CUDA
  const auto arguments = kamp::core::kokkos_settings(kamp::parallel::node_local_rank() % kamp::core::gpu_count());
#else
  const auto arguments = kamp::core::kokkos_settings(-1);
#endif
  int result = 0;
  {
    Kokkos::ScopeGuard kokkos(arguments);
    result = RUN_ALL_TESTS();
  }
  // A failure on any rank fails every rank, so mpirun's exit status reports it.
  int worst = 0;
  MPI_Allreduce(&result, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return worst;
}

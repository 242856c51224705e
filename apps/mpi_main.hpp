#pragma once
// The main() of kamp's MPI programs (kamp_solve, kamp_gemm): MPI for the whole run where kamp
// is built with it, Kokkos on one GPU per node-local rank in CUDA builds, `run` given the
// arguments after the program's name and the world communicator (one process without MPI);
// an exception is printed after the program's name and gives exit status 1.
#include <Kokkos_Core.hpp>

#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/kokkos_settings.hpp"
#include "parallel/communicator.hpp"
#ifdef KAMP_HAVE_MPI
#include "parallel/mpi_communicator.hpp"
#endif

namespace kamp::apps {

template <class Run>
int mpi_main(int argc, char** argv, const char* program, Run run) {
#ifdef KAMP_HAVE_MPI
  parallel::mpi_session mpi(argc, argv);
  std::shared_ptr<const parallel::communicator> comm =
      std::make_shared<const parallel::mpi_communicator>(MPI_COMM_WORLD);
#else
  std::shared_ptr<const parallel::communicator> comm = parallel::serial();
#endif
  // One GPU per rank of a node, round robin.
#if defined(KOKKOS_ENABLE_CUDA) && defined(KAMP_HAVE_MPI)
  const auto arguments = core::kokkos_settings(parallel::node_local_rank() % core::gpu_count());
#else
  const auto arguments = core::kokkos_settings(-1);
#endif
  int status = 0;
  {
    Kokkos::ScopeGuard kokkos(arguments);
    try {
      status = run(std::vector<std::string>(argv + 1, argv + argc), comm);
    } catch (const std::exception& e) {
      std::cerr << program << ": " << e.what() << "\n";
      status = 1;
    }
  }
  return status;
}

}  // namespace kamp::apps

#pragma once
// parallel::communicator over an MPI communicator (built when kamp finds MPI: KAMP_HAVE_MPI).
// mpi_session initialises MPI for a program's lifetime (MPI_THREAD_FUNNELED: only the thread
// that called it communicates) and finalises it on destruction. An MPI call that fails raises
// parallel::mpi_error with the call's name and MPI's error string (the communicator's error
// handler is set to MPI_ERRORS_RETURN, so failures reach C++ instead of aborting).
#include <mpi.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel/communicator.hpp"

namespace kamp::parallel {

class mpi_error : public std::runtime_error {
 public:
  mpi_error(const std::string& call, int code);
};

class mpi_session {
 public:
  mpi_session(int& argc, char**& argv);
  ~mpi_session();
  mpi_session(const mpi_session&) = delete;
  mpi_session& operator=(const mpi_session&) = delete;
};

class mpi_communicator final : public communicator {
 public:
  explicit mpi_communicator(MPI_Comm comm = MPI_COMM_WORLD);
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void allgather(const void* mine, void* all, std::size_t bytes) const override;
  std::unique_ptr<pending_exchange> start_exchange(const std::vector<message>& sends,
                                                   const std::vector<message>& receives) const override;
  MPI_Comm get() const { return comm_; }

 private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
};

// The rank among the processes of this node (MPI_COMM_TYPE_SHARED), for one GPU per rank.
int node_local_rank(MPI_Comm comm = MPI_COMM_WORLD);

}  // namespace kamp::parallel

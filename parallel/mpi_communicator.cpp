#include "parallel/mpi_communicator.hpp"

#include <climits>

#include "core/error.hpp"

namespace kamp::parallel {

namespace {

std::string error_string(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) return "MPI error " + std::to_string(code);
  return std::string(text, static_cast<std::size_t>(length));
}

void check(int code, const char* call) {
  if (code != MPI_SUCCESS) throw mpi_error(call, code);
}

// MPI counts are int: larger messages would be silently truncated.
int byte_count(std::size_t bytes, const char* function) {
  require_argument(bytes <= static_cast<std::size_t>(INT_MAX), function, "bytes", bytes,
                   "must fit MPI's int count (at most 2^31 - 1 bytes per message)");
  return static_cast<int>(bytes);
}

class mpi_pending final : public pending_exchange {
 public:
  explicit mpi_pending(std::vector<MPI_Request> requests) : requests_(std::move(requests)) {}
  ~mpi_pending() override {
    if (!requests_.empty()) MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  }
  void wait() override {
    std::vector<MPI_Request> requests;
    requests.swap(requests_);
    check(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
  }

 private:
  std::vector<MPI_Request> requests_;
};

constexpr int halo_tag = 4711;

}  // namespace

mpi_error::mpi_error(const std::string& call, int code) : std::runtime_error(call + " failed: " + error_string(code)) {}

mpi_session::mpi_session(int& argc, char**& argv) {
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

mpi_session::~mpi_session() { MPI_Finalize(); }

mpi_communicator::mpi_communicator(MPI_Comm comm) : comm_(comm) {
  check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
}

void mpi_communicator::allgather(const void* mine, void* all, std::size_t bytes) const {
  const int count = byte_count(bytes, "kamp::parallel::mpi_communicator::allgather");
  check(MPI_Allgather(mine, count, MPI_BYTE, all, count, MPI_BYTE, comm_), "MPI_Allgather");
}

std::unique_ptr<pending_exchange> mpi_communicator::start_exchange(const std::vector<message>& sends,
                                                                   const std::vector<message>& receives) const {
  const char* fn = "kamp::parallel::mpi_communicator::start_exchange";
  // Every message is checked before any is posted, so a bad one leaves nothing in flight.
  for (const message& m : receives) {
    require_argument(m.peer >= 0 && m.peer < size_, fn, "receives.peer", m.peer, "must be a rank of the communicator");
    byte_count(m.bytes, fn);
  }
  for (const message& m : sends) {
    require_argument(m.peer >= 0 && m.peer < size_, fn, "sends.peer", m.peer, "must be a rank of the communicator");
    byte_count(m.bytes, fn);
  }
  std::vector<MPI_Request> requests(sends.size() + receives.size(), MPI_REQUEST_NULL);
  std::size_t next = 0;
  for (const message& m : receives) {
    check(MPI_Irecv(m.data, static_cast<int>(m.bytes), MPI_BYTE, m.peer, halo_tag, comm_, &requests[next++]),
          "MPI_Irecv");
  }
  for (const message& m : sends) {
    check(MPI_Isend(m.data, static_cast<int>(m.bytes), MPI_BYTE, m.peer, halo_tag, comm_, &requests[next++]),
          "MPI_Isend");
  }
  return std::make_unique<mpi_pending>(std::move(requests));
}

int node_local_rank(MPI_Comm comm) {
  MPI_Comm node;
  check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node), "MPI_Comm_split_type");
  int rank = 0;
  MPI_Comm_rank(node, &rank);
  MPI_Comm_free(&node);
  return rank;
}

}  // namespace kamp::parallel

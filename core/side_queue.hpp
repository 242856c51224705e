#pragma once
// side_queue<MemorySpace>: a second queue of work beside an execution space instance's, for
// copies that should run while the instance computes (the halo exchange's packing and its copies
// between device and host run beside the interior rows). With CUDA it is a stream of its own
// with a Kokkos instance on it, and events order the two queues where the work depends:
//   follow(main)   the side queue's next work starts after main's work queued so far;
//   precede(main)  main's next work starts after the side queue's work queued so far;
//   wait()         the host waits for the side queue's work queued so far.
// Host spaces run each kernel and copy to completion in order, so there the side queue is the
// main instance itself and the three orderings hold already. Not copyable: it owns the stream.
#include <Kokkos_Core.hpp>

#include <stdexcept>
#include <string>

namespace kamp::core {

template <class MemorySpace>
class side_queue {
 public:
  side_queue() = default;
  side_queue(const side_queue&) = delete;
  side_queue& operator=(const side_queue&) = delete;
  template <class ExecSpace>
  ExecSpace on(const ExecSpace& main) const {
    return main;
  }
  template <class ExecSpace>
  void follow(const ExecSpace&) {}
  template <class ExecSpace>
  void precede(const ExecSpace&) {}
  template <class ExecSpace>
  void wait(const ExecSpace& main) const {
    main.fence();
  }
};

#ifdef KOKKOS_ENABLE_CUDA
template <>
class side_queue<Kokkos::CudaSpace> {
 public:
  side_queue() {
    check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    check(cudaEventCreateWithFlags(&main_done_, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    check(cudaEventCreateWithFlags(&side_done_, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    instance_ = Kokkos::Cuda(stream_);
  }
  ~side_queue() {
    instance_ = Kokkos::Cuda();  // release Kokkos' instance on the stream before the stream
    cudaEventDestroy(side_done_);
    cudaEventDestroy(main_done_);
    cudaStreamDestroy(stream_);
  }
  side_queue(const side_queue&) = delete;
  side_queue& operator=(const side_queue&) = delete;

  Kokkos::Cuda on(const Kokkos::Cuda&) const { return instance_; }
  void follow(const Kokkos::Cuda& main) {
    check(cudaEventRecord(main_done_, main.cuda_stream()), "cudaEventRecord");
    check(cudaStreamWaitEvent(stream_, main_done_, 0), "cudaStreamWaitEvent");
  }
  void precede(const Kokkos::Cuda& main) {
    check(cudaEventRecord(side_done_, stream_), "cudaEventRecord");
    check(cudaStreamWaitEvent(main.cuda_stream(), side_done_, 0), "cudaStreamWaitEvent");
  }
  void wait(const Kokkos::Cuda&) const {
    check(cudaEventRecord(side_done_, stream_), "cudaEventRecord");
    check(cudaEventSynchronize(side_done_), "cudaEventSynchronize");
  }

 private:
  static void check(cudaError_t status, const char* call) {
    if (status != cudaSuccess) {
      throw std::runtime_error(std::string("kamp::core::side_queue: ") + call +
                               " failed: " + cudaGetErrorString(status));
    }
  }
  cudaStream_t stream_{};
  cudaEvent_t main_done_{}, side_done_{};
  Kokkos::Cuda instance_;
};
#endif

}  // namespace kamp::core

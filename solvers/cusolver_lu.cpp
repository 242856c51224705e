#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <stdexcept>
#include <string>

#include "solvers/vendor_lu.hpp"

namespace kamp::solvers {

namespace {

void check(cusolverStatus_t status, const char* what) {
  if (status != CUSOLVER_STATUS_SUCCESS)
    throw std::runtime_error(std::string("kamp::solvers::cusolver_lu: ") + what + " failed with status " +
                             std::to_string(static_cast<int>(status)));
}

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string("kamp::solvers::cusolver_lu: ") + what +
                             " failed: " + cudaGetErrorString(status));
}

// One handle per process on Kokkos' default stream, with the device word cuSOLVER writes its
// status to; both released before Kokkos finalizes (after the CUDA context is gone they fault).
struct solver_context {
  cusolverDnHandle_t handle = nullptr;
  int* info = nullptr;  // device memory
  cudaStream_t stream = nullptr;
};

const solver_context& current() {
  static const solver_context s = [] {
    solver_context created;
    created.stream = Kokkos::Cuda().cuda_stream();
    check(cusolverDnCreate(&created.handle), "cusolverDnCreate");
    check(cusolverDnSetStream(created.handle, created.stream), "cusolverDnSetStream");
    check(cudaMalloc(reinterpret_cast<void**>(&created.info), sizeof(int)), "cudaMalloc");
    Kokkos::push_finalize_hook([created] {
      cudaFree(created.info);
      cusolverDnDestroy(created.handle);
    });
    return created;
  }();
  return s;
}

// getrf's status, read back once the factorisation is done.
int read_info(const solver_context& s) {
  int info = 0;
  check(cudaMemcpyAsync(&info, s.info, sizeof(int), cudaMemcpyDeviceToHost, s.stream), "cudaMemcpyAsync");
  check(cudaStreamSynchronize(s.stream), "cudaStreamSynchronize");
  return info;
}

template <class Real>
Kokkos::View<Real*, Kokkos::CudaSpace> workspace(int size) {
  return Kokkos::View<Real*, Kokkos::CudaSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "kamp::solvers::cusolver_lu::workspace"),
      static_cast<std::size_t>(size > 1 ? size : 1));
}

}  // namespace

void cusolver_lu::getrf(int n, double* a, int lda, int* pivots) {
  const char* fn = "kamp::solvers::cusolver_lu::getrf (double)";
  detail::check_lu_shape(fn, n, lda);
  if (n == 0) return;
  const solver_context& s = current();
  int size = 0;
  check(cusolverDnDgetrf_bufferSize(s.handle, n, n, a, lda, &size), "cusolverDnDgetrf_bufferSize");
  const auto work = workspace<double>(size);
  check(cusolverDnDgetrf(s.handle, n, n, a, lda, work.data(), pivots, s.info), "cusolverDnDgetrf");
  detail::check_factor_info(fn, read_info(s));
}

void cusolver_lu::getrf(int n, float* a, int lda, int* pivots) {
  const char* fn = "kamp::solvers::cusolver_lu::getrf (float)";
  detail::check_lu_shape(fn, n, lda);
  if (n == 0) return;
  const solver_context& s = current();
  int size = 0;
  check(cusolverDnSgetrf_bufferSize(s.handle, n, n, a, lda, &size), "cusolverDnSgetrf_bufferSize");
  const auto work = workspace<float>(size);
  check(cusolverDnSgetrf(s.handle, n, n, a, lda, work.data(), pivots, s.info), "cusolverDnSgetrf");
  detail::check_factor_info(fn, read_info(s));
}

// The status of getrs reports only rejected arguments, which the checks exclude: it is not read
// back, so the solve stays asynchronous.
void cusolver_lu::getrs(int n, const double* a, int lda, const int* pivots, double* b) {
  const char* fn = "kamp::solvers::cusolver_lu::getrs (double)";
  detail::check_lu_shape(fn, n, lda);
  if (n == 0) return;
  const solver_context& s = current();
  check(cusolverDnDgetrs(s.handle, CUBLAS_OP_N, n, 1, a, lda, pivots, b, n, s.info), "cusolverDnDgetrs");
}

void cusolver_lu::getrs(int n, const float* a, int lda, const int* pivots, float* b) {
  const char* fn = "kamp::solvers::cusolver_lu::getrs (float)";
  detail::check_lu_shape(fn, n, lda);
  if (n == 0) return;
  const solver_context& s = current();
  check(cusolverDnSgetrs(s.handle, CUBLAS_OP_N, n, 1, a, lda, pivots, b, n, s.info), "cusolverDnSgetrs");
}

}  // namespace kamp::solvers

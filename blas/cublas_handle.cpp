#include "blas/cublas_handle.hpp"

#include <Kokkos_Core.hpp>

#include <stdexcept>
#include <string>

namespace kamp::blas::detail {

void check_cublas(cublasStatus_t status, const char* who, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(who) + ": " + what + " failed with status " +
                             std::to_string(static_cast<int>(status)));
}

// Destroyed before Kokkos finalizes: destroying it after the CUDA context is gone would fault.
cublasHandle_t cublas_handle() {
  static cublasHandle_t h = [] {
    cublasHandle_t created = nullptr;
    check_cublas(cublasCreate(&created), "kamp::blas::cublas_handle", "cublasCreate");
    check_cublas(cublasSetStream(created, Kokkos::Cuda().cuda_stream()), "kamp::blas::cublas_handle",
                 "cublasSetStream");
    Kokkos::push_finalize_hook([created] { cublasDestroy(created); });
    return created;
  }();
  return h;
}

}  // namespace kamp::blas::detail

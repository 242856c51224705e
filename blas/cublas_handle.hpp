#pragma once
// The process's one cuBLAS handle, on Kokkos' default stream, and the status check every cuBLAS
// wrapper raises through (KAMP_ENABLE_CUBLAS builds only).
#include <cublas_v2.h>

namespace kamp::blas::detail {

cublasHandle_t cublas_handle();

// std::runtime_error naming `who` and `what` unless status is CUBLAS_STATUS_SUCCESS.
void check_cublas(cublasStatus_t status, const char* who, const char* what);

}  // namespace kamp::blas::detail

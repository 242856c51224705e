#include <cublas_v2.h>

#include "blas/cublas_handle.hpp"
#include "blas/ozaki/residue_products.hpp"

namespace kamp::blas::ozaki {

void cublas_int8_residue_products::multiply(int count, int m, int n, int depth, const std::int8_t* a,
                                            std::int64_t stride_a, const std::int8_t* b, std::int64_t stride_b,
                                            std::int32_t* c, int ldc, std::int64_t stride_c) {
  const std::int32_t one = 1, zero = 0;
  detail::check_cublas(cublasGemmStridedBatchedEx(detail::cublas_handle(), CUBLAS_OP_T, CUBLAS_OP_N, m, n, depth, &one,
                                                  a, CUDA_R_8I, depth, stride_a, b, CUDA_R_8I, depth, stride_b, &zero,
                                                  c, CUDA_R_32I, ldc, stride_c, count, CUBLAS_COMPUTE_32I,
                                                  CUBLAS_GEMM_DEFAULT),
                       "kamp::blas::ozaki::cublas_int8_residue_products", "cublasGemmStridedBatchedEx");
}

}  // namespace kamp::blas::ozaki

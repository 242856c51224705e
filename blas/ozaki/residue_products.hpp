#pragma once
// The exact products of residue matrices, one GEMM per modulus, behind one availability trait
// (like blas/vendor_blas.hpp): for l < count, C_l = A_l^T B_l with A_l (depth x m, leading
// dimension depth) and B_l (depth x n, leading dimension depth) at the strides given, C_l (m x
// n, leading dimension ldc). Every product and sum is exact:
//   host: OpenBLAS DGEMM on residues held as doubles (|r| <= 128; sums of at most 131071
//         products, as on the GPU, so that they stay below 2^31, where the combine's pair
//         residues are exact: residues.hpp);
//   Cuda: INT8 x INT8 -> INT32 GEMMs on the tensor cores, one strided-batched cuBLASLt call with
//         the algorithm timed fastest for the shape (cublas_residue_products.cpp; sums of up to
//         max_depth products of at most 2^14 stay below 2^31).
// depth, lda and ldb must be multiples of `alignment` (padded with zero residues), ldc too.
// Asynchronous on the execution space's stream.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace kamp::blas::ozaki {

struct openblas_residue_products {
  using residue_type = double;
  using product_type = double;
  static constexpr int alignment = 1;
  static constexpr std::int64_t max_depth = 131071;  // 131071 * 2^14 < 2^31, as for the INT32 GEMMs
  static const char* name() { return "openblas_dgemm"; }
  static void multiply(int count, int m, int n, int depth, const double* a, std::int64_t stride_a, const double* b,
                       std::int64_t stride_b, double* c, int ldc, std::int64_t stride_c);
};

#ifdef KAMP_ENABLE_CUBLAS
struct cublas_int8_residue_products {
  using residue_type = std::int8_t;
  using product_type = std::int32_t;
  static constexpr int alignment = 16;
  static constexpr std::int64_t max_depth = 131071;  // 131071 * 2^14 < 2^31
  static const char* name() { return "cublas_int8_tensor_cores"; }
  static void multiply(int count, int m, int n, int depth, const std::int8_t* a, std::int64_t stride_a,
                       const std::int8_t* b, std::int64_t stride_b, std::int32_t* c, int ldc, std::int64_t stride_c);
};
#endif

template <class ExecSpace, class Enable = void>
struct residue_products {
  static constexpr bool available = false;
};

template <class ExecSpace>
struct residue_products<ExecSpace,
                        std::enable_if_t<std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value>> {
  static constexpr bool available = true;
  using type = openblas_residue_products;
};

#ifdef KAMP_ENABLE_CUBLAS
template <>
struct residue_products<Kokkos::Cuda> {
  static constexpr bool available = true;
  using type = cublas_int8_residue_products;
};
#endif

}  // namespace kamp::blas::ozaki

// How fast the Ozaki scheme's residue products can run on one GPU: the strided-batched INT8 x
// INT8 -> INT32 GEMM as kamp calls it (cublasGemmStridedBatchedEx, CUBLAS_GEMM_DEFAULT,
// blas/ozaki/cublas_residue_products.cpp) beside every algorithm cuBLASLt's heuristic offers for
// the same "TN" shape (A_l^T B_l, k-contiguous operands, as the residue kernel writes them), and
// the same products one GEMM a modulus. Each variant: the best and median of `reps` timed calls
// (CUDA events, after two warm-ups), in TOPS (2 m n k count / time). Arguments: n count reps;
// output CSV on stdout. The one-off probe behind the design record's choice of GEMM call; no CMake
// target. Build: nvcc -O3 -arch=sm_90 -std=c++17 int8_gemm_algorithms_probe.cu -lcublasLt -lcublas
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}
void check(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s: cuBLAS status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

struct timing {
  double best_ms, median_ms;
};

template <class Call>
timing time_calls(Call&& call, int reps) {
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "event");
  check(cudaEventCreate(&stop), "event");
  for (int i = 0; i < 2; ++i) call();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<double> ms;
  for (int r = 0; r < reps; ++r) {
    check(cudaEventRecord(start), "record");
    call();
    check(cudaEventRecord(stop), "record");
    check(cudaEventSynchronize(stop), "sync");
    float t = 0;
    check(cudaEventElapsedTime(&t, start, stop), "elapsed");
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return {ms.front(), ms[ms.size() / 2]};
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8192;
  const int count = argc > 2 ? std::atoi(argv[2]) : 16;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  const std::int64_t plane = static_cast<std::int64_t>(n) * n;
  std::int8_t *a, *b;
  std::int32_t* c;
  check(cudaMalloc(&a, plane * count), "a");
  check(cudaMalloc(&b, plane * count), "b");
  check(cudaMalloc(&c, plane * count * 4), "c");
  // Residue-like operands: random bytes in [-127, 127] (the GEMM's time does not depend on them,
  // but zero pages could).
  {
    std::vector<std::int8_t> host(plane);
    std::uint64_t x = 88172645463325252ull;
    for (auto& v : host) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      v = static_cast<std::int8_t>(static_cast<int>(x % 255) - 127);
    }
    for (int l = 0; l < count; ++l) {
      check(cudaMemcpy(a + l * plane, host.data(), plane, cudaMemcpyHostToDevice), "copy a");
      check(cudaMemcpy(b + l * plane, host.data(), plane, cudaMemcpyHostToDevice), "copy b");
    }
  }
  const double ops = 2.0 * n * static_cast<double>(n) * n * count;
  std::printf("variant,n,count,algorithm,tile,stages,splitk,workspace_mb,best_ms,median_ms,tops_best,tops_median\n");
  auto report = [&](const char* variant, int algorithm, int tile, int stages, int splitk, double workspace_mb,
                    timing t) {
    std::printf("%s,%d,%d,%d,%d,%d,%d,%.1f,%.4f,%.4f,%.1f,%.1f\n", variant, n, count, algorithm, tile, stages, splitk,
                workspace_mb, t.best_ms, t.median_ms, ops / t.best_ms * 1e-9, ops / t.median_ms * 1e-9);
    std::fflush(stdout);
  };

  cublasHandle_t handle;
  check(cublasCreate(&handle), "cublasCreate");
  const std::int32_t one = 1, zero = 0;
  report("gemm_strided_batched_ex", -1, -1, -1, -1, 0,
         time_calls(
             [&] {
               check(cublasGemmStridedBatchedEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &one, a, CUDA_R_8I, n, plane,
                                                b, CUDA_R_8I, n, plane, &zero, c, CUDA_R_32I, n, plane, count,
                                                CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT),
                     "batched");
             },
             reps));
  report("gemm_ex_one_per_modulus", -1, -1, -1, -1, 0,
         time_calls(
             [&] {
               for (int l = 0; l < count; ++l)
                 check(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &one, a + l * plane, CUDA_R_8I, n,
                                    b + l * plane, CUDA_R_8I, n, &zero, c + l * plane, CUDA_R_32I, n,
                                    CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT),
                       "one");
             },
             reps));

  cublasLtHandle_t lt;
  check(cublasLtCreate(&lt), "cublasLtCreate");
  cublasLtMatmulDesc_t desc;
  check(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32I, CUDA_R_32I), "desc");
  const cublasOperation_t transpose = CUBLAS_OP_T, keep = CUBLAS_OP_N;
  check(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transpose, sizeof(transpose)), "transa");
  check(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &keep, sizeof(keep)), "transb");
  cublasLtMatrixLayout_t la, lb, lc;
  check(cublasLtMatrixLayoutCreate(&la, CUDA_R_8I, n, n, n), "la");
  check(cublasLtMatrixLayoutCreate(&lb, CUDA_R_8I, n, n, n), "lb");
  check(cublasLtMatrixLayoutCreate(&lc, CUDA_R_32I, n, n, n), "lc");
  for (auto layout : {la, lb, lc}) {
    check(cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof(count)), "batch");
    const std::int64_t stride = plane;
    check(cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride,
                                           sizeof(stride)),
          "stride");
  }
  for (const std::size_t workspace_bytes : {std::size_t(0), std::size_t(64) << 20}) {
    void* workspace = nullptr;
    if (workspace_bytes) check(cudaMalloc(&workspace, workspace_bytes), "workspace");
    cublasLtMatmulPreference_t preference;
    check(cublasLtMatmulPreferenceCreate(&preference), "preference");
    check(cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace_bytes,
                                               sizeof(workspace_bytes)),
          "workspace attribute");
    cublasLtMatmulHeuristicResult_t results[16];
    int found = 0;
    check(cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, lc, preference, 16, results, &found), "heuristic");
    for (int h = 0; h < found; ++h) {
      if (results[h].state != CUBLAS_STATUS_SUCCESS) continue;
      int id = -1, tile = -1, stages = -1, splitk = -1;
      std::size_t written = 0;
      cublasLtMatmulAlgoConfigGetAttribute(&results[h].algo, CUBLASLT_ALGO_CONFIG_ID, &id, sizeof(id), &written);
      cublasLtMatmulAlgoConfigGetAttribute(&results[h].algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof(tile),
                                           &written);
      cublasLtMatmulAlgoConfigGetAttribute(&results[h].algo, CUBLASLT_ALGO_CONFIG_STAGES_ID, &stages, sizeof(stages),
                                           &written);
      cublasLtMatmulAlgoConfigGetAttribute(&results[h].algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &splitk, sizeof(splitk),
                                           &written);
      const timing t = time_calls(
          [&] {
            check(cublasLtMatmul(lt, desc, &one, a, la, b, lb, &zero, c, lc, c, lc, &results[h].algo, workspace,
                                 workspace_bytes, 0),
                  "cublasLtMatmul");
          },
          reps);
      report(workspace_bytes ? "lt_heuristic_ws64" : "lt_heuristic_ws0", id, tile, stages, splitk,
             results[h].workspaceSize / 1048576.0, t);
    }
    cublasLtMatmulPreferenceDestroy(preference);
    if (workspace) cudaFree(workspace);
  }
  return 0;
}

// The residue GEMMs on the tensor cores through cuBLASLt, with the algorithm chosen by timing.
//
// Neither cuBLAS' own choice (cublasGemmStridedBatchedEx, CUBLAS_GEMM_DEFAULT) nor cuBLASLt's first
// heuristic pick is the fastest of the heuristic's list for these INT8 GEMMs (that is a 128 x 256
// or 128 x 128 tile with a workspace; experiments/comparisons/ozaki_int8_gemm_algorithms.txt), and
// which one is depends on the shape and the device. So each shape (m, n, depth, count) times the
// heuristic's candidates once, keeps the fastest in the tuning cache (blas/tuning_cache.hpp, keyed
// by the device) and in memory, and later calls reuse it. A cached entry names the algorithm by its
// configuration (id, tile, stages, split-k); if this cuBLAS does not offer it, the shape is timed
// again. Every candidate computes the same exact integer products, so the choice changes only the
// time.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "blas/cublas_handle.hpp"
#include "blas/device_name.hpp"
#include "blas/ozaki/residue_products.hpp"
#include "blas/tuning_cache.hpp"

namespace kamp::blas::ozaki {
namespace {

constexpr const char* who = "kamp::blas::ozaki::cublas_int8_residue_products";
// The candidates may use this much workspace: the fastest need some.
constexpr std::size_t workspace_bytes = std::size_t(64) << 20;
constexpr int heuristic_candidates = 16;
// A candidate is timed on at most this many operations (fewer planes than the call's at large
// shapes, whose waves of tiles are many: the tuning stays a few times one GEMM's time).
constexpr double tuning_operations = 4e12;

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(who) + ": " + what + ": " + cudaGetErrorString(status));
}

// The configuration attributes that name an algorithm in the tuning cache.
struct algorithm_name {
  int id = -1, tile = -1, stages = -1, splitk = -1;
  bool operator==(const algorithm_name& o) const {
    return id == o.id && tile == o.tile && stages == o.stages && splitk == o.splitk;
  }
};

algorithm_name name_of(const cublasLtMatmulAlgo_t& algo) {
  algorithm_name a;
  std::size_t written = 0;
  cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_ID, &a.id, sizeof(a.id), &written);
  cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &a.tile, sizeof(a.tile), &written);
  cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_STAGES_ID, &a.stages, sizeof(a.stages), &written);
  cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &a.splitk, sizeof(a.splitk), &written);
  return a;
}

// The descriptors of C_l = A_l^T B_l for l < count (residue_products.hpp's shapes).
struct problem {
  cublasLtMatmulDesc_t operation = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;

  problem(int count, int m, int n, int depth, std::int64_t stride_a, std::int64_t stride_b, int ldc,
          std::int64_t stride_c) {
    detail::check_cublas(cublasLtMatmulDescCreate(&operation, CUBLAS_COMPUTE_32I, CUDA_R_32I), who,
                         "cublasLtMatmulDescCreate");
    const cublasOperation_t transpose = CUBLAS_OP_T, keep = CUBLAS_OP_N;
    detail::check_cublas(
        cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_TRANSA, &transpose, sizeof(transpose)), who,
        "cublasLtMatmulDescSetAttribute");
    detail::check_cublas(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_TRANSB, &keep, sizeof(keep)),
                         who, "cublasLtMatmulDescSetAttribute");
    a = layout(CUDA_R_8I, depth, m, depth, count, stride_a);
    b = layout(CUDA_R_8I, depth, n, depth, count, stride_b);
    c = layout(CUDA_R_32I, m, n, ldc, count, stride_c);
  }
  problem(const problem&) = delete;
  problem& operator=(const problem&) = delete;
  ~problem() {
    for (auto l : {a, b, c})
      if (l) cublasLtMatrixLayoutDestroy(l);
    if (operation) cublasLtMatmulDescDestroy(operation);
  }

 private:
  static cublasLtMatrixLayout_t layout(cudaDataType type, int rows, int columns, std::int64_t ld, int count,
                                       std::int64_t stride) {
    cublasLtMatrixLayout_t l = nullptr;
    detail::check_cublas(cublasLtMatrixLayoutCreate(&l, type, rows, columns, ld), who, "cublasLtMatrixLayoutCreate");
    detail::check_cublas(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof(count)),
                         who, "cublasLtMatrixLayoutSetAttribute");
    detail::check_cublas(
        cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride)), who,
        "cublasLtMatrixLayoutSetAttribute");
    return l;
  }
};

// The process's cuBLASLt handle and workspace, released before Kokkos finalizes (as
// blas/cublas_handle.cpp's handle).
struct lt_resources {
  cublasLtHandle_t handle = nullptr;
  void* workspace = nullptr;
};

lt_resources& resources() {
  static lt_resources r = [] {
    lt_resources created;
    detail::check_cublas(cublasLtCreate(&created.handle), who, "cublasLtCreate");
    check_cuda(cudaMalloc(&created.workspace, workspace_bytes), "cudaMalloc of the cuBLASLt workspace");
    Kokkos::push_finalize_hook([created] {
      cudaFree(created.workspace);
      cublasLtDestroy(created.handle);
    });
    return created;
  }();
  return r;
}

std::vector<cublasLtMatmulAlgo_t> candidates(const problem& p) {
  cublasLtMatmulPreference_t preference = nullptr;
  detail::check_cublas(cublasLtMatmulPreferenceCreate(&preference), who, "cublasLtMatmulPreferenceCreate");
  detail::check_cublas(cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                            &workspace_bytes, sizeof(workspace_bytes)),
                       who, "cublasLtMatmulPreferenceSetAttribute");
  cublasLtMatmulHeuristicResult_t results[heuristic_candidates];
  int found = 0;
  const cublasStatus_t status = cublasLtMatmulAlgoGetHeuristic(resources().handle, p.operation, p.a, p.b, p.c, p.c,
                                                               preference, heuristic_candidates, results, &found);
  cublasLtMatmulPreferenceDestroy(preference);
  std::vector<cublasLtMatmulAlgo_t> out;
  if (status != CUBLAS_STATUS_SUCCESS) return out;
  for (int h = 0; h < found; ++h)
    if (results[h].state == CUBLAS_STATUS_SUCCESS && results[h].workspaceSize <= workspace_bytes)
      out.push_back(results[h].algo);
  return out;
}

cudaStream_t stream() { return Kokkos::Cuda().cuda_stream(); }

void run(const problem& p, const cublasLtMatmulAlgo_t& algo, const std::int8_t* a, const std::int8_t* b,
         std::int32_t* c) {
  const std::int32_t one = 1, zero = 0;
  detail::check_cublas(cublasLtMatmul(resources().handle, p.operation, &one, a, p.a, b, p.b, &zero, c, p.c, c, p.c,
                                      &algo, resources().workspace, workspace_bytes, stream()),
                       who, "cublasLtMatmul");
}

// The fastest candidate on `planes` of the call's own operands (its products are overwritten by
// the call that follows): one warm-up, then the best of two timed runs.
struct timed_choice {
  cublasLtMatmulAlgo_t algo;
  double milliseconds;
};
timed_choice fastest(const std::vector<cublasLtMatmulAlgo_t>& list, const problem& tuning, const std::int8_t* a,
                     const std::int8_t* b, std::int32_t* c) {
  cudaEvent_t start, stop;
  check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  timed_choice best{list.front(), -1};
  for (const auto& algo : list) {
    run(tuning, algo, a, b, c);
    float best_ms = -1;
    for (int r = 0; r < 2; ++r) {
      check_cuda(cudaEventRecord(start, stream()), "cudaEventRecord");
      run(tuning, algo, a, b, c);
      check_cuda(cudaEventRecord(stop, stream()), "cudaEventRecord");
      check_cuda(cudaEventSynchronize(stop), "cudaEventSynchronize");
      float ms = 0;
      check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
      if (best_ms < 0 || ms < best_ms) best_ms = ms;
    }
    if (best.milliseconds < 0 || best_ms < best.milliseconds) best = {algo, best_ms};
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return best;
}

tuning_key key_of(int count, int m, int n, int depth) {
  return {"int8",
          8,
          "ozaki_residue_products",
          std::to_string(count) + " x (" + std::to_string(m) + " x " + std::to_string(depth) + ")^T (" +
              std::to_string(depth) + " x " + std::to_string(n) + ")",
          "Cuda",
          gpu_device_name()};
}

launch_description describe(const algorithm_name& a) {
  return {"cublaslt", {{"id", a.id}, {"tile", a.tile}, {"stages", a.stages}, {"splitk", a.splitk}}};
}

algorithm_name read(const launch_description& d) {
  const auto get = [&](const char* field) {
    const auto at = d.parameters.find(field);
    return at == d.parameters.end() ? -2 : at->second;
  };
  return {get("id"), get("tile"), get("stages"), get("splitk")};
}

// The algorithm for this shape: from memory, else from the tuning cache where this cuBLAS still
// offers it, else timed now. False when cuBLASLt offers none for the shape.
bool choose(int count, int m, int n, int depth, const problem& p, const std::int8_t* a, std::int64_t stride_a,
            const std::int8_t* b, std::int64_t stride_b, std::int32_t* c, int ldc, std::int64_t stride_c,
            cublasLtMatmulAlgo_t& chosen) {
  static std::mutex mutex;
  static std::map<std::string, cublasLtMatmulAlgo_t> chosen_for;
  const tuning_key key = key_of(count, m, n, depth);
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto at = chosen_for.find(key.text()); at != chosen_for.end()) {
    chosen = at->second;
    return true;
  }
  const auto list = candidates(p);
  if (list.empty()) return false;
  auto& cache = tuning_cache::shared();
  if (const auto entry = cache.find(key)) {
    const algorithm_name wanted = read(entry->launch);
    for (const auto& algo : list)
      if (name_of(algo) == wanted) {
        chosen_for[key.text()] = chosen = algo;
        return true;
      }
  }
  const double plane_operations = 2.0 * m * static_cast<double>(n) * depth;
  const int planes = std::min(count, std::max(2, static_cast<int>(tuning_operations / plane_operations)));
  const problem tuning(planes, m, n, depth, stride_a, stride_b, ldc, stride_c);
  const auto tuning_list = planes == count ? list : candidates(tuning);
  const timed_choice best = fastest(tuning_list.empty() ? list : tuning_list, tuning, a, b, c);
  // The same configuration in the whole call's list (the heuristic may order or offer them
  // differently for another batch count).
  const algorithm_name winner = name_of(best.algo);
  chosen = list.front();
  for (const auto& algo : list)
    if (name_of(algo) == winner) chosen = algo;
  // (The entry's time is the winner's on the tuning's planes, not the call's.)
  tuning_entry entry;
  entry.launch = describe(name_of(chosen));
  entry.milliseconds = best.milliseconds;
  entry.candidates = static_cast<int>(tuning_list.size());
  cache.store(key, entry);
  chosen_for[key.text()] = chosen;
  return true;
}

}  // namespace

void cublas_int8_residue_products::multiply(int count, int m, int n, int depth, const std::int8_t* a,
                                            std::int64_t stride_a, const std::int8_t* b, std::int64_t stride_b,
                                            std::int32_t* c, int ldc, std::int64_t stride_c) {
  const problem p(count, m, n, depth, stride_a, stride_b, ldc, stride_c);
  cublasLtMatmulAlgo_t algo;
  if (choose(count, m, n, depth, p, a, stride_a, b, stride_b, c, ldc, stride_c, algo)) return run(p, algo, a, b, c);
  // No cuBLASLt algorithm for the shape: cuBLAS' own choice.
  const std::int32_t one = 1, zero = 0;
  detail::check_cublas(
      cublasGemmStridedBatchedEx(detail::cublas_handle(), CUBLAS_OP_T, CUBLAS_OP_N, m, n, depth, &one, a, CUDA_R_8I,
                                 depth, stride_a, b, CUDA_R_8I, depth, stride_b, &zero, c, CUDA_R_32I, ldc, stride_c,
                                 count, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT),
      who, "cublasGemmStridedBatchedEx");
}

}  // namespace kamp::blas::ozaki

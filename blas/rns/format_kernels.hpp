#pragma once
// The RNS format's own BLAS kernels (blas/format_kernels.hpp): level 1 on the split-kernel
// stages or one element a thread (blas/rns/level1.hpp, level1_path.hpp) and GEMV as Isupov and
// Knyazkov's Algorithm 1 or the fused kernel (blas/rns/gemv.hpp). An automatic GEMV launch takes the tuned
// choice for this format, shape, backend and device from the shared tuning cache, else the fused
// kernel with launch parameters derived from the device. ROT and GEMM are the generic ones,
// compiled with the format's kernels (rns/kernels.hpp) so that no caller compiles an RNS kernel;
// NRM2 comes from DOT.
#include <type_traits>
#include <vector>

#include "blas/format_kernels_base.hpp"
#include "blas/gemv_tuning_key.hpp"
#include "blas/rns/kernels.hpp"
#include "rns/kernels.hpp"
#include "rns/rns_format.hpp"

namespace kamp::blas {

template <int N>
struct format_kernels<rns::mp_float<N>> {
  static constexpr bool scal = true, axpy = true, rot = true, dot = true, asum = true, gemv = true, gemm = true,
                        sum = false;
  template <class MemorySpace>
  using workspace_type = rns::blas_workspace<N, MemorySpace>;
  using gemv_launch_type = rns::gemv_launch;
  using value = rns::mp_float<N>;
  template <class MemorySpace>
  using array = rns::mp_array<N, MemorySpace>;
  // The kernels compiled for this space (its arrays live in its memory space).
  template <class ExecSpace, class MemorySpace>
  static rns::blas_kernels<ExecSpace, N> compiled() {
    require_space_memory<ExecSpace, MemorySpace>();
    return {};
  }

  template <class ExecSpace, class MemorySpace>
  static void run_scal(const ExecSpace& exec, std::int64_t n, const value& alpha, const array<MemorySpace>& x,
                       std::int64_t incx) {
    compiled<ExecSpace, MemorySpace>().scal(exec, n, alpha, x, incx);
  }

  template <class ExecSpace, class MemorySpace>
  static void run_axpy(const ExecSpace& exec, std::int64_t n, const value& alpha, const array<MemorySpace>& x,
                       std::int64_t incx, const array<MemorySpace>& y, std::int64_t incy,
                       workspace_type<MemorySpace>* workspace) {
    workspace_type<MemorySpace> local;
    compiled<ExecSpace, MemorySpace>().axpy(exec, n, alpha, x, incx, y, incy, (workspace ? *workspace : local).sum);
    if (!workspace) exec.fence();  // the local workspace must outlive the kernels
  }

  template <class ExecSpace, class MemorySpace>
  static void run_rot(const ExecSpace& exec, std::int64_t n, const array<MemorySpace>& x, std::int64_t incx,
                      const array<MemorySpace>& y, std::int64_t incy, const value& c, const value& s) {
    compiled<ExecSpace, MemorySpace>().rot(exec, n, x, incx, y, incy, c, s);
  }

  template <class ExecSpace, class MemorySpace>
  static value run_dot(const ExecSpace& exec, std::int64_t n, const array<MemorySpace>& x, std::int64_t incx,
                       const array<MemorySpace>& y, std::int64_t incy, workspace_type<MemorySpace>* workspace) {
    workspace_type<MemorySpace> local;
    return compiled<ExecSpace, MemorySpace>().dot(exec, n, x, incx, y, incy, (workspace ? *workspace : local).sum);
  }

  template <class ExecSpace, class MemorySpace>
  static value run_asum(const ExecSpace& exec, std::int64_t n, const array<MemorySpace>& x, std::int64_t incx,
                        workspace_type<MemorySpace>* workspace) {
    workspace_type<MemorySpace> local;
    return compiled<ExecSpace, MemorySpace>().asum(exec, n, x, incx, (workspace ? *workspace : local).sum);
  }

  template <class ExecSpace, class MemorySpace>
  static void run_gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const value& alpha,
                       const array<MemorySpace>& A, std::int64_t lda, const array<MemorySpace>& x, std::int64_t incx,
                       const value& beta, const array<MemorySpace>& y, std::int64_t incy,
                       workspace_type<MemorySpace>* workspace, const rns::gemv_launch& launch) {
    rns::gemv_launch chosen = launch;
    if (chosen.algorithm == rns::gemv_algorithm::automatic) {
      const auto tuned = tuning_cache::shared().find(gemv_tuning_key<ExecSpace, value>(transposed ? 'T' : 'N', m, n));
      chosen = tuned ? read(tuned->launch) : rns::gemv_launch{rns::gemv_algorithm::fused, 0, 0, 0};
    }
    workspace_type<MemorySpace> local;
    compiled<ExecSpace, MemorySpace>().gemv(exec, transposed, m, n, alpha, A, lda, x, incx, beta, y, incy,
                                            (workspace ? *workspace : local).gemv, chosen);
    if (!workspace) exec.fence();
  }

  template <class ExecSpace, class MemorySpace>
  static void run_gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m, std::int64_t n,
                       std::int64_t k, const value& alpha, bool alpha_zero, const array<MemorySpace>& A,
                       std::int64_t lda, const array<MemorySpace>& B, std::int64_t ldb, const value& beta,
                       bool beta_zero, const array<MemorySpace>& C, std::int64_t ldc) {
    compiled<ExecSpace, MemorySpace>().gemm(exec, transposed_a, transposed_b, m, n, k, alpha, alpha_zero, A, lda, B,
                                            ldb, beta, beta_zero, C, ldc);
  }

  // Full-precision operands, as E1-E4 time (the fused kernel's speed depends on the data class):
  // a pool of random values tiled over the array with the given stride.
  template <class ExecSpace>
  static array<typename ExecSpace::memory_space> random_operand(std::int64_t count, std::uint64_t seed,
                                                                std::int64_t stride, const char* label) {
    array<typename ExecSpace::memory_space> a(static_cast<std::size_t>(count), label);
    rns::fill_random<ExecSpace>(a, Kokkos::View<value*, typename ExecSpace::memory_space>(), seed, stride);
    return a;
  }

  // Algorithm 1 with the derived and three fixed reduction team sizes; the fused kernel with
  // 1..32 lanes per term (powers of two up to N) and 64..512 threads per team on a GPU, for
  // row sums with one, two or four outputs per team (at least four threads each), or with one
  // and two threads per output on a CPU.
  template <class ExecSpace>
  static std::vector<rns::gemv_launch> gemv_candidates(char trans) {
    using rns::gemv_algorithm;
    std::vector<rns::gemv_launch> out;
    const bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
    for (int reduce : {0, 32, 64, 128}) {
      if (host && reduce > 0) break;
      out.push_back({gemv_algorithm::split, reduce, 0, 0});
    }
    const int most_lanes = host ? 1 : (N < 32 ? N : 32);
    for (int lanes = 1; lanes <= most_lanes; lanes *= 2) {
      if (host) {
        for (int threads : {1, 2}) out.push_back({gemv_algorithm::fused, 0, threads, 1});
      } else {
        const bool row_sums = trans == 'N' || trans == 'n';
        for (int block : {64, 128, 256, 512})
          for (int outputs : {1, 2, 4}) {
            if (outputs > 1 && (!row_sums || block / (lanes * outputs) < 4)) continue;
            out.push_back({gemv_algorithm::fused, 0, block / (lanes * outputs), lanes, outputs});
          }
      }
    }
    return out;
  }

  static launch_description describe(const rns::gemv_launch& l) {
    return {rns::to_string(l.algorithm),
            {{"reduce_team_size", l.reduce_team_size},
             {"fused_team_size", l.fused_team_size},
             {"fused_vector_length", l.fused_vector_length},
             {"fused_outputs_per_team", l.fused_outputs_per_team}}};
  }

  // A description this version cannot read (another algorithm name, missing parameters) gives
  // the default launch, never an exception from inside a BLAS call.
  static rns::gemv_launch read(const launch_description& d) {
    const auto parameter = [&](const char* name) {
      const auto it = d.parameters.find(name);
      return it == d.parameters.end() || it->second < 0 ? 0 : it->second;
    };
    rns::gemv_launch l{rns::gemv_algorithm::fused, parameter("reduce_team_size"), parameter("fused_team_size"),
                       parameter("fused_vector_length"), parameter("fused_outputs_per_team")};
    if (d.algorithm == "split") l.algorithm = rns::gemv_algorithm::split;
    return l;
  }
};

}  // namespace kamp::blas

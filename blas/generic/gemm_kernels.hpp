#pragma once
// GEMM for any format, through format_traits only: C <- alpha op(A) op(B) + beta C, all
// column-major. Every output adds its k products in order as one dot_chain (fma_chain.hpp: for
// the expansions a level sum of the products' terms, renormalised after every `segment` terms
// that more follow and rounded once, multi_double/level_sum.hpp; for the other formats s = chain_fma(a_il,
// b_lj, s)), and forms C_ij = alpha s_ij + beta C_ij. A level sum of k terms errs by at most (1 +
// (k / R + 2) 2^-7) u of their magnitudes, less than the gamma_k of the k fmas it replaces, so
// each output errs by at most gamma_{k+2} (|alpha| |op(A)| |op(B)| + |beta| |C|)_ij, and every
// backend gets the same bits. The rare sum that needs it (a non-finite one) is redone with fma
// from A and B (checked_sum).
//   GPU:  one team of 16 x 16 threads per tile of C; the team stages depth-16 slices of op(A)
//         and op(B) in scratch (shallower for values over 64 bytes), and each thread keeps a
//         block x block register tile of sums (gemm_tiling: how many values fit the registers
//         depends on the value's size).
//   Host: one work item per host_rows x host_cols block of C; for each l it copies the block's
//         column of op(A) and updates the block column by column, so the innermost loop runs
//         over consecutive rows and vectorises (with -fno-trapping-math, core/CMakeLists.txt);
//         the block's sums and column are held as word planes (value_planes.hpp).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <type_traits>

#include "blas/generic/fma_chain.hpp"
#include "blas/generic/gemv_kernels.hpp"
#include "blas/generic/chain_steps.hpp"
#include "blas/generic/value_planes.hpp"
#include "core/unroll.hpp"

namespace kamp::blas::generic {

template <class Value>
struct gemm_tiling {
  static constexpr int threads = 16;  // per dimension of the team
  // Outputs per thread per dimension: 4 x 4 sums of up to 16 bytes stay in registers.
  static constexpr int block = sizeof(Value) <= 16 ? 4 : (sizeof(Value) <= 32 ? 2 : 1);
  static constexpr int tile = threads * block;  // rows and columns of C per team
  // Terms of each sum per scratch stage: 16, or fewer so that the two stages stay within 32 KB
  // (the RNS values of 212 bits and up would pass the 48 KB a team can have without opting in).
  static constexpr int depth = std::max<int>(1, std::min<int>(16, 32768 / (2 * tile * sizeof(Value))));
};

// op(X)(row, col) of a column-major X with leading dimension ld.
KOKKOS_INLINE_FUNCTION std::size_t op_index(bool transposed, std::int64_t row, std::int64_t col, std::int64_t ld) {
  return static_cast<std::size_t>(transposed ? col + row * ld : row + col * ld);
}

// sum_l op(A)_il op(B)_lj as a chain of fma: what a chain needing it is redone as.
template <class Format, class Array>
KOKKOS_INLINE_FUNCTION value_type_t<Format> checked_sum(const context_t<Format>& context, const Array& A,
                                                        const Array& B, bool transposed_a, bool transposed_b,
                                                        std::int64_t i, std::int64_t j, std::int64_t k,
                                                        std::int64_t lda, std::int64_t ldb) {
  auto sum = format_traits<Format>::zero();
  for (std::int64_t l = 0; l < k; ++l)
    sum = format_traits<Format>::fma(context, A.load(op_index(transposed_a, i, l, lda)),
                                     B.load(op_index(transposed_b, l, j, ldb)), sum);
  return sum;
}

template <class Format, class ExecSpace, class Array, class Chain = dot_chain<Format>>
struct gemm_tiles_kernel {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  using chain = Chain;
  using tiling = gemm_tiling<value>;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using scratch =
      Kokkos::View<value**, Kokkos::LayoutRight, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  Array A, B, C;
  std::int64_t m, n, k, lda, ldb, ldc, tiles_m;
  bool transposed_a, transposed_b;
  value alpha, beta;
  bool beta_zero;
  context_t<Format> context;

  static std::size_t scratch_bytes() { return 2 * scratch::shmem_size(tiling::depth, tiling::tile); }

  // Stage l0 .. l0 + depth - 1 of op(A)'s rows i0.. and op(B)'s columns j0.. (zeros outside).
  KOKKOS_INLINE_FUNCTION void stage(const member& team, std::int64_t i0, std::int64_t j0, std::int64_t l0,
                                    const scratch& a_tile, const scratch& b_tile) const {
    constexpr int tile = tiling::tile, depth = tiling::depth;
    for (int e = team.team_rank(); e < tile * depth; e += team.team_size()) {
      // Consecutive threads read consecutive memory: along op(A)'s column when A is not
      // transposed, along its row (A's column) when it is; the same for op(B).
      const int ar = transposed_a ? e / depth : e % tile, al = transposed_a ? e % depth : e / tile;
      const std::int64_t i = i0 + ar, la = l0 + al;
      a_tile(al, ar) = i < m && la < k ? A.load(op_index(transposed_a, i, la, lda)) : traits::zero();
      const int bc = transposed_b ? e % tile : e / depth, bl = transposed_b ? e / tile : e % depth;
      const std::int64_t j = j0 + bc, lb = l0 + bl;
      b_tile(bl, bc) = j < n && lb < k ? B.load(op_index(transposed_b, lb, j, ldb)) : traits::zero();
    }
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    constexpr int block = tiling::block, threads = tiling::threads, depth = tiling::depth;
    const std::int64_t i0 = (team.league_rank() % tiles_m) * tiling::tile;
    const std::int64_t j0 = (team.league_rank() / tiles_m) * tiling::tile;
    scratch a_tile(team.team_scratch(0), depth, tiling::tile), b_tile(team.team_scratch(0), depth, tiling::tile);
    const int tx = team.team_rank() % threads, ty = team.team_rank() / threads;
    typename chain::accumulator sum[block][block];
    KAMP_UNROLL for (int p = 0; p < block; ++p) KAMP_UNROLL for (int q = 0; q < block; ++q) sum[p][q] =
        chain::start(traits::zero());
    for (std::int64_t l0 = 0; l0 < k; l0 += depth) {
      stage(team, i0, j0, l0, a_tile, b_tile);
      team.team_barrier();
      const int terms = static_cast<int>(k - l0 < depth ? k - l0 : depth);
      for (int l = 0; l < terms; ++l) {
        if constexpr (chain::segment < unsegmented) {
          if (l0 + l > 0 && (l0 + l) % chain::segment == 0)
            KAMP_UNROLL for (int p = 0; p < block; ++p) KAMP_UNROLL for (int q = 0; q < block; ++q) sum[p][q] =
                chain::renormalise(sum[p][q]);
        }
        value a[block], b[block];
        KAMP_UNROLL for (int p = 0; p < block; ++p) a[p] = a_tile(l, tx + threads * p);
        KAMP_UNROLL for (int q = 0; q < block; ++q) b[q] = b_tile(l, ty + threads * q);
        KAMP_UNROLL for (int p = 0; p < block; ++p) KAMP_UNROLL for (int q = 0; q < block; ++q) sum[p][q] =
            chain::add(context, sum[p][q], a[p], b[q]);
      }
      team.team_barrier();
    }
    // The sums to redo are marked and redone after the others are stored: redoing them in this
    // loop would index the register tile at run time and put it in local memory.
    unsigned redo = 0;
    KAMP_UNROLL for (int p = 0; p < block; ++p) KAMP_UNROLL for (int q = 0; q < block; ++q) {
      const std::int64_t i = i0 + tx + threads * p, j = j0 + ty + threads * q;
      if (i >= m || j >= n) continue;
      const value rounded = chain::result(sum[p][q]);
      if (chain::needs_recompute(context, rounded)) {
        redo |= 1u << (p * block + q);
        continue;
      }
      store(i, j, rounded);
    }
    for (int e = 0; redo != 0; ++e, redo >>= 1) {
      if ((redo & 1u) == 0) continue;
      const std::int64_t i = i0 + tx + threads * (e / block), j = j0 + ty + threads * (e % block);
      store(i, j, checked_sum<Format>(context, A, B, transposed_a, transposed_b, i, j, k, lda, ldb));
    }
  }

  KOKKOS_INLINE_FUNCTION void store(std::int64_t i, std::int64_t j, const value& sum) const {
    const auto c_index = static_cast<std::size_t>(i + j * ldc);
    const auto old = beta_zero ? traits::zero() : C.load(c_index);
    C.store(c_index, scale_and_add<Format>(context, alpha, sum, beta_zero, beta, old));
  }
};

constexpr int host_rows = 64, host_cols = 16;

template <class Format, class Array, class Chain = dot_chain<Format>>
struct gemm_host_kernel {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  using chain = Chain;
  Array A, B, C;
  std::int64_t m, n, k, lda, ldb, ldc, blocks_m;
  bool transposed_a, transposed_b;
  value alpha, beta;
  bool beta_zero;
  context_t<Format> context;

  void operator()(std::int64_t block) const {
    const std::int64_t i0 = (block % blocks_m) * host_rows, j0 = (block / blocks_m) * host_cols;
    const int rows = static_cast<int>(std::min<std::int64_t>(host_rows, m - i0));
    const int cols = static_cast<int>(std::min<std::int64_t>(host_cols, n - j0));
    value_planes<typename chain::accumulator, host_rows> sum[host_cols];
    value_planes<value, host_rows> a;
    for (int c = 0; c < host_cols; ++c)
      for (int r = 0; r < host_rows; ++r) sum[c].set(r, chain::start(traits::zero()));
    for (int r = 0; r < host_rows; ++r) a.set(r, traits::zero());
    for (std::int64_t l = 0; l < k; ++l) {
      if (l > 0 && l % chain::segment == 0)
        for (int c = 0; c < cols; ++c) renormalise_rows<chain>(sum[c], rows);
      for (int r = 0; r < rows; ++r) a.set(r, A.load(op_index(transposed_a, i0 + r, l, lda)));
      for (int c = 0; c < cols; ++c) {
        const value b = B.load(op_index(transposed_b, l, j0 + c, ldb));
        add_to_rows<chain>(context, sum[c], host_rows, row_operands<decltype(a)>{a}, same_operand<value>{b});
      }
    }
    for (int c = 0; c < cols; ++c)
      for (int r = 0; r < rows; ++r) {
        auto s = chain::result(sum[c].get(r));
        if (chain::needs_recompute(context, s))
          s = checked_sum<Format>(context, A, B, transposed_a, transposed_b, i0 + r, j0 + c, k, lda, ldb);
        const auto c_index = static_cast<std::size_t>(i0 + r + (j0 + c) * ldc);
        const auto old = beta_zero ? traits::zero() : C.load(c_index);
        C.store(c_index, scale_and_add<Format>(context, alpha, s, beta_zero, beta, old));
      }
  }
};

// C <- beta C (C <- 0 when beta = 0, without reading C): GEMM with alpha = 0 or k = 0.
template <class Format, class Array>
struct gemm_scale_kernel {
  using traits = format_traits<Format>;
  Array C;
  std::int64_t m, ldc;
  value_type_t<Format> beta;
  bool beta_zero;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t e) const {
    const auto c_index = static_cast<std::size_t>(e % m + (e / m) * ldc);
    C.store(c_index, beta_zero ? traits::zero() : traits::mul(context, beta, C.load(c_index)));
  }
};

// Arguments checked, m, n > 0; alpha_zero also covers k = 0. Chain: the sums' chain (dot_chain;
// a bench may time fused_fma_chain beside it).
template <class Format, class ExecSpace, class Array, class Chain = dot_chain<Format>>
void gemm(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m, std::int64_t n, std::int64_t k,
          const value_type_t<Format>& alpha, bool alpha_zero, const Array& A, std::int64_t lda, const Array& B,
          std::int64_t ldb, const value_type_t<Format>& beta, bool beta_zero, const Array& C, std::int64_t ldc) {
  using memory = typename Array::memory_space;
  const auto context = format_traits<Format>::template context<memory>();
  if (alpha_zero || k == 0) {
    Kokkos::parallel_for("kamp::blas::gemm::scale_c", core::range(exec, m * n),
                         gemm_scale_kernel<Format, Array>{C, m, ldc, beta, beta_zero, context});
    return;
  }
  if constexpr (std::is_same<memory, Kokkos::HostSpace>::value) {
    const std::int64_t blocks_m = (m + host_rows - 1) / host_rows, blocks_n = (n + host_cols - 1) / host_cols;
    Kokkos::parallel_for(
        "kamp::blas::gemm::host_blocks",
        Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>, Kokkos::IndexType<std::int64_t>>(
            exec, 0, blocks_m * blocks_n),
        gemm_host_kernel<Format, Array, Chain>{A, B, C, m, n, k, lda, ldb, ldc, blocks_m, transposed_a, transposed_b,
                                               alpha, beta, beta_zero, context});
  } else {
    using kernel = gemm_tiles_kernel<Format, ExecSpace, Array, Chain>;
    using tiling = typename kernel::tiling;
    const std::int64_t tiles_m = (m + tiling::tile - 1) / tiling::tile, tiles_n = (n + tiling::tile - 1) / tiling::tile;
    Kokkos::TeamPolicy<ExecSpace> policy(exec, static_cast<int>(tiles_m * tiles_n), tiling::threads * tiling::threads);
    Kokkos::parallel_for(
        "kamp::blas::gemm::tiles", policy.set_scratch_size(0, Kokkos::PerTeam(kernel::scratch_bytes())),
        kernel{A, B, C, m, n, k, lda, ldb, ldc, tiles_m, transposed_a, transposed_b, alpha, beta, beta_zero, context});
  }
}

}  // namespace kamp::blas::generic

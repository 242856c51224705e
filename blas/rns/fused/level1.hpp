#pragma once
// The RNS DOT on the fused GEMV kernel's exact accumulation: no product rounded, R + 1 roundings
// in all (R partial sums and their total), where the split stages round each of the n products
// and add them with a rounding each.
//
// x and y (unit strides) are read as R consecutive blocks of C terms, C = ceil(n / R), the last
// block shorter. The fused kernel (blas/rns/fused/team_kernel.hpp) sums each block exactly on its
// own grid, pairing x's element with y's (PairedTerms, d_stride = C), and fused_finish
// rounds the R sums. A fused GEMV 'T' of the R x 1 matrix of partial sums and a vector of ones then
// adds them exactly and rounds once. Every step is exact but for those roundings and the
// truncations below each block's grid, so the result has the same bits on every backend and
// team shape.
//
// Bound (docs/design.md, "The RNS DOT"), with u = 4/sqrt(M), P = sum |x_i y_i| and
// eps = 2^(2 max(ceil(log2 C), ceil(log2 R)) + 4 - 2q), the truncations' share (each block's
// terms err by less than 2^grid each, and its grid lies 2q - 4 - L bits below its largest
// product):
//   |dot - x.y| <= u |x.y| + (1 + u)^2 (u + 3 eps) P,
// below 2.01 u P for every n < 2^40 at 106 bits and more.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "blas/rns/fused/dot_blocks.hpp"
#include "blas/rns/fused/launch.hpp"
#include "blas/rns/workspaces.hpp"
#include "rns/convert.hpp"

namespace kamp::rns {

// The DOT's lanes per term and threads per block on a GPU: E3's best 'T' shapes of the fused
// GEMV, one lane of 128 threads up to 212 bits and four lanes of 32 from 424; on a CPU the
// derived shape (one thread a block). The second pass (`total`), one team for all R partial
// sums, takes four times the threads (as many as the scratch allows): one team is the whole pass,
// and with the derived 32 threads it holds too few warps to hide its latency, which made it
// outlast the block sums (experiments/comparisons/vp_rns212_fused_dot.txt).
template <int N, class ExecSpace>
constexpr fused_shape dot_shape(bool total = false) {
  if (std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value) return fused_shape{};
  const int threads = total ? 4 : 1;
  return N <= 16 ? fused_shape{128 * threads, 1, 1} : fused_shape{32 * threads, 4, 1};
}

// x.y for n >= 1 terms with unit strides; the result stays in w.total (a device value) and is
// returned on the host.
template <class ExecSpace, int N, class MemorySpace>
mp_float<N> fused_dot(const std::string& label, const ExecSpace& exec, std::int64_t n,
                      const mp_array<N, MemorySpace>& x, const mp_array<N, MemorySpace>& y,
                      vector_sum_workspace<N, MemorySpace>& w) {
  const dot_blocks blocks = dot_blocks::of(n);
  w.reserve(0, blocks.count);
  w.fused.reserve(0, 0, blocks.count);
  w.reserve_ones(blocks.count);
  const basis_constants<N>* b = basis<N>::template in<MemorySpace>();
  const crt_factors<N>* f = crt_factor_table<N>::template in<MemorySpace>();
  const bool one_block = blocks.count == 1;
  const operand<N, MemorySpace> partial{one_block ? w.total : w.partial, {1, blocks.count}};
  using kernel_type = gemv_fused_kernel<N, ExecSpace, MemorySpace, true>;
  auto kernel =
      kernel_type::make(x, blocks.length, true, y, blocks.length, partial, blocks.count, false, w.fused, b, f);
  kernel.d_stride = blocks.length;
  kernel.last_terms = n - (blocks.count - 1) * blocks.length;
  const fused_shape shape = fused_launch_shape(kernel, dot_shape<N, ExecSpace>());
  kernel.with_shape(shape.vector_length, shape.outputs_per_team);
  const std::size_t scratch = kernel.scratch_bytes(shape.team_size, kernel.stride, shape.outputs_per_team);
  const auto policy = fused_policy<ExecSpace>(exec, blocks.count, shape.team_size, shape.vector_length)
                          .set_scratch_size(0, Kokkos::PerTeam(scratch));
  core::fit_shared_carveout<kernel_type>(policy, scratch);
  Kokkos::parallel_for(label + "::blocks", policy, kernel);
  Kokkos::parallel_for(label + "::blocks::finish", lanes_launch<N>(exec, blocks.count),
                       fused_finish<N, ExecSpace, MemorySpace>{w.fused.sums, w.fused.sum_grid, w.fused.sum_bits,
                                                               partial.array, partial.map, b});
  if (!one_block)
    launch_fused(label + "::total", exec, w.partial, blocks.count, 1, blocks.count, true,
                 from_double<N>(1.0, basis<N>::host()), operand<N, MemorySpace>{w.ones, {1, blocks.count}},
                 mp_float<N>::zero(), operand<N, MemorySpace>{w.total, {1, 1}}, w.fused, dot_shape<N, ExecSpace>(true));
  exec.fence();
  return copy_to_host(w.total)[0];
}

}  // namespace kamp::rns

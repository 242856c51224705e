#pragma once
// The fused GEMV: y <- alpha op(A) x + beta y (alpha != 0) in three kernels, prepare, the team
// kernel and finish, with one rounding per output (blas/rns/fused/team_kernel.hpp says how).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>

#include "blas/rns/crt_factors.hpp"
#include "blas/rns/fused/finish.hpp"
#include "blas/rns/fused/launch_shape.hpp"
#include "blas/rns/fused/prepare.hpp"
#include "blas/rns/fused/team_kernel.hpp"
#include "blas/rns/workspaces.hpp"
#include "core/shared_carveout.hpp"

namespace kamp::rns {

// y <- alpha op(A) x + beta y for alpha != 0 in three kernels: fused_prepare, the fused kernel
// (see the top of this file) and fused_finish. It sizes the workspace: d (x's length plus one,
// for beta) and one sum, grid and bit bound per output.
template <class ExecSpace, int N, class MemorySpace>
void launch_fused(const std::string& label, const ExecSpace& exec, const mp_array<N, MemorySpace>& A, std::int64_t m,
                  std::int64_t n, std::int64_t lda, bool transposed, const mp_float<N>& alpha,
                  const operand<N, MemorySpace>& x, const mp_float<N>& beta, const operand<N, MemorySpace>& y,
                  gemv_workspace<N, MemorySpace>& workspace, const fused_shape& requested) {
  const std::int64_t outputs = transposed ? n : m, terms = transposed ? m : n;
  const bool adds_y = !beta.is_zero();
  const basis_constants<N>* b = basis<N>::template in<MemorySpace>();
  const crt_factors<N>* f = crt_factor_table<N>::template in<MemorySpace>();
  workspace.reserve(terms + 1, 0, outputs);
  const auto& d = workspace.d;
  Kokkos::parallel_for(label + "::prepare", lanes_launch<N>(exec, terms + 1),
                       fused_prepare<N, ExecSpace, MemorySpace>{alpha, beta, x, d, terms, b, f});
  using kernel_type = gemv_fused_kernel<N, ExecSpace, MemorySpace>;
  auto kernel = kernel_type::make(A, lda, transposed, d, terms, y, outputs, adds_y, workspace, b, f);
  const fused_shape shape = fused_launch_shape(kernel, requested);
  kernel.with_shape(shape.vector_length, shape.outputs_per_team);
  const std::int64_t teams = (outputs + shape.outputs_per_team - 1) / shape.outputs_per_team;
  const std::size_t scratch = kernel.scratch_bytes(shape.team_size, kernel.stride, shape.outputs_per_team);
  const auto policy = fused_policy<ExecSpace>(exec, teams, shape.team_size, shape.vector_length)
                          .set_scratch_size(0, Kokkos::PerTeam(scratch));
  core::fit_shared_carveout<kernel_type>(policy, scratch);
  Kokkos::parallel_for(label, policy, kernel);
  Kokkos::parallel_for(label + "::finish", lanes_launch<N>(exec, outputs),
                       fused_finish<N, ExecSpace, MemorySpace>{workspace.sums, workspace.sum_grid, workspace.sum_bits,
                                                               y.array, y.map, b});
}

}  // namespace kamp::rns

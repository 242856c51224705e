#pragma once
// GEMV on mp_arrays, y <- alpha op(A) x + beta y, A column-major with leading dimension lda.
// Algorithm 1 of Isupov and Knyazkov runs ten kernels:
//   d = alpha x                       vec_scal::{esi,digits,round}
//   y = beta y                        y_scal::{esi,digits,round}   (y zeroed when beta = 0)
//   B = A diag(d)  ('N') or diag(d) A ('T')   mat_scal::{esi,digits,round} on m x n
//   y += row sums ('N') or column sums ('T') of B   row_sum / col_sum, one team per element
// The fused path of blas/rns/fused/team_kernel.hpp never forms B and runs three (fused_row / fused_col
// ::prepare, the sums, ::finish). With alpha = 0 only the y stage runs (A and x are not read).
// Arguments are checked by kamp::blas::gemv; callers reach this through rns/kernels.hpp.
#include <string>

#include "blas/rns/fused/launch.hpp"
#include "blas/rns/gemv_launch.hpp"
#include "blas/rns/gemv_reduce.hpp"
#include "blas/rns/workspaces.hpp"
#include "core/argument_range.hpp"
#include "rns/array_ops.hpp"

namespace kamp::rns {

template <int N, class MemorySpace>
struct store_zero {
  mp_array<N, MemorySpace> y;
  vector_map map;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t e) const { y.store(map(e), mp_float<N>::zero()); }
};

namespace impl {

// `launch.algorithm` must be split or fused here (the BLAS layer resolves automatic).
template <class ExecSpace, int N, class MemorySpace>
void gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const mp_float<N>& alpha,
          const mp_array<N, MemorySpace>& A, std::int64_t lda, const mp_array<N, MemorySpace>& x, std::int64_t incx,
          const mp_float<N>& beta, const mp_array<N, MemorySpace>& y, std::int64_t incy,
          gemv_workspace<N, MemorySpace>& workspace, const gemv_launch& launch) {
  using vector_operand = operand<N, MemorySpace>;
  const bool split = launch.algorithm == gemv_algorithm::split;
  const std::int64_t x_length = transposed ? m : n, y_length = transposed ? n : m;
  const vector_operand x_op{x, {incx, x_length}}, y_op{y, {incy, y_length}};
  if (!alpha.is_zero() && !split) {
    launch_fused(transposed ? "kamp::rns::gemv::fused_col" : "kamp::rns::gemv::fused_row", exec, A, m, n, lda,
                 transposed, alpha, x_op, beta, y_op, workspace,
                 {launch.fused_team_size, launch.fused_vector_length, launch.fused_outputs_per_team});
    return;
  }
  if (!alpha.is_zero()) {
    workspace.reserve(x_length, m * n);
    detail::run_mul_stages("kamp::rns::gemv::vec_scal", exec, x_length, true, alpha, x_op, x_op,
                           vector_operand{workspace.d, {1, x_length}});
  }
  if (beta.is_zero()) {
    Kokkos::parallel_for("kamp::rns::gemv::y_zero", core::range(exec, y_length),
                         store_zero<N, MemorySpace>{y, y_op.map});
  } else {
    detail::run_mul_stages("kamp::rns::gemv::y_scal", exec, y_length, true, beta, y_op, y_op, y_op);
  }
  if (alpha.is_zero()) return;
  const operand<N, MemorySpace, matrix_map> a_op{A, {core::index_divider(m), lda}};
  const operand<N, MemorySpace, broadcast_map> d_broadcast{workspace.d,
                                                           {core::index_divider(m), transposed, {1, x_length}}};
  detail::run_mul_stages("kamp::rns::gemv::mat_scal", exec, m * n, false, mp_float<N>(), a_op, d_broadcast,
                         vector_operand{workspace.B, {1, m * n}});
  launch_reduce(transposed ? "kamp::rns::gemv::col_sum" : "kamp::rns::gemv::row_sum", exec, workspace.B, m, n,
                transposed, y, y_op.map, launch.reduce_team_size);
}

}  // namespace impl
}  // namespace kamp::rns

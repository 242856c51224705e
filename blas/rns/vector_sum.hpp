#pragma once
// Sum of n elements of an mp_array, as two team reductions: the vector is read as an
// R x C column-major matrix (R = min(n, 1024), zero-padded to R C), its R row sums are
// formed by the GEMV reduction kernel, and one more team adds those. Additions of the
// padding zeros are exact, so the error is that of a summation of n terms.
#include <string>

#include "blas/rns/gemv_reduce.hpp"
#include "blas/rns/gemv.hpp"
#include "blas/rns/workspaces.hpp"

namespace kamp::rns {

// Rows and columns of the matrix view of n terms.
inline void sum_shape(std::int64_t n, std::int64_t& rows, std::int64_t& cols) {
  rows = n < 1024 ? n : 1024;
  cols = rows == 0 ? 0 : (n + rows - 1) / rows;
}

// The sum of workspace.terms[0, n) (the caller has filled them; the padding up to rows * cols
// is zeroed here). Synchronous: the result is copied to the host.
template <class ExecSpace, int N, class MemorySpace>
mp_float<N> sum_terms(const std::string& label, const ExecSpace& exec, std::int64_t n,
                      vector_sum_workspace<N, MemorySpace>& w) {
  if (n == 0) return mp_float<N>::zero();
  std::int64_t rows, cols;
  sum_shape(n, rows, cols);
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  Kokkos::parallel_for(label + "::pad", policy(exec, n, rows * cols),
                       store_zero<N, MemorySpace>{w.terms, {1, rows * cols}});
  Kokkos::parallel_for(label + "::clear", policy(exec, 0, rows), store_zero<N, MemorySpace>{w.partial, {1, rows}});
  Kokkos::parallel_for(label + "::clear", policy(exec, 0, 1), store_zero<N, MemorySpace>{w.total, {1, 1}});
  launch_reduce(label + "::partial_sums", exec, w.terms, rows, cols, false, w.partial, vector_map(1, rows), 0);
  launch_reduce(label + "::final_sum", exec, w.partial, 1, rows, false, w.total, vector_map(1, 1), 0);
  exec.fence();
  return copy_to_host(w.total)[0];
}

}  // namespace kamp::rns

#pragma once
// Direct LU with partial pivoting in any multi-double format (double, dd_real, qd_real, the
// expansions), written once over Kokkos execution spaces through format_traits: the "direct dd
// LU" that the mixed-precision GESV (solvers/gesv.hpp) is compared with. Right-looking and
// unblocked (solvers/dense_lu_kernels.hpp): two launches per column and one for the solve, so
// O(n) launches and (2/3) n^3 operations of the format.
//
// Error bound. The multipliers and the back substitution's quotients use the reciprocal of the
// pivot (solvers/reciprocal.hpp, within 4u), so each is within gamma_5 of the quotient; every
// update rounds twice (mul, sub). Higham's argument (Accuracy and Stability, Thms 9.3 and 8.5)
// then gives L U = P (A + dA1) with |dA1| <= gamma_{2n+5} |L||U|, and the two substitutions
// solve (L + dL)(U + dU) x = P b with |dL| <= gamma_{2n} |L|, |dU| <= gamma_{2n+5} |U|: the
// computed x satisfies |b - A x| <= gamma_{6n+10} P^T |L||U||x| (u the format's unit roundoff;
// tests/solvers/test_dense_lu.cpp checks it in MPFR).
//
// dense_lu_factor(exec, A) copies A (n x n) and factors the copy; a pivot that is exactly zero
// raises kamp::invalid_argument naming "A" and the column (LAPACK's info > 0), after the
// factorisation. dense_lu_solve(exec, factors, b, x) writes x = A^-1 b (b and x may be the same
// array). Both are asynchronous on the execution space except for the factorisation's zero-pivot
// check, which reads one word back; fence before reading x on the host.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "formats/matrix.hpp"
#include "solvers/dense_lu_kernels.hpp"

namespace kamp::solvers {

template <class Format, class MemorySpace>
struct dense_lu_factors {
  matrix<Format, MemorySpace> lu;                   // L below the diagonal (unit diagonal not stored), U on and above
  array_t<Format, MemorySpace> inverse_pivots;      // 1 / U(k, k) within 4u
  Kokkos::View<std::int64_t*, MemorySpace> pivots;  // at step k, row k was interchanged with row pivots(k) (0-based)
};

namespace detail {

// Team size of the one-team kernels: a single thread on the host; on a GPU a block wide enough
// for the column loops and still cheap to synchronise once per column.
template <class ExecSpace>
int lu_team_size() {
  return std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value ? 1 : 256;
}

}  // namespace detail

template <class ExecSpace, class Format, class MemorySpace>
dense_lu_factors<Format, MemorySpace> dense_lu_factor(const ExecSpace& exec, const matrix<Format, MemorySpace>& A) {
  require_space_memory<ExecSpace, MemorySpace>();
  const char* fn = "kamp::solvers::dense_lu_factor";
  require_argument(A.rows == A.cols, fn, "A", std::to_string(A.rows) + " x " + std::to_string(A.cols),
                   "must be square");
  using array = array_t<Format, MemorySpace>;
  const std::int64_t n = A.rows;
  dense_lu_factors<Format, MemorySpace> f{
      matrix<Format, MemorySpace>(n, n, "kamp::solvers::dense_lu::lu"),
      array(static_cast<std::size_t>(n), "kamp::solvers::dense_lu::inverse_pivots"),
      Kokkos::View<std::int64_t*, MemorySpace>("kamp::solvers::dense_lu::pivots", n)};
  const std::int64_t ld = f.lu.ld;
  const array from = A.values, to = f.lu.values;
  const std::int64_t from_ld = A.ld;
  Kokkos::parallel_for(
      "kamp::solvers::dense_lu::copy", Kokkos::RangePolicy<ExecSpace>(exec, 0, n * n), KOKKOS_LAMBDA(std::int64_t e) {
        const std::int64_t i = e % n, j = e / n;
        to.store(static_cast<std::size_t>(i + j * ld), from.load(static_cast<std::size_t>(i + j * from_ld)));
      });
  Kokkos::View<std::int64_t, MemorySpace> first_zero("kamp::solvers::dense_lu::first_zero");
  Kokkos::deep_copy(first_zero, std::int64_t(-1));
  const auto context = format_traits<Format>::template context<MemorySpace>();
  const int team = detail::lu_team_size<ExecSpace>();
  for (std::int64_t k = 0; k < n; ++k) {
    Kokkos::parallel_for("kamp::solvers::dense_lu::pivot_column", Kokkos::TeamPolicy<ExecSpace>(exec, 1, team),
                         detail::pivot_column_kernel<Format, ExecSpace, array>{f.lu.values, f.inverse_pivots, f.pivots,
                                                                               first_zero, n, ld, k, context});
    if (k + 1 == n) continue;
    Kokkos::parallel_for("kamp::solvers::dense_lu::trailing_update",
                         Kokkos::TeamPolicy<ExecSpace>(exec, n - k - 1, team),
                         detail::trailing_update_kernel<Format, ExecSpace, array>{f.lu.values, n, ld, k, context});
  }
  exec.fence();
  std::int64_t zero_column = -1;
  Kokkos::deep_copy(zero_column, first_zero);
  if (zero_column >= 0) {
    const std::string k = std::to_string(zero_column + 1);
    throw invalid_argument(fn, "A", "a matrix whose LU factor has U(" + k + ", " + k + ") = 0",
                           "must be nonsingular (partial pivoting found no nonzero pivot in column " + k + ")");
  }
  return f;
}

template <class ExecSpace, class Format, class MemorySpace>
void dense_lu_solve(const ExecSpace& exec, const dense_lu_factors<Format, MemorySpace>& factors,
                    const array_t<Format, MemorySpace>& b, const array_t<Format, MemorySpace>& x) {
  require_space_memory<ExecSpace, MemorySpace>();
  const char* fn = "kamp::solvers::dense_lu_solve";
  const std::int64_t n = factors.lu.rows;
  require_argument(static_cast<std::int64_t>(b.size()) == n, fn, "b", std::to_string(b.size()) + " elements",
                   "must have the matrix's " + std::to_string(n) + " rows");
  require_argument(static_cast<std::int64_t>(x.size()) == n, fn, "x", std::to_string(x.size()) + " elements",
                   "must have the matrix's " + std::to_string(n) + " rows");
  if (n == 0) return;
  using array = array_t<Format, MemorySpace>;
  const array work(static_cast<std::size_t>(n), "kamp::solvers::dense_lu::work");
  Kokkos::parallel_for("kamp::solvers::dense_lu::solve",
                       Kokkos::TeamPolicy<ExecSpace>(exec, 1, detail::lu_team_size<ExecSpace>()),
                       detail::triangular_solve_kernel<Format, ExecSpace, array>{
                           factors.lu.values, factors.inverse_pivots, b, work, x, factors.pivots, n, factors.lu.ld,
                           format_traits<Format>::template context<MemorySpace>()});
}

}  // namespace kamp::solvers

#pragma once
// The kernels of the direct LU in any format (solvers/dense_lu.hpp), right-looking and unblocked:
// per column k one team finds the pivot, interchanges the rows and forms the multipliers
// (pivot_column_kernel), then every column of the trailing matrix takes its rank-1 update
// (trailing_update_kernel); one team then solves with the factors (triangular_solve_kernel).
// Every element is computed by one thread in a fixed order, and the pivot is the first row of the
// largest leading double (two exact reductions: the maximum, then the smallest row attaining it),
// so every backend gives the same bits.
#include <Kokkos_Core.hpp>

#include <cfloat>
#include <cstdint>

#include "formats/format_traits.hpp"
#include "solvers/reciprocal.hpp"

namespace kamp::solvers::detail {

// Column k: pivot search over rows k..n-1, interchange of rows k and p across the whole matrix
// (LAPACK's layout: L's rows are interchanged too), 1/U(k, k) and the multipliers
// L(i, k) = A(i, k) / U(k, k) below the diagonal. A column that is zero from row k down is
// recorded in first_zero (the first such k) and left as it is.
template <class Format, class ExecSpace, class Array>
struct pivot_column_kernel {
  using traits = format_traits<Format>;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using memory = typename ExecSpace::memory_space;
  Array lu, inverse_pivots;
  Kokkos::View<std::int64_t*, memory> pivots;
  Kokkos::View<std::int64_t, memory> first_zero;
  std::int64_t n, ld, k;
  context_t<Format> context;

  KOKKOS_INLINE_FUNCTION std::size_t at(std::int64_t i, std::int64_t j) const {
    return static_cast<std::size_t>(i + j * ld);
  }
  // |leading double| of A(i, k); NaN counts as the largest so that it is chosen and propagates.
  KOKKOS_INLINE_FUNCTION double magnitude(std::int64_t i) const {
    const double d = traits::to_double(context, lu.load(at(i, k)));
    return d != d ? DBL_MAX : (d < 0 ? -d : d);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    double largest = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, k, n),
        [&](std::int64_t i, double& m) {
          const double a = magnitude(i);
          if (a > m) m = a;
        },
        Kokkos::Max<double>(largest));
    std::int64_t p = n;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, k, n),
        [&](std::int64_t i, std::int64_t& first) {
          if (magnitude(i) == largest && i < first) first = i;
        },
        Kokkos::Min<std::int64_t>(p));
    if (p != k) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, std::int64_t(0), n), [&](std::int64_t j) {
        const auto t = lu.load(at(k, j));
        lu.store(at(k, j), lu.load(at(p, j)));
        lu.store(at(p, j), t);
      });
    }
    team.team_barrier();
    // A zero leading double means a zero value in the multi-double formats.
    if (largest == 0) {
      Kokkos::single(Kokkos::PerTeam(team), [&]() {
        pivots(k) = p;
        if (first_zero() < 0) first_zero() = k;
        inverse_pivots.store(static_cast<std::size_t>(k), traits::zero());
      });
      return;
    }
    // Every thread forms the same reciprocal: cheaper than broadcasting it through memory.
    const auto r = reciprocal<Format>(context, lu.load(at(k, k)));
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      pivots(k) = p;
      inverse_pivots.store(static_cast<std::size_t>(k), r);
    });
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, k + 1, n),
                         [&](std::int64_t i) { lu.store(at(i, k), traits::mul(context, lu.load(at(i, k)), r)); });
  }
};

// A(i, j) -= L(i, k) U(k, j) for i, j > k: one team per column j, its threads over the rows
// (contiguous in the column-major matrix: coalesced on a GPU, one streaming loop per column on
// the host's one-thread teams), U(k, j) read once per column.
template <class Format, class ExecSpace, class Array>
struct trailing_update_kernel {
  using traits = format_traits<Format>;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Array lu;
  std::int64_t n, ld, k;
  context_t<Format> context;

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t j = k + 1 + team.league_rank();
    const auto at = [&](std::int64_t r, std::int64_t c) { return static_cast<std::size_t>(r + c * ld); };
    const auto ukj = lu.load(at(k, j));
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, k + 1, n), [&](std::int64_t i) {
      lu.store(at(i, j), traits::sub(context, lu.load(at(i, j)), traits::mul(context, lu.load(at(i, k)), ukj)));
    });
  }
};

// x = A^-1 b with the factors: work = P b (the interchanges in order), L y = work by columns
// (unit diagonal), then U x = y by columns from the last, x_k = y_k (1 / U(k, k)). One team; a
// barrier after each column orders the updates, so each element sees the same operations in the
// same order whatever the team size. b and x may be the same array.
template <class Format, class ExecSpace, class Array>
struct triangular_solve_kernel {
  using traits = format_traits<Format>;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  Array lu, inverse_pivots, b, work, x;
  Kokkos::View<const std::int64_t*, typename ExecSpace::memory_space> pivots;
  std::int64_t n, ld;
  context_t<Format> context;

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const auto at = [&](std::int64_t r, std::int64_t c) { return static_cast<std::size_t>(r + c * ld); };
    const auto index = [](std::int64_t i) { return static_cast<std::size_t>(i); };
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, std::int64_t(0), n),
                         [&](std::int64_t i) { work.store(index(i), b.load(index(i))); });
    team.team_barrier();
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      for (std::int64_t k = 0; k < n; ++k) {
        const std::int64_t p = pivots(k);
        if (p == k) continue;
        const auto t = work.load(index(k));
        work.store(index(k), work.load(index(p)));
        work.store(index(p), t);
      }
    });
    team.team_barrier();
    for (std::int64_t k = 0; k < n; ++k) {
      const auto yk = work.load(index(k));
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, k + 1, n), [&](std::int64_t i) {
        work.store(index(i), traits::sub(context, work.load(index(i)), traits::mul(context, lu.load(at(i, k)), yk)));
      });
      team.team_barrier();
    }
    for (std::int64_t k = n - 1; k >= 0; --k) {
      const auto xk = traits::mul(context, work.load(index(k)), inverse_pivots.load(index(k)));
      Kokkos::single(Kokkos::PerTeam(team), [&]() { x.store(index(k), xk); });
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, std::int64_t(0), k), [&](std::int64_t i) {
        work.store(index(i), traits::sub(context, work.load(index(i)), traits::mul(context, lu.load(at(i, k)), xk)));
      });
      team.team_barrier();
    }
  }
};

}  // namespace kamp::solvers::detail

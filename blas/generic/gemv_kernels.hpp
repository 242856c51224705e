#pragma once
// GEMV for any format, through format_traits only: y <- alpha op(A) x + beta y.
//   'N': the columns are cut into S slices (gemv_slices: S depends on m, n and the value's size
//        only); slice s of row i is one chain of fmas in column order, and the S partial sums
//        are added in slice order. On the GPU a team takes 32 consecutive rows (one per lane, so a
//        warp reads consecutive elements of a column) and its warps take the slices; on the
//        host one work item takes 256 rows and runs its inner loop over them (vectorised).
//        S chains per row keep enough loads in flight when m alone is too small to fill a GPU.
//   'T': each column is split over 32 logical lanes (lane l takes rows l, l + 32, ...) whose
//        sums go to team scratch, and one thread adds the 32 lanes in order. On the GPU a warp
//        takes a column and a team 8 columns; on the host one work item takes a column and its
//        32 lanes advance together over consecutive rows (vectorised).
// Both run their chains as dot_chain (fma_chain.hpp): for the expansions a level sum of the
// products' terms, renormalised after every `segment` terms that more follow and rounded once
// (multi_double/level_sum.hpp), for the other formats chain_fma; and redo with fma a chain whose sum needs
// it (a non-finite one). Neither partition depends on the backend, so every backend gets the
// same bits. Both form y_i = alpha s_i + beta y_i with s_i the dot product (y_i = alpha s_i when
// beta = 0, without reading y); a term passes through at most n/S + S <= k additions (a level
// sum of L >= 1 terms errs by at most (1 + (L / R + 2) 2^-7) u of their magnitudes, less than
// the gamma_L of the L fmas it replaces), so each output errs by at most gamma_{k+2}
// (|alpha| |op(A)| |x| + |beta| |y|)_i.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <type_traits>

#include "blas/generic/fma_chain.hpp"
#include "blas/generic/level1_kernels.hpp"
#include "blas/generic/chain_steps.hpp"
#include "blas/generic/value_planes.hpp"

namespace kamp::blas::generic {

template <class Format>
KOKKOS_INLINE_FUNCTION value_type_t<Format> scale_and_add(const context_t<Format>& c, const value_type_t<Format>& alpha,
                                                          const value_type_t<Format>& sum, bool beta_zero,
                                                          const value_type_t<Format>& beta,
                                                          const value_type_t<Format>& y) {
  using traits = format_traits<Format>;
  if (beta_zero) return traits::mul(c, alpha, sum);
  return traits::fma(c, alpha, sum, traits::mul(c, beta, y));
}

constexpr int gemv_lanes = 32;
// Terms whose operands a GPU thread loads before it adds them (in order) to its chain.
constexpr int gemv_loads_ahead = 4;

// GPU teams of small values (dd_real and smaller) are held to 64 registers per thread, so that
// Teams teams of Threads threads fill an SM's 64 K registers: a few registers more and an SM holds
// one team only (docs/design.md). Values up to 32 bytes (qd_real) are held to 128 registers,
// Teams / 2 teams: uncapped, the compiler gives qd_real's anchored levels more, and the warps an SM
// then holds cost more than the cap's spills
// (experiments/comparisons/qd_gemv_launch_bounds_h200.csv.gz). Larger values keep the compiler's choice.
template <class ExecSpace, class Value, int Threads, int Teams>
using lean_team_policy = std::conditional_t<
    (sizeof(Value) <= 16), Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<Threads, Teams>>,
    std::conditional_t<(sizeof(Value) <= 32), Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<Threads, Teams / 2>>,
                       Kokkos::TeamPolicy<ExecSpace>>>;

// The slices of 'N': about 2^18 chains in all (enough to keep an H200's memory busy), each at
// least 16 columns long, and at most 32 KB of partial sums per team of 32 rows.
template <class Value>
std::int64_t gemv_slices(std::int64_t m, std::int64_t n) {
  const std::int64_t wanted = ((std::int64_t(1) << 18) + m - 1) / m;
  const std::int64_t most = std::min<std::int64_t>(n / 16, (32 * 1024) / (gemv_lanes * std::int64_t(sizeof(Value))));
  return std::max<std::int64_t>(1, std::min(wanted, most));
}

template <class Format, class ExecSpace, class Array, class Chain>
struct gemv_rows_kernel {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  using chain = Chain;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using scratch =
      Kokkos::View<value**, Kokkos::LayoutRight, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  static constexpr bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  // A warp's lanes on the GPU; on the host a page (4 KB) of each dd column, so that the
  // column-to-column jumps do not each cost a TLB miss.
  static constexpr int rows_per_team = host ? 256 : gemv_lanes;
  Array A, x, y;
  std::int64_t m, n, lda, slices, slice_length;
  vector_map x_map, y_map;
  value alpha, beta;
  bool beta_zero;
  context_t<Format> context;

  KOKKOS_INLINE_FUNCTION value term(std::int64_t i, std::int64_t j, const value& sum) const {
    return traits::fma(context, A.load(static_cast<std::size_t>(i + j * lda)), x.load(x_map(j)), sum);
  }

  // Slice s of row i's dot product as a chain of fma, for a chain whose result needs it.
  KOKKOS_INLINE_FUNCTION value checked_slice(std::int64_t i, std::int64_t s) const {
    const std::int64_t end = (s + 1) * slice_length < n ? (s + 1) * slice_length : n;
    auto sum = traits::zero();
    for (std::int64_t j = s * slice_length; j < end; ++j) sum = term(i, j, sum);
    return sum;
  }

  KOKKOS_INLINE_FUNCTION void finish(std::int64_t i, const value& sum) const {
    const auto old = beta_zero ? traits::zero() : y.load(y_map(i));
    y.store(y_map(i), scale_and_add<Format>(context, alpha, sum, beta_zero, beta, old));
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t i0 = std::int64_t(team.league_rank()) * rows_per_team;
    const int rows = static_cast<int>(m - i0 < rows_per_team ? m - i0 : rows_per_team);
    if constexpr (host) {
      // One thread per team: slice by slice, the inner loop over the rows; each slice's sums
      // are added to the running totals as they are done (the same order as on the GPU).
      value_planes<value, rows_per_team> total;
      value_planes<typename chain::accumulator, rows_per_team> sum;
      for (std::int64_t s = 0; s < slices; ++s) {
        for (int r = 0; r < rows_per_team; ++r) sum.set(r, chain::start(traits::zero()));
        const std::int64_t begin = s * slice_length, end = (s + 1) * slice_length < n ? (s + 1) * slice_length : n;
        for (std::int64_t j = begin; j < end; ++j) {
          if (j > begin && (j - begin) % chain::segment == 0) renormalise_rows<chain>(sum, rows);
          add_to_rows<chain>(context, sum, rows, array_operands<Array>{A, static_cast<std::size_t>(i0 + j * lda)},
                             same_operand<value>{x.load(x_map(j))});
        }
        for (int r = 0; r < rows; ++r) {
          const value rounded = chain::result(sum.get(r));
          const auto slice_sum = chain::needs_recompute(context, rounded) ? checked_slice(i0 + r, s) : rounded;
          total.set(r, s == 0 ? slice_sum : traits::add(context, total.get(r), slice_sum));
        }
      }
      for (int r = 0; r < rows; ++r) finish(i0 + r, total.get(r));
    } else {
      scratch partial(team.team_scratch(0), slices, gemv_lanes);
      const int lane = team.team_rank() % gemv_lanes, warps = team.team_size() / gemv_lanes;
      if (lane < rows) {
        for (std::int64_t s = team.team_rank() / gemv_lanes; s < slices; s += warps) {
          auto sum = chain::start(traits::zero());
          const std::int64_t begin = s * slice_length, end = (s + 1) * slice_length < n ? (s + 1) * slice_length : n;
          for (std::int64_t first = begin; first < end; first += chain::segment) {
            const std::int64_t last = end - first > chain::segment ? first + chain::segment : end;
            std::int64_t j = first;
            // Loads run gemv_loads_ahead terms ahead of the chain (its order unchanged): a
            // thread with one load in flight leaves the memory system waiting on latency.
            for (; j + gemv_loads_ahead <= last; j += gemv_loads_ahead) {
              value a[gemv_loads_ahead], xj[gemv_loads_ahead];
              for (int u = 0; u < gemv_loads_ahead; ++u) {
                a[u] = A.load(static_cast<std::size_t>(i0 + lane + (j + u) * lda));
                xj[u] = x.load(x_map(j + u));
              }
              for (int u = 0; u < gemv_loads_ahead; ++u) sum = chain::add(context, sum, a[u], xj[u]);
            }
            for (; j < last; ++j)
              sum = chain::add(context, sum, A.load(static_cast<std::size_t>(i0 + lane + j * lda)), x.load(x_map(j)));
            if (last < end) sum = chain::renormalise(sum);
          }
          const value rounded = chain::result(sum);
          partial(s, lane) = chain::needs_recompute(context, rounded) ? checked_slice(i0 + lane, s) : rounded;
        }
      }
      team.team_barrier();
      if (team.team_rank() < rows) {
        auto sum = partial(0, team.team_rank());
        for (std::int64_t s = 1; s < slices; ++s) sum = traits::add(context, sum, partial(s, team.team_rank()));
        finish(i0 + team.team_rank(), sum);
      }
    }
  }
};

template <class Format, class ExecSpace, class Array, class Chain>
struct gemv_columns_kernel {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  using chain = Chain;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using scratch = Kokkos::View<value_type_t<Format>**, Kokkos::LayoutRight, typename ExecSpace::scratch_memory_space,
                               Kokkos::MemoryUnmanaged>;
  static constexpr bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  // One warp per column on the GPU, several columns per team: a team of one warp would leave
  // an SM at its 32 resident teams, half its warp slots.
  static constexpr int columns_per_team = host ? 1 : 8;
  Array A, x, y;
  std::int64_t m, n, lda;
  vector_map x_map, y_map;
  value_type_t<Format> alpha, beta;
  bool beta_zero;
  context_t<Format> context;

  // Lane `lane` of column j's dot product as a chain of fma, for a chain whose result needs it.
  KOKKOS_INLINE_FUNCTION value_type_t<Format> checked_lane(std::int64_t j, int lane) const {
    auto sum = traits::zero();
    for (std::int64_t i = lane; i < m; i += gemv_lanes)
      sum = traits::fma(context, A.load(static_cast<std::size_t>(i + j * lda)), x.load(x_map(i)), sum);
    return sum;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const int column = host ? 0 : team.team_rank() / gemv_lanes, lane = host ? 0 : team.team_rank() % gemv_lanes;
    const std::int64_t j = std::int64_t(team.league_rank()) * columns_per_team + column;
    scratch lanes(team.team_scratch(0), columns_per_team, gemv_lanes);
    if constexpr (host) {
      // One thread per team: the 32 lanes advance together, the inner loop over consecutive rows;
      // a lane's chain is renormalised after every chain::segment of its terms that more follow.
      value_planes<typename chain::accumulator, gemv_lanes> sum;
      value_planes<value, gemv_lanes> a, xi;
      for (int l = 0; l < gemv_lanes; ++l) sum.set(l, chain::start(traits::zero()));
      for (std::int64_t i0 = 0; i0 < m; i0 += gemv_lanes) {
        const int rows = static_cast<int>(m - i0 < gemv_lanes ? m - i0 : gemv_lanes);
        if (i0 > 0 && (i0 / gemv_lanes) % chain::segment == 0) renormalise_rows<chain>(sum, rows);
        for (int l = 0; l < rows; ++l) {
          a.set(l, A.load(static_cast<std::size_t>(i0 + l + j * lda)));
          xi.set(l, x.load(x_map(i0 + l)));
        }
        add_to_rows<chain>(context, sum, rows, row_operands<decltype(a)>{a}, row_operands<decltype(xi)>{xi});
      }
      for (int l = 0; l < gemv_lanes; ++l) {
        const value rounded = chain::result(sum.get(l));
        lanes(0, l) = chain::needs_recompute(context, rounded) ? checked_lane(j, l) : rounded;
      }
    } else if (j < n) {
      auto sum = chain::start(traits::zero());
      const std::int64_t block = chain::segment * gemv_lanes;  // rows of one segment of this lane's terms
      for (std::int64_t first = lane; first < m; first += block) {
        const std::int64_t last = m - first > block ? first + block : m;
        std::int64_t i = first;
        for (; i + (gemv_loads_ahead - 1) * gemv_lanes < last; i += gemv_loads_ahead * gemv_lanes) {
          value a[gemv_loads_ahead], xi[gemv_loads_ahead];
          for (int u = 0; u < gemv_loads_ahead; ++u) {
            a[u] = A.load(static_cast<std::size_t>(i + u * gemv_lanes + j * lda));
            xi[u] = x.load(x_map(i + u * gemv_lanes));
          }
          for (int u = 0; u < gemv_loads_ahead; ++u) sum = chain::add(context, sum, a[u], xi[u]);
        }
        for (; i < last; i += gemv_lanes)
          sum = chain::add(context, sum, A.load(static_cast<std::size_t>(i + j * lda)), x.load(x_map(i)));
        if (last < m) sum = chain::renormalise(sum);
      }
      const value rounded = chain::result(sum);
      lanes(column, lane) = chain::needs_recompute(context, rounded) ? checked_lane(j, lane) : rounded;
    }
    team.team_barrier();
    if (lane == 0 && j < n) {
      auto sum = traits::zero();
      for (int l = 0; l < gemv_lanes; ++l) sum = traits::add(context, sum, lanes(column, l));
      const auto old = beta_zero ? traits::zero() : y.load(y_map(j));
      y.store(y_map(j), scale_and_add<Format>(context, alpha, sum, beta_zero, beta, old));
    }
  }
};

// y <- beta y for the quick path alpha = 0 (and y <- 0 when beta = 0, without reading y).
template <class Format, class Array>
struct scale_or_zero_kernel {
  using traits = format_traits<Format>;
  Array y;
  vector_map map;
  value_type_t<Format> beta;
  bool beta_zero;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    y.store(map(i), beta_zero ? traits::zero() : traits::mul(context, beta, y.load(map(i))));
  }
};

// y <- beta y over n elements (y <- 0 when beta_zero): GEMV with alpha = 0, for every format.
template <class Format, class ExecSpace, class Array>
void scale_or_zero(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& beta, bool beta_zero,
                   const Array& y, std::int64_t incy) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::gemv::scale_y", core::range(exec, n),
                       scale_or_zero_kernel<Format, Array>{y, vector_map(incy, n), beta, beta_zero, context});
}

// Arguments checked, m, n > 0; alpha_zero and beta_zero as the caller found them. With
// alpha = 0 only y <- beta y runs (A and x are not read). Chain: the dot products' chain
// (dot_chain; a bench may time fused_fma_chain beside it).
template <class Format, class ExecSpace, class Array, class Chain = dot_chain<Format>>
void gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const value_type_t<Format>& alpha,
          bool alpha_zero, const Array& A, std::int64_t lda, const Array& x, std::int64_t incx,
          const value_type_t<Format>& beta, bool beta_zero, const Array& y, std::int64_t incy) {
  using memory = typename Array::memory_space;
  const auto context = format_traits<Format>::template context<memory>();
  const std::int64_t x_length = transposed ? m : n, y_length = transposed ? n : m;
  if (alpha_zero) {
    scale_or_zero<Format>(exec, y_length, beta, beta_zero, y, incy);
    return;
  }
  const vector_map x_map(incx, x_length), y_map(incy, y_length);
  const bool host = std::is_same<memory, Kokkos::HostSpace>::value;
  if (!transposed) {
    using kernel = gemv_rows_kernel<Format, ExecSpace, Array, Chain>;
    // Slices of equal length but the last; none empty.
    const std::int64_t slice_length =
        (n + gemv_slices<value_type_t<Format>>(m, n) - 1) / gemv_slices<value_type_t<Format>>(m, n);
    const std::int64_t slices = (n + slice_length - 1) / slice_length;
    const kernel functor{A, x, y, m, n, lda, slices, slice_length, x_map, y_map, alpha, beta, beta_zero, context};
    const std::size_t bytes = host ? 0 : kernel::scratch::shmem_size(slices, gemv_lanes);
    const int teams = static_cast<int>((m + kernel::rows_per_team - 1) / kernel::rows_per_team);
    // Warps take the slices in rounds: as few rounds as the kernel's registers allow in one
    // team, and the fewest warps that keep them all busy in every round. The memory system
    // needs about 2^18 chains in flight (too few warps per team leave it idle), and a warp idle
    // at the barrier while others take one more slice wastes its share of that round (32 slices
    // on 28 warps: a second round in which 24 wait; docs/design.md,
    // experiments/comparisons/dd_gemv_n_slice_rounds_ncu.csv).
    using policy_type = lean_team_policy<ExecSpace, value_type_t<Format>, 512, 2>;
    int warps = 1;
    if (!host) {
      const std::int64_t most = std::max(1, policy_type(exec, teams, Kokkos::AUTO)
                                                    .set_scratch_size(0, Kokkos::PerTeam(bytes))
                                                    .team_size_max(functor, Kokkos::ParallelForTag()) /
                                                gemv_lanes);
      const std::int64_t rounds = (slices + most - 1) / most;
      warps = static_cast<int>((slices + rounds - 1) / rounds);
    }
    policy_type policy(exec, teams, host ? 1 : gemv_lanes * warps);
    Kokkos::parallel_for("kamp::blas::gemv::rows", policy.set_scratch_size(0, Kokkos::PerTeam(bytes)), functor);
    return;
  }
  using kernel = gemv_columns_kernel<Format, ExecSpace, Array, Chain>;
  constexpr int columns = kernel::columns_per_team;
  lean_team_policy<ExecSpace, value_type_t<Format>, gemv_lanes * columns, 4> policy(
      exec, static_cast<int>((n + columns - 1) / columns), host ? 1 : gemv_lanes * columns);
  const std::size_t bytes = kernel::scratch::shmem_size(columns, gemv_lanes);
  Kokkos::parallel_for("kamp::blas::gemv::columns", policy.set_scratch_size(0, Kokkos::PerTeam(bytes)),
                       kernel{A, x, y, m, n, lda, x_map, y_map, alpha, beta, beta_zero, context});
}

}  // namespace kamp::blas::generic

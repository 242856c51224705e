#pragma once
// The exact dot product sum_e x_e y_e (Otsokov and Magomedov, section VII): the partial products of all pairs
// summed per position as in summation method 2, then turned into digits.
//
// When every pair has the same exponent t_x + t_y, one team takes a chunk of pairs: it copies
// their limbs into scratch (consecutive threads read consecutive numbers of a digit row), and
// its threads, split into groups of one warp's width, each form one limb column over every
// group-th pair; the groups' sums are added in scratch and written per chunk. Otherwise one team
// per pair adds its columns at their aligned positions with atomic adds.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/error.hpp"
#include "formats/index_map.hpp"
#include "signed_digit/column_digits.hpp"
#include "signed_digit/device_support.hpp"
#include "signed_digit/partial_products.hpp"
#include "signed_digit/result_width.hpp"

namespace kamp::signed_digit::detail {

template <int G, class ExecSpace>
number dot(const ExecSpace& exec, std::int64_t n, const array<typename ExecSpace::memory_space>& x, std::int64_t incx,
           const array<typename ExecSpace::memory_space>& y, std::int64_t incy) {
  using memory = typename ExecSpace::memory_space;
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  using limbs_scratch = Kokkos::View<std::int16_t*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  using sums_scratch = Kokkos::View<std::int64_t*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  const vector_map xi(incx, n), yi(incy, n);
  std::int64_t t_min = 0, t_max = 0;
  Kokkos::parallel_reduce(
      "kamp::signed_digit::dot::exponent_range", Kokkos::RangePolicy<ExecSpace>(exec, 0, n),
      KOKKOS_LAMBDA(std::int64_t e, std::int64_t & lo, std::int64_t & hi) {
        const std::int64_t t = std::int64_t(x.exponent(xi(e))) + y.exponent(yi(e));
        if (t < lo) lo = t;
        if (t > hi) hi = t;
      },
      Kokkos::Min<std::int64_t>(t_min), Kokkos::Max<std::int64_t>(t_max));
  if (t_min < -max_exponent || t_min > max_exponent) {
    throw overflow_error("kamp::signed_digit::dot: the products' exponent " + std::to_string(t_min) + " is outside [-" +
                         std::to_string(max_exponent) + ", " + std::to_string(max_exponent) + "]");
  }
  const std::int64_t max_shift = t_max - t_min;
  if (dot_digit_count(x.digit_count() + y.digit_count() + max_shift, n) > max_digit_count) {
    throw invalid_argument("kamp::signed_digit::dot", "y",
                           "products with exponents " + std::to_string(t_min) + " to " + std::to_string(t_max),
                           "the exact dot product would need more than " + std::to_string(max_digit_count) + " digits");
  }
  const int lx = limb_count(x.digit_count(), G), ly = limb_count(y.digit_count(), G), q_count = lx + ly - 1;
  // Column sums are int64: |column| <= n min(lx, ly) max_limb^2 must stay below 2^62.
  if (static_cast<long double>(column_bound<G>(lx, ly, 1)) * n > 4.6e18L) {
    throw invalid_argument("kamp::signed_digit::dot", "n", std::to_string(n),
                           "too many pairs of this length for 64-bit column sums");
  }
  const std::int64_t bound = column_bound<G>(lx, ly, n);
  const int column_count = static_cast<int>(G * q_count + max_shift);
  Kokkos::View<std::int64_t*, memory> columns("kamp::signed_digit::dot::columns", working_width(column_count, bound));
  const int result_digits = static_cast<int>(dot_digit_count(x.digit_count() + y.digit_count() + max_shift, n));

  if (max_shift == 0) {
    const bool host = is_host_space<ExecSpace>();
    const int threads = team_size_for<ExecSpace>(256);
    const int lanes = host ? 1 : (q_count + 31) / 32 * 32 <= threads ? (q_count + 31) / 32 * 32 : threads;
    const int groups = threads / lanes;
    int pairs = static_cast<int>(24000 / (2 * (lx + ly)));
    pairs = pairs < 1 ? 1 : (pairs > 128 ? 128 : pairs);
    const std::int64_t chunks = (n + pairs - 1) / pairs;
    Kokkos::View<std::int64_t**, memory> partial(
        Kokkos::view_alloc("kamp::signed_digit::dot::partial", Kokkos::WithoutInitializing), chunks, q_count);
    const std::size_t bytes = limbs_scratch::shmem_size(std::size_t(pairs) * (lx + ly)) +
                              sums_scratch::shmem_size(std::size_t(groups) * q_count);
    Kokkos::parallel_for(
        "kamp::signed_digit::dot::partial_products",
        policy(exec, chunks, threads).set_scratch_size(bytes <= 40000 ? 0 : 1, Kokkos::PerTeam(bytes)),
        KOKKOS_LAMBDA(const typename policy::member_type& team) {
          const int level = bytes <= 40000 ? 0 : 1;
          limbs_scratch limbs(team.team_scratch(level), std::size_t(pairs) * (lx + ly));
          sums_scratch sums(team.team_scratch(level), std::size_t(groups) * q_count);
          const std::int64_t first = team.league_rank() * std::int64_t(pairs);
          // Limb l of pair jj: x's at jj lx + l, y's after all of x's.
          std::int16_t* xs = limbs.data();
          std::int16_t* ys = limbs.data() + pairs * lx;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, pairs * (lx + ly)), [&](int idx) {
            const int l = idx / pairs, jj = idx - l * pairs;
            const std::int64_t e = first + jj;
            if (l < lx)
              xs[jj * lx + l] = e < n ? limb<G>(x, l, xi(e)) : std::int16_t(0);
            else
              ys[jj * ly + (l - lx)] = e < n ? limb<G>(y, l - lx, yi(e)) : std::int16_t(0);
          });
          team.team_barrier();
          const int r = team.team_rank(), g = r / lanes;
          if (g < groups) {
            for (int q = r - g * lanes; q < q_count; q += lanes) {
              std::int64_t s = 0;
              for (int jj = g; jj < pairs; jj += groups) s += limb_column<G>(xs + jj * lx, lx, ys + jj * ly, ly, q);
              sums(g * q_count + q) = s;
            }
          }
          team.team_barrier();
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, q_count), [&](int q) {
            std::int64_t s = 0;
            for (int h = 0; h < groups; ++h) s += sums(h * q_count + q);
            partial(team.league_rank(), q) = s;
          });
        });
    add_chunks(exec, "kamp::signed_digit::dot::chunk_totals", partial, G, columns);
  } else {
    const std::size_t bytes = limbs_scratch::shmem_size(lx + ly);
    Kokkos::parallel_for(
        "kamp::signed_digit::dot::partial_products_shifted",
        policy(exec, n, team_size_for<ExecSpace>(128)).set_scratch_size(bytes <= 40000 ? 0 : 1, Kokkos::PerTeam(bytes)),
        KOKKOS_LAMBDA(const typename policy::member_type& team) {
          limbs_scratch limbs(team.team_scratch(bytes <= 40000 ? 0 : 1), lx + ly);
          const std::int64_t e = team.league_rank();
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, lx + ly),
                               [&](int l) { limbs(l) = l < lx ? limb<G>(x, l, xi(e)) : limb<G>(y, l - lx, yi(e)); });
          team.team_barrier();
          const std::int64_t shift = std::int64_t(x.exponent(xi(e))) + y.exponent(yi(e)) - t_min;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, q_count), [&](int q) {
            const std::int64_t c = limb_column<G>(limbs.data(), lx, limbs.data() + lx, ly, q);
            if (c != 0) Kokkos::atomic_add(&columns(G * q + shift), c);
          });
        });
  }
  return number(columns_to_digits(exec, columns, bound, result_digits), static_cast<std::int32_t>(t_min));
}

}  // namespace kamp::signed_digit::detail

#pragma once
// z_j = x_j y_j for every j, one team per product (Otsokov and Magomedov, section VI): the team's
// threads form the partial-product columns, then turn them into digits with transfer steps, all in
// team scratch. Results go to a temporary first, so z is written only when every product fits.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "signed_digit/column_digits.hpp"
#include "signed_digit/device_support.hpp"
#include "signed_digit/partial_products.hpp"

namespace kamp::signed_digit::detail {

template <int G, class ExecSpace>
std::int64_t mul(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x,
                 const array<typename ExecSpace::memory_space>& y, const array<typename ExecSpace::memory_space>& z) {
  using digits = array<typename ExecSpace::memory_space>;
  using column = std::int64_t;
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  if (k == 0) return -1;
  const int lx = limb_count(x.digit_count(), G), ly = limb_count(y.digit_count(), G);
  const int columns = G * (lx + ly - 1);
  const std::int64_t bound = column_bound<G>(lx, ly, 1);
  const int m = working_width(columns, bound), steps = steps_to_digits(bound);
  const int width = z.digit_count();
  const digits out(k, width, "kamp::signed_digit::mul::result");
  Kokkos::View<int*, typename ExecSpace::memory_space> overflow("kamp::signed_digit::mul::overflow",
                                                                static_cast<std::size_t>(k));

  using limbs_scratch = Kokkos::View<std::int16_t*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  using columns_scratch = Kokkos::View<column*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  const std::size_t bytes = limbs_scratch::shmem_size(lx + ly) + 2 * columns_scratch::shmem_size(m);
  const int level = bytes <= 40000 ? 0 : 1;
  policy teams(exec, k, team_size_for<ExecSpace>(128));
  Kokkos::parallel_for(
      "kamp::signed_digit::mul", teams.set_scratch_size(level, Kokkos::PerTeam(bytes)),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        const std::size_t j = static_cast<std::size_t>(team.league_rank());
        limbs_scratch xs(team.team_scratch(level), lx + ly);
        columns_scratch a(team.team_scratch(level), m), b(team.team_scratch(level), m);
        std::int16_t* ys = xs.data() + lx;
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, lx + ly),
                             [&](int l) { xs(l) = l < lx ? limb<G>(x, l, j) : limb<G>(y, l - lx, j); });
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m), [&](int p) { a(p) = 0; });
        team.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, lx + ly - 1),
                             [&](int q) { a(G * q) = limb_column<G>(xs.data(), lx, ys, ly, q); });
        team.team_barrier();
        const column* result = team_transfer_steps(team, a.data(), b.data(), m, steps);
        // The count of nonzero digits beyond z's width (a Sum: Max's identity is INT_MIN, which
        // is not false).
        int lost = 0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, m),
            [&](int p, int& count) {
              if (p < width)
                out.set_digit(p, j, static_cast<int>(result[p]));
              else if (result[p] != 0)
                ++count;
            },
            Kokkos::Sum<int>(lost));
        Kokkos::single(Kokkos::PerTeam(team), [&]() {
          const std::int64_t t = std::int64_t(x.exponent(j)) + y.exponent(j);
          const bool exponent_fits = t >= -max_exponent && t <= max_exponent;
          if (exponent_fits) out.set_exponent(j, static_cast<std::int32_t>(t));
          overflow(j) = lost || !exponent_fits;
        });
      });
  std::int64_t first = k;
  Kokkos::parallel_reduce(
      "kamp::signed_digit::mul::first_overflow", Kokkos::RangePolicy<ExecSpace>(exec, 0, k),
      KOKKOS_LAMBDA(std::int64_t j, std::int64_t & f) {
        if (overflow(j) && j < f) f = j;
      },
      Kokkos::Min<std::int64_t>(first));
  if (first < k) return first;
  Kokkos::deep_copy(exec, z.digits(), out.digits());
  Kokkos::deep_copy(exec, z.exponents(), out.exponents());
  return -1;
}

}  // namespace kamp::signed_digit::detail

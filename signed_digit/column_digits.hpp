#pragma once
// From column values to signed digits: value = sum_p v_p 10^p with |v_p| <= bound becomes digits
// in [-6, 6] by steps_to_digits(bound) transfer steps (signed_digit/digit_rules.hpp), each one
// digit-parallel. A transfer moves up one position per step, so a working width of the columns
// plus the step count plus one loses nothing; the digits above a result's proven digit count
// (signed_digit/result_width.hpp) are then zero.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "signed_digit/digit_rules.hpp"

namespace kamp::signed_digit::detail {

// `steps` transfer steps over a[0, m) by one team, b the second buffer; returns the buffer that
// holds the digits. Positions above the top of a value must be zero on entry and within m.
template <class Member, class Int>
KOKKOS_INLINE_FUNCTION Int* team_transfer_steps(const Member& team, Int* a, Int* b, int m, int steps) {
  for (int s = 0; s < steps; ++s) {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m),
                         [&](int p) { b[p] = transfer_step(a[p], p > 0 ? a[p - 1] : Int(0)); });
    team.team_barrier();
    Int* t = a;
    a = b;
    b = t;
  }
  return a;
}

// columns(spacing q) = sum_c partial(c, q): one team per column, its threads over the chunks.
template <class ExecSpace, class Partial>
void add_chunks(const ExecSpace& exec, const char* label, const Partial& partial, int spacing,
                const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& columns) {
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::int64_t chunks = static_cast<std::int64_t>(partial.extent(0));
  const bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  Kokkos::parallel_for(
      label, policy(exec, static_cast<int>(partial.extent(1)), host ? 1 : 256),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        const int q = team.league_rank();
        std::int64_t total = 0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, chunks), [&](std::int64_t c, std::int64_t& s) { s += partial(c, q); }, total);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { columns(spacing * q) = total; });
      });
}

inline int working_width(std::int64_t column_count, std::int64_t bound) {
  return static_cast<int>(column_count) + steps_to_digits(bound) + 1;
}

// Digits [0, result_digits) of the columns' value, computed by one team on `exec`. `columns`
// holds working_width(column_count, bound) values, those from column_count up zero.
template <class ExecSpace>
std::vector<std::int8_t> columns_to_digits(const ExecSpace& exec,
                                           const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& columns,
                                           std::int64_t bound, int result_digits) {
  using memory = typename ExecSpace::memory_space;
  const int m = static_cast<int>(columns.extent(0));
  const int steps = steps_to_digits(bound);
  Kokkos::View<std::int64_t*, memory> second(
      Kokkos::view_alloc("kamp::signed_digit::columns_to_digits::second", Kokkos::WithoutInitializing),
      columns.extent(0));
  Kokkos::View<std::int8_t*, memory> out(
      Kokkos::view_alloc("kamp::signed_digit::columns_to_digits::digits", Kokkos::WithoutInitializing),
      columns.extent(0));
  const int threads = std::is_same<memory, Kokkos::HostSpace>::value ? 1 : 512;
  Kokkos::parallel_for(
      "kamp::signed_digit::columns_to_digits", Kokkos::TeamPolicy<ExecSpace>(exec, 1, threads),
      KOKKOS_LAMBDA(const typename Kokkos::TeamPolicy<ExecSpace>::member_type& team) {
        const std::int64_t* result = team_transfer_steps(team, columns.data(), second.data(), m, steps);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m),
                             [&](int p) { out(p) = static_cast<std::int8_t>(result[p]); });
      });
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  std::vector<std::int8_t> digits(static_cast<std::size_t>(result_digits), 0);
  for (int p = 0; p < m; ++p) {
    if (p < result_digits) {
      digits[static_cast<std::size_t>(p)] = host(p);
    } else if (host(p) != 0) {
      throw std::logic_error("kamp::signed_digit: a digit at position " + std::to_string(p) +
                             " beyond the proven width " + std::to_string(result_digits) + " (an internal error)");
    }
  }
  return digits;
}

}  // namespace kamp::signed_digit::detail

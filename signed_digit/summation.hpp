#pragma once
// The sum of an array's numbers, exactly, by seed 004's method 1 or method 2.
//
// Both align the numbers to the smallest exponent t_min (number j's digit i sits at position
// i + t_j - t_min) and produce sum_digit_count(aligned width, k) digits.
// Method 2: one team per (digit position, chunk of numbers) sums its digit column over the chunk
// (int32: at most 6 times the chunk size); one team adds the chunk sums of each position (int64)
// and turns the columns into digits (column_digits.hpp). When all exponents are equal, a column
// is one contiguous row of the digit-major array and the GPU reads it 16 digits per load.
// Method 1: one team adds the numbers one after another into an accumulator, each addition one
// carry-limited step over all positions with a barrier between steps, k dependent steps in all.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "signed_digit/column_digits.hpp"
#include "signed_digit/device_support.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/result_width.hpp"

namespace kamp::sd::detail {

constexpr std::int64_t column_chunk = 16384;  // numbers per column team (a multiple of row_alignment)

template <class ExecSpace>
void column_chunk_sums(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::int64_t t_min,
                       bool aligned, const Kokkos::View<std::int32_t**, typename ExecSpace::memory_space>& partial) {
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const int positions = static_cast<int>(partial.extent(0));
  const std::int64_t chunks = static_cast<std::int64_t>(partial.extent(1));
  const auto digits = x.digits();
  Kokkos::parallel_for(
      aligned ? "kamp::sd::sum::method2_columns" : "kamp::sd::sum::method2_columns_shifted",
      policy(exec, positions * chunks, team_size_for<ExecSpace>(256)),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        const int p = static_cast<int>(team.league_rank() / chunks);
        const std::int64_t c = team.league_rank() - p * chunks;
        const std::int64_t begin = c * column_chunk;
        const std::int64_t end = begin + column_chunk < k ? begin + column_chunk : k;
        int total = 0;
        if (aligned) {
#if defined(__CUDA_ARCH__)
          // 16 digits per load: rows are 16-byte aligned and zero beyond k up to the stride.
          const int4* row = reinterpret_cast<const int4*>(&digits(p, 0));
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, begin / 16, (end + 15) / 16),
              [&](std::int64_t w, int& s) {
                const int4 v = row[w];
                s += byte_sum(v.x) + byte_sum(v.y) + byte_sum(v.z) + byte_sum(v.w);
              },
              total);
#else
          const std::int8_t* row = &digits(p, 0);
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, begin, end), [&](std::int64_t j, int& s) { s += row[j]; }, total);
#endif
        } else {
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, begin, end),
              [&](std::int64_t j, int& s) {
                const std::int64_t i = p - (x.exponent(j) - t_min);
                if (i >= 0 && i < x.digit_count()) s += x.digit(static_cast<int>(i), static_cast<std::size_t>(j));
              },
              total);
        }
        Kokkos::single(Kokkos::PerTeam(team), [&]() { partial(p, c) = total; });
      });
}

template <class ExecSpace>
number sum_method2(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::int64_t t_min,
                   std::int64_t max_shift, int result_digits) {
  using memory = typename ExecSpace::memory_space;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const int positions = static_cast<int>(x.digit_count() + max_shift);
  const std::int64_t chunks = (k + column_chunk - 1) / column_chunk;
  Kokkos::View<std::int32_t**, memory> partial("kamp::sd::sum::partial", positions, chunks);
  column_chunk_sums(exec, x, t_min, max_shift == 0, partial);
  const std::int64_t bound = max_digit * k;
  Kokkos::View<std::int64_t*, memory> columns("kamp::sd::sum::columns", working_width(positions, bound));
  Kokkos::parallel_for(
      "kamp::sd::sum::method2_chunk_totals", Kokkos::RangePolicy<ExecSpace>(exec, 0, positions),
      KOKKOS_LAMBDA(int p) {
        std::int64_t s = 0;
        for (std::int64_t c = 0; c < chunks; ++c) s += partial(p, c);
        columns(p) = s;
      });
  return number(columns_to_digits(exec, columns, bound, result_digits), static_cast<std::int32_t>(t_min));
}

template <class ExecSpace>
number sum_method1(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::int64_t t_min,
                   int result_digits) {
  using memory = typename ExecSpace::memory_space;
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const int m = result_digits;
  Kokkos::View<std::int8_t*, memory> current("kamp::sd::sum::accumulator", m), next("kamp::sd::sum::next", m);
  Kokkos::parallel_for(
      "kamp::sd::sum::method1", policy(exec, 1, team_size_for<ExecSpace>(512)),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        std::int8_t* acc = current.data();
        std::int8_t* out = next.data();
        for (std::int64_t j = 0; j < k; ++j) {
          const std::int64_t shift = x.exponent(j) - t_min;
          const auto position_sum = [&](int p) {
            const std::int64_t i = p - shift;
            return acc[p] + ((i >= 0 && i < x.digit_count()) ? x.digit(static_cast<int>(i), static_cast<std::size_t>(j)) : 0);
          };
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m), [&](int p) {
            out[p] = static_cast<std::int8_t>(transfer_step(position_sum(p), p > 0 ? position_sum(p - 1) : 0));
          });
          team.team_barrier();
          std::int8_t* t = acc;
          acc = out;
          out = t;
        }
      });
  // After k steps the sum is in `next` when k is odd, else in `current`.
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), k % 2 ? next : current);
  return number(std::vector<std::int8_t>(host.data(), host.data() + m), static_cast<std::int32_t>(t_min));
}

}  // namespace kamp::sd::detail

#pragma once
// The sum of an array's numbers, exactly, by Otsokov and Magomedov's method 1 or method 2.
//
// Both align the numbers to the smallest exponent t_min (number j's digit i sits at position
// i + t_j - t_min) and produce sum_digit_count(aligned width, k) digits.
// Method 2: one team per (digit position, chunk of numbers) sums its digit column over the chunk
// (int32: at most 6 times the chunk size); one team per position adds its chunk sums (int64), and
// one team turns the columns into digits (column_digits.hpp). When all exponents are equal, a column
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

namespace kamp::signed_digit::detail {

constexpr std::int64_t column_chunk = 65536;  // numbers per column team (a multiple of row_alignment)
constexpr int column_team = 256;              // threads of a column team on a GPU
constexpr int loads_in_flight = 4;            // independent 16-digit loads per thread and iteration

// partial(c, p): the sum of digit column p over chunk c of the numbers.
template <class ExecSpace>
void column_chunk_sums(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::int64_t t_min,
                       bool aligned, const Kokkos::View<std::int32_t**, typename ExecSpace::memory_space>& partial) {
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const std::int64_t chunks = static_cast<std::int64_t>(partial.extent(0));
  const int positions = static_cast<int>(partial.extent(1));
  const auto digits = x.digits();
  Kokkos::parallel_for(
      aligned ? "kamp::signed_digit::sum::method2_columns" : "kamp::signed_digit::sum::method2_columns_shifted",
      policy(exec, positions * chunks, team_size_for<ExecSpace>(column_team)),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        const int p = static_cast<int>(team.league_rank() / chunks);
        const std::int64_t c = team.league_rank() - p * chunks;
        const std::int64_t begin = c * column_chunk;
        const std::int64_t end = begin + column_chunk < k ? begin + column_chunk : k;
        int total = 0;
        if (aligned) {
#if defined(__CUDA_ARCH__)
          // 16 digits per load (rows are 16-byte aligned and zero beyond k up to the stride), several
          // independent loads per thread in flight, 4 digits added per dp4a.
          const int4* row = reinterpret_cast<const int4*>(&digits(p, 0));
          const std::int64_t w_end = (end + 15) / 16, threads = team.team_size();
          int s = 0;
          for (std::int64_t w = begin / 16 + team.team_rank(); w < w_end; w += loads_in_flight * threads) {
            int4 v[loads_in_flight];
            for (int u = 0; u < loads_in_flight; ++u) {
              v[u] = w + u * threads < w_end ? row[w + u * threads] : make_int4(0, 0, 0, 0);
            }
            for (int u = 0; u < loads_in_flight; ++u) {
              s += byte_sum(v[u].x) + byte_sum(v[u].y) + byte_sum(v[u].z) + byte_sum(v[u].w);
            }
          }
          team.team_reduce(Kokkos::Sum<int>(s));
          total = s;
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
        Kokkos::single(Kokkos::PerTeam(team), [&]() { partial(c, p) = total; });
      });
}

template <class ExecSpace>
number sum_method2(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::int64_t t_min,
                   std::int64_t max_shift, int result_digits) {
  using memory = typename ExecSpace::memory_space;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const int positions = static_cast<int>(x.digit_count() + max_shift);
  const std::int64_t chunks = (k + column_chunk - 1) / column_chunk;
  Kokkos::View<std::int32_t**, memory> partial(
      Kokkos::view_alloc("kamp::signed_digit::sum::partial", Kokkos::WithoutInitializing), chunks, positions);
  column_chunk_sums(exec, x, t_min, max_shift == 0, partial);
  const std::int64_t bound = max_digit * k;
  Kokkos::View<std::int64_t*, memory> columns("kamp::signed_digit::sum::columns", working_width(positions, bound));
  add_chunks(exec, "kamp::signed_digit::sum::method2_chunk_totals", partial, 1, columns);
  return number(columns_to_digits(exec, columns, bound, result_digits), static_cast<std::int32_t>(t_min));
}

template <class ExecSpace>
number sum_method1(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::int64_t t_min,
                   int result_digits) {
  using memory = typename ExecSpace::memory_space;
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const int m = result_digits;
  Kokkos::View<std::int8_t*, memory> current("kamp::signed_digit::sum::accumulator", m),
      next("kamp::signed_digit::sum::next", m);
  Kokkos::parallel_for(
      "kamp::signed_digit::sum::method1", policy(exec, 1, team_size_for<ExecSpace>(512)),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        std::int8_t* acc = current.data();
        std::int8_t* out = next.data();
        for (std::int64_t j = 0; j < k; ++j) {
          const std::int64_t shift = x.exponent(j) - t_min;
          const auto position_sum = [&](int p) {
            const std::int64_t i = p - shift;
            return acc[p] +
                   ((i >= 0 && i < x.digit_count()) ? x.digit(static_cast<int>(i), static_cast<std::size_t>(j)) : 0);
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

}  // namespace kamp::signed_digit::detail

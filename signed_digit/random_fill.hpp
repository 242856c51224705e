#pragma once
// Seeded random arrays, the same on every backend (a counter-based hash per digit).
// fill_integers: Otsokov and Magomedov's data, integers of a fixed number d of ordinary decimal digits
// (leading digit 1..9), recoded to signed digits in one carry-limited step: ordinary digit o
// becomes o - 10 with a transfer of 1 when o >= 6, so digits land in [-4, 6] and d + 1
// positions hold the number.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "signed_digit/device_support.hpp"
#include "signed_digit/digit_rules.hpp"
#include "signed_digit/kernels.hpp"

namespace kamp::signed_digit::detail {

// Ordinary digit i of random integer j.
KOKKOS_INLINE_FUNCTION int ordinary_digit(std::uint64_t seed, int ordinary_digits, int i, std::int64_t j) {
  if (i < 0 || i >= ordinary_digits) return 0;
  const std::uint64_t h = hash(seed, static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(i));
  return i == ordinary_digits - 1 ? 1 + static_cast<int>(h % 9) : static_cast<int>(h % 10);
}

template <class ExecSpace>
void fill_integers(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::uint64_t seed,
                   int ordinary_digits, bool random_signs) {
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const int n = x.digit_count();
  Kokkos::parallel_for(
      "kamp::signed_digit::fill_integers", Kokkos::RangePolicy<ExecSpace>(exec, 0, k * n),
      KOKKOS_LAMBDA(std::int64_t idx) {
        const int i = static_cast<int>(idx / k);
        const std::int64_t j = idx - i * k;
        const bool negative = random_signs && (hash(seed, static_cast<std::uint64_t>(j), ~0ULL) & 1);
        const int d =
            transfer_step(ordinary_digit(seed, ordinary_digits, i, j), ordinary_digit(seed, ordinary_digits, i - 1, j));
        x.set_digit(i, static_cast<std::size_t>(j), negative ? -d : d);
        if (i == 0) x.set_exponent(static_cast<std::size_t>(j), 0);
      });
}

template <class ExecSpace>
void fill_digits(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x, std::uint64_t seed,
                 std::int32_t min_exponent, std::int32_t max_exponent) {
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const int n = x.digit_count();
  const std::uint64_t exponents = static_cast<std::uint64_t>(std::int64_t(max_exponent) - min_exponent + 1);
  Kokkos::parallel_for(
      "kamp::signed_digit::fill_digits", Kokkos::RangePolicy<ExecSpace>(exec, 0, k * n),
      KOKKOS_LAMBDA(std::int64_t idx) {
        const int i = static_cast<int>(idx / k);
        const std::int64_t j = idx - i * k;
        const std::uint64_t h = hash(seed, static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(i));
        x.set_digit(i, static_cast<std::size_t>(j), static_cast<int>(h % 13) - max_digit);
        if (i == 0) {
          const std::uint64_t e = hash(seed ^ 0x5bd1e995ULL, static_cast<std::uint64_t>(j), ~0ULL) % exponents;
          x.set_exponent(static_cast<std::size_t>(j), static_cast<std::int32_t>(min_exponent + std::int64_t(e)));
        }
      });
}

}  // namespace kamp::signed_digit::detail

#pragma once
// The operands of kamp_gemm: element (i, j) of a generated matrix is a function of (seed, i, j)
// alone, so every rank fills its own block on the device and the host rebuilds any row or column
// for the MPFR check without anyone holding the whole matrix. Values are uniform in [-1, 1)
// with every bit of the format random: the leading double from 53 hashed bits, each further
// double of an expansion 2^-53 below the previous one's scale.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "distributed_blas/block_matrix.hpp"

namespace kamp::apps {

KOKKOS_INLINE_FUNCTION std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

template <class Format>
KOKKOS_INLINE_FUNCTION value_type_t<Format> generated_value(const context_t<Format>& context, std::uint64_t seed,
                                                            std::uint64_t i, std::uint64_t j) {
  using traits = format_traits<Format>;
  constexpr int terms = (traits::precision + 52) / 53;  // the doubles a value carries: 1, 2, 4
  const std::uint64_t cell = mix(seed ^ mix(i * 0x100000001b3ULL + j));
  const double lead = static_cast<double>(static_cast<std::int64_t>(cell >> 11) - (std::int64_t(1) << 52)) * 0x1p-52;
  value_type_t<Format> x = traits::from_double(context, lead);
  double scale = 0x1p-53 * (lead < 0 ? -lead : lead);
  for (int t = 1; t < terms; ++t, scale *= 0x1p-53) {
    const double u = static_cast<double>(mix(cell + static_cast<std::uint64_t>(t)) >> 11) * 0x1p-53 - 0.5;
    x = traits::add(context, x, traits::from_double(context, u * scale));
  }
  return x;
}

// Fills the rank's block of X with the generated matrix `seed`.
template <class ExecSpace, class Format, class MemorySpace>
void fill_generated(const ExecSpace& exec, const distributed_blas::block_matrix<Format, MemorySpace>& X,
                    std::uint64_t seed) {
  const auto mine = X.owned();
  const std::int64_t rows = mine.rows.size(), count = mine.elements();
  const std::int64_t i0 = mine.rows.first, j0 = mine.cols.first, ld = X.local.ld;
  const auto values = X.local.values;
  const auto context = format_traits<Format>::template context<MemorySpace>();
  Kokkos::parallel_for(
      "kamp_gemm::fill_generated", Kokkos::RangePolicy<ExecSpace>(exec, 0, count), KOKKOS_LAMBDA(const std::int64_t e) {
        const std::int64_t i = e % rows, j = e / rows;
        values.store(static_cast<std::size_t>(i + j * ld),
                     generated_value<Format>(context, seed, static_cast<std::uint64_t>(i0 + i),
                                             static_cast<std::uint64_t>(j0 + j)));
      });
}

}  // namespace kamp::apps

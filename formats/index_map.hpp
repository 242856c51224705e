#pragma once
// Where element e of a BLAS vector lives in its array: with increment inc != 0, element e is
// at e inc, or counted from the end when inc is negative (reference-BLAS convention).
#include <Kokkos_Core.hpp>

#include <cstdint>

namespace kamp {

struct vector_map {
  std::int64_t inc = 1;
  std::int64_t start = 0;
  vector_map() = default;
  vector_map(std::int64_t inc_, std::int64_t length) : inc(inc_), start(inc_ > 0 ? 0 : (1 - length) * inc_) {}
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::int64_t e) const {
    return static_cast<std::size_t>(start + e * inc);
  }
};

}  // namespace kamp

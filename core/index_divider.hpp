#pragma once
// Quotients of element indices by a divisor fixed for a whole launch (a matrix's row count).
// A GPU has no 64-bit integer division instruction; its software routine costs about a
// hundred instructions and a dozen registers, more than the modular multiplication of a
// residue stage, whose occupancy even a 32-bit fast path with that routine as fallback cuts
// (docs/design.md).
//
// With c = floor((2^64 - 1) / d) >= 2^64 / d - 1, the high word of n c lies between
// floor(n / d) - 1 and floor(n / d) for every 0 <= n < 2^64 (n c / 2^64 > n / d - n / 2^64), so
// one comparison of the remainder corrects it.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/error.hpp"
#include "core/wide_multiply.hpp"

namespace kamp::core {

class index_divider {
 public:
  index_divider() = default;
  explicit index_divider(std::int64_t divisor)
      : divisor_(checked(divisor)), reciprocal_(~std::uint64_t{0} / divisor_) {}

  KOKKOS_INLINE_FUNCTION std::int64_t divisor() const { return static_cast<std::int64_t>(divisor_); }

  // floor(n / divisor) for n >= 0.
  KOKKOS_INLINE_FUNCTION std::int64_t quotient(std::int64_t n) const {
    const auto u = static_cast<std::uint64_t>(n);
    std::uint64_t q = 0;
    mul_wide(u, reciprocal_, q);
    if (u - q * divisor_ >= divisor_) ++q;
    return static_cast<std::int64_t>(q);
  }

 private:
  static std::uint64_t checked(std::int64_t divisor) {
    require_argument(divisor > 0, "kamp::core::index_divider", "divisor", divisor, "must be positive");
    return static_cast<std::uint64_t>(divisor);
  }

  std::uint64_t divisor_ = 1;
  std::uint64_t reciprocal_ = ~std::uint64_t{0};
};

}  // namespace kamp::core

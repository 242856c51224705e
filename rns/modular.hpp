#pragma once
// Arithmetic modulo m < 2^31 on int32 residues, identical on host and device.
// mod_mul reduces the 62-bit product with a floating-point quotient estimate (off by at
// most one, since the estimate's error is below 2^-17) and two corrections, which is much
// cheaper on a GPU than a 64-bit integer division and exact whatever the estimate.
#include <cstdint>

#include "core/rounding.hpp"

namespace kamp::rns {

using residue = std::int32_t;

KOKKOS_FORCEINLINE_FUNCTION residue mod_add(residue a, residue b, residue m) {
  const std::uint32_t s = static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b);  // < 2^32
  return static_cast<residue>(s >= static_cast<std::uint32_t>(m) ? s - static_cast<std::uint32_t>(m) : s);
}

KOKKOS_FORCEINLINE_FUNCTION residue mod_sub(residue a, residue b, residue m) {
  const residue d = a - b;
  return d < 0 ? d + m : d;
}

// (a * b) mod m for a, b in [0, m); inv_m = fl(1/m).
KOKKOS_FORCEINLINE_FUNCTION residue mod_mul(residue a, residue b, residue m, double inv_m) {
  const std::int64_t p = static_cast<std::int64_t>(a) * b;
  const auto q = static_cast<std::int64_t>(core::mul_rn(static_cast<double>(p), inv_m));
  std::int64_t r = p - q * m;
  if (r < 0) r += m;
  if (r >= m) r -= m;
  return static_cast<residue>(r);
}

// (2^k) mod m via square-and-multiply, for k >= 0.
KOKKOS_INLINE_FUNCTION residue mod_pow(residue base, std::int64_t k, residue m, double inv_m) {
  residue result = 1 % m, b = base;
  while (k > 0) {
    if (k & 1) result = mod_mul(result, b, m, inv_m);
    b = mod_mul(b, b, m, inv_m);
    k >>= 1;
  }
  return result;
}

// x mod m for any 64-bit unsigned x.
KOKKOS_FORCEINLINE_FUNCTION residue mod_u64(std::uint64_t x, residue m) {
  return static_cast<residue>(x % static_cast<std::uint64_t>(m));
}

}  // namespace kamp::rns

#pragma once
// Arithmetic modulo m, 2^20 < m < 2^31, on int32 residues, identical on host and device.
// mod_mul reduces the 62-bit product with a floating-point quotient estimate (off by at
// most one, since the estimate's error is below 2^-17) and two corrections, which is much
// cheaper on a GPU than a 64-bit integer division and exact whatever the estimate.
#include <cstdint>

#include "core/rounding.hpp"

namespace kamp::rns {

using residue = std::int32_t;

// The corrections after a quotient estimate: r + m for r < 0, and r - m for r >= m. A GPU
// selects in one instruction either way. On a CPU GCC may compile such selects to branches on
// data, so the host takes sign masks (docs/design.md).
KOKKOS_FORCEINLINE_FUNCTION std::int64_t add_if_negative(std::int64_t r, std::int64_t m) {
#ifdef __CUDA_ARCH__
  return r < 0 ? r + m : r;
#else
  return r + (m & (r >> 63));  // r >> 63: all ones for negative r (arithmetic shift)
#endif
}

KOKKOS_FORCEINLINE_FUNCTION std::int64_t subtract_if_above(std::int64_t r, std::int64_t m) {
  return add_if_negative(r - m, m);
}

KOKKOS_FORCEINLINE_FUNCTION residue mod_sub(residue a, residue b, residue m) {
  const residue d = a - b;
  return d < 0 ? d + m : d;
}

// (a * b) mod m for a, b in [0, m); inv_m = fl(1/m).
KOKKOS_FORCEINLINE_FUNCTION residue mod_mul(residue a, residue b, residue m, double inv_m) {
  const std::int64_t p = static_cast<std::int64_t>(a) * b;
  const auto q = static_cast<std::int64_t>(core::mul_rn(static_cast<double>(p), inv_m));
  return static_cast<residue>(subtract_if_above(add_if_negative(p - q * m, m), m));
}

// x mod m for x < 2^63, by the same floating-point quotient estimate as mod_mul (the
// estimate errs by less than 2^-16, so one correction each way suffices): a 64-bit
// integer division costs a GPU a hundred instructions.
KOKKOS_FORCEINLINE_FUNCTION residue mod_u63(std::uint64_t x, residue m, double inv_m) {
  const auto q = static_cast<std::int64_t>(core::mul_rn(static_cast<double>(x), inv_m));
  return static_cast<residue>(subtract_if_above(add_if_negative(static_cast<std::int64_t>(x) - q * m, m), m));
}

// x mod m for any 64-bit unsigned x.
KOKKOS_FORCEINLINE_FUNCTION residue mod_u64(std::uint64_t x, residue m, double inv_m) {
  const residue high = mod_u63(x >> 32, m, inv_m);
  return mod_u63((static_cast<std::uint64_t>(high) << 32) | (x & 0xffffffffu), m, inv_m);
}

}  // namespace kamp::rns

#pragma once
// Montgomery multiplication modulo an odd m < 2^31 with R = 2^32: five 32-bit integer
// operations and no conversion, against mod_mul's two 64-bit int <-> double conversions.
// The GEMV hot loops use it with one operand kept in Montgomery form (x R mod m), so that
// mont_mul(a, x R) = a x mod m comes out in ordinary form.
//
// Bounds: t = a b < m^2 and u m < 2^32 m, so t + u m < 2^64, and (t + u m) / 2^32 < 2m: one
// conditional subtraction, written as min(r, r - m) on unsigned words (r - m wraps above r
// when r < m).
#include <cstdint>

#include "rns/modular.hpp"

namespace kamp::rns {

// a b 2^-32 mod m for a, b in [0, m); neg_inv = -m^-1 mod 2^32.
KOKKOS_FORCEINLINE_FUNCTION residue mont_mul(residue a, residue b, residue m, std::uint32_t neg_inv) {
  const std::uint64_t t = static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) * static_cast<std::uint32_t>(b);
  const std::uint32_t u = static_cast<std::uint32_t>(t) * neg_inv;
  const auto r = static_cast<std::uint32_t>((t + static_cast<std::uint64_t>(u) * static_cast<std::uint32_t>(m)) >> 32);
#ifdef __CUDA_ARCH__
  const std::uint32_t wrapped = r - static_cast<std::uint32_t>(m);
  return static_cast<residue>(wrapped < r ? wrapped : r);
#else
  // GCC may branch on the select (rns/modular.hpp add_if_negative); for
  // r < m, r - m wraps to at least 2^32 - m > 2^31, so its top bit says which one to take.
  const std::uint32_t wrapped = r - static_cast<std::uint32_t>(m);
  return static_cast<residue>(wrapped + (static_cast<std::uint32_t>(m) & (0u - (wrapped >> 31))));
#endif
}

// -m^-1 mod 2^32 for odd m, by Newton's iteration (each step doubles the correct low bits).
constexpr std::uint32_t montgomery_neg_inverse(std::uint32_t m) {
  std::uint32_t inv = m;  // correct to 3 bits: m m = 1 mod 8 for odd m
  for (int i = 0; i < 4; ++i) inv *= 2u - m * inv;
  return 0u - inv;
}

}  // namespace kamp::rns

#pragma once
// Products of the fractions of er_float bounds, rounded up, on bare doubles: a short chain of
// them, with the exponents added apart, rounds exactly as the chain of er_float products does
// (scaling by a power of two commutes with the rounding) without normalising in between. The
// fused GEMV places every product of a matrix this way (blas/rns/fused/team_kernel.hpp).
#include <cstdint>

#include "core/extended_float.hpp"

namespace kamp::core {

// a b rounded up for a, b in [2^-8, 1): the product neither overflows nor underflows, so the
// host's error-free transformation needs none of the special cases of mul_ru, and the ulp
// step is an integer add rather than a branch (which the sign of the error makes unpredictable).
KOKKOS_INLINE_FUNCTION double mul_ru_unit(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_ru(a, b);
#else
  double err;
  const double p = two_prod(a, b, err);
  return detail::double_of(detail::bits_of(p) + (err > 0));
#endif
}

// e with 2^(e - 1) <= v < 2^e for a positive normal v: the exponent er_float::make gives v.
KOKKOS_FORCEINLINE_FUNCTION std::int64_t binary_exponent(double v) {
  return ((detail::bits_of(v) >> 52) & 0x7ff) - 1022;
}

}  // namespace kamp::core

#pragma once
// Correctly rounded division and square root, explicitly so on the device: nvcc honours
// -prec-div / -prec-sqrt by default, but --use_fast_math would silently replace '/' and sqrt with
// approximations and break the double-word error bounds. core/rounding.hpp covers + - * fma.
#include <Kokkos_Core.hpp>

#include <cmath>

namespace kamp::multi_double::detail {

KOKKOS_FORCEINLINE_FUNCTION double div_rn(double a, double b) {
#ifdef __CUDA_ARCH__
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}

KOKKOS_FORCEINLINE_FUNCTION double sqrt_rn(double a) {
#ifdef __CUDA_ARCH__
  return __dsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}

}  // namespace kamp::multi_double::detail

#pragma once
// Round-to-nearest primitives that no compiler may contract or reassociate.
// On the device they are CUDA's explicitly rounded intrinsics (never fused into an FMA,
// whatever -fmad says); on the host kamp compiles without FMA contraction (-ffp-contract=off).
#include <Kokkos_Core.hpp>
#include <cmath>

namespace kamp::core {

KOKKOS_FORCEINLINE_FUNCTION double add_rn(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

KOKKOS_FORCEINLINE_FUNCTION double sub_rn(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}

KOKKOS_FORCEINLINE_FUNCTION double mul_rn(double a, double b) {
#ifdef __CUDA_ARCH__
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

KOKKOS_FORCEINLINE_FUNCTION double fma_rn(double a, double b, double c) {
#ifdef __CUDA_ARCH__
  return __fma_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}

}  // namespace kamp::core

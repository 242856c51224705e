#pragma once
// Error-free transformations. Each returns s = fl(a op b) and writes err such that
// s + err == a op b exactly, provided no overflow occurs; two_prod additionally needs
// a*b not to underflow (|a*b| >= 2^-969), below which err is only approximate.
#include "core/rounding.hpp"

namespace kamp::core {

// Knuth's TwoSum, 6 flops, no condition on the operands.
KOKKOS_INLINE_FUNCTION double two_sum(double a, double b, double& err) {
  const double s = add_rn(a, b);
  const double b_virtual = sub_rn(s, a);
  const double a_virtual = sub_rn(s, b_virtual);
  err = add_rn(sub_rn(a, a_virtual), sub_rn(b, b_virtual));
  return s;
}

// Dekker's FastTwoSum, 3 flops; exact only when |a| >= |b| (or a == 0).
KOKKOS_INLINE_FUNCTION double fast_two_sum(double a, double b, double& err) {
  const double s = add_rn(a, b);
  err = sub_rn(b, sub_rn(s, a));
  return s;
}

// TwoProd with a fused multiply-add, 2 flops.
KOKKOS_INLINE_FUNCTION double two_prod(double a, double b, double& err) {
  const double p = mul_rn(a, b);
  err = fma_rn(a, b, -p);
  return p;
}

}  // namespace kamp::core

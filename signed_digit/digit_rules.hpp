#pragma once
// The digit rules of redundant signed-digit (RSD) decimal arithmetic, on the host and the device.
//
// Digits lie in [-6, 6]. A position value v (a digit sum, a column sum, a partial product sum)
// is split as v = 10 c + w with the transfer c = sign(v) floor((|v| + 4) / 10) and the interim
// digit w in [-5, 5]; the new digit is w plus the transfer from the position below. For
// |v| <= 12 (one addition of two digits) this is Avizienis' rule: c = +1 for v >= 6, -1 for
// v <= -6, else 0, so the new digit lies in [-5 - 1, 5 + 1] = [-6, 6] after one step. The rule as
// printed by Otsokov and Magomedov (transfer only when |v| > 6) leaves w = 6 with an incoming transfer of 1,
// i.e. the digit 7; tests/signed_digit/test_digit_rules.cpp shows it. For larger |v| <= B one step leaves
// |digit| <= 5 + floor((B + 4) / 10): repeating it reaches [-6, 6] in about log10(B) steps.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "signed_digit/number.hpp"

namespace kamp::signed_digit {

template <class Int>
KOKKOS_INLINE_FUNCTION Int transfer(Int v) {
  return v >= 0 ? (v + 4) / 10 : -((4 - v) / 10);
}

template <class Int>
KOKKOS_INLINE_FUNCTION Int interim(Int v) {
  return v - 10 * transfer(v);
}

// The value at `position` after one transfer step: its interim digit plus the transfer from
// the value below (`below` is 0 at the least significant position).
template <class Int>
KOKKOS_INLINE_FUNCTION Int transfer_step(Int value, Int below) {
  return interim(value) + transfer(below);
}

// The bound on |value| after one transfer step when every |value| <= bound before it.
KOKKOS_INLINE_FUNCTION std::int64_t bound_after_step(std::int64_t bound) { return 5 + (bound + 4) / 10; }

// The number of transfer steps that bring values bounded by `bound` into the digit range.
KOKKOS_INLINE_FUNCTION int steps_to_digits(std::int64_t bound) {
  int steps = 0;
  while (bound > max_digit) {
    bound = bound_after_step(bound);
    ++steps;
  }
  return steps;
}

}  // namespace kamp::signed_digit

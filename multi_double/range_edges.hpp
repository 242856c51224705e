#pragma once
// What dd_real and expansion<N> do at the ends of the double exponent range, in common; each
// operation's header adds its own terms. eps is the operation's relative bound, Omega =
// 2^1024 - 2^970 the threshold from which round-to-nearest overflows a double; max() lies within
// 2^-107 of it.
//
// - Overflow: a finite result is always within eps of the exact result (and at most max()), and
//   finite operands never give NaN. An overflow is +-Inf with every other component 0 and the
//   exact result's sign; it comes where the exact |result| >= max() (1 - eps), and for dd_real's
//   add, sub and mul also where the plain leading operation hi op hi overflows (IEEE on the
//   leading parts; the exact result is then within 2^-52 of Omega or beyond). expansion<N>, div
//   and sqrt give the finite result there too: (DBL_MAX, -2^969) + 2^970 = (DBL_MAX, 2^969).
// - Overflow inside: an intermediate may pass DBL_MAX although the result does not: TwoSum(a, b)
//   overflows in s - a when b = +-DBL_MAX and |s| >= 2^1023 (dd_real's add uses FastTwoSum from
//   the larger operand instead), the partial sums of Grow-Expansion and Compress pass Omega
//   before the lower components bring them back, y th passes it in a division of an x next to
//   Omega. Those operations are redone on operands scaled down by a power of two and their result
//   scaled back; scaling is exact except that a component in the subnormals loses bits, which at
//   these magnitudes is below 2^-2000 of the result.
// - Inf and NaN operands: IEEE on the leading components (the plain leading operation's value,
//   every other component 0).
// - Signed zero: an exact zero result is +0, except where IEEE gives -0 for the plain leading
//   operation (-0 + -0, -0 x 1, ...); -0 operands and conversions keep their sign.
// - Underflow: a sum that underflows is exact, so the additive algorithms keep their relative
//   bounds down to the subnormals; a product or quotient that underflows rounds with an absolute
//   error of at most 2^-1075, which each operation's header counts as an absolute term.
// - Cost: the common path tests the result's leading component, which IEEE's special values need
//   tested anyway. The rescaling runs out of line (core/out_of_line.hpp) where a rare path costs
//   little (expansions, div, sqrt); dd_real's add and mul, which host loops vectorise, keep to
//   selects (a call in them would stop that).
#include <Kokkos_Core.hpp>

#include <cmath>

namespace kamp::multi_double::detail {

// The common case of a result's leading component: finite and nonzero (NaN fails both tests).
KOKKOS_FORCEINLINE_FUNCTION bool ordinary(double lead) {
  const double m = std::fabs(lead);
  return m > 0 && m < INFINITY;
}

// +-Inf with the sign of s (the exact result's, carried by the plain leading operation).
KOKKOS_FORCEINLINE_FUNCTION double overflow_with_sign_of(double s) { return std::copysign(HUGE_VAL, s); }

}  // namespace kamp::multi_double::detail

#pragma once
// 1/p in any format through format_traits alone (the formats have no division): Newton's
// iteration r <- r + r (1 - p r) from the double reciprocal of p's leading double. That start is
// within 2^-52 of 1/p. With r = (1 + e)/p, a step gives (1 - e^2 - d1 + d4 + O(e u))/p, where d1
// is the rounding of p r and d4 that of the final addition (|d| <= u, the format's unit roundoff;
// the rounding of 1 - p r and of r (1 - p r) multiply the small e): the error goes from e to about
// e^2 + 2u, i.e. 52, 104, 208, ... correct bits until the roundings dominate. After the steps that
// pass the format's precision by 8 bits, |r - 1/p| <= 4 u |1/p|. The LU (solvers/dense_lu.hpp)
// forms its multipliers and the back substitution's quotients with it.
// Conditions: p finite, nonzero, and 1/p's leading double neither overflows nor underflows.
#include <Kokkos_Core.hpp>

#include "formats/format_traits.hpp"

namespace kamp::solvers {

template <class Format>
KOKKOS_INLINE_FUNCTION value_type_t<Format> reciprocal(const context_t<Format>& c, const value_type_t<Format>& p) {
  using traits = format_traits<Format>;
  const auto one = traits::from_double(c, 1.0);
  auto r = traits::from_double(c, 1.0 / traits::to_double(c, p));
  // 8 bits beyond the precision: the last step's squared error is then far below u.
  for (int bits = 52; bits < traits::precision + 8; bits *= 2) {
    const auto e = traits::sub(c, one, traits::mul(c, p, r));
    r = traits::fma(c, r, e, r);
  }
  return r;
}

}  // namespace kamp::solvers

#pragma once
// A power series by Horner's rule on the precision ladder: the partial sums of the small terms in
// fewer components than V (a double, then dd, ...), the leading ones in V. The series of expm1
// (elementary/exp.hpp) and of sin and 1 - cos (elementary/trig.hpp) are written with it.
#include <Kokkos_Core.hpp>

#include "elementary/multi_double_access.hpp"

namespace kamp::elementary::detail {

// P_K = c_K + z P_(K+1) from P_(K+1) (in whatever ladder type the terms above needed), down to
// P_Series::last, returned in V. Series names the terms:
//   Series::last                    the last index of the sum (its lowest power of z);
//   Series::template bits<V>(k)     the bits P_k needs: the most its rounding may add, times z^k,
//                                   is 2^-(p+8) of the sum, p = shape<V>::precision;
//   Series::template coefficient<L>(k)  c_k, rounded to the ladder type L.
template <class V, class Series, int K, class Above>
KOKKOS_INLINE_FUNCTION V horner_from(const Above& above, const V& z) {
  using L = ladder_t<V, components_for<V>(Series::template bits<V>(K))>;
  const L p = fused(recast<L>(above), recast<L>(z), Series::template coefficient<L>(K));
  if constexpr (K == Series::last) {
    return recast<V>(p);
  } else {
    return horner_from<V, Series, K - 1>(p, z);
  }
}

// The sum of c_k z^k for k = Series::last .. Top.
template <class V, class Series, int Top>
KOKKOS_INLINE_FUNCTION V horner(const V& z) {
  using L = ladder_t<V, components_for<V>(Series::template bits<V>(Top))>;
  return horner_from<V, Series, Top - 1>(Series::template coefficient<L>(Top), z);
}

// The bits a partial sum needs whose terms reach at most `share` of the sum (share <= 1):
// p + 8 - log2(1 / share), at least 0.
template <class V>
KOKKOS_INLINE_FUNCTION constexpr int bits_for_share(double share) {
  int bits = shape<V>::precision + 8;
  for (; share < 1 && bits > 0; share *= 2) --bits;
  return bits;
}

}  // namespace kamp::elementary::detail

#pragma once
// Operands for the RNS level-1 tests that compare paths (tests/blas/test_rns_level1.cpp,
// test_rns_fused_level1.cpp).
#include <vector>

#include "rns/mul.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace kamp::test {

// Operands for the path comparison: every kind of value against every other, in both orders,
// beside random ones: full and p/4-bit significands, zeros, +-Inf, NaN, values at both ends of
// the exponent range (products overflow and underflow), y = -(alpha x) (exact cancellation).
template <int N>
void path_operands(core::random_source& rng, const rns::mp_float<N>& alpha, std::vector<rns::mp_float<N>>& xs,
                   std::vector<rns::mp_float<N>>& ys) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  constexpr int top = rns::exponent_limit - q;
  std::vector<rns::mp_float<N>> kinds{rns::mp_float<N>::zero(),
                                      rns::mp_float<N>::inf(0),
                                      rns::mp_float<N>::inf(1),
                                      rns::mp_float<N>::nan(),
                                      random_mp<N>(rng, -q, -q),
                                      random_mp<N>(rng, -q - 40, -q + 40, q / 4),
                                      random_mp<N>(rng, top - 2, top),
                                      random_mp<N>(rng, -rns::exponent_limit, -rns::exponent_limit + 2),
                                      random_mp<N>(rng, 2 * q - rns::exponent_limit, 3 * q - rns::exponent_limit)};
  for (const auto& a : kinds)
    for (const auto& c : kinds) {
      xs.push_back(a);
      ys.push_back(c);
    }
  const auto& b = rns::basis<N>::host();
  for (int k = 0; k < 300; ++k) {
    xs.push_back(random_mp<N>(rng, -q - 60, -q + 60));
    ys.push_back(k % 3 == 0 ? rns::mul<N>(alpha, xs.back(), b) : random_mp<N>(rng, -q - 60, -q + 60));
    if (k % 3 == 0) ys.back().sign ^= 1;  // y = -(alpha x): the sum cancels to zero
  }
}

}  // namespace kamp::test

#pragma once
// The five RNS precisions of seed 000 (106, 212, 424, 848, 1696 bits), in order: calls
// f(std::integral_constant<int, N>{}) for N = 8, 16, 32, 64, 128 moduli.
#include <type_traits>

namespace kamp::experiments {

template <class F>
void for_each_precision(F&& f) {
  f(std::integral_constant<int, 8>{});
  f(std::integral_constant<int, 16>{});
  f(std::integral_constant<int, 32>{});
  f(std::integral_constant<int, 64>{});
  f(std::integral_constant<int, 128>{});
}

}  // namespace kamp::experiments

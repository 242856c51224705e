#pragma once
// Which formats are expansions, for code above the formats that picks a kernel or a model per
// format (the sparse row shape, the experiments' instruction counts).
#include <type_traits>

#include "multi_double/expansion_type.hpp"

namespace kamp::multi_double {

// N for expansion<N>, 0 for any other type.
template <class T>
struct expansion_components : std::integral_constant<int, 0> {};
template <int N>
struct expansion_components<expansion<N>> : std::integral_constant<int, N> {};

}  // namespace kamp::multi_double

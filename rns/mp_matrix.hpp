#pragma once
// mp_matrix<N>: a column-major matrix of RNS numbers, the format-generic kamp::matrix.
#include "formats/matrix.hpp"
#include "rns/rns_format.hpp"

namespace kamp::rns {

template <int N, class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
using mp_matrix = kamp::matrix<mp_float<N>, MemorySpace>;

}  // namespace kamp::rns

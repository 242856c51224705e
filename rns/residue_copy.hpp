#pragma once
// Copies of N consecutive residues between memory and registers: a whole number (the row sums,
// the scalar kernels) or a block of four of one (the matrix digits stage). On a GPU 16-byte
// accesses move them in a quarter of the instructions and L1 wavefronts of 4-byte ones. They
// need 16-byte alignment, which the arrays give: an mp_array's digits come from a View
// allocation, element j starts j N residues in and a block at a multiple of four residues in
// it, both multiples of four here.
#include <cstdint>

#include "rns/modular.hpp"

namespace kamp::rns {

template <int N>
KOKKOS_FORCEINLINE_FUNCTION void load_residues(const residue* from, residue* to) {
#ifdef __CUDA_ARCH__
  if constexpr (N % 4 == 0) {
    const auto* blocks = reinterpret_cast<const int4*>(from);
    for (int k = 0; k < N / 4; ++k) {
      const int4 v = blocks[k];
      to[4 * k] = v.x;
      to[4 * k + 1] = v.y;
      to[4 * k + 2] = v.z;
      to[4 * k + 3] = v.w;
    }
  } else
#endif
  {
    for (int i = 0; i < N; ++i) to[i] = from[i];
  }
}

template <int N>
KOKKOS_FORCEINLINE_FUNCTION void store_residues(const residue* from, residue* to) {
#ifdef __CUDA_ARCH__
  if constexpr (N % 4 == 0) {
    auto* blocks = reinterpret_cast<int4*>(to);
    for (int k = 0; k < N / 4; ++k)
      blocks[k] = make_int4(from[4 * k], from[4 * k + 1], from[4 * k + 2], from[4 * k + 3]);
  } else
#endif
  {
    for (int i = 0; i < N; ++i) to[i] = from[i];
  }
}

}  // namespace kamp::rns

#pragma once
// What the RNS array kernels keep between calls (intermediate arrays, grown on demand).
#include <cstdint>
#include <vector>

#include <Kokkos_Core.hpp>

#include "core/allocation.hpp"
#include "rns/convert.hpp"
#include "rns/mp_array.hpp"

namespace kamp::rns {

// GEMV: the scaled vector d = alpha x, and either (Algorithm 1) the m x n matrix B or (the
// fused kernel) each output's unrounded sum, its grid exponent and a bound of its bit length
// (blas/rns/fused/team_kernel.hpp).
template <int N, class MemorySpace>
struct gemv_workspace {
  using pointer = gemv_workspace*;  // a non-deduced parameter type: callers may pass nullptr
  mp_array<N, MemorySpace> d, B, sums;
  Kokkos::View<std::int64_t*, MemorySpace> sum_grid;
  Kokkos::View<std::int32_t*, MemorySpace> sum_bits;
  void reserve(std::int64_t vector_length, std::int64_t matrix_cells, std::int64_t fused_outputs = 0) {
    if (static_cast<std::int64_t>(d.size()) < vector_length)
      d = mp_array<N, MemorySpace>(vector_length, "kamp::rns::gemv::d");
    if (static_cast<std::int64_t>(B.size()) < matrix_cells)
      B = mp_array<N, MemorySpace>(matrix_cells, "kamp::rns::gemv::B");
    if (static_cast<std::int64_t>(sums.size()) < fused_outputs) {
      sums = mp_array<N, MemorySpace>(fused_outputs, "kamp::rns::gemv::sums");
      sum_grid = core::allocate<Kokkos::View<std::int64_t*, MemorySpace>>(
          "kamp::blas::gemv", "kamp::rns::gemv::sum_grid", core::initial_values::zero, fused_outputs);
      sum_bits = core::allocate<Kokkos::View<std::int32_t*, MemorySpace>>(
          "kamp::blas::gemv", "kamp::rns::gemv::sum_bits", core::initial_values::zero, fused_outputs);
    }
  }
};

// Sums (DOT, ASUM, AXPY's products): the terms, the partial sums and the total; for the fused
// DOT (blas/rns/fused/level1.hpp) also the blocks' unrounded sums and a vector of ones.
template <int N, class MemorySpace>
struct vector_sum_workspace {
  mp_array<N, MemorySpace> terms, partial, total, ones;
  gemv_workspace<N, MemorySpace> fused;
  void reserve(std::int64_t cells, std::int64_t rows) {
    if (static_cast<std::int64_t>(terms.size()) < cells)
      terms = mp_array<N, MemorySpace>(cells, "kamp::rns::sum::terms");
    if (static_cast<std::int64_t>(partial.size()) < rows)
      partial = mp_array<N, MemorySpace>(rows, "kamp::rns::sum::partial");
    if (total.size() < 1) total = mp_array<N, MemorySpace>(1, "kamp::rns::sum::total");
  }
  void reserve_ones(std::int64_t length) {
    if (static_cast<std::int64_t>(ones.size()) >= length) return;
    ones = mp_array<N, MemorySpace>(length, "kamp::rns::sum::ones");
    copy_from_host(ones, std::vector<mp_float<N>>(length, from_double<N>(1.0, basis<N>::host())));
  }
};

// Everything the RNS BLAS kernels keep.
template <int N, class MemorySpace>
struct blas_workspace {
  vector_sum_workspace<N, MemorySpace> sum;
  gemv_workspace<N, MemorySpace> gemv;
};

}  // namespace kamp::rns

#pragma once
// mp_matrix<N>: a column-major matrix of RNS numbers, an mp_array with its shape. Element
// (i, j) is values element i + j * ld. Copies are shallow, like Views.
#include <string>

#include "core/error.hpp"
#include "rns/mp_array.hpp"

namespace kamp::rns {

template <int N, class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
struct mp_matrix {
  mp_array<N, MemorySpace> values;
  std::int64_t rows = 0, cols = 0, ld = 1;

  mp_matrix() = default;
  mp_matrix(std::int64_t rows_, std::int64_t cols_, const std::string& label = "kamp::rns::mp_matrix")
      : rows(rows_), cols(cols_), ld(rows_ > 1 ? rows_ : 1) {
    require_argument(rows_ >= 0, "kamp::rns::mp_matrix", "rows", rows_, "must be >= 0");
    require_argument(cols_ >= 0, "kamp::rns::mp_matrix", "cols", cols_, "must be >= 0");
    values = mp_array<N, MemorySpace>(static_cast<std::size_t>(ld * cols_), label);
  }
};

}  // namespace kamp::rns

#pragma once
// matrix<Format>: a column-major matrix of any format, its array with its shape. Element
// (i, j) is values element i + j ld. Copies are shallow, like Views.
#include <Kokkos_Core.hpp>

#include <string>

#include "core/error.hpp"
#include "formats/format_traits.hpp"

namespace kamp {

template <class Format, class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
struct matrix {
  using format = Format;
  using memory_space = MemorySpace;

  array_t<Format, MemorySpace> values;
  std::int64_t rows = 0, cols = 0, ld = 1;

  matrix() = default;
  matrix(std::int64_t rows_, std::int64_t cols_, const std::string& label = "kamp::matrix")
      : rows(rows_), cols(cols_), ld(rows_ > 1 ? rows_ : 1) {
    require_argument(rows_ >= 0, "kamp::matrix", "rows", rows_, "must be >= 0");
    require_argument(cols_ >= 0, "kamp::matrix", "cols", cols_, "must be >= 0");
    values = array_t<Format, MemorySpace>(static_cast<std::size_t>(ld * cols_), label);
  }
};

}  // namespace kamp

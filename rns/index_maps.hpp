#pragma once
// Where element e of an operation's index space lives in an mp_array. The split-kernel
// stages take one map per operand, so the same stages run over BLAS vectors (with any
// nonzero increment), column-major matrices and vectors broadcast along a matrix's rows or
// columns (GEMV's A diag(d) and diag(d) A).
#include <cstdint>

#include "core/index_divider.hpp"
#include "formats/index_map.hpp"

namespace kamp::rns {

using kamp::vector_map;

// Element e = i + j m of an m x n column-major matrix with leading dimension lda.
struct matrix_map {
  core::index_divider m;
  std::int64_t lda = 1;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::int64_t e) const {
    const std::int64_t j = m.quotient(e);
    return static_cast<std::size_t>(e - j * m.divisor() + j * lda);
  }
};

// Element e = i + j m of an m x n index space reads vector entry j (along_rows = false) or
// i (along_rows = true) of a BLAS vector.
struct broadcast_map {
  core::index_divider m;
  bool along_rows = false;
  vector_map vector;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::int64_t e) const {
    const std::int64_t j = m.quotient(e);
    return vector(along_rows ? e - j * m.divisor() : j);
  }
};

}  // namespace kamp::rns

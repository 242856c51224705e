#pragma once
// Where element e of an operation's index space lives in an mp_array. The split-kernel
// stages take one map per operand, so the same stages run over BLAS vectors (with any
// nonzero increment), column-major matrices and vectors broadcast along a matrix's rows or
// columns (GEMV's A diag(d) and diag(d) A).
#include <cstdint>

#include "formats/index_map.hpp"

namespace kamp::rns {

using kamp::vector_map;

// Element e = i + j m of an m x n column-major matrix with leading dimension lda.
struct matrix_map {
  std::int64_t m = 1, lda = 1;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::int64_t e) const {
    return static_cast<std::size_t>(e % m + (e / m) * lda);
  }
};

// Element e = i + j m of an m x n index space reads vector entry j (along_rows = false) or
// i (along_rows = true) of a BLAS vector.
struct broadcast_map {
  std::int64_t m = 1;
  bool along_rows = false;
  vector_map vector;
  KOKKOS_INLINE_FUNCTION std::size_t operator()(std::int64_t e) const {
    return vector(along_rows ? e % m : e / m);
  }
};

}  // namespace kamp::rns

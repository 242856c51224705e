#pragma once
// Reference-BLAS argument checks, once for every routine, format and vendor wrapper: a bad
// argument raises kamp::invalid_argument naming the function, the argument and its value,
// before anything is written.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace kamp::core {

inline char checked_trans(const char* function, const char* argument, char trans) {
  const char t = static_cast<char>(std::toupper(static_cast<unsigned char>(trans)));
  require_argument(t == 'N' || t == 'T', function, argument, std::string(1, trans), "must be 'N' or 'T'");
  return t;
}

inline void check_dimension(const char* function, const char* argument, std::int64_t value) {
  require_argument(value >= 0, function, argument, value, "must be >= 0");
}

inline void check_leading(const char* function, const char* argument, std::int64_t ld, std::int64_t rows) {
  require_argument(ld >= std::max<std::int64_t>(1, rows), function, argument, ld,
                   "must be >= max(1, " + std::to_string(rows) + ")");
}

inline void check_increment(const char* function, const char* argument, std::int64_t inc) {
  require_argument(inc != 0, function, argument, inc, "must not be zero");
}

// A BLAS vector of n elements with increment inc needs 1 + (n - 1)|inc| stored elements.
inline void check_vector_length(const char* function, const char* name, const char* inc_name, std::int64_t n,
                                std::int64_t size, std::int64_t inc) {
  check_increment(function, inc_name, inc);
  const std::int64_t needed = n == 0 ? 0 : 1 + (n - 1) * (inc > 0 ? inc : -inc);
  require_argument(
      size >= needed, function, name, size,
      "(its length) must be at least 1 + (n - 1) * |" + std::string(inc_name) + "| = " + std::to_string(needed));
}

// An m x n column-major matrix with leading dimension ld needs ld (n - 1) + m stored elements.
inline void check_matrix_length(const char* function, const char* name, std::int64_t rows, std::int64_t cols,
                                std::int64_t ld, std::int64_t size) {
  if (rows == 0 || cols == 0) return;
  const std::int64_t needed = ld * (cols - 1) + rows;
  require_argument(size >= needed, function, name, size,
                   "(its length) must be at least ld * (cols - 1) + rows = " + std::to_string(needed));
}

inline void check_same_length(const char* function, const char* name, std::int64_t size, std::int64_t expected,
                              const std::string& what) {
  require_argument(size == expected, function, name, size,
                   "(its length) must equal " + what + ", " + std::to_string(expected));
}

struct gemv_shape {
  bool transposed;
  std::int64_t x_length, y_length;
};

inline gemv_shape check_gemv(const char* fn, char trans, std::int64_t m, std::int64_t n, std::int64_t lda,
                             std::int64_t a_size, std::int64_t incx, std::int64_t x_size, std::int64_t incy,
                             std::int64_t y_size) {
  const bool transposed = checked_trans(fn, "trans", trans) == 'T';
  check_dimension(fn, "m", m);
  check_dimension(fn, "n", n);
  check_leading(fn, "lda", lda, m);
  check_increment(fn, "incx", incx);
  check_increment(fn, "incy", incy);
  const gemv_shape shape{transposed, transposed ? m : n, transposed ? n : m};
  if (m > 0 && n > 0) {
    check_matrix_length(fn, "A", m, n, lda, a_size);
    check_vector_length(fn, "x", "incx", shape.x_length, x_size, incx);
    check_vector_length(fn, "y", "incy", shape.y_length, y_size, incy);
  }
  return shape;
}

struct gemm_shape {
  bool transposed_a, transposed_b;
};

// C (m x n) <- alpha op(A) op(B) + beta C with op(A) m x k and op(B) k x n.
inline gemm_shape check_gemm(const char* fn, char trans_a, char trans_b, std::int64_t m, std::int64_t n, std::int64_t k,
                             std::int64_t lda, std::int64_t a_size, std::int64_t ldb, std::int64_t b_size,
                             std::int64_t ldc, std::int64_t c_size) {
  const gemm_shape shape{checked_trans(fn, "trans_a", trans_a) == 'T', checked_trans(fn, "trans_b", trans_b) == 'T'};
  check_dimension(fn, "m", m);
  check_dimension(fn, "n", n);
  check_dimension(fn, "k", k);
  const std::int64_t a_rows = shape.transposed_a ? k : m, a_cols = shape.transposed_a ? m : k;
  const std::int64_t b_rows = shape.transposed_b ? n : k, b_cols = shape.transposed_b ? k : n;
  check_leading(fn, "lda", lda, a_rows);
  check_leading(fn, "ldb", ldb, b_rows);
  check_leading(fn, "ldc", ldc, m);
  if (m > 0 && n > 0) {
    check_matrix_length(fn, "A", a_rows, a_cols, lda, a_size);
    check_matrix_length(fn, "B", b_rows, b_cols, ldb, b_size);
    check_matrix_length(fn, "C", m, n, ldc, c_size);
  }
  return shape;
}

}  // namespace kamp::core

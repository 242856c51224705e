#pragma once
// y <- alpha op(A) x + beta y over RNS multiple-precision arrays (op(A) = A or A^T, A m x n
// column-major with leading dimension lda), reference-BLAS conventions: trans is 'N'/'n'
// or 'T'/'t'; m, n >= 0; lda >= max(1, m); incx, incy nonzero (negative: from the end); a
// violation raises kamp::invalid_argument naming the argument, before anything is written.
// Quick return when m or n is 0, or alpha is 0 and beta is 1; beta = 0 does not read y.
//
//   gemv(exec, ...)        on mp_arrays: seed 000 Algorithm 1 (split) or the fused kernel that
//                          never forms the m x n intermediate, as `launch` says; `automatic`
//                          takes the configuration cached by tune_gemv for this shape, or
//                          else the fused kernel with launch parameters derived from the device
//   gemv_basic(exec, ...)  one thread per output element on Views of mp_float (Table 5's "basic")
//   gemv(exec, trans, alpha, A, x, beta, y)  the same on an mp_matrix, unit increments; x and y
//                          must have exactly the lengths op(A) needs
//
// Both are asynchronous on the execution space; fence before reading y on the host.
#include <string>

#include "blas/gemv_tuner.hpp"
#include "blas/vendor_blas_checks.hpp"
#include "rns/compare.hpp"
#include "rns/gemv_basic.hpp"
#include "rns/mp_matrix.hpp"

namespace kamp::blas {

namespace detail {

struct gemv_shape {
  bool transposed;
  std::int64_t x_length, y_length;
};

inline gemv_shape check_gemv(const char* fn, char trans, std::int64_t m, std::int64_t n, std::int64_t lda,
                             std::int64_t a_size, std::int64_t incx, std::int64_t x_size, std::int64_t incy,
                             std::int64_t y_size) {
  const char t = checked_trans(fn, "trans", trans);
  require_argument(m >= 0, fn, "m", m, "must be >= 0");
  require_argument(n >= 0, fn, "n", n, "must be >= 0");
  require_argument(lda >= std::max<std::int64_t>(1, m), fn, "lda", lda,
                   "must be >= max(1, m) = " + std::to_string(std::max<std::int64_t>(1, m)));
  require_argument(incx != 0, fn, "incx", incx, "must not be zero");
  require_argument(incy != 0, fn, "incy", incy, "must not be zero");
  const gemv_shape shape{t == 'T', t == 'T' ? m : n, t == 'T' ? n : m};
  if (m > 0 && n > 0) {
    const std::int64_t a_needed = lda * (n - 1) + m;
    require_argument(a_size >= a_needed, fn, "A", a_size,
                     "(its length) must be at least lda * (n - 1) + m = " + std::to_string(a_needed));
    const std::int64_t x_needed = 1 + (shape.x_length - 1) * (incx > 0 ? incx : -incx);
    require_argument(x_size >= x_needed, fn, "x", x_size,
                     "(its length) must be at least 1 + (len(x) - 1) * |incx| = " + std::to_string(x_needed));
    const std::int64_t y_needed = 1 + (shape.y_length - 1) * (incy > 0 ? incy : -incy);
    require_argument(y_size >= y_needed, fn, "y", y_size,
                     "(its length) must be at least 1 + (len(y) - 1) * |incy| = " + std::to_string(y_needed));
  }
  return shape;
}

template <int N>
bool is_one(const rns::mp_float<N>& v) {
  return rns::compare<N>(v, rns::from_double<N>(1.0, rns::basis<N>::host()), rns::basis<N>::host()) == 0 &&
         !v.is_nan();
}

}  // namespace detail

template <class ExecSpace, int N, class MemorySpace>
void gemv(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n, const rns::mp_float<N>& alpha,
          const rns::mp_array<N, MemorySpace>& A, std::int64_t lda, const rns::mp_array<N, MemorySpace>& x,
          std::int64_t incx, const rns::mp_float<N>& beta, const rns::mp_array<N, MemorySpace>& y, std::int64_t incy,
          typename rns::gemv_workspace<N, MemorySpace>::pointer workspace = nullptr,
          const rns::gemv_launch& launch = {}) {
  const auto shape = detail::check_gemv("kamp::blas::gemv", trans, m, n, lda, static_cast<std::int64_t>(A.size()),
                                        incx, static_cast<std::int64_t>(x.size()), incy,
                                        static_cast<std::int64_t>(y.size()));
  if (m == 0 || n == 0 || (alpha.is_zero() && detail::is_one<N>(beta))) return;
  rns::gemv_launch chosen = launch;
  if (chosen.algorithm == rns::gemv_algorithm::automatic) {
    const auto tuned = gemv_tuning_cache::shared().find(gemv_key<ExecSpace, N>(trans, m, n));
    chosen = tuned ? tuned->launch : rns::gemv_launch{rns::gemv_algorithm::fused, 0, 0, 0};
  }
  rns::gemv_workspace<N, MemorySpace> local;
  rns::gemv(exec, shape.transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, workspace ? *workspace : local,
            chosen);
  if (!workspace) exec.fence();  // the local workspace must outlive the kernels
}

template <class ExecSpace, int N, class MemorySpace>
void gemv_basic(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n, const rns::mp_float<N>& alpha,
                Kokkos::View<const rns::mp_float<N>*, MemorySpace> A, std::int64_t lda,
                Kokkos::View<const rns::mp_float<N>*, MemorySpace> x, std::int64_t incx, const rns::mp_float<N>& beta,
                Kokkos::View<rns::mp_float<N>*, MemorySpace> y, std::int64_t incy) {
  const auto shape = detail::check_gemv("kamp::blas::gemv_basic", trans, m, n, lda,
                                        static_cast<std::int64_t>(A.extent(0)), incx,
                                        static_cast<std::int64_t>(x.extent(0)), incy,
                                        static_cast<std::int64_t>(y.extent(0)));
  if (m == 0 || n == 0 || (alpha.is_zero() && detail::is_one<N>(beta))) return;
  Kokkos::View<rns::mp_float<N>*, MemorySpace> d("kamp::rns::gemv_basic::d", shape.x_length);
  rns::gemv_basic(exec, shape.transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, d);
  exec.fence();  // d must outlive the kernels
}

template <class ExecSpace, int N, class MemorySpace>
void gemv(const ExecSpace& exec, char trans, const rns::mp_float<N>& alpha, const rns::mp_matrix<N, MemorySpace>& A,
          const rns::mp_array<N, MemorySpace>& x, const rns::mp_float<N>& beta, const rns::mp_array<N, MemorySpace>& y,
          typename rns::gemv_workspace<N, MemorySpace>::pointer workspace = nullptr,
          const rns::gemv_launch& launch = {}) {
  const char* fn = "kamp::blas::gemv";
  const bool transposed = detail::checked_trans(fn, "trans", trans) == 'T';
  const std::int64_t x_length = transposed ? A.rows : A.cols, y_length = transposed ? A.cols : A.rows;
  require_argument(static_cast<std::int64_t>(x.size()) == x_length, fn, "x", x.size(),
                   "(its length) must equal the number of columns of op(A), " + std::to_string(x_length));
  require_argument(static_cast<std::int64_t>(y.size()) == y_length, fn, "y", y.size(),
                   "(its length) must equal the number of rows of op(A), " + std::to_string(y_length));
  gemv(exec, trans, A.rows, A.cols, alpha, A.values, A.ld, x, 1, beta, y, 1, workspace, launch);
}

}  // namespace kamp::blas

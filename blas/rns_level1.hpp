#pragma once
// Level-1 BLAS over RNS arrays, built from the split-kernel stages:
//   scal(exec, n, alpha, x, incx)                 x <- alpha x
//   axpy(exec, n, alpha, x, incx, y, incy, w)     y <- alpha x + y
//   dot(exec, n, x, incx, y, incy, w)             returns sum_i x_i y_i
//   asum(exec, n, x, incx, w)                     returns sum_i |x_i|
// Reference-BLAS arguments: n >= 0, increments nonzero (negative: from the end), arrays long
// enough; violations raise kamp::invalid_argument before anything is written. scal and axpy
// are asynchronous; dot and asum return host values. w is a reusable workspace.
// Whole-array overloads (scal(exec, alpha, x), axpy(exec, alpha, x, y, w), dot(exec, x, y, w),
// asum(exec, x, w)) take n from x, unit increments, and require y to be as long as x.
#include <string>

#include "core/error.hpp"
#include "rns/vector_sum.hpp"

namespace kamp::blas {

namespace detail {

template <int N, class MemorySpace>
void check_vector(const char* fn, const char* name, const char* inc_name, std::int64_t n,
                  const rns::mp_array<N, MemorySpace>& v, std::int64_t inc) {
  require_argument(inc != 0, fn, inc_name, inc, "must not be zero");
  const std::int64_t needed = n == 0 ? 0 : 1 + (n - 1) * (inc > 0 ? inc : -inc);
  require_argument(static_cast<std::int64_t>(v.size()) >= needed, fn, name, v.size(),
                   "(its length) must be at least 1 + (n - 1) * |" + std::string(inc_name) + "| = " +
                       std::to_string(needed));
}

template <int N, class MemorySpace>
struct magnitude_kernel {
  rns::mp_array<N, MemorySpace> x, terms;
  rns::vector_map map;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t e) const {
    rns::mp_float<N> v = x.load(map(e));
    v.sign = 0;
    terms.store(static_cast<std::size_t>(e), v);
  }
};

}  // namespace detail

template <class ExecSpace, int N, class MemorySpace>
void scal(const ExecSpace& exec, std::int64_t n, const rns::mp_float<N>& alpha, const rns::mp_array<N, MemorySpace>& x,
          std::int64_t incx) {
  const char* fn = "kamp::blas::scal";
  require_argument(n >= 0, fn, "n", n, "must be >= 0");
  detail::check_vector(fn, "x", "incx", n, x, incx);
  if (n == 0) return;
  const rns::operand<N, MemorySpace> x_op{x, {incx, n}};
  rns::detail::run_mul_stages("kamp::rns::scal", exec, n, true, alpha, x_op, x_op, x_op);
}

template <class ExecSpace, int N, class MemorySpace>
void axpy(const ExecSpace& exec, std::int64_t n, const rns::mp_float<N>& alpha, const rns::mp_array<N, MemorySpace>& x,
          std::int64_t incx, const rns::mp_array<N, MemorySpace>& y, std::int64_t incy,
          rns::vector_sum_workspace<N, MemorySpace>& w) {
  const char* fn = "kamp::blas::axpy";
  require_argument(n >= 0, fn, "n", n, "must be >= 0");
  detail::check_vector(fn, "x", "incx", n, x, incx);
  detail::check_vector(fn, "y", "incy", n, y, incy);
  if (n == 0 || alpha.is_zero()) return;
  w.reserve(n, 1);
  const rns::operand<N, MemorySpace> x_op{x, {incx, n}}, t_op{w.terms, {1, n}};
  rns::detail::run_mul_stages("kamp::rns::axpy::scale", exec, n, true, alpha, x_op, x_op, t_op);
  rns::add(exec, n, w.terms, 1, y, incy, y, incy);
}

template <class ExecSpace, int N, class MemorySpace>
rns::mp_float<N> dot(const ExecSpace& exec, std::int64_t n, const rns::mp_array<N, MemorySpace>& x, std::int64_t incx,
                     const rns::mp_array<N, MemorySpace>& y, std::int64_t incy,
                     rns::vector_sum_workspace<N, MemorySpace>& w) {
  const char* fn = "kamp::blas::dot";
  require_argument(n >= 0, fn, "n", n, "must be >= 0");
  detail::check_vector(fn, "x", "incx", n, x, incx);
  detail::check_vector(fn, "y", "incy", n, y, incy);
  if (n == 0) return rns::mp_float<N>::zero();
  std::int64_t rows, cols;
  rns::sum_shape(n, rows, cols);
  w.reserve(rows * cols, rows);
  rns::detail::run_mul_stages("kamp::rns::dot::mul", exec, n, false, rns::mp_float<N>(),
                              rns::operand<N, MemorySpace>{x, {incx, n}}, rns::operand<N, MemorySpace>{y, {incy, n}},
                              rns::operand<N, MemorySpace>{w.terms, {1, n}});
  return rns::sum_terms("kamp::rns::dot", exec, n, w);
}

template <class ExecSpace, int N, class MemorySpace>
rns::mp_float<N> asum(const ExecSpace& exec, std::int64_t n, const rns::mp_array<N, MemorySpace>& x, std::int64_t incx,
                      rns::vector_sum_workspace<N, MemorySpace>& w) {
  const char* fn = "kamp::blas::asum";
  require_argument(n >= 0, fn, "n", n, "must be >= 0");
  detail::check_vector(fn, "x", "incx", n, x, incx);
  if (n == 0) return rns::mp_float<N>::zero();
  std::int64_t rows, cols;
  rns::sum_shape(n, rows, cols);
  w.reserve(rows * cols, rows);
  Kokkos::parallel_for("kamp::rns::asum::magnitude",
                       Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(exec, 0, n),
                       detail::magnitude_kernel<N, MemorySpace>{x, w.terms, {incx, n}});
  return rns::sum_terms("kamp::rns::asum", exec, n, w);
}

namespace detail {

template <int N, class MemorySpace>
void check_same_length(const char* fn, const rns::mp_array<N, MemorySpace>& x, const rns::mp_array<N, MemorySpace>& y) {
  require_argument(y.size() == x.size(), fn, "y", y.size(),
                   "(its length) must equal the length of x, " + std::to_string(x.size()));
}

}  // namespace detail

template <class ExecSpace, int N, class MemorySpace>
void scal(const ExecSpace& exec, const rns::mp_float<N>& alpha, const rns::mp_array<N, MemorySpace>& x) {
  scal(exec, static_cast<std::int64_t>(x.size()), alpha, x, 1);
}

template <class ExecSpace, int N, class MemorySpace>
void axpy(const ExecSpace& exec, const rns::mp_float<N>& alpha, const rns::mp_array<N, MemorySpace>& x,
          const rns::mp_array<N, MemorySpace>& y, rns::vector_sum_workspace<N, MemorySpace>& w) {
  detail::check_same_length("kamp::blas::axpy", x, y);
  axpy(exec, static_cast<std::int64_t>(x.size()), alpha, x, 1, y, 1, w);
}

template <class ExecSpace, int N, class MemorySpace>
rns::mp_float<N> dot(const ExecSpace& exec, const rns::mp_array<N, MemorySpace>& x,
                     const rns::mp_array<N, MemorySpace>& y, rns::vector_sum_workspace<N, MemorySpace>& w) {
  detail::check_same_length("kamp::blas::dot", x, y);
  return dot(exec, static_cast<std::int64_t>(x.size()), x, 1, y, 1, w);
}

template <class ExecSpace, int N, class MemorySpace>
rns::mp_float<N> asum(const ExecSpace& exec, const rns::mp_array<N, MemorySpace>& x,
                      rns::vector_sum_workspace<N, MemorySpace>& w) {
  return asum(exec, static_cast<std::int64_t>(x.size()), x, 1, w);
}

}  // namespace kamp::blas

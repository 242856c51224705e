#pragma once
// The vector kernels of the mixed-precision GESV (solvers/gesv.hpp) beyond the BLAS layer: A and
// the residual rounded to the LU's precision, the correction added back in the working format,
// and the infinity norms that the stopping rule compares. Norms are magnitudes, formed from the
// leading doubles: they decide when to stop, they are not error measurements (those are in MPFR,
// solvers/gesv_accuracy.hpp). A NaN or Inf anywhere makes a norm +Inf.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "formats/matrix.hpp"

namespace kamp::solvers::detail {

KOKKOS_INLINE_FUNCTION double magnitude_or_infinity(double v) {
  const double a = v < 0 ? -v : v;
  return a == a ? a : HUGE_VAL;
}

// max_i |v_i| of a format array.
template <class ExecSpace, class Array, class Format = typename Array::format>
double max_magnitude(const ExecSpace& exec, const Array& v) {
  using traits = format_traits<Format>;
  const auto c = traits::template context<typename Array::memory_space>();
  double m = 0;
  Kokkos::parallel_reduce(
      "kamp::solvers::gesv::max_magnitude", Kokkos::RangePolicy<ExecSpace>(exec, 0, v.size()),
      KOKKOS_LAMBDA(std::int64_t i, double& best) {
        const double a = magnitude_or_infinity(traits::to_double(c, v.load(static_cast<std::size_t>(i))));
        if (a > best) best = a;
      },
      Kokkos::Max<double>(m));
  return m;
}

// max_i |v_i| of a View in the LU's precision.
template <class ExecSpace, class Real, class MemorySpace>
double max_magnitude(const ExecSpace& exec, const Kokkos::View<Real*, MemorySpace>& v) {
  double m = 0;
  Kokkos::parallel_reduce(
      "kamp::solvers::gesv::max_magnitude", Kokkos::RangePolicy<ExecSpace>(exec, 0, v.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i, double& best) {
        const double a = magnitude_or_infinity(static_cast<double>(v(i)));
        if (a > best) best = a;
      },
      Kokkos::Max<double>(m));
  return m;
}

// ||A||_inf = max_i sum_j |A(i, j)|: one thread per row.
template <class ExecSpace, class Format, class MemorySpace>
double infinity_norm(const ExecSpace& exec, const matrix<Format, MemorySpace>& A) {
  using traits = format_traits<Format>;
  const auto c = traits::template context<MemorySpace>();
  const auto values = A.values;
  const std::int64_t cols = A.cols, ld = A.ld;
  double m = 0;
  Kokkos::parallel_reduce(
      "kamp::solvers::gesv::infinity_norm", Kokkos::RangePolicy<ExecSpace>(exec, 0, A.rows),
      KOKKOS_LAMBDA(std::int64_t i, double& best) {
        double sum = 0;
        for (std::int64_t j = 0; j < cols; ++j)
          sum += magnitude_or_infinity(traits::to_double(c, values.load(static_cast<std::size_t>(i + j * ld))));
        if (sum > best) best = sum;
      },
      Kokkos::Max<double>(m));
  return m;
}

// out (n x n, leading dimension n) = A rounded to Real.
template <class Real, class ExecSpace, class Format, class MemorySpace>
void round_matrix(const ExecSpace& exec, const matrix<Format, MemorySpace>& A,
                  const Kokkos::View<Real*, MemorySpace>& out) {
  using traits = format_traits<Format>;
  const auto c = traits::template context<MemorySpace>();
  const auto values = A.values;
  const std::int64_t rows = A.rows, ld = A.ld;
  Kokkos::parallel_for(
      "kamp::solvers::gesv::round_matrix", Kokkos::RangePolicy<ExecSpace>(exec, 0, rows * A.cols),
      KOKKOS_LAMBDA(std::int64_t e) {
        const std::int64_t i = e % rows, j = e / rows;
        out(e) = static_cast<Real>(traits::to_double(c, values.load(static_cast<std::size_t>(i + j * ld))));
      });
}

// out_i = v_i scale rounded to Real; scale is a power of two that brings the largest |v_i| to
// [1, 2), so that a residual far below the LU precision's range (a qd residual of 1e-60 in float)
// neither underflows nor loses its small entries.
template <class Real, class ExecSpace, class Array, class Format = typename Array::format>
void round_scaled(const ExecSpace& exec, const Array& v, double scale,
                  const Kokkos::View<Real*, typename Array::memory_space>& out) {
  using traits = format_traits<Format>;
  const auto c = traits::template context<typename Array::memory_space>();
  Kokkos::parallel_for(
      "kamp::solvers::gesv::round_scaled", Kokkos::RangePolicy<ExecSpace>(exec, 0, v.size()),
      KOKKOS_LAMBDA(std::int64_t i) {
        out(i) = static_cast<Real>(traits::to_double(c, v.load(static_cast<std::size_t>(i))) * scale);
      });
}

// x_i <- x_i + d_i / scale in the format (x_i <- d_i / scale when `replace`); exact scaling: a
// power of two.
template <class ExecSpace, class Real, class Array, class Format = typename Array::format>
void add_scaled(const ExecSpace& exec, const Kokkos::View<Real*, typename Array::memory_space>& d, double inverse_scale,
                const Array& x, bool replace) {
  using traits = format_traits<Format>;
  const auto c = traits::template context<typename Array::memory_space>();
  Kokkos::parallel_for(
      "kamp::solvers::gesv::add_correction", Kokkos::RangePolicy<ExecSpace>(exec, 0, x.size()),
      KOKKOS_LAMBDA(std::int64_t i) {
        const auto di = traits::from_double(c, static_cast<double>(d(i)) * inverse_scale);
        const auto at = static_cast<std::size_t>(i);
        x.store(at, replace ? di : traits::add(c, x.load(at), di));
      });
}

}  // namespace kamp::solvers::detail

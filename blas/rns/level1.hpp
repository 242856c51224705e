#pragma once
// Level-1 BLAS kernels of the RNS format (the BLAS layer checks the arguments and calls these
// through blas/format_kernels.hpp):
//   scal: x <- alpha x      split: the mul stages in place; per_element: the scalar mul
//   axpy: y <- alpha x + y  split: the mul stages into the workspace, then the add stages;
//                           per_element: the scalar mul, then the scalar add;
//                           fused: rns::fma, one rounding an element
//   dot     split: the products (rounded) in the workspace, summed by two team reductions;
//           fused: exact block sums, R + 1 roundings in all (blas/rns/fused/level1.hpp)
//   asum: the magnitudes in the workspace, summed by two team reductions
// SCAL's two paths and AXPY's split and per_element paths call the same arithmetic in the same
// order, so their results agree bit for bit; AXPY's and DOT's fused paths round less and have
// the tighter bounds.
// level1_path says which runs. scal and axpy are asynchronous; dot and asum return host values.
// Callers reach these through blas/rns/kernels.hpp.
#include <string>

#include "blas/rns/fused/level1.hpp"
#include "blas/rns/level1_path.hpp"
#include "blas/rns/vector_sum.hpp"
#include "core/argument_range.hpp"
#include "rns/fma.hpp"

namespace kamp::rns {

template <int N, class MemorySpace>
struct scal_element_kernel {
  mp_float<N> alpha;
  mp_array<N, MemorySpace> x;
  vector_map map;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t e) const {
    const std::size_t j = map(e);
    x.store(j, mul<N>(alpha, x.load(j), *b));
  }
};

// y_j <- alpha x_j + y_j, one element a thread: rns::fma (one rounding) or mul then add.
template <int N, class MemorySpace, bool OneRounding>
struct axpy_element_kernel {
  mp_float<N> alpha;
  mp_array<N, MemorySpace> x, y;
  vector_map x_map, y_map;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t e) const {
    const std::size_t j = y_map(e);
    const mp_float<N> xv = x.load(x_map(e));
    if constexpr (OneRounding)
      y.store(j, fma<N>(alpha, xv, y.load(j), *b));
    else
      y.store(j, add<N>(mul<N>(alpha, xv, *b), y.load(j), *b));
  }
};

template <int N, class MemorySpace>
struct magnitude_kernel {
  mp_array<N, MemorySpace> x, terms;
  vector_map map;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t e) const {
    mp_float<N> v = x.load(map(e));
    v.sign = 0;
    terms.store(static_cast<std::size_t>(e), v);
  }
};

namespace impl {

// AXPY's one-element-a-thread kernels. Their rare paths (round_in_full, the fma's two-rounding
// and truncated-c cases) need far more registers than the common path, which would leave a GPU
// a fraction of its threads; capped at 128 (two blocks of 256 a multiprocessor) they spill on
// those paths only and run faster (experiments/comparisons/rns_axpy_element_launch_bounds.csv).
template <class ExecSpace>
using element_policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>, core::kernel_arguments,
                                           Kokkos::LaunchBounds<256, 2>>;

template <class ExecSpace, int N, class MemorySpace>
void scal(const ExecSpace& exec, std::int64_t n, const mp_float<N>& alpha, const mp_array<N, MemorySpace>& x,
          std::int64_t incx, level1_path path) {
  if (resolve_scal<ExecSpace, N>(path) == level1_path::per_element) {
    Kokkos::parallel_for(
        "kamp::rns::scal::per_element", core::range(exec, n),
        scal_element_kernel<N, MemorySpace>{alpha, x, {incx, n}, basis<N>::template in<MemorySpace>()});
    return;
  }
  const operand<N, MemorySpace> x_op{x, {incx, n}};
  detail::run_mul_stages("kamp::rns::scal", exec, n, true, alpha, x_op, x_op, x_op);
}

template <class ExecSpace, int N, class MemorySpace>
void axpy(const ExecSpace& exec, std::int64_t n, const mp_float<N>& alpha, const mp_array<N, MemorySpace>& x,
          std::int64_t incx, const mp_array<N, MemorySpace>& y, std::int64_t incy,
          vector_sum_workspace<N, MemorySpace>& w, level1_path path) {
  const level1_path chosen = resolve_axpy<ExecSpace, N>(path);
  if (chosen != level1_path::split) {
    const vector_map x_map{incx, n}, y_map{incy, n};
    const basis_constants<N>* b = basis<N>::template in<MemorySpace>();
    if (chosen == level1_path::fused)
      Kokkos::parallel_for("kamp::rns::axpy::fused", element_policy<ExecSpace>(exec, 0, n),
                           axpy_element_kernel<N, MemorySpace, true>{alpha, x, y, x_map, y_map, b});
    else
      Kokkos::parallel_for("kamp::rns::axpy::per_element", element_policy<ExecSpace>(exec, 0, n),
                           axpy_element_kernel<N, MemorySpace, false>{alpha, x, y, x_map, y_map, b});
    return;
  }
  w.reserve(n, 1);
  const operand<N, MemorySpace> x_op{x, {incx, n}}, t_op{w.terms, {1, n}};
  detail::run_mul_stages("kamp::rns::axpy::scale", exec, n, true, alpha, x_op, x_op, t_op);
  impl::add(exec, n, w.terms, 1, y, incy, y, incy);
}

template <class ExecSpace, int N, class MemorySpace>
mp_float<N> dot(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
                const mp_array<N, MemorySpace>& y, std::int64_t incy, vector_sum_workspace<N, MemorySpace>& w,
                level1_path path) {
  if (resolve_dot(path, incx, incy) == level1_path::fused)
    return n == 0 ? mp_float<N>::zero() : fused_dot("kamp::rns::dot::fused", exec, n, x, y, w);
  std::int64_t rows, cols;
  sum_shape(n, rows, cols);
  w.reserve(rows * cols, rows);
  detail::run_mul_stages("kamp::rns::dot::mul", exec, n, false, mp_float<N>(), operand<N, MemorySpace>{x, {incx, n}},
                         operand<N, MemorySpace>{y, {incy, n}}, operand<N, MemorySpace>{w.terms, {1, n}});
  return sum_terms("kamp::rns::dot", exec, n, w);
}

template <class ExecSpace, int N, class MemorySpace>
mp_float<N> asum(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
                 vector_sum_workspace<N, MemorySpace>& w) {
  std::int64_t rows, cols;
  sum_shape(n, rows, cols);
  w.reserve(rows * cols, rows);
  Kokkos::parallel_for("kamp::rns::asum::magnitude", core::range(exec, n),
                       magnitude_kernel<N, MemorySpace>{x, w.terms, {incx, n}});
  return sum_terms("kamp::rns::asum", exec, n, w);
}

}  // namespace impl
}  // namespace kamp::rns

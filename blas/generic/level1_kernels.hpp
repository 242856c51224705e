#pragma once
// Level-1 BLAS for any format, through format_traits only. Elementwise routines (scal, axpy,
// rot) are one thread per element (AXPY on the host: blocks of elements in SIMD lanes, where the
// format's fma has a branch-free common path). Sums (dot, asum) are deterministic
// (blas/generic/deterministic_sums.hpp).
#include <Kokkos_Core.hpp>

#include <type_traits>

#include "blas/generic/deterministic_sums.hpp"
#include "blas/generic/value_planes.hpp"
#include "formats/fma_common_path.hpp"
#include "formats/format_traits.hpp"
#include "formats/index_map.hpp"

namespace kamp::blas::generic {

template <class Format, class Array>
struct scal_kernel {
  using traits = format_traits<Format>;
  Array x;
  vector_map map;
  value_type_t<Format> alpha;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    x.store(map(i), traits::mul(context, alpha, x.load(map(i))));
  }
};

template <class Format, class Array>
struct axpy_kernel {
  using traits = format_traits<Format>;
  Array x, y;
  vector_map x_map, y_map;
  value_type_t<Format> alpha;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    y.store(y_map(i), traits::fma(context, alpha, x.load(x_map(i)), y.load(y_map(i))));
  }
};

// AXPY on the host for formats whose fma has a branch-free common path: a block of `lanes`
// consecutive elements at a time, the common path for all of them in one loop that the compiler
// vectorises (their words in planes, the elements side by side in SIMD lanes), then fma for the
// elements it does not take. The bits are fma's, as on the GPU. One element at a time, the fma's
// dependent chain leaves the vector units idle (experiments/comparisons/host_axpy_simd_lanes_e5.csv).
template <class Format, class Array>
struct axpy_lanes_kernel {
  static constexpr int lanes = 16;  // four AVX2 vectors
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  Array x, y;
  vector_map x_map, y_map;
  std::int64_t n;
  value alpha;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t block) const {
    const std::int64_t first = block * lanes;
    const int count = n - first < lanes ? static_cast<int>(n - first) : lanes;
    value_planes<value, lanes> xs, ys, common_result;
    for (int l = 0; l < lanes; ++l) {  // a short block's spare lanes compute on zeros, unused
      xs.set(l, l < count ? x.load(x_map(first + l)) : traits::zero());
      ys.set(l, l < count ? y.load(y_map(first + l)) : traits::zero());
    }
    std::int64_t common[lanes];  // not bool: GCC 12 does not vectorise the loop over a bool array
    // Lanes l, l + q, l + 2q and l + 3q in each step (q = lanes / 4): the vectoriser makes them
    // four independent vectors side by side. The path is a chain of dependent FastTwoSums; one
    // vector at a time would leave the FP pipes waiting on it.
    constexpr int q = lanes / 4;
    for (int l = 0; l < q; ++l) {
      const int l1 = l + q, l2 = l + 2 * q, l3 = l + 3 * q;
      common[l] = traits::fma_takes_common_path(context, alpha, xs.get(l), ys.get(l));
      common[l1] = traits::fma_takes_common_path(context, alpha, xs.get(l1), ys.get(l1));
      common[l2] = traits::fma_takes_common_path(context, alpha, xs.get(l2), ys.get(l2));
      common[l3] = traits::fma_takes_common_path(context, alpha, xs.get(l3), ys.get(l3));
      common_result.set(l, traits::fma_common_path(context, alpha, xs.get(l), ys.get(l)));
      common_result.set(l1, traits::fma_common_path(context, alpha, xs.get(l1), ys.get(l1)));
      common_result.set(l2, traits::fma_common_path(context, alpha, xs.get(l2), ys.get(l2)));
      common_result.set(l3, traits::fma_common_path(context, alpha, xs.get(l3), ys.get(l3)));
    }
    for (int l = 0; l < count; ++l)
      y.store(y_map(first + l), common[l] ? common_result.get(l) : traits::fma(context, alpha, xs.get(l), ys.get(l)));
  }
};

// A plane rotation, one element pair a thread: x_i <- c x_i + s y_i and y_i <- c y_i - s x_i, both
// from the old values, as the reference drot's expressions (so signed zeros and special values
// are IEEE's on the leading components). Each output is two rounded products and one rounded sum,
// (c x (1 + d1) + s y (1 + d2))(1 + d3) with |d_j| <= u (format_traits::unit_roundoff, which for
// D+S includes the store), so
//   |x_i' - (c x_i + s y_i)| <= gamma_2 (|c x_i| + |s y_i|),
//   |y_i' - (c y_i - s x_i)| <= gamma_2 (|c y_i| + |s x_i|),
// AXPY's bound (core::axpy_error_factor), while no component overflows or underflows.
template <class Format, class Array>
struct rot_kernel {
  using traits = format_traits<Format>;
  Array x, y;
  vector_map x_map, y_map;
  value_type_t<Format> c, s;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    const std::size_t xi = x_map(i), yi = y_map(i);
    const value_type_t<Format> xv = x.load(xi), yv = y.load(yi);
    x.store(xi, traits::add(context, traits::mul(context, c, xv), traits::mul(context, s, yv)));
    y.store(yi, traits::sub(context, traits::mul(context, c, yv), traits::mul(context, s, xv)));
  }
};

// Term i of a dot product, accumulated: x_i y_i + acc.
template <class Format, class Array>
struct dot_term {
  Array x, y;
  vector_map x_map, y_map;
  KOKKOS_INLINE_FUNCTION value_type_t<Format> operator()(const context_t<Format>& c, std::int64_t i,
                                                         const value_type_t<Format>& acc) const {
    return format_traits<Format>::fma(c, x.load(x_map(i)), y.load(y_map(i)), acc);
  }
};

// Term i of a sum of magnitudes, accumulated: acc + |x_i|.
template <class Format, class Array>
struct asum_term {
  Array x;
  vector_map x_map;
  KOKKOS_INLINE_FUNCTION value_type_t<Format> operator()(const context_t<Format>& c, std::int64_t i,
                                                         const value_type_t<Format>& acc) const {
    using traits = format_traits<Format>;
    return traits::add(c, acc, traits::abs(c, x.load(x_map(i))));
  }
};

template <class Format, class ExecSpace, class Array>
void scal(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x, std::int64_t incx) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::scal", core::range(exec, n),
                       scal_kernel<Format, Array>{x, vector_map(incx, n), alpha, context});
}

template <class Format, class ExecSpace, class Array>
void axpy(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x, std::int64_t incx,
          const Array& y, std::int64_t incy) {
  using traits = format_traits<Format>;
  const auto context = traits::template context<typename Array::memory_space>();
  constexpr bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  if constexpr (host && has_fma_common_path<traits>::value) {
    using kernel = axpy_lanes_kernel<Format, Array>;
    Kokkos::parallel_for("kamp::blas::axpy", core::range(exec, (n + kernel::lanes - 1) / kernel::lanes),
                         kernel{x, y, vector_map(incx, n), vector_map(incy, n), n, alpha, context});
  } else {
    Kokkos::parallel_for("kamp::blas::axpy", core::range(exec, n),
                         axpy_kernel<Format, Array>{x, y, vector_map(incx, n), vector_map(incy, n), alpha, context});
  }
}

template <class Format, class ExecSpace, class Array>
void rot(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx, const Array& y, std::int64_t incy,
         const value_type_t<Format>& c, const value_type_t<Format>& s) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::rot", core::range(exec, n),
                       rot_kernel<Format, Array>{x, y, vector_map(incx, n), vector_map(incy, n), c, s, context});
}

template <class Format, class ExecSpace, class Array>
value_type_t<Format> dot(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx, const Array& y,
                         std::int64_t incy) {
  return deterministic_sum<Format>("kamp::blas::dot", exec, n,
                                   dot_term<Format, Array>{x, y, vector_map(incx, n), vector_map(incy, n)});
}

template <class Format, class ExecSpace, class Array>
value_type_t<Format> asum(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx) {
  return deterministic_sum<Format>("kamp::blas::asum", exec, n, asum_term<Format, Array>{x, vector_map(incx, n)});
}

}  // namespace kamp::blas::generic

#pragma once
// Level-1 BLAS for any format, through format_traits only. Elementwise routines (scal, axpy)
// are one thread per element. Sums (dot, asum) are deterministic (blas/generic/deterministic_sums.hpp).
#include <Kokkos_Core.hpp>

#include "blas/generic/deterministic_sums.hpp"
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
void scal(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x,
          std::int64_t incx) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::scal", core::range(exec, n),
                       scal_kernel<Format, Array>{x, vector_map(incx, n), alpha, context});
}

template <class Format, class ExecSpace, class Array>
void axpy(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x,
          std::int64_t incx, const Array& y, std::int64_t incy) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::axpy", core::range(exec, n),
                       axpy_kernel<Format, Array>{x, y, vector_map(incx, n), vector_map(incy, n), alpha, context});
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

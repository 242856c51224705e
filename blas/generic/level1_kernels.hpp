#pragma once
// Level-1 BLAS for any format, through format_traits only. Elementwise routines (scal, axpy)
// are one thread per element. Sums (dot, asum) are deterministic: the n terms are split over
// P = min(n, 16384) partial sums (partial p adds terms p, p + P, ...), those over Q = min(P, 128)
// more, and the host adds the last Q in order. The partition depends only on n, so every
// backend adds the same numbers in the same order and gets the same bits; every term still
// passes through at most n - 1 additions, so the classical gamma_n bounds hold.
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "formats/format_traits.hpp"
#include "formats/index_map.hpp"

namespace kamp::blas::generic {

template <class ExecSpace>
Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>> range(const ExecSpace& exec, std::int64_t count) {
  return Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(exec, 0, count);
}

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

// partial(p) = sum over i = p, p + stride, ... < n of term i, in that order.
template <class Format, class MemorySpace, class Term>
struct strided_partial_sums {
  Kokkos::View<value_type_t<Format>*, MemorySpace> partial;
  Term term;
  std::int64_t n, stride;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t p) const {
    auto acc = format_traits<Format>::zero();
    for (std::int64_t i = p; i < n; i += stride) acc = term(context, i, acc);
    partial(p) = acc;
  }
};

// The value of partial(i), as a term.
template <class Format, class MemorySpace>
struct stored_term {
  Kokkos::View<value_type_t<Format>*, MemorySpace> values;
  KOKKOS_INLINE_FUNCTION value_type_t<Format> operator()(const context_t<Format>& c, std::int64_t i,
                                                         const value_type_t<Format>& acc) const {
    return format_traits<Format>::add(c, acc, values(i));
  }
};

// sum_{i < n} term(i) with the fixed partition described above. Synchronous.
template <class Format, class ExecSpace, class Term>
value_type_t<Format> deterministic_sum(const std::string& label, const ExecSpace& exec, std::int64_t n,
                                       const Term& term) {
  using traits = format_traits<Format>;
  using memory = typename ExecSpace::memory_space;
  using values = Kokkos::View<value_type_t<Format>*, memory>;
  if (n == 0) return traits::zero();
  const std::int64_t p = n < 16384 ? n : 16384, q = p < 128 ? p : 128;
  const auto context = traits::template context<memory>();
  values first(Kokkos::view_alloc(label + "::partial", Kokkos::WithoutInitializing), p);
  values second(Kokkos::view_alloc(label + "::partial2", Kokkos::WithoutInitializing), q);
  Kokkos::parallel_for(label + "::partial", range(exec, p),
                       strided_partial_sums<Format, memory, Term>{first, term, n, p, context});
  Kokkos::parallel_for(label + "::partial2", range(exec, q),
                       strided_partial_sums<Format, memory, stored_term<Format, memory>>{
                           second, stored_term<Format, memory>{first}, p, q, context});
  exec.fence();
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), second);
  const auto host_context = traits::template context<Kokkos::HostSpace>();
  auto total = traits::zero();
  for (std::int64_t i = 0; i < q; ++i) total = traits::add(host_context, total, host(i));
  return total;
}

template <class Format, class ExecSpace, class Array>
void scal(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x,
          std::int64_t incx) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::scal", range(exec, n),
                       scal_kernel<Format, Array>{x, vector_map(incx, n), alpha, context});
}

template <class Format, class ExecSpace, class Array>
void axpy(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x,
          std::int64_t incx, const Array& y, std::int64_t incy) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::axpy", range(exec, n),
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

#pragma once
// The paper's "basic" GEMV (the comparison row of Isupov and Knyazkov's Table 5): one thread per output
// element accumulates its dot product serially with scalar mp operations over arrays of
// whole mp_float values. d = alpha x is formed first, one thread per element.
#include <Kokkos_Core.hpp>

#include "rns/add.hpp"
#include "rns/index_maps.hpp"
#include "rns/mul.hpp"

namespace kamp::rns {

template <int N, class MemorySpace>
struct gemv_basic_scale_kernel {
  Kokkos::View<const mp_float<N>*, MemorySpace> x;
  vector_map x_map;
  Kokkos::View<mp_float<N>*, MemorySpace> d;
  mp_float<N> alpha;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t k) const { d(k) = mul<N>(alpha, x(x_map(k)), *b); }
};

template <int N, class MemorySpace>
struct gemv_basic_dot_kernel {
  Kokkos::View<const mp_float<N>*, MemorySpace> A, d;
  Kokkos::View<mp_float<N>*, MemorySpace> y;
  vector_map y_map;
  std::int64_t m, length, lda;
  bool transposed;
  mp_float<N> beta;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    const std::size_t at = y_map(i);
    mp_float<N> acc = beta.is_zero() ? mp_float<N>::zero() : mul<N>(beta, y(at), *b);
    for (std::int64_t k = 0; k < length; ++k) {
      const mp_float<N>& a = A(static_cast<std::size_t>(transposed ? k + i * lda : i + k * lda));
      acc = add<N>(acc, mul<N>(a, d(k), *b), *b);
    }
    y(at) = acc;
  }
};

namespace impl {

// Arguments are checked by kamp::blas::gemv_basic. d is a workspace of at least
// (transposed ? m : n) elements.
template <class ExecSpace, int N, class MemorySpace>
void gemv_basic(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const mp_float<N>& alpha,
                Kokkos::View<const mp_float<N>*, MemorySpace> A, std::int64_t lda,
                Kokkos::View<const mp_float<N>*, MemorySpace> x, std::int64_t incx, const mp_float<N>& beta,
                Kokkos::View<mp_float<N>*, MemorySpace> y, std::int64_t incy,
                Kokkos::View<mp_float<N>*, MemorySpace> d) {
  const std::int64_t x_length = transposed ? m : n, y_length = transposed ? n : m;
  const basis_constants<N>* b = basis<N>::template in<MemorySpace>();
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  Kokkos::parallel_for("kamp::rns::gemv_basic::scale_x", policy(exec, 0, x_length),
                       gemv_basic_scale_kernel<N, MemorySpace>{x, vector_map(incx, x_length), d, alpha, b});
  Kokkos::parallel_for("kamp::rns::gemv_basic::dot", policy(exec, 0, y_length),
                       gemv_basic_dot_kernel<N, MemorySpace>{A, d, y, vector_map(incy, y_length), m, x_length, lda,
                                                             transposed, beta, b});
}

}  // namespace impl
}  // namespace kamp::rns

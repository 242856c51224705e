#pragma once
// The basic RNS GEMV of Isupov and Knyazkov's Table 5: one thread per output element accumulating its dot
// product with scalar mp operations over Views of mp_float (an array of structures), the
// baseline the split and fused kernels are measured against. Same arguments, checks and quick
// returns as kamp::blas::gemv; synchronous.
#include "core/argument_checks.hpp"
#include "formats/host_values.hpp"
#include "blas/rns/kernels.hpp"
#include "rns/rns_format.hpp"

namespace kamp::blas {

template <class ExecSpace, int N, class MemorySpace>
void gemv_basic(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n, const rns::mp_float<N>& alpha,
                Kokkos::View<const rns::mp_float<N>*, MemorySpace> A, std::int64_t lda,
                Kokkos::View<const rns::mp_float<N>*, MemorySpace> x, std::int64_t incx, const rns::mp_float<N>& beta,
                Kokkos::View<rns::mp_float<N>*, MemorySpace> y, std::int64_t incy) {
  using format = rns::mp_float<N>;
  const auto shape =
      core::check_gemv("kamp::blas::gemv_basic", trans, m, n, lda, static_cast<std::int64_t>(A.extent(0)), incx,
                       static_cast<std::int64_t>(x.extent(0)), incy, static_cast<std::int64_t>(y.extent(0)));
  if (m == 0 || n == 0 || (equals_double<format>(alpha, 0.0) && equals_double<format>(beta, 1.0))) return;
  Kokkos::View<rns::mp_float<N>*, MemorySpace> d("kamp::rns::gemv_basic::d", shape.x_length);
  require_space_memory<ExecSpace, MemorySpace>();
  rns::blas_kernels<ExecSpace, N>::gemv_basic(exec, shape.transposed, m, n, alpha, A, lda, x, incx, beta, y, incy, d);
  exec.fence();  // d must outlive the kernels
}

}  // namespace kamp::blas

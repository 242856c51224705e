#pragma once
// The one-thread-per-operation path: Views of whole mp_float values, each element handled
// by one thread with the scalar operations. This is the layout of the paper's "basic"
// implementation, against which the split kernels are compared.
#include <Kokkos_Core.hpp>

#include "core/error.hpp"
#include "rns/add.hpp"
#include "rns/kernels.hpp"
#include "rns/mul.hpp"

namespace kamp::rns {

template <int N, class MemorySpace>
struct per_thread_kernel {
  Kokkos::View<const mp_float<N>*, MemorySpace> x, y;
  Kokkos::View<mp_float<N>*, MemorySpace> z;
  elementwise op;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t j) const {
    if (op == elementwise::add) z(j) = add<N>(x(j), y(j), *b);
    if (op == elementwise::sub) z(j) = sub<N>(x(j), y(j), *b);
    if (op == elementwise::mul) z(j) = mul<N>(x(j), y(j), *b);
  }
};

namespace impl {

// z(j) = x(j) op y(j) for every j, one thread per element.
template <class ExecSpace, int N, class MemorySpace>
void apply_per_thread(const ExecSpace& exec, elementwise op, Kokkos::View<const mp_float<N>*, MemorySpace> x,
                      Kokkos::View<const mp_float<N>*, MemorySpace> y, Kokkos::View<mp_float<N>*, MemorySpace> z) {
  const char* fn = "kamp::rns::apply_per_thread";
  require_argument(y.extent(0) == x.extent(0), fn, "y.extent(0)", y.extent(0), "must equal x.extent(0)");
  require_argument(z.extent(0) == x.extent(0), fn, "z.extent(0)", z.extent(0), "must equal x.extent(0)");
  const char* label = op == elementwise::add   ? "kamp::rns::add::per_thread"
                      : op == elementwise::sub ? "kamp::rns::sub::per_thread"
                                               : "kamp::rns::mul::per_thread";
  Kokkos::parallel_for(label, Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(exec, 0, x.extent(0)),
                       per_thread_kernel<N, MemorySpace>{x, y, z, op, basis<N>::template in<MemorySpace>()});
}

}  // namespace impl
}  // namespace kamp::rns

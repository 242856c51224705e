#pragma once
// The RNS format's elementwise array kernels on one execution space and precision, and the
// functions that call them (its BLAS kernels are blas/rns/kernels.hpp). This header only
// declares the kernels: their definitions (rns/kernels_impl.hpp) are compiled once per
// (space, N) into kamp_rns, by units CMake generates for every precision of
// blas::rns_formats on every enabled Kokkos space (cmake/kamp_instances.cmake).
// A translation unit that calls them compiles no RNS kernel, which keeps the CUDA build short.
// Arrays must live in the space's memory space.
//
//   add, sub, mul(exec, n, x, incx, y, incy, z, incz)   z_j = x_j op y_j     rns/array_ops.hpp
//   scale(exec, n, alpha, x, incx, z, incz)             z_j = alpha x_j
//   apply_per_thread(exec, op, x, y, z)                 one thread per op    rns/array_of_mp_float.hpp
//   fill_random<Space>(array, structs, seed, stride, bits)  tiled random values  rns/random_arrays.hpp
#include <cstdint>

#include <Kokkos_Core.hpp>

#include "formats/format_traits.hpp"
#include "rns/mp_array.hpp"

namespace kamp::rns {

enum class elementwise { add, sub, mul };

template <class ExecSpace, int N>
struct kernels {
  using memory_space = typename ExecSpace::memory_space;
  using value = mp_float<N>;
  using array = mp_array<N, memory_space>;
  using structs = Kokkos::View<mp_float<N>*, memory_space>;
  using const_structs = Kokkos::View<const mp_float<N>*, memory_space>;

  static void add(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx, const array& y,
                  std::int64_t incy, const array& z, std::int64_t incz);
  static void sub(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx, const array& y,
                  std::int64_t incy, const array& z, std::int64_t incz);
  static void mul(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx, const array& y,
                  std::int64_t incy, const array& z, std::int64_t incz);
  static void scale(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x, std::int64_t incx,
                    const array& z, std::int64_t incz);

  static void apply_per_thread(const ExecSpace& exec, elementwise op, const_structs x, const_structs y, structs z);
  static void fill_random(const array& a, structs copy, std::uint64_t seed, std::int64_t stride, int bits);
};

template <class ExecSpace, int N, class MemorySpace>
void add(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
         const mp_array<N, MemorySpace>& y, std::int64_t incy, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  require_space_memory<ExecSpace, MemorySpace>();
  kernels<ExecSpace, N>::add(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N, class MemorySpace>
void sub(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
         const mp_array<N, MemorySpace>& y, std::int64_t incy, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  require_space_memory<ExecSpace, MemorySpace>();
  kernels<ExecSpace, N>::sub(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N, class MemorySpace>
void mul(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
         const mp_array<N, MemorySpace>& y, std::int64_t incy, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  require_space_memory<ExecSpace, MemorySpace>();
  kernels<ExecSpace, N>::mul(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N, class MemorySpace>
void scale(const ExecSpace& exec, std::int64_t n, const mp_float<N>& alpha, const mp_array<N, MemorySpace>& x,
           std::int64_t incx, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  require_space_memory<ExecSpace, MemorySpace>();
  kernels<ExecSpace, N>::scale(exec, n, alpha, x, incx, z, incz);
}

// z(j) = x(j) op y(j) for every j over Views of whole mp_float values, one thread per element
// (the layout of the paper's basic implementation).
template <class ExecSpace, int N, class MemorySpace>
void apply_per_thread(const ExecSpace& exec, elementwise op, Kokkos::View<const mp_float<N>*, MemorySpace> x,
                      Kokkos::View<const mp_float<N>*, MemorySpace> y, Kokkos::View<mp_float<N>*, MemorySpace> z) {
  require_space_memory<ExecSpace, MemorySpace>();
  kernels<ExecSpace, N>::apply_per_thread(exec, op, x, y, z);
}

// Fills `array` (and `structs`, if not empty) with tiled random values of magnitude in
// [1/2, 1), random sign and `bits` significant bits (0: full precision, q bits); see
// rns/random_arrays.hpp. Synchronous.
template <class Space, int N, class MemorySpace>
void fill_random(const mp_array<N, MemorySpace>& array, Kokkos::View<mp_float<N>*, MemorySpace> structs,
                 std::uint64_t seed, std::int64_t stride, int bits = 0) {
  require_space_memory<Space, MemorySpace>();
  kernels<Space, N>::fill_random(array, structs, seed, stride, bits);
}

}  // namespace kamp::rns

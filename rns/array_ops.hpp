#pragma once
// Elementwise operations on mp_arrays, each as the esi -> digits -> round kernels of
// rns/array_stages.hpp on the given execution space:
//   add(exec, n, x, incx, y, incy, z, incz)    z_j = x_j + y_j
//   sub(...)                                    z_j = x_j - y_j
//   mul(...)                                    z_j = x_j * y_j
//   scale(exec, n, alpha, x, incx, z, incz)    z_j = alpha * x_j
// Increments follow BLAS (nonzero; negative walks the vector from its end). z may be x or y
// (in place). Arguments are checked first: nothing is written on error.
// The kernels are asynchronous; fence before reading z on the host. Callers reach these
// through rns/kernels.hpp (compiled once per space and precision).
#include <string>

#include "core/argument_checks.hpp"
#include "core/argument_range.hpp"
#include "core/kernel_arguments.hpp"
#include "core/error.hpp"
#include "rns/array_stages.hpp"

namespace kamp::rns {

namespace detail {

// The reference-BLAS vector checks shared with the BLAS layer (core/argument_checks.hpp).
template <int N, class MemorySpace>
void check_operand(const char* function, const char* name, const char* inc_name, std::int64_t n,
                   const mp_array<N, MemorySpace>& a, std::int64_t inc) {
  core::check_vector_length(function, name, inc_name, n, static_cast<std::int64_t>(a.size()), inc);
}

// The round stage's policy. Its rare path (round_in_full) needs far more registers than the
// short path, which would hold the whole kernel to a fraction of the GPU's threads although
// almost every element takes the short path; the bound trades spills on the rare path for
// several times the threads.
template <class ExecSpace>
using round_policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>, core::kernel_arguments,
                                         Kokkos::LaunchBounds<256, 4>>;

template <class ExecSpace, int N, class MemorySpace>
void launch_round(const std::string& label, const ExecSpace& exec, std::int64_t count,
                  const round_stage_kernel<N, MemorySpace>& kernel) {
  Kokkos::parallel_for(label, round_policy<ExecSpace>(exec, 0, count), kernel);
}

template <class ExecSpace, int N, class MemorySpace>
void add_or_sub(const char* name, bool negate, const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x,
                std::int64_t incx, const mp_array<N, MemorySpace>& y, std::int64_t incy,
                const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  const std::string fn = std::string("kamp::rns::") + name;
  require_argument(n >= 0, fn.c_str(), "n", n, "must be >= 0");
  check_operand(fn.c_str(), "x", "incx", n, x, incx);
  check_operand(fn.c_str(), "y", "incy", n, y, incy);
  check_operand(fn.c_str(), "z", "incz", n, z, incz);
  if (n == 0) return;
  const basis_constants<N>* b = basis<N>::template in<MemorySpace>();
  const operand<N, MemorySpace> sx{x, {incx, n}}, sy{y, {incy, n}}, sz{z, {incz, n}};
  Kokkos::parallel_for(fn + "::esi", core::range(exec, n), add_esi_stage<N, MemorySpace>{sx, sy, sz, negate, b});
  Kokkos::parallel_for(fn + "::digits", core::range(exec, n * N), add_digits_stage<N, MemorySpace>{sx, sy, sz, b});
  launch_round(fn + "::round", exec, n, round_stage_kernel<N, MemorySpace>{sz, true, b});
}

// The three kernels of a product z = x y (or alpha x when `scalar`) over `count` elements,
// labelled label::esi, label::digits, label::round.
template <class ExecSpace, int N, class MemorySpace, class XMap, class YMap>
void run_mul_stages(const std::string& label, const ExecSpace& exec, std::int64_t count, bool scalar,
                    const mp_float<N>& alpha, const operand<N, MemorySpace, XMap>& x,
                    const operand<N, MemorySpace, YMap>& y, const operand<N, MemorySpace>& z) {
  const basis_constants<N>* b = basis<N>::template in<MemorySpace>();
  Kokkos::parallel_for(label + "::esi", core::range(exec, count),
                       mul_esi_stage<N, MemorySpace, XMap, YMap>{x, y, z, scalar, alpha, b});
  using digits_stage = mul_digits_stage<N, MemorySpace, XMap, YMap>;
  Kokkos::parallel_for(label + "::digits", core::range(exec, digits_stage::threads(count)),
                       digits_stage{x, y, z, scalar, alpha, b});
  launch_round(label + "::round", exec, count, round_stage_kernel<N, MemorySpace>{z, false, b});
}

template <class ExecSpace, int N, class MemorySpace>
void product(const char* name, const ExecSpace& exec, std::int64_t n, bool scalar, const mp_float<N>& alpha,
             const mp_array<N, MemorySpace>& x, std::int64_t incx, const mp_array<N, MemorySpace>& y, std::int64_t incy,
             const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  const std::string fn = std::string("kamp::rns::") + name;
  require_argument(n >= 0, fn.c_str(), "n", n, "must be >= 0");
  check_operand(fn.c_str(), "x", "incx", n, x, incx);
  if (!scalar) check_operand(fn.c_str(), "y", "incy", n, y, incy);
  check_operand(fn.c_str(), "z", "incz", n, z, incz);
  if (n == 0) return;
  run_mul_stages(fn, exec, n, scalar, alpha, operand<N, MemorySpace>{x, {incx, n}},
                 operand<N, MemorySpace>{y, {incy, n}}, operand<N, MemorySpace>{z, {incz, n}});
}

}  // namespace detail

namespace impl {

template <class ExecSpace, int N, class MemorySpace>
void add(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
         const mp_array<N, MemorySpace>& y, std::int64_t incy, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  detail::add_or_sub("add", false, exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N, class MemorySpace>
void sub(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
         const mp_array<N, MemorySpace>& y, std::int64_t incy, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  detail::add_or_sub("sub", true, exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N, class MemorySpace>
void mul(const ExecSpace& exec, std::int64_t n, const mp_array<N, MemorySpace>& x, std::int64_t incx,
         const mp_array<N, MemorySpace>& y, std::int64_t incy, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  detail::product("mul", exec, n, false, mp_float<N>(), x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N, class MemorySpace>
void scale(const ExecSpace& exec, std::int64_t n, const mp_float<N>& alpha, const mp_array<N, MemorySpace>& x,
           std::int64_t incx, const mp_array<N, MemorySpace>& z, std::int64_t incz) {
  detail::product("scale", exec, n, true, alpha, x, incx, x, incx, z, incz);
}

}  // namespace impl
}  // namespace kamp::rns

#pragma once
// The definitions of rns::kernels (rns/kernels.hpp). Only the instantiation units CMake
// generates include this file: everything else calls the kernels compiled there.
#include "rns/array_of_mp_float.hpp"
#include "rns/array_ops.hpp"
#include "rns/kernels.hpp"
#include "rns/random_arrays.hpp"
#include "rns/rns_format.hpp"

namespace kamp::rns {

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::add(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                const array& y, std::int64_t incy, const array& z, std::int64_t incz) {
  impl::add(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::sub(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                const array& y, std::int64_t incy, const array& z, std::int64_t incz) {
  impl::sub(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::mul(const ExecSpace& exec, std::int64_t n, const array& x, std::int64_t incx,
                                const array& y, std::int64_t incy, const array& z, std::int64_t incz) {
  impl::mul(exec, n, x, incx, y, incy, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::scale(const ExecSpace& exec, std::int64_t n, const value& alpha, const array& x,
                                  std::int64_t incx, const array& z, std::int64_t incz) {
  impl::scale(exec, n, alpha, x, incx, z, incz);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::apply_per_thread(const ExecSpace& exec, elementwise op, const_structs x, const_structs y,
                                             structs z) {
  impl::apply_per_thread(exec, op, x, y, z);
}

template <class ExecSpace, int N>
void kernels<ExecSpace, N>::fill_random(const array& a, structs copy, std::uint64_t seed, std::int64_t stride,
                                        int bits) {
  impl::fill_random<ExecSpace>(a, copy, seed, stride, bits);
}

}  // namespace kamp::rns

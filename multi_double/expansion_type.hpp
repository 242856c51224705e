#pragma once
// expansion<N>: N doubles, largest first (N = 2..8); qd_real = expansion<4>, about 212 bits.
// The arithmetic is multi_double/expansion.hpp.
#include <Kokkos_Core.hpp>

#include <type_traits>

namespace kamp::multi_double {

template <int N>
struct expansion {
  static_assert(N >= 2 && N <= 8, "expansions have 2 to 8 components");
  static constexpr int size = N;
  // Invariant: |c[k+1]| <= ulp(c[k]) (so |c[k+1]| <= 2^-52 |c[k]|), a zero component is followed
  // only by zeros, c[0] is the value rounded to within ulp(c[0]), and |value| <= max(); NaN/Inf
  // live in c[0] with every other component 0.
  double c[N] = {};

  expansion() = default;
  constexpr KOKKOS_INLINE_FUNCTION expansion(double x) : c{x} {}  // NOLINT: implicit, exact

  KOKKOS_INLINE_FUNCTION double& operator[](int i) { return c[i]; }
  constexpr KOKKOS_INLINE_FUNCTION double operator[](int i) const { return c[i]; }

  // Volatile assignment for Kokkos 3.4's reducer joins; templates keep the type trivially copyable.
  template <class Other, std::enable_if_t<std::is_same<Other, expansion>::value, int> = 0>
  KOKKOS_INLINE_FUNCTION void operator=(const Other& other) volatile {
    for (int i = 0; i < N; ++i) c[i] = other.c[i];
  }
  template <class Other, std::enable_if_t<std::is_same<Other, expansion>::value, int> = 0>
  KOKKOS_INLINE_FUNCTION void operator=(const volatile Other& other) volatile {
    for (int i = 0; i < N; ++i) c[i] = other.c[i];
  }
};

using qd_real = expansion<4>;

static_assert(std::is_trivially_copyable<qd_real>::value, "expansions must be trivially copyable");

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> load(const volatile expansion<N>& x) {
  expansion<N> r;
  for (int i = 0; i < N; ++i) r.c[i] = x.c[i];
  return r;
}

}  // namespace kamp::multi_double

#pragma once
// expansion<N>: N doubles, largest first (N = 2..8); qd_real = expansion<4>, about 212 bits.
//
// Algorithm (add, sub, mul): form every term of the exact result, accumulate them EXACTLY into a
// nonoverlapping expansion (exact_sum::grow, Shewchuk's Grow-Expansion), then extract N times
// the leading double of Shewchuk's Compress of what is left (exact_sum::extract).
//
// Proof sketch. Let T_0 = S be the exact accumulated value and T_k = T_{k-1} - r_k the exact
// remainder after the k-th output r_k. Compress gives |T_{k-1} - r_k| < ulp(r_k) <= 2^-52 |r_k|,
// and |r_k| <= |T_{k-1}| + ulp(r_k), so |T_k| < e |T_{k-1}| with e = 2^-52 / (1 - 2^-52): after N
// outputs |S - sum r_k| = |T_N| < e^N |S|. Since |T_k| < ulp(r_k), a power of two, and
// |r_{k+1}| - ulp(r_{k+1}) < |T_k|, r_{k+1} cannot exceed ulp(r_k): the outputs satisfy the
// representation invariant below. Add/sub: S is the exact result, so their relative error is
// < e^N <= 2^-52N (1 + 2^-49) for N <= 8.
// Mul: with |x_k| <= 2^-52k |x_0| (the invariant), the products x_i y_j with i + j = s are at
// most 2^-52s |x_0 y_0|. We keep the exact TwoProd pair for i + j <= N - 1, only the rounded
// product for i + j = N (N - 1 terms, error <= 2^-53 2^-52N |x_0 y_0| each) and drop i + j > N
// (N - 2 diagonals, at most N - 2 terms of <= 2^-52(N+1) |x_0 y_0| each, up to a factor
// 1 + 2^-50). With |x y| >= |x_0 y_0| (1 - 2^-51), the exact part S differs from x y by at most
// d = (1.5 N) 2^-52(N+1) relative, and |x y - result| <= d |x y| + e^N (1 + d) |x y|: the total is
// below 2^-52N (1 + 2^-46) for N <= 8.
// So u_N = 2^-52N (1 + 2^-46) (format_traits' unit_roundoff) bounds add, sub and mul.
//
// Why not the cheaper "output fl(e_top + e_second) and re-grow the error": a nonoverlapping
// expansion (Shewchuk's sense) does not keep the components below e_top under ulp(e_top): 1 and
// -(1 - 2^-53) are nonoverlapping, so e.g. {2^-60, -(1 - 2^-53), 1} has e_top + e_second = 2^-53
// exactly and leaves a remainder of 2^-7 relative; the outputs then lose the 2^-52 spacing and
// the error is no longer e^N. Compress is what makes the leading component accurate.
//
// Conditions: no overflow and no underflow: the TwoProd errors are exact only for |x_i y_j| >=
// 2^-969, so the mul bound needs |x_0 y_0| >= 2^(52N - 969); add/sub need no component below
// 2^-1022 + 52. Special values are IEEE-like on the leading component: when the plain leading
// operation (x_0 op y_0) is not finite it is the result (other components 0), an overflow inside
// gives +-Inf, an exact zero is +0 (or -0 as IEEE gives it for x_0 op y_0).
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

#include "dd/exact_sum.hpp"

namespace kamp::dd {

template <int N>
struct expansion {
  static_assert(N >= 2 && N <= 8, "expansions have 2 to 8 components");
  static constexpr int size = N;
  // Invariant: |c[k+1]| <= ulp(c[k]) (so |c[k+1]| <= 2^-52 |c[k]|), a zero component is followed
  // only by zeros, and c[0] is the value rounded to within ulp(c[0]); NaN/Inf live in c[0].
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

namespace detail {

// The N leading doubles of an exact sum; `lead` is the plain leading operation, which decides
// special values and the sign of zero.
template <int N, int Capacity>
KOKKOS_INLINE_FUNCTION expansion<N> round_to_expansion(exact_sum<Capacity>& s, double lead) {
  expansion<N> r;
  for (int k = 0; k < N; ++k) r.c[k] = s.extract();
  if (!std::isfinite(r.c[0])) return expansion<N>(std::copysign(HUGE_VAL, lead));  // overflow
  if (r.c[0] == 0) r.c[0] = lead == 0 ? lead : 0.0;
  return r;
}

}  // namespace detail

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> add(const expansion<N>& x, const expansion<N>& y) {
  const double lead = core::add_rn(x.c[0], y.c[0]);
  if (!std::isfinite(lead)) return expansion<N>(lead);
  detail::exact_sum<2 * N> s;
  for (int k = N - 1; k >= 0; --k) {  // smallest first: fewer components to carry while growing
    s.grow(x.c[k]);
    s.grow(y.c[k]);
  }
  return detail::round_to_expansion<N>(s, lead);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator-(const expansion<N>& x) {
  expansion<N> r;
  for (int k = 0; k < N; ++k) r.c[k] = -x.c[k];
  return r;
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> sub(const expansion<N>& x, const expansion<N>& y) {
  return add(x, -y);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> mul(const expansion<N>& x, const expansion<N>& y) {
  const double lead = core::mul_rn(x.c[0], y.c[0]);
  if (!std::isfinite(lead)) return expansion<N>(lead);
  // N(N+1) exact TwoProd terms (i + j <= N - 1) and N - 1 rounded ones (i + j = N).
  detail::exact_sum<N * (N + 1) + N - 1> s;
  for (int d = N; d >= 0; --d) {  // smallest diagonal first
    for (int i = (d == N ? 1 : 0); i <= d && i < N; ++i) {
      const int j = d - i;
      if (j >= N) continue;
      if (d == N) {
        s.grow(core::mul_rn(x.c[i], y.c[j]));
      } else {
        double e = 0;
        const double p = core::two_prod(x.c[i], y.c[j], e);
        s.grow(e);
        s.grow(p);
      }
    }
  }
  return detail::round_to_expansion<N>(s, lead);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> abs(const expansion<N>& x) {
  return x.c[0] < 0 ? -x : x;
}

template <int N>
KOKKOS_INLINE_FUNCTION double to_double(const expansion<N>& x) {
  return x.c[0];
}

// Exact three-way comparison: the sign of the exact x - y (0 when equal, 2 when unordered).
// Expansions are not unique (c[0] is only within ulp(c[0]) of the value), so comparing
// components lexicographically would be wrong.
template <int N>
KOKKOS_INLINE_FUNCTION int compare(const expansion<N>& x, const expansion<N>& y) {
  if (std::isnan(x.c[0]) || std::isnan(y.c[0])) return 2;
  if (!std::isfinite(x.c[0]) || !std::isfinite(y.c[0])) {
    return x.c[0] < y.c[0] ? -1 : (x.c[0] > y.c[0] ? 1 : 0);
  }
  detail::exact_sum<2 * N> s;
  for (int k = N - 1; k >= 0; --k) {
    s.grow(x.c[k]);
    s.grow(-y.c[k]);
  }
  return s.sign();
}

template <int N>
KOKKOS_INLINE_FUNCTION bool operator==(const expansion<N>& a, const expansion<N>& b) { return compare(a, b) == 0; }
template <int N>
KOKKOS_INLINE_FUNCTION bool operator!=(const expansion<N>& a, const expansion<N>& b) { return compare(a, b) != 0; }
template <int N>
KOKKOS_INLINE_FUNCTION bool operator<(const expansion<N>& a, const expansion<N>& b) { return compare(a, b) == -1; }
template <int N>
KOKKOS_INLINE_FUNCTION bool operator>(const expansion<N>& a, const expansion<N>& b) { return compare(a, b) == 1; }
template <int N>
KOKKOS_INLINE_FUNCTION bool operator<=(const expansion<N>& a, const expansion<N>& b) {
  const int c = compare(a, b);
  return c == -1 || c == 0;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator>=(const expansion<N>& a, const expansion<N>& b) {
  const int c = compare(a, b);
  return c == 1 || c == 0;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator<(const volatile expansion<N>& a, const volatile expansion<N>& b) {
  return load(a) < load(b);
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator>(const volatile expansion<N>& a, const volatile expansion<N>& b) {
  return load(a) > load(b);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator+(const expansion<N>& a, const expansion<N>& b) { return add(a, b); }
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator-(const expansion<N>& a, const expansion<N>& b) { return sub(a, b); }
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator*(const expansion<N>& a, const expansion<N>& b) { return mul(a, b); }
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N>& operator+=(expansion<N>& a, const expansion<N>& b) { return a = add(a, b); }
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N>& operator*=(expansion<N>& a, const expansion<N>& b) { return a = mul(a, b); }
template <int N>
KOKKOS_INLINE_FUNCTION void operator+=(volatile expansion<N>& a, const volatile expansion<N>& b) { a = add(load(a), load(b)); }
template <int N>
KOKKOS_INLINE_FUNCTION void operator*=(volatile expansion<N>& a, const volatile expansion<N>& b) { a = mul(load(a), load(b)); }

}  // namespace kamp::dd

#pragma once
// dd_real: a double-double (double-word) number, the unevaluated sum hi + lo of two doubles.
// This file holds the representation, comparisons and the volatile overloads Kokkos 3.4's
// reducers need; the arithmetic is in multi_double/dd_arithmetic.hpp, the limits in
// multi_double/dd_limits.hpp. Host and device: every member is KOKKOS_INLINE_FUNCTION and the type
// is trivially copyable.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <type_traits>

namespace kamp::multi_double {

struct dd_real {
  // Invariant: hi = fl(hi + lo) and |lo| <= ulp(hi)/2 (round to nearest, ties to even), so hi is
  // the double nearest the value; NaN and +-Inf live in hi with lo = 0.
  double hi = 0.0;
  double lo = 0.0;

  dd_real() = default;
  // Exact; one constructor per source type so nothing narrows.
  constexpr KOKKOS_INLINE_FUNCTION dd_real(double x) : hi(x), lo(0.0) {}  // NOLINT: implicit, exact
  // The caller guarantees the invariant (results of error-free transformations do).
  constexpr KOKKOS_INLINE_FUNCTION dd_real(double h, double l) : hi(h), lo(l) {}

  // Kokkos 3.4's built-in reducers join through volatile references. These are templates so
  // that they are not copy operations and the type stays trivially copyable.
  template <class Other, std::enable_if_t<std::is_same<Other, dd_real>::value, int> = 0>
  KOKKOS_INLINE_FUNCTION void operator=(const volatile Other& other) volatile {
    hi = other.hi;
    lo = other.lo;
  }
  template <class Other, std::enable_if_t<std::is_same<Other, dd_real>::value, int> = 0>
  KOKKOS_INLINE_FUNCTION void operator=(const Other& other) volatile {
    hi = other.hi;
    lo = other.lo;
  }
};

static_assert(std::is_trivially_copyable<dd_real>::value, "dd_real must be trivially copyable");
static_assert(sizeof(dd_real) == 2 * sizeof(double), "dd_real is two doubles");

// A non-volatile copy of a volatile dd_real (reducer joins).
KOKKOS_INLINE_FUNCTION dd_real load(const volatile dd_real& x) { return dd_real(x.hi, x.lo); }

KOKKOS_INLINE_FUNCTION double to_double(const dd_real& x) { return x.hi; }
KOKKOS_INLINE_FUNCTION bool isfinite(const dd_real& x) { return std::isfinite(x.hi); }
KOKKOS_INLINE_FUNCTION bool isnan(const dd_real& x) { return std::isnan(x.hi); }
KOKKOS_INLINE_FUNCTION bool isinf(const dd_real& x) { return std::isinf(x.hi); }

KOKKOS_INLINE_FUNCTION dd_real operator-(const dd_real& x) { return dd_real(-x.hi, -x.lo); }
KOKKOS_INLINE_FUNCTION dd_real abs(const dd_real& x) { return x.hi < 0 ? -x : x; }

// Comparisons are exact: by the invariant, hi orders the values unless the his are equal, and
// then lo decides. NaN compares unordered through hi.
KOKKOS_INLINE_FUNCTION bool operator==(const dd_real& a, const dd_real& b) { return a.hi == b.hi && a.lo == b.lo; }
KOKKOS_INLINE_FUNCTION bool operator!=(const dd_real& a, const dd_real& b) { return !(a == b); }
KOKKOS_INLINE_FUNCTION bool operator<(const dd_real& a, const dd_real& b) {
  return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}
KOKKOS_INLINE_FUNCTION bool operator>(const dd_real& a, const dd_real& b) { return b < a; }
KOKKOS_INLINE_FUNCTION bool operator<=(const dd_real& a, const dd_real& b) {
  return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo);
}
KOKKOS_INLINE_FUNCTION bool operator>=(const dd_real& a, const dd_real& b) { return b <= a; }

// Volatile comparisons for Kokkos::Min / Kokkos::Max joins.
KOKKOS_INLINE_FUNCTION bool operator<(const volatile dd_real& a, const volatile dd_real& b) {
  return load(a) < load(b);
}
KOKKOS_INLINE_FUNCTION bool operator>(const volatile dd_real& a, const volatile dd_real& b) {
  return load(a) > load(b);
}

}  // namespace kamp::multi_double

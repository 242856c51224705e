#pragma once
// format_traits<double>: plain IEEE binary64 as a format, the baseline of every comparison.
// u = 2^-53 (round to nearest); fma is the hardware fused multiply-add, one rounding, which is
// within the contract's two. Device arithmetic through core/rounding.hpp so nothing is contracted.
#include <mpfr.h>

#include <string>

#include "core/error.hpp"
#include "core/mpfr_value.hpp"
#include "core/rounding.hpp"
#include "formats/format_traits.hpp"
#include "formats/value_array.hpp"

namespace kamp {

template <>
struct format_traits<double> {
  using value_type = double;
  template <class MemorySpace>
  using array_type = value_array<double, double, MemorySpace>;
  using context_type = no_context;
  template <class MemorySpace>
  static context_type context() {
    return {};
  }
  KOKKOS_INLINE_FUNCTION static double zero() { return 0.0; }
  KOKKOS_INLINE_FUNCTION static double from_double(const context_type&, double x) { return x; }
  KOKKOS_INLINE_FUNCTION static double to_double(const context_type&, double x) { return x; }
  KOKKOS_INLINE_FUNCTION static double add(const context_type&, double a, double b) { return core::add_rn(a, b); }
  KOKKOS_INLINE_FUNCTION static double sub(const context_type&, double a, double b) { return core::sub_rn(a, b); }
  KOKKOS_INLINE_FUNCTION static double mul(const context_type&, double a, double b) { return core::mul_rn(a, b); }
  KOKKOS_INLINE_FUNCTION static double fma(const context_type&, double a, double b, double c) {
    return core::fma_rn(a, b, c);
  }
  KOKKOS_INLINE_FUNCTION static double abs(const context_type&, double a) { return a < 0 ? -a : a; }
  static double from_mpfr(mpfr_srcptr x) { return mpfr_get_d(x, MPFR_RNDN); }
  static core::mpfr_value to_mpfr(double x) { return core::mpfr_value(x, 53); }
  static double from_string(const std::string& text) { return core::nearest_double(text); }
  static std::string to_string(double x) { return core::mpfr_value(x, 53).to_string(17); }
  static std::string invariant_violation(double) { return ""; }  // every bit pattern is a double
  static core::mpfr_value unit_roundoff() {
    core::mpfr_value u(1.0, 53);
    mpfr_mul_2si(u.get(), u.get(), -53, MPFR_RNDN);
    return u;
  }
  static constexpr int precision = 53;
  static std::string name() { return "double"; }
};

}  // namespace kamp

#pragma once
// Host-side questions about a value of any format, answered exactly (through MPFR, unless the
// format answers itself): the BLAS layer asks them once per call (alpha == 0? beta == 1?) to
// take reference-BLAS quick returns.
#include <mpfr.h>

#include <type_traits>
#include <utility>

#include "formats/format_traits.hpp"

namespace kamp {

template <class Format, class = void>
struct has_exact_zero_test : std::false_type {};
template <class Format>
struct has_exact_zero_test<
    Format, std::void_t<decltype(format_traits<Format>::is_zero(std::declval<const value_type_t<Format>&>()))>>
    : std::true_type {};

// True when v is exactly d (false for NaN). Every GEMV and GEMM asks whether alpha is zero
// before its first kernel can start; a format with an exact zero test answers that without
// the conversion to MPFR, whose cost on the host grows with the precision (RNS's above all).
template <class Format>
bool equals_double(const value_type_t<Format>& v, double d) {
  if constexpr (has_exact_zero_test<Format>::value) {
    if (d == 0.0) return format_traits<Format>::is_zero(v);
  }
  const auto exact = format_traits<Format>::to_mpfr(v);
  return !mpfr_nan_p(exact.get()) && mpfr_cmp_d(exact.get(), d) == 0;
}

}  // namespace kamp

#pragma once
// Host-side questions about a value of any format, answered exactly through MPFR: the BLAS
// layer asks them once per call (alpha == 0? beta == 1?) to take reference-BLAS quick returns.
#include <mpfr.h>

#include "formats/format_traits.hpp"

namespace kamp {

// True when v is exactly d (false for NaN).
template <class Format>
bool equals_double(const value_type_t<Format>& v, double d) {
  const auto exact = format_traits<Format>::to_mpfr(v);
  return !mpfr_nan_p(exact.get()) && mpfr_cmp_d(exact.get(), d) == 0;
}

}  // namespace kamp

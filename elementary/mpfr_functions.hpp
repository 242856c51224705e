#pragma once
// The elementary functions' references: MPFR's correctly rounded functions by function_id (host).
#include <mpfr.h>

#include "elementary/function_id.hpp"

namespace kamp::elementary {

// r <- f(x), correctly rounded to r's precision.
inline void mpfr_evaluate(function_id f, mpfr_ptr r, mpfr_srcptr x) {
  switch (f) {
    case function_id::exp:
      mpfr_exp(r, x, MPFR_RNDN);
      break;
    case function_id::expm1:
      mpfr_expm1(r, x, MPFR_RNDN);
      break;
    case function_id::log:
      mpfr_log(r, x, MPFR_RNDN);
      break;
    case function_id::log1p:
      mpfr_log1p(r, x, MPFR_RNDN);
      break;
    case function_id::log2:
      mpfr_log2(r, x, MPFR_RNDN);
      break;
    case function_id::log10:
      mpfr_log10(r, x, MPFR_RNDN);
      break;
    case function_id::cbrt:
      mpfr_cbrt(r, x, MPFR_RNDN);
      break;
    case function_id::sin:
      mpfr_sin(r, x, MPFR_RNDN);
      break;
    case function_id::cos:
      mpfr_cos(r, x, MPFR_RNDN);
      break;
    case function_id::tan:
      mpfr_tan(r, x, MPFR_RNDN);
      break;
    case function_id::asin:
      mpfr_asin(r, x, MPFR_RNDN);
      break;
    case function_id::acos:
      mpfr_acos(r, x, MPFR_RNDN);
      break;
    case function_id::atan:
      mpfr_atan(r, x, MPFR_RNDN);
      break;
    case function_id::sinh:
      mpfr_sinh(r, x, MPFR_RNDN);
      break;
    case function_id::cosh:
      mpfr_cosh(r, x, MPFR_RNDN);
      break;
    case function_id::tanh:
      mpfr_tanh(r, x, MPFR_RNDN);
      break;
    case function_id::asinh:
      mpfr_asinh(r, x, MPFR_RNDN);
      break;
    case function_id::acosh:
      mpfr_acosh(r, x, MPFR_RNDN);
      break;
    default:
      mpfr_atanh(r, x, MPFR_RNDN);
  }
}

}  // namespace kamp::elementary

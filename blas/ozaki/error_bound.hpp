#pragma once
// The error bound of the Ozaki scheme II GEMM, in MPFR, rounded up.
//
// Each element of op(A) and op(B) is held as an integer of its vector's scale with relative
// error at most eta = 2^-bits (1 + r), r the format's rounding_excess (value_format.hpp): the
// vector's exponent spread D is added to its bits, so even its smallest nonzero element keeps
// `bits` bits (its scaled magnitude is at least 2^(bits - 1), and its integer errs by at most
// (1/2)(1 + r)). The integer products are summed exactly (residue GEMMs and the Chinese remainder
// theorem) and the sum is rounded to the format with relative error u_c (its conversion_unit).
// So
//   |P~ - op(A) op(B)| <= phi (|op(A)| |op(B)|),   phi = 2 eta + eta^2 + u_c (1 + eta)^2,
// componentwise, whatever k is. Then C <- alpha P~ + beta C in the format's arithmetic (mul and
// add each within u, its unit roundoff):
//   |C~ - C| <= (phi (1 + u)^2 + gamma_2) |alpha| (|op(A)| |op(B)|) + gamma_2 |beta| |C|.
// With the default bits (53 for double, 104 for dd_real, 52N for expansion<N>) and u_c <= u (1 +
// 2^-52), phi (1 + u)^2 + gamma_2 < gamma_5 <= gamma_{k+2} for k >= 3: within the FMA kernel's
// bound (blas/generic/gemm_kernels.hpp).
//
// Normwise (options::bound, gemm_plan.hpp): each vector is scaled by its largest binade alone, so
// an element's integer errs by eta 2^top absolutely, 2^top its vector's largest binade, which
// exceeds the vector's largest magnitude by less than 2^-52 relative (a multi-double's leading
// component may round its value up; an RNS binade is exact). With eta' = eta (1 + 2^-52) the same
// steps, |a_ih| + eta' max|a_i| <= (1 + eta') max|a_i|, give
//   |P~ - op(A) op(B)| <= phi' k max_h |op(A)_ih| max_h |op(B)_hj|,
// phi' as phi with eta' for eta, and C~ as above with that magnitude for (|op(A)| |op(B)|).
#include "blas/ozaki/value_format.hpp"
#include "core/mpfr_value.hpp"
#include "multi_double/dd_format.hpp"

namespace kamp::blas::ozaki {

// The factors for a format of unit roundoff u whose integers err by (1/2)(1 + rounding_excess)
// and whose rounding of an integer errs by conversion_factor 2^conversion_exponent.
core::mpfr_value product_factor(int bits, double rounding_excess, double conversion_factor, int conversion_exponent,
                                const core::mpfr_value& u);
core::mpfr_value beta_factor(const core::mpfr_value& u);

// The factor of |alpha| (|op(A)| |op(B)|).
template <class Value = multi_double::dd_real>
core::mpfr_value product_factor(int bits) {
  using f = scheme_format<Value>;
  return product_factor(bits, f::rounding_excess, f::conversion_factor, f::conversion_exponent,
                        format_traits<Value>::unit_roundoff());
}

// The factor of |alpha| k max_h |op(A)_ih| max_h |op(B)_hj| of the normwise scheme: eta (1 + 2^-52)
// <= 2^-bits (1 + r + 2^-51) for r <= 1.
template <class Value = multi_double::dd_real>
core::mpfr_value normwise_product_factor(int bits) {
  using f = scheme_format<Value>;
  return product_factor(bits, f::rounding_excess + 0x1p-51, f::conversion_factor, f::conversion_exponent,
                        format_traits<Value>::unit_roundoff());
}

// The factor of |beta| |C|.
template <class Value = multi_double::dd_real>
core::mpfr_value beta_factor() {
  return beta_factor(format_traits<Value>::unit_roundoff());
}

}  // namespace kamp::blas::ozaki

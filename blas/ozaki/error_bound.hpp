#pragma once
// The error bound of the Ozaki scheme II double-double GEMM, in MPFR, rounded up.
//
// Each element of op(A) and op(B) is held as an integer of its vector's scale with relative
// error at most eta = 2^-bits (1 + 2^-51): the vector's exponent spread D is added to its bits,
// so even its smallest nonzero element keeps `bits` bits (residues.hpp: the rounding errs by
// 1/2 + 2^-53 at most, and an element's scaled magnitude is at least 2^(bits - 1)). The integer
// products are summed exactly (residue GEMMs and the Chinese remainder theorem) and the sum is
// rounded to a double-double with relative error u_c = 2^-105 (1 + 2^-53) (crt_words.hpp). So
//   |P~ - op(A) op(B)| <= phi (|op(A)| |op(B)|),   phi = 2 eta + eta^2 + u_c (1 + eta)^2,
// componentwise, whatever k is. Then C <- alpha P~ + beta C in dd arithmetic (mul and add each
// within u = 5 2^-106, the dd format's unit roundoff):
//   |C~ - C| <= (phi (1 + u)^2 + gamma_2) |alpha| (|op(A)| |op(B)|) + gamma_2 |beta| |C|.
// With bits = 104 (the default), phi (1 + u)^2 + gamma_2 < gamma_5 <= gamma_{k+2} for k >= 3:
// within the FMA kernel's bound (blas/generic/gemm_kernels.hpp).
#include "core/mpfr_value.hpp"

namespace kamp::blas::ozaki {

// The factor of |alpha| (|op(A)| |op(B)|).
core::mpfr_value product_factor(int bits);
// The factor of |beta| |C|.
core::mpfr_value beta_factor();

}  // namespace kamp::blas::ozaki

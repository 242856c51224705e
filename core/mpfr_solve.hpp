#pragma once
// The reference solution of a dense linear system in MPFR: Gaussian elimination with partial
// pivoting at `precision` bits, every operation rounded once to nearest. Its forward error is
// about cond(A) n 2^-precision, so at four times a format's precision it is exact for any test
// of that format up to condition numbers far beyond the double range. The trailing updates run
// in parallel with OpenMP (one column per iteration).
#include <cstddef>
#include <vector>

#include "core/mpfr_value.hpp"

namespace kamp::core {

// X with A X = B; A is n x n and B n x nrhs, both column-major with leading dimension n (their
// values are copied, so their precisions may differ from `precision`). Throws
// kamp::invalid_argument naming "a" or "b" when the sizes do not match, and "a" when a pivot is
// exactly zero (A is singular, or singular at this precision).
std::vector<mpfr_value> reference_solve(std::size_t n, std::size_t nrhs, const std::vector<mpfr_value>& a,
                                        const std::vector<mpfr_value>& b, mpfr_prec_t precision);

}  // namespace kamp::core

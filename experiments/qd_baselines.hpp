#pragma once
// The CPU baselines of Mukunoki and Takahashi: the QD library's dd_real and qd_real (Hida, Li, Bailey) with
// OpenMP over output elements, as the slides ran dd_real on the CPU. Each function converts
// kamp's values (Format: multi_double::dd_real or multi_double::qd_real) to QD's once, times the QD
// loop (median of `repetitions` after a warm-up) and returns milliseconds. The loops walk
// column-major memory in order (the best order for QD's scalar operators), so the baseline is not
// slowed by strided access. Built only when QD is found (KAMP_ENABLE_QD).
#include <cstdint>
#include <vector>

#include "elementary/function_id.hpp"
#include "multi_double/dd_real.hpp"
#include "multi_double/expansion_type.hpp"

namespace kamp::experiments::qd_baseline {

// y <- alpha x + y.
template <class Format>
double axpy_ms(const Format& alpha, const std::vector<Format>& x, const std::vector<Format>& y, int repetitions);
// y <- alpha op(A) x + beta y, A n x n column-major.
template <class Format>
double gemv_ms(char trans, std::int64_t n, const Format& alpha, const std::vector<Format>& A,
               const std::vector<Format>& x, const Format& beta, const std::vector<Format>& y, int repetitions);
// C <- alpha A B + beta C, all n x n column-major.
template <class Format>
double gemm_ms(std::int64_t n, const Format& alpha, const std::vector<Format>& A, const std::vector<Format>& B,
               const Format& beta, const std::vector<Format>& C, int repetitions);

// y_i <- f(x_i) for an elementary function QD has (exp, log, log10, sinh, cosh, tanh, asinh, acosh,
// atanh; not expm1, log1p, log2): returns the milliseconds and QD's results in `results` (rounded
// back to Format exactly), or -1 for a function QD lacks.
template <class Format>
double function_ms(elementary::function_id f, const std::vector<Format>& x, std::vector<Format>& results,
                   int repetitions);

}  // namespace kamp::experiments::qd_baseline

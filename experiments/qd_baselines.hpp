#pragma once
// The CPU double-double baseline of seed 002: the QD library's dd_real (Hida, Li, Bailey) with
// OpenMP over output elements, as the slides ran it on the CPU. Each function converts kamp's
// dd values to QD's once, times the QD loop (median of `repetitions` after a warm-up) and
// returns milliseconds. The loops walk column-major memory in order (the best order for QD's
// scalar operators), so the baseline is not slowed by strided access. Built only when QD is
// found (KAMP_ENABLE_QD).
#include <cstdint>
#include <vector>

#include "dd/dd_real.hpp"

namespace kamp::experiments::qd_baseline {

// y <- alpha x + y.
double axpy_ms(const dd::dd_real& alpha, const std::vector<dd::dd_real>& x, const std::vector<dd::dd_real>& y,
               int repetitions);
// y <- alpha op(A) x + beta y, A n x n column-major.
double gemv_ms(char trans, std::int64_t n, const dd::dd_real& alpha, const std::vector<dd::dd_real>& A,
               const std::vector<dd::dd_real>& x, const dd::dd_real& beta, const std::vector<dd::dd_real>& y,
               int repetitions);
// C <- alpha A B + beta C, all n x n column-major.
double gemm_ms(std::int64_t n, const dd::dd_real& alpha, const std::vector<dd::dd_real>& A,
               const std::vector<dd::dd_real>& B, const dd::dd_real& beta, const std::vector<dd::dd_real>& C,
               int repetitions);

}  // namespace kamp::experiments::qd_baseline

#pragma once
// C <- alpha op(A) op(B) + beta C for double, dd_real, expansion<N> (qd_real) and the RNS formats
// (rns::mp_float<N>) by the Ozaki scheme II (blas/ozaki/gemm_plan.hpp): the inputs scaled to
// integers, their residues multiplied exactly by one GEMM per residue plane (INT8 tensor cores on
// the GPU, OpenBLAS DGEMM on the host), the outputs rebuilt by the Chinese remainder theorem. The
// error bound is blas/ozaki/error_bound.hpp's; with the default bits (opts.bits = 0: 53 for
// double, 104 for dd_real, 52N for expansion<N>, the precision less one for RNS) it is within
// the FMA kernel's gamma_{k+2} (|alpha| |op(A)| |op(B)| + |beta| |C|) for k >= 3.
// Arguments as blas::gemm (the same checks and kamp::invalid_argument), opts.bits in [0, the
// format's max_bits] and the spread floors in [0, 2098].
// Where the scheme cannot cover the inputs at that accuracy (Inf or NaN, exponent spreads that
// need more moduli than there are, results near overflow or underflow, k beyond the exact
// accumulation depth, no residue GEMM for the execution space), the FMA kernel (blas::gemm)
// computes C, or with opts.on_uncovered = raise, kamp::invalid_argument names the operand and
// the reason before anything is written. The report says which ran, with how many moduli and in
// how many column blocks (a workspace that would not fit the device is split, blas/ozaki/gemm_plan.hpp;
// allocation_error only where not one block of the residue GEMM's alignment fits).
//
//   gemm_ozaki(exec, trans_a, trans_b, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, opts)
#include <memory>

#include "blas/gemm.hpp"
#include "blas/ozaki/gemm_plan.hpp"
#include "multi_double/dd_format.hpp"

namespace kamp::blas {

template <class ExecSpace, class Array, class Value = typename Array::format,
          std::enable_if_t<ozaki::scheme_format<Value>::supported, int> = 0>
ozaki::report gemm_ozaki(const ExecSpace& exec, char trans_a, char trans_b, std::int64_t m, std::int64_t n,
                         std::int64_t k, const Value& alpha, const Array& A, std::int64_t lda, const Array& B,
                         std::int64_t ldb, const Value& beta, const Array& C, std::int64_t ldc,
                         const ozaki::options& opts = {}, ozaki::gemm_plan<ExecSpace, Value>* plan = nullptr) {
  using MemorySpace = typename Array::memory_space;
  const char* fn = "kamp::blas::gemm_ozaki";
  const auto shape = core::check_gemm(fn, trans_a, trans_b, m, n, k, lda, static_cast<std::int64_t>(A.size()), ldb,
                                      static_cast<std::int64_t>(B.size()), ldc, static_cast<std::int64_t>(C.size()));
  constexpr int max_bits = ozaki::scheme_format<Value>::max_bits;
  require_argument(opts.bits >= 0 && opts.bits <= max_bits, fn, "opts.bits", opts.bits,
                   "must be in [0, " + std::to_string(max_bits) + "] (0: the format's default)");
  // (No spread of doubles exceeds 2098: a larger floor can only be a mistake.)
  require_argument(opts.least_spread_a >= 0 && opts.least_spread_a <= 2098, fn, "opts.least_spread_a",
                   opts.least_spread_a, "must be in [0, 2098]");
  require_argument(opts.least_spread_b >= 0 && opts.least_spread_b <= 2098, fn, "opts.least_spread_b",
                   opts.least_spread_b, "must be in [0, 2098]");
  require_space_memory<ExecSpace, MemorySpace>();
  ozaki::report out;
  auto fma_kernel = [&] { blas::gemm(exec, trans_a, trans_b, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); };
  const auto context = format_traits<Value>::template context<Kokkos::HostSpace>();
  const auto finite = [&](const Value& x) {
    return ozaki::scheme_format<Value>::binade(context, x) != ozaki::non_finite_binade;
  };
  const auto is_zero = [&](const Value& x) {
    return ozaki::scheme_format<Value>::binade(context, x) == ozaki::zero_binade;
  };
  if (m == 0 || n == 0 || k == 0 || is_zero(alpha) || !finite(alpha) || !finite(beta)) {
    out.reason = "nothing to multiply, or alpha or beta is not finite";
    fma_kernel();
    return out;
  }
  auto not_covered = [&](const std::string& reason) {
    require_argument(opts.on_uncovered == ozaki::uncovered::fma_kernel, fn, "A, B", reason,
                     "the Ozaki scheme cannot cover these operands at opts.bits = " + std::to_string(opts.bits) +
                         (opts.bits == 0 ? " (the format's default)" : ""));
    out.reason = reason;
    fma_kernel();
  };
  if constexpr (!ozaki::gemm_plan<ExecSpace, Value>::available) {
    not_covered(std::string("no residue GEMM for ") + ExecSpace::name());
    return out;
  } else {
    std::unique_ptr<ozaki::gemm_plan<ExecSpace, Value>> owned;
    if (plan == nullptr) {
      owned = std::make_unique<ozaki::gemm_plan<ExecSpace, Value>>();
      plan = owned.get();
    }
    out = plan->analyse(exec, shape.transposed_a, shape.transposed_b, m, n, k, A, lda, B, ldb, opts);
    if (!out.scheme) {
      not_covered(out.reason);
      return out;
    }
    out.column_blocks = plan->multiply(exec, alpha, beta, is_zero(beta), C, ldc);
    return out;
  }
}

}  // namespace kamp::blas

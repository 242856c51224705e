#pragma once
// The argument checks of the vendor double BLAS wrappers (OpenBLAS, cuBLAS), once for both:
// each returns the checked transposition flags before the vendor is called.
#include <utility>

#include "core/argument_checks.hpp"

namespace kamp::blas {

inline char check_vendor_gemv(const char* fn, char trans, int m, int n, int lda) {
  const char t = core::checked_trans(fn, "trans", trans);
  core::check_dimension(fn, "m", m);
  core::check_dimension(fn, "n", n);
  core::check_leading(fn, "lda", lda, m);
  return t;
}

inline std::pair<char, char> check_vendor_gemm(const char* fn, char trans_a, char trans_b, int m, int n, int k, int lda,
                                               int ldb, int ldc) {
  const char ta = core::checked_trans(fn, "trans_a", trans_a);
  const char tb = core::checked_trans(fn, "trans_b", trans_b);
  core::check_dimension(fn, "m", m);
  core::check_dimension(fn, "n", n);
  core::check_dimension(fn, "k", k);
  core::check_leading(fn, "lda", lda, ta == 'N' ? m : k);
  core::check_leading(fn, "ldb", ldb, tb == 'N' ? k : n);
  core::check_leading(fn, "ldc", ldc, m);
  return {ta, tb};
}

}  // namespace kamp::blas

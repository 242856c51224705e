#include <cblas.h>

#include "blas/ozaki/residue_products.hpp"

namespace kamp::blas::ozaki {

// One DGEMM per modulus: each is multi-threaded by OpenBLAS, and the moduli are few.
void openblas_residue_products::multiply(int count, int m, int n, int depth, const double* a, std::int64_t stride_a,
                                         const double* b, std::int64_t stride_b, double* c, int ldc,
                                         std::int64_t stride_c) {
  for (int l = 0; l < count; ++l)
    cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, m, n, depth, 1.0, a + l * stride_a, depth, b + l * stride_b,
                depth, 0.0, c + l * stride_c, ldc);
}

}  // namespace kamp::blas::ozaki

// The vendor double BLAS baselines (OpenBLAS, cuBLAS) against MPFR, with the classical
// floating-point bound |y - y*| <= gamma_k (|alpha||A||x| + |beta||y|) elementwise,
// gamma_k = k u / (1 - k u), k = n + 2; and their argument checks.
#include <cmath>

#include "blas/vendor_blas.hpp"
#include "core/error.hpp"
#include "core/mpfr_reference.hpp"
#include "core/random.hpp"
#include "tests/backends.hpp"

namespace {

using kamp::core::mpfr_value;

double gamma(int k) {
  const double u = 0x1.0p-53;
  return k * u / (1 - k * u);
}

template <class Space>
void check_gemv(char trans) {
  if constexpr (kamp::blas::vendor_double_blas<Space>::available) {
    using vendor = typename kamp::blas::vendor_double_blas<Space>::type;
    const int m = 70, n = 45, lda = 73;
    kamp::core::random_source rng(51);
    const auto a = rng.uniform_vector(std::size_t(lda) * n);
    const int xlen = trans == 'N' ? n : m, ylen = trans == 'N' ? m : n;
    const auto x = rng.uniform_vector(xlen), y0 = rng.uniform_vector(ylen);
    auto va = kamp::test::to_space<Space>(a, "a");
    auto vx = kamp::test::to_space<Space>(x, "x");
    auto vy = kamp::test::to_space<Space>(y0, "y");
    const double alpha = 0.7, beta = -1.3;
    vendor::gemv(trans, m, n, alpha, va.data(), lda, vx.data(), beta, vy.data());
    Kokkos::fence();
    const auto y = kamp::test::to_host(vy);
    const auto am = kamp::core::to_mpfr(a), xm = kamp::core::to_mpfr(x);
    auto ym = kamp::core::to_mpfr(y0);
    kamp::core::reference_gemv(trans, m, n, mpfr_value(alpha, 53), am.data(), lda, xm.data(), 1, mpfr_value(beta, 53),
                               ym.data(), 1, 200);
    for (int i = 0; i < ylen; ++i) {
      double magnitude = std::fabs(beta * y0[i]);
      for (int j = 0; j < xlen; ++j)
        magnitude += std::fabs(alpha * (trans == 'N' ? a[i + j * lda] : a[j + i * lda]) * x[j]);
      const double bound = gamma(xlen + 2) * magnitude * (1 + 1e-12);  // the magnitude itself was rounded
      const mpfr_value err = kamp::core::absolute_error(mpfr_value(y[i], 53), ym[i]);
      ASSERT_LE(err.to_double(MPFR_RNDU), bound) << "element " << i;
    }
  }
}

KAMP_BACKEND_TEST_SUITE(vendor_blas_test);

TYPED_TEST(vendor_blas_test, gemv_n_within_the_floating_point_bound) { check_gemv<TypeParam>('N'); }
TYPED_TEST(vendor_blas_test, gemv_t_within_the_floating_point_bound) { check_gemv<TypeParam>('T'); }

TYPED_TEST(vendor_blas_test, axpy_and_gemm_within_the_floating_point_bound) {
  if constexpr (kamp::blas::vendor_double_blas<TypeParam>::available) {
    using vendor = typename kamp::blas::vendor_double_blas<TypeParam>::type;
    kamp::core::random_source rng(52);
    const int n = 40;
    const auto a = rng.uniform_vector(n * n), b = rng.uniform_vector(n * n), c0 = rng.uniform_vector(n * n);
    auto va = kamp::test::to_space<TypeParam>(a, "a");
    auto vb = kamp::test::to_space<TypeParam>(b, "b");
    auto vc = kamp::test::to_space<TypeParam>(c0, "c");
    vendor::gemm('T', 'N', n, n, n, 1.0, va.data(), n, vb.data(), n, 1.0, vc.data(), n);
    vendor::axpy(n * n, 2.0, vb.data(), vc.data());  // then c += 2 b
    Kokkos::fence();
    const auto c = kamp::test::to_host(vc);
    const auto am = kamp::core::to_mpfr(a), bm = kamp::core::to_mpfr(b);
    auto cm = kamp::core::to_mpfr(c0);
    kamp::core::reference_gemm('T', 'N', n, n, n, mpfr_value(1.0, 53), am.data(), n, bm.data(), n, mpfr_value(1.0, 53),
                               cm.data(), n, 300);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        double magnitude = std::fabs(c0[i + j * n]) + 2 * std::fabs(b[i + j * n]);
        for (int l = 0; l < n; ++l) magnitude += std::fabs(a[l + i * n] * b[l + j * n]);
        mpfr_add_d(cm[i + j * n].get(), cm[i + j * n].get(), 2 * b[i + j * n], MPFR_RNDN);
        const double bound = gamma(n + 3) * magnitude * (1 + 1e-12);
        const mpfr_value err = kamp::core::absolute_error(mpfr_value(c[i + j * n], 53), cm[i + j * n]);
        ASSERT_LE(err.to_double(MPFR_RNDU), bound) << "C(" << i << "," << j << ")";
      }
  }
}

TYPED_TEST(vendor_blas_test, bad_arguments_are_rejected_before_any_work) {
  if constexpr (kamp::blas::vendor_double_blas<TypeParam>::available) {
    using vendor = typename kamp::blas::vendor_double_blas<TypeParam>::type;
    Kokkos::View<double*, typename TypeParam::memory_space> v("v", 16);
    EXPECT_THROW(vendor::gemv('C', 2, 2, 1.0, v.data(), 2, v.data(), 0.0, v.data()), kamp::invalid_argument);
    EXPECT_THROW(vendor::gemv('N', 4, 2, 1.0, v.data(), 3, v.data(), 0.0, v.data()), kamp::invalid_argument);
    EXPECT_THROW(vendor::gemm('N', 'N', 2, -1, 2, 1.0, v.data(), 2, v.data(), 2, 0.0, v.data(), 2),
                 kamp::invalid_argument);
    EXPECT_THROW(vendor::axpy(-3, 1.0, v.data(), v.data()), kamp::invalid_argument);
  }
}

}  // namespace

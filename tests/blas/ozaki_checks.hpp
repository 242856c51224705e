#pragma once
// The Ozaki scheme GEMM's checks shared by its format suites (test_gemm_ozaki.cpp: dd_real and
// qd_real; test_gemm_ozaki_rns.cpp: the RNS formats): problems stored with any trans and padded
// leading dimensions, one run of blas::gemm_ozaki returning C (its padding checked untouched),
// every output against the exact MPFR GEMM within the scheme's bound (blas/ozaki/error_bound.hpp),
// the reference backend's bits, and the FMA kernel's where the scheme declines.
#include <string>
#include <vector>

#include "blas/gemm_ozaki.hpp"
#include "blas/ozaki/error_bound.hpp"
#include "tests/blas/product_checks.hpp"

namespace kamp::test {

// A column-major op(X) (rows x cols) stored as X with X's leading dimension ld.
template <class F>
struct stored_matrix {
  std::vector<F> values;
  std::int64_t ld;
};

template <class F>
stored_matrix<F> store(const std::vector<F>& op, std::int64_t rows, std::int64_t cols, bool transposed,
                       std::int64_t pad) {
  const std::int64_t ld = (transposed ? cols : rows) + pad;
  stored_matrix<F> s{std::vector<F>(static_cast<std::size_t>(ld * (transposed ? rows : cols)), from_double<F>(0.0)),
                     ld};
  for (std::int64_t j = 0; j < cols; ++j)
    for (std::int64_t i = 0; i < rows; ++i)
      s.values[static_cast<std::size_t>(transposed ? j + i * ld : i + j * ld)] =
          op[static_cast<std::size_t>(i + j * rows)];
  return s;
}

template <class Space, class F>
array_t<F, typename Space::memory_space> on(const std::vector<F>& values, const char* label) {
  array_t<F, typename Space::memory_space> a(values.size(), label);
  copy_from_host(a, values);
  return a;
}

template <class F>
struct gemm_problem {
  std::int64_t m, n, k;
  std::vector<F> op_a, op_b, c;  // column-major op(A) m x k, op(B) k x n, C m x n
  F alpha, beta;
};

// Runs the scheme on the problem as stored with the given trans and returns C (m x n, ldc = m + 2,
// the padding rows checked untouched) and the report.
template <class Space, class F>
std::vector<F> run(const gemm_problem<F>& p, char ta, char tb, const blas::ozaki::options& opts,
                   blas::ozaki::report* report_out = nullptr) {
  const auto a = store(p.op_a, p.m, p.k, ta == 'T', 1), b = store(p.op_b, p.k, p.n, tb == 'T', 3);
  const std::int64_t ldc = p.m + 2;
  std::vector<F> c_stored(static_cast<std::size_t>(ldc * p.n), from_double<F>(7.0));
  for (std::int64_t j = 0; j < p.n; ++j)
    for (std::int64_t i = 0; i < p.m; ++i)
      c_stored[static_cast<std::size_t>(i + j * ldc)] = p.c[static_cast<std::size_t>(i + j * p.m)];
  const auto A = on<Space>(a.values, "A"), B = on<Space>(b.values, "B"), C = on<Space>(c_stored, "C");
  const auto report = blas::gemm_ozaki(Space(), ta, tb, p.m, p.n, p.k, p.alpha, A, a.ld, B, b.ld, p.beta, C, ldc, opts);
  Kokkos::fence();
  if (report_out) *report_out = report;
  const auto got = copy_to_host(C);
  std::vector<F> out;
  for (std::int64_t j = 0; j < p.n; ++j) {
    for (std::int64_t i = 0; i < p.m; ++i) out.push_back(got[static_cast<std::size_t>(i + j * ldc)]);
    for (std::int64_t i = p.m; i < ldc; ++i)
      EXPECT_TRUE(same_bits<F>(got[static_cast<std::size_t>(i + j * ldc)], from_double<F>(7.0)))
          << "padding row written";
  }
  return out;
}

// |alpha| k max_l |a_l| max_l |b_l|, the normwise scheme's magnitude.
inline mpfr_value normwise_magnitude(const mpfr_value& alpha, const std::vector<const mpfr_value*>& a,
                                     const std::vector<const mpfr_value*>& b, mpfr_prec_t precision) {
  mpfr_value largest_a(precision), largest_b(precision), t(precision);
  for (std::size_t l = 0; l < a.size(); ++l) {
    mpfr_abs(t.get(), a[l]->get(), MPFR_RNDU);
    mpfr_max(largest_a.get(), largest_a.get(), t.get(), MPFR_RNDU);
    mpfr_abs(t.get(), b[l]->get(), MPFR_RNDU);
    mpfr_max(largest_b.get(), largest_b.get(), t.get(), MPFR_RNDU);
  }
  mpfr_mul(t.get(), largest_a.get(), largest_b.get(), MPFR_RNDU);
  mpfr_mul_ui(t.get(), t.get(), static_cast<unsigned long>(a.size()), MPFR_RNDU);
  mpfr_mul(t.get(), t.get(), alpha.get(), MPFR_RNDU);
  mpfr_abs(t.get(), t.get(), MPFR_RNDU);
  return t;
}

// Every output within product_factor(bits) |alpha| (|op(A)| |op(B)|) + beta_factor |beta| |C| of
// the exact result (beta = 0: C not read); normwise, within normwise_product_factor(bits) |alpha|
// k max|op(A)_i| max|op(B)_j| + beta_factor |beta| |C|.
template <class F>
void expect_within_bound(const gemm_problem<F>& p, const std::vector<F>& got, int bits, const std::string& what,
                         blas::ozaki::accuracy bound = blas::ozaki::accuracy::componentwise) {
  const mpfr_prec_t precision = 4096;
  const auto Am = exact_values<F>(p.op_a), Bm = exact_values<F>(p.op_b), Cm = exact_values<F>(p.c);
  const mpfr_value alpha = format_traits<F>::to_mpfr(p.alpha), beta = format_traits<F>::to_mpfr(p.beta);
  const bool normwise = bound == blas::ozaki::accuracy::normwise;
  const mpfr_value fa = normwise ? blas::ozaki::normwise_product_factor<F>(bits) : blas::ozaki::product_factor<F>(bits);
  const mpfr_value fb = blas::ozaki::beta_factor<F>();
  const bool beta_zero = mpfr_zero_p(beta.get()) != 0;
  for (std::int64_t j = 0; j < p.n; ++j)
    for (std::int64_t i = 0; i < p.m; ++i) {
      mpfr_value exact(precision), t(precision), allowed(precision);
      std::vector<const mpfr_value*> row, col;
      for (std::int64_t l = 0; l < p.k; ++l) {
        row.push_back(&Am[static_cast<std::size_t>(i + l * p.m)]);
        col.push_back(&Bm[static_cast<std::size_t>(l + j * p.k)]);
        mpfr_mul(t.get(), row.back()->get(), col.back()->get(), MPFR_RNDN);
        mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      }
      mpfr_mul(exact.get(), exact.get(), alpha.get(), MPFR_RNDN);
      const std::size_t at = static_cast<std::size_t>(i + j * p.m);
      if (!beta_zero) {
        mpfr_mul(t.get(), beta.get(), Cm[at].get(), MPFR_RNDN);
        mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      }
      const mpfr_value products = normwise ? normwise_magnitude(alpha, row, col, precision)
                                           : magnitude(alpha, row, col, beta, nullptr, precision);
      mpfr_mul(allowed.get(), products.get(), fa.get(), MPFR_RNDU);
      if (!beta_zero) {
        mpfr_mul(t.get(), beta.get(), Cm[at].get(), MPFR_RNDU);
        mpfr_abs(t.get(), t.get(), MPFR_RNDU);
        mpfr_mul(t.get(), t.get(), fb.get(), MPFR_RNDU);
        mpfr_add(allowed.get(), allowed.get(), t.get(), MPFR_RNDU);
      }
      const mpfr_value one(1.0, 64);
      ASSERT_TRUE(within<F>(got[at], exact, one, allowed)) << what << " C(" << i << ", " << j << ")";
    }
}

template <class F>
gemm_problem<F> random_problem(std::uint64_t seed, std::int64_t m, std::int64_t n, std::int64_t k, int lo, int hi,
                               bool beta_zero) {
  core::random_source rng(seed);
  gemm_problem<F> p{m,
                    n,
                    k,
                    random_values<F>(rng, static_cast<std::size_t>(m * k), lo, hi),
                    random_values<F>(rng, static_cast<std::size_t>(k * n), lo, hi),
                    random_values<F>(rng, static_cast<std::size_t>(m * n), -2, 2),
                    random_value<F>(rng),
                    beta_zero ? from_double<F>(0.0) : random_value<F>(rng)};
  return p;
}

// Random operands in every trans combination, with and without beta: the scheme runs keeping
// `bits` bits (the format's default, as the caller expects it) plus each vector's spread, on wide
// moduli when `wide` says so, and every output is within the bound.
template <class Space, class F>
void expect_random_operands_within_the_bound(std::uint64_t seed, std::int64_t m, std::int64_t n, std::int64_t k,
                                             int bits, bool wide) {
  for (const char ta : {'N', 'T'})
    for (const char tb : {'N', 'T'})
      for (const bool beta_zero : {false, true}) {
        const auto p = random_problem<F>(seed++, m, n, k, -3, 3, beta_zero);
        blas::ozaki::report report;
        const auto got = run<Space>(p, ta, tb, {}, &report);
        ASSERT_TRUE(report.scheme) << report.reason;
        EXPECT_GT(report.moduli, 0);
        EXPECT_EQ(report.bits, bits);
        EXPECT_EQ(report.bits_a, bits + report.range_a);
        EXPECT_EQ(report.planes, blas::ozaki::planes_for(report.moduli));
        if (wide) EXPECT_GT(report.moduli, blas::ozaki::narrow_moduli) << "needs wide moduli";
        expect_within_bound(p, got, bits, std::string("random ") + ta + tb);
      }
}

// The scheme at `bits`, componentwise and normwise, on a problem whose vectors spread: normwise
// keeps bits_a = bits_b = bits (componentwise adds the spreads), takes fewer moduli, and every
// output is within the normwise bound. Returns normwise's report.
template <class Space, class F>
blas::ozaki::report expect_normwise_within_the_bound_on_fewer_moduli(const gemm_problem<F>& p, char ta, char tb,
                                                                     int bits) {
  blas::ozaki::options opts;
  opts.bits = bits;
  blas::ozaki::report componentwise, normwise;
  run<Space>(p, ta, tb, opts, &componentwise);
  opts.bound = blas::ozaki::accuracy::normwise;
  const auto got = run<Space>(p, ta, tb, opts, &normwise);
  EXPECT_TRUE(normwise.scheme && componentwise.scheme) << normwise.reason << componentwise.reason;
  EXPECT_EQ(normwise.bits_a, bits);
  EXPECT_EQ(normwise.bits_b, bits);
  EXPECT_EQ(componentwise.bits_a, bits + componentwise.range_a);
  EXPECT_LT(normwise.moduli, componentwise.moduli);
  if (normwise.scheme)
    expect_within_bound(p, got, bits, std::string("normwise ") + ta + tb, blas::ozaki::accuracy::normwise);
  return normwise;
}

// The scheme's arithmetic is exact up to the final rounding: the backend gives the reference
// backend's bits.
template <class Space, class F>
void expect_the_reference_backends_bits(const gemm_problem<F>& p) {
  const auto here = run<Space>(p, 'T', 'T', {});
  const auto serial = run<reference_space>(p, 'T', 'T', {});
  for (std::size_t e = 0; e < here.size(); ++e) ASSERT_TRUE(same_bits<F>(here[e], serial[e])) << "output " << e;
}

// Runs the scheme (with `asked`) and the FMA kernel on p: the scheme must decline (its reason
// containing `reason`, any when empty) and give the FMA kernel's bits; with on_uncovered = raise,
// kamp::invalid_argument naming "A, B" and C as it was.
template <class Space, class F>
void expect_fma_kernel(const gemm_problem<F>& p, const std::string& reason, const std::string& what,
                       const blas::ozaki::options& asked = {}) {
  blas::ozaki::report report;
  const auto got = run<Space>(p, 'N', 'N', asked, &report);
  EXPECT_FALSE(report.scheme) << what;
  EXPECT_FALSE(report.reason.empty()) << what;
  EXPECT_NE(report.reason.find(reason), std::string::npos) << what << ": " << report.reason;
  const auto a = store(p.op_a, p.m, p.k, false, 1), b = store(p.op_b, p.k, p.n, false, 3);
  const auto A = on<Space>(a.values, "A"), B = on<Space>(b.values, "B"), C = on<Space>(p.c, "C");
  blas::gemm(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, a.ld, B, b.ld, p.beta, C, p.m);
  Kokkos::fence();
  const auto want = copy_to_host(C);
  for (std::size_t e = 0; e < got.size(); ++e) EXPECT_TRUE(same_bits<F>(got[e], want[e])) << what << " output " << e;
  blas::ozaki::options opts = asked;
  opts.on_uncovered = blas::ozaki::uncovered::raise;
  const auto C2 = on<Space>(p.c, "C2");
  expect_invalid_argument("A, B", [&] {
    blas::gemm_ozaki(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, a.ld, B, b.ld, p.beta, C2, p.m, opts);
  });
  const auto untouched = copy_to_host(C2);
  for (std::size_t e = 0; e < untouched.size(); ++e)
    EXPECT_TRUE(same_bits<F>(untouched[e], p.c[e])) << what << ": raise wrote C";
}

}  // namespace kamp::test

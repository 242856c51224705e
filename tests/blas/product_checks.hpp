#pragma once
// GEMV and GEMM for one (format, backend) case against the exact MPFR result, each output
// within gamma_{k+2} (|alpha| |op(A)| |op(B)| + |beta| |C|) of it (Isupov and Knyazkov's eqs. (16)-(19)
// componentwise, k the inner dimension): every trans combination, leading dimensions larger
// than the rows, strided and reversed vectors; beta = 0 must not read y or C (they hold NaN)
// and alpha = 0 must not read A; argument errors named, nothing written.
#include <algorithm>
#include <limits>

#include "blas/generic/gemv_kernels.hpp"
#include "tests/blas/blas_checks.hpp"

namespace kamp::test {

// |alpha| sum_l |a_l b_l| + |beta| |c|, rounded up.
inline mpfr_value magnitude(const mpfr_value& alpha, const std::vector<const mpfr_value*>& a,
                            const std::vector<const mpfr_value*>& b, const mpfr_value& beta, const mpfr_value* c,
                            mpfr_prec_t bits) {
  mpfr_value sum(bits), t(bits);
  for (std::size_t l = 0; l < a.size(); ++l) {
    mpfr_mul(t.get(), a[l]->get(), b[l]->get(), MPFR_RNDU);
    mpfr_abs(t.get(), t.get(), MPFR_RNDU);
    mpfr_add(sum.get(), sum.get(), t.get(), MPFR_RNDU);
  }
  mpfr_mul(sum.get(), sum.get(), alpha.get(), MPFR_RNDU);
  mpfr_abs(sum.get(), sum.get(), MPFR_RNDU);
  if (c) {
    mpfr_mul(t.get(), beta.get(), c->get(), MPFR_RNDU);
    mpfr_abs(t.get(), t.get(), MPFR_RNDU);
    mpfr_add(sum.get(), sum.get(), t.get(), MPFR_RNDU);
  }
  return sum;
}

template <class Case>
void check_gemv(char trans, bool beta_zero) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t m = 37, n = 45, lda = m + 3, incx = 2, incy = -1;
  const bool t = trans == 'T';
  const std::int64_t xlen = t ? m : n, ylen = t ? n : m;
  core::random_source rng(111 + 2 * t + beta_zero);
  auto As = random_values<F>(rng, lda * n, -3, 3), xs = random_values<F>(rng, xlen * incx, -3, 3);
  auto ys = random_values<F>(rng, ylen);
  if (beta_zero) ys.assign(ylen, traits::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  const auto alpha = random_value<F>(rng), beta = beta_zero ? from_double<F>(0.0) : random_value<F>(rng);
  const auto A = stored<Case>(As, "A"), x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  blas::gemv(typename Case::space(), trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
  Kokkos::fence();
  const auto got = copy_to_host(y);
  const mpfr_prec_t bits = exact_bits<F>();
  const auto Am = exact_values<F>(As), xm = exact_values<F>(xs);
  auto ym = exact_values<F>(beta_zero ? std::vector<value_type_t<F>>(ylen, from_double<F>(0.0)) : ys);
  const mpfr_value a = traits::to_mpfr(alpha), b = traits::to_mpfr(beta);
  const auto y0 = ym;
  core::reference_gemv(trans, m, n, a, Am.data(), lda, xm.data(), incx, b, ym.data(), incy, bits);
  const mpfr_value gamma = core::product_error_factor(xlen, traits::unit_roundoff());
  for (std::int64_t out = 0; out < ylen; ++out) {
    const std::size_t at = static_cast<std::size_t>(ylen - 1 - out);  // incy = -1: stored backwards
    std::vector<const mpfr_value*> row, col;
    for (std::int64_t k = 0; k < xlen; ++k) {
      row.push_back(&Am[t ? k + out * lda : out + k * lda]);
      col.push_back(&xm[k * incx]);
    }
    const mpfr_value scale = magnitude(a, row, col, b, beta_zero ? nullptr : &y0[at], bits);
    ASSERT_TRUE(within<F>(got[at], ym[at], gamma, scale)) << "gemv " << trans << " y[" << out << "]";
  }
}

template <class Case>
void check_gemm(char trans_a, char trans_b, bool beta_zero) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t m = 19, n = 23, k = 37;
  const bool ta = trans_a == 'T', tb = trans_b == 'T';
  const std::int64_t lda = (ta ? k : m) + 2, ldb = (tb ? n : k) + 1, ldc = m + 3;
  core::random_source rng(131 + 4 * ta + 2 * tb + beta_zero);
  auto As = random_values<F>(rng, lda * (ta ? m : k), -3, 3), Bs = random_values<F>(rng, ldb * (tb ? k : n), -3, 3);
  auto Cs = random_values<F>(rng, ldc * n);
  if (beta_zero) Cs.assign(Cs.size(), traits::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  const auto alpha = random_value<F>(rng), beta = beta_zero ? from_double<F>(0.0) : random_value<F>(rng);
  const auto A = stored<Case>(As, "A"), B = stored<Case>(Bs, "B");
  auto C = stored<Case>(Cs, "C");
  blas::gemm(typename Case::space(), trans_a, trans_b, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  Kokkos::fence();
  const auto got = copy_to_host(C);
  const mpfr_prec_t bits = exact_bits<F>();
  const auto Am = exact_values<F>(As), Bm = exact_values<F>(Bs);
  auto Cm = exact_values<F>(beta_zero ? std::vector<value_type_t<F>>(Cs.size(), from_double<F>(0.0)) : Cs);
  const auto C0 = Cm;
  const mpfr_value a = traits::to_mpfr(alpha), b = traits::to_mpfr(beta);
  core::reference_gemm(trans_a, trans_b, m, n, k, a, Am.data(), lda, Bm.data(), ldb, b, Cm.data(), ldc, bits);
  const mpfr_value gamma = core::product_error_factor(k, traits::unit_roundoff());
  for (std::int64_t j = 0; j < n; ++j) {
    for (std::int64_t i = 0; i < m; ++i) {
      std::vector<const mpfr_value*> row, col;
      for (std::int64_t l = 0; l < k; ++l) {
        row.push_back(&Am[ta ? l + i * lda : i + l * lda]);
        col.push_back(&Bm[tb ? j + l * ldb : l + j * ldb]);
      }
      const std::size_t at = static_cast<std::size_t>(i + j * ldc);
      const mpfr_value scale = magnitude(a, row, col, b, beta_zero ? nullptr : &C0[at], bits);
      ASSERT_TRUE(within<F>(got[at], Cm[at], gamma, scale))
          << "gemm " << trans_a << trans_b << " C(" << i << ", " << j << ")";
    }
    for (std::int64_t i = m; i < ldc && !beta_zero; ++i)  // the padding rows are not C's
      ASSERT_TRUE(same_bits<F>(got[i + j * ldc], Cs[i + j * ldc])) << "gemm wrote padding row " << i;
  }
}

// A kernel's chain over the terms a(l) b(l), l = from, from + step, ... before to: dot_chain (a
// level sum renormalised after each full segment that more terms follow, or chain_fma), redone as
// a chain of fma where its result is not finite.
template <class F, class TermA, class TermB>
value_type_t<F> kernel_chain(const context_t<F>& context, const TermA& a, const TermB& b, std::int64_t from,
                             std::int64_t to, std::int64_t step) {
  using traits = format_traits<F>;
  using dot = blas::generic::dot_chain<F>;
  auto acc = dot::start(traits::zero());
  std::int64_t count = 0;
  for (std::int64_t l = from; l < to; l += step, ++count) {
    if (count > 0 && count % dot::segment == 0) acc = dot::renormalise(acc);
    acc = dot::add(context, acc, a(l), b(l));
  }
  value_type_t<F> s = dot::result(acc);
  if (!dot::needs_recompute(context, s)) return s;
  s = traits::zero();
  for (std::int64_t l = from; l < to; l += step) s = traits::fma(context, a(l), b(l), s);
  return s;
}

// Operands that take the exits of the special-value tests (zero sums of either sign, exact
// cancellation, Inf, NaN, overflow, products in the subnormal range) beside ordinary ones: every
// output has the bits of its chain over l in order (kernel_chain: for the expansions a level sum,
// renormalised within k = 40 from expansion<5> on, redone with fma where not finite) and alpha s +
// beta C_ij formed as the kernels' contract states (NaN only where the chain is NaN).
template <class Case>
void check_gemm_special_values(char trans_a, char trans_b) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using value = value_type_t<F>;
  const std::int64_t m = 7, n = 5, k = 40;
  const auto context = traits::template context<Kokkos::HostSpace>();
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  core::random_source rng(171);
  std::vector<value> opA(m * k), opB(k * n);  // column-major op(A) and op(B)
  for (std::int64_t l = 0; l < k; ++l) {
    opA[0 + l * m] = from_double<F>(-0.0);                                      // a zero row
    opA[1 + l * m] = from_double<F>(l < k / 2 ? l + 1.0 : -(l - k / 2 + 1.0));  // cancels exactly
    opA[2 + l * m] = l == 3 ? from_double<F>(inf) : random_value<F>(rng);
    opA[3 + l * m] = l == 17 ? from_double<F>(nan) : random_value<F>(rng);
    opA[4 + l * m] = random_value<F>(rng, 1000, 1010);  // overflows against column 2
    opA[5 + l * m] = random_value<F>(rng, -540, -535);  // subnormal products with column 3
    opA[6 + l * m] = random_value<F>(rng, -2, 2);
    opB[l + 0 * k] = from_double<F>(1.0);
    opB[l + 1 * k] = random_value<F>(rng, -2, 2);
    opB[l + 2 * k] = random_value<F>(rng, 30, 40);
    opB[l + 3 * k] = random_value<F>(rng, -535, -530);
    opB[l + 4 * k] = from_double<F>(l % 2 ? 0.0 : -0.0);
  }
  const bool ta = trans_a == 'T', tb = trans_b == 'T';
  const std::int64_t lda = ta ? k : m, ldb = tb ? n : k;
  std::vector<value> As(m * k), Bs(k * n), Cs = random_values<F>(rng, m * n);
  for (std::int64_t l = 0; l < k; ++l) {
    for (std::int64_t i = 0; i < m; ++i) As[ta ? l + i * lda : i + l * lda] = opA[i + l * m];
    for (std::int64_t j = 0; j < n; ++j) Bs[tb ? j + l * ldb : l + j * ldb] = opB[l + j * k];
  }
  const auto A = stored<Case>(As, "A"), B = stored<Case>(Bs, "B");
  auto C = stored<Case>(Cs, "C");
  const value alpha = random_value<F>(rng), beta = random_value<F>(rng);
  blas::gemm(typename Case::space(), trans_a, trans_b, m, n, k, alpha, A, lda, B, ldb, beta, C, m);
  Kokkos::fence();
  const auto got = copy_to_host(C);
  std::vector<value> want(m * n);
  for (std::int64_t j = 0; j < n; ++j)
    for (std::int64_t i = 0; i < m; ++i) {
      const auto a = [&](std::int64_t l) { return As[ta ? l + i * lda : i + l * lda]; };
      const auto b = [&](std::int64_t l) { return Bs[tb ? j + l * ldb : l + j * ldb]; };
      const value sum = kernel_chain<F>(context, a, b, 0, k, 1);
      want[i + j * m] = traits::fma(context, alpha, sum, traits::mul(context, beta, Cs[i + j * m]));
    }
  stored<Case>(want, "want");  // rounded as C stores it (D+S)
  for (std::int64_t e = 0; e < m * n; ++e)
    ASSERT_TRUE(same_bits<F>(got[e], want[e]))
        << "gemm " << trans_a << trans_b << " C(" << e % m << ", " << e / m << ") = " << traits::to_string(got[e])
        << ", the kernel's chain gives " << traits::to_string(want[e]);
}

// GEMV on the operands of check_gemm_special_values: every output has the bits of the kernels'
// partition of its dot product ('N': gemv_slices chains in column order, added in slice order;
// 'T': 32 lane chains over rows l, l + 32, ..., added in lane order), each a kernel_chain.
template <class Case>
void check_gemv_special_values(char trans) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using value = value_type_t<F>;
  const std::int64_t outputs = 7, terms = 40;
  const auto context = traits::template context<Kokkos::HostSpace>();
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  core::random_source rng(181);
  std::vector<value> dot(outputs * terms);  // dot[o + l * outputs]: term l of output o
  for (std::int64_t l = 0; l < terms; ++l) {
    dot[0 + l * outputs] = from_double<F>(-0.0);
    dot[1 + l * outputs] = from_double<F>(l < terms / 2 ? l + 1.0 : -(l - terms / 2 + 1.0));
    dot[2 + l * outputs] = l == 3 ? from_double<F>(inf) : random_value<F>(rng);
    dot[3 + l * outputs] = l == 17 ? from_double<F>(nan) : random_value<F>(rng);
    dot[4 + l * outputs] = random_value<F>(rng, 1018, 1022);    // the sums overflow
    dot[5 + l * outputs] = random_value<F>(rng, -1060, -1050);  // subnormal
    dot[6 + l * outputs] = random_value<F>(rng, -2, 2);
  }
  const bool t = trans == 'T';
  const std::int64_t m = t ? terms : outputs, n = t ? outputs : terms;
  std::vector<value> As(m * n), xs(terms, from_double<F>(1.0)), ys = random_values<F>(rng, outputs);
  for (std::int64_t l = 0; l < terms; ++l)
    for (std::int64_t o = 0; o < outputs; ++o) As[t ? l + o * m : o + l * m] = dot[o + l * outputs];
  const auto A = stored<Case>(As, "A"), x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  const value alpha = random_value<F>(rng), beta = random_value<F>(rng);
  blas::gemv(typename Case::space(), trans, m, n, alpha, A, m, x, 1, beta, y, 1);
  Kokkos::fence();
  const auto got = copy_to_host(y);
  const auto chain = [&](std::int64_t o, std::int64_t from, std::int64_t to, std::int64_t step) {
    const auto a = [&](std::int64_t l) { return As[t ? l + o * m : o + l * m]; };
    const auto x_at = [&](std::int64_t l) { return xs[l]; };
    return kernel_chain<F>(context, a, x_at, from, to, step);
  };
  const std::int64_t slices = blas::generic::gemv_slices<value>(m, n), length = (n + slices - 1) / slices;
  std::vector<value> want(outputs);
  for (std::int64_t o = 0; o < outputs; ++o) {
    value sum = traits::zero();
    if (t) {
      for (std::int64_t lane = 0; lane < blas::generic::gemv_lanes; ++lane)
        sum = traits::add(context, sum, chain(o, lane, terms, blas::generic::gemv_lanes));
    } else {
      for (std::int64_t from = 0; from < n; from += length) {
        const value part = chain(o, from, std::min(from + length, n), 1);
        sum = from == 0 ? part : traits::add(context, sum, part);
      }
    }
    want[o] = traits::fma(context, alpha, sum, traits::mul(context, beta, ys[o]));
  }
  stored<Case>(want, "want");  // rounded as y stores it (D+S)
  for (std::int64_t o = 0; o < outputs; ++o)
    ASSERT_TRUE(same_bits<F>(got[o], want[o])) << "gemv " << trans << " y[" << o << "] = " << traits::to_string(got[o])
                                               << ", the partition's chains give " << traits::to_string(want[o]);
}

// alpha = 0 must not read A (it holds NaN): y <- beta y exactly as a scal would round it.
template <class Case>
void check_products_alpha_zero_and_arguments() {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using space = typename Case::space;
  const space exec;
  core::random_source rng(151);
  const auto nan = traits::from_mpfr(mpfr_value::from_string("nan", 64).get());
  std::vector<value_type_t<F>> As(16, nan), xs = random_values<F>(rng, 4), ys = random_values<F>(rng, 4);
  const auto A = stored<Case>(As, "A"), x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  const auto zero = from_double<F>(0.0), one = from_double<F>(1.0), two = from_double<F>(2.0);
  blas::gemv(exec, 'N', 4, 4, zero, A, 4, x, 1, two, y, 1);
  blas::gemm(exec, 'N', 'N', 4, 1, 4, zero, A, 4, x, 4, two, x, 4);
  exec.fence();
  const auto y2 = copy_to_host(y), x2 = copy_to_host(x);
  const mpfr_value u = traits::unit_roundoff();
  for (std::size_t i = 0; i < 4; ++i) {
    mpfr_value twice = traits::to_mpfr(ys[i]);
    mpfr_mul_2ui(twice.get(), twice.get(), 1, MPFR_RNDN);
    EXPECT_TRUE(within<F>(y2[i], twice, u, twice)) << "gemv alpha = 0 element " << i;
    mpfr_value x_twice = traits::to_mpfr(xs[i]);
    mpfr_mul_2ui(x_twice.get(), x_twice.get(), 1, MPFR_RNDN);
    EXPECT_TRUE(within<F>(x2[i], x_twice, u, x_twice)) << "gemm alpha = 0 element " << i;
  }
  // Argument errors name the argument; y and C are untouched.
  expect_invalid_argument("trans", [&] { blas::gemv(exec, 'C', 4, 4, one, A, 4, x, 1, one, y, 1); });
  expect_invalid_argument("m", [&] { blas::gemv(exec, 'N', -1, 4, one, A, 4, x, 1, one, y, 1); });
  expect_invalid_argument("lda", [&] { blas::gemv(exec, 'N', 4, 4, one, A, 3, x, 1, one, y, 1); });
  expect_invalid_argument("incy", [&] { blas::gemv(exec, 'N', 4, 4, one, A, 4, x, 1, one, y, 0); });
  expect_invalid_argument("A", [&] { blas::gemv(exec, 'N', 4, 5, one, A, 4, x, 1, one, y, 1); });
  expect_invalid_argument("x", [&] { blas::gemv(exec, 'T', 4, 4, one, A, 4, x, 2, one, y, 1); });
  expect_invalid_argument("trans_b", [&] { blas::gemm(exec, 'N', 'X', 4, 1, 4, one, A, 4, x, 4, one, y, 4); });
  expect_invalid_argument("k", [&] { blas::gemm(exec, 'N', 'N', 4, 1, -4, one, A, 4, x, 4, one, y, 4); });
  expect_invalid_argument("ldb", [&] { blas::gemm(exec, 'N', 'N', 4, 1, 4, one, A, 4, x, 3, one, y, 4); });
  expect_invalid_argument("ldc", [&] { blas::gemm(exec, 'N', 'N', 4, 1, 4, one, A, 4, x, 4, one, y, 3); });
  expect_invalid_argument("C", [&] { blas::gemm(exec, 'N', 'N', 4, 2, 4, one, A, 4, A, 4, one, y, 4); });
  matrix<F, typename Case::memory> M(4, 3), N2(2, 5), P(4, 5);
  expect_invalid_argument("B", [&] { blas::gemm(exec, 'N', 'N', one, M, N2, one, P); });
  expect_invalid_argument("x", [&] { blas::gemv(exec, 'N', one, M, y, one, x); });
  exec.fence();
  const auto y3 = copy_to_host(y);
  for (std::size_t i = 0; i < 4; ++i) ASSERT_TRUE(same_bits<F>(y3[i], y2[i])) << "y written by a rejected call";
}

// The generic kernels partition their work by the problem alone, so every backend returns the
// same bits as the serial one (formats with kernels of their own are checked in their suites).
template <class Case>
void check_backends_agree() {
  using F = typename Case::format;
  using host_case = blas_case<formats::pair<F, reference_space>>;
  core::random_source rng(161);
  const std::int64_t m = 70, n = 50;
  auto As = random_values<F>(rng, m * n), xs = random_values<F>(rng, n), ys = random_values<F>(rng, m);
  auto As2 = As, xs2 = xs, ys2 = ys;
  const auto A = stored<Case>(As, "A"), x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  const auto hA = stored<host_case>(As2, "A"), hx = stored<host_case>(xs2, "x");
  auto hy = stored<host_case>(ys2, "y");
  const auto alpha = random_value<F>(rng), beta = random_value<F>(rng);
  EXPECT_TRUE(
      same_bits<F>(blas::dot(typename Case::space(), m, A, 1, A, 1), blas::dot(reference_space(), m, hA, 1, hA, 1)));
  for (const char trans : {'N', 'T'}) {
    const std::int64_t rows = trans == 'N' ? m : n, cols = trans == 'N' ? n : m;
    // 'N': a 70 x 50 matrix; 'T': the same storage read as 50 x 70, so x has 50 and y 70 elements both times.
    blas::gemv(typename Case::space(), trans, rows, cols, alpha, A, rows, x, 1, beta, y, 1);
    blas::gemv(reference_space(), trans, rows, cols, alpha, hA, rows, hx, 1, beta, hy, 1);
    Kokkos::fence();
    const auto a = copy_to_host(y), b = copy_to_host(hy);
    for (std::int64_t i = 0; i < m; ++i) ASSERT_TRUE(same_bits<F>(a[i], b[i])) << "gemv " << trans << " y[" << i << "]";
  }
  // GEMM: edges of the GPU tiles and the host blocks in every dimension, k over several stages.
  const std::int64_t gm = 70, gn = 37, gk = 50;
  auto Bs = random_values<F>(rng, gk * gn), Cs = random_values<F>(rng, gm * gn);
  auto Bs2 = Bs, Cs2 = Cs;
  const auto B = stored<Case>(Bs, "B");
  const auto hB = stored<host_case>(Bs2, "B");
  for (const char ta : {'N', 'T'})
    for (const char tb : {'N', 'T'}) {
      auto C = stored<Case>(Cs, "C");
      auto hC = stored<host_case>(Cs2, "C");
      blas::gemm(typename Case::space(), ta, tb, gm, gn, gk, alpha, A, ta == 'N' ? gm : gk, B, tb == 'N' ? gk : gn,
                 beta, C, gm);
      blas::gemm(reference_space(), ta, tb, gm, gn, gk, alpha, hA, ta == 'N' ? gm : gk, hB, tb == 'N' ? gk : gn, beta,
                 hC, gm);
      Kokkos::fence();
      const auto a = copy_to_host(C), b = copy_to_host(hC);
      for (std::size_t e = 0; e < a.size(); ++e)
        ASSERT_TRUE(same_bits<F>(a[e], b[e])) << "gemm " << ta << tb << " C[" << e << "]";
    }
}

}  // namespace kamp::test

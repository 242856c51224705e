#pragma once
// Level-1 BLAS for one (format, backend) case against MPFR with the classical bounds:
//   dot  |d - x.y| <= gamma_n sum|x_i y_i|        asum |s - sum|x_i|| <= gamma_{n-1} sum|x_i|
//   nrm2 |r - ||x||| <= gamma_{n+1} ||x||         axpy |y_i' - (a x_i + y_i)| <= gamma_2 (|a x_i| + |y_i|)
//   scal |x_i' - a x_i| <= u |a x_i|
// n = 700 (several warps, not a multiple of the partitioning), strides 2 and -3, a dot product
// that cancels to a tiny fraction of sum|x_i y_i|, gaps between strided elements untouched.
#include <cfloat>
#include <cmath>

#include "tests/blas/blas_checks.hpp"

namespace kamp::test {

template <class Case>
void check_level1() {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using space = typename Case::space;
  const std::int64_t n = 700, incx = 2, incy = -3;
  core::random_source rng(101);
  auto xs = random_values<F>(rng, n * incx, -2, 2), ys = random_values<F>(rng, n * 3, -2, 2);
  const auto y_at = [&](std::int64_t i) { return static_cast<std::size_t>((n - 1 - i) * 3); };
  // The last product cancels the others up to the format's rounding: sum x_i y_i ~ u sum |x_i y_i|.
  {
    const mpfr_prec_t wide = exact_bits<F>();
    mpfr_value partial(wide), t(wide);
    for (std::int64_t i = 0; i + 1 < n; ++i) {
      mpfr_mul(t.get(), traits::to_mpfr(xs[i * incx]).get(), traits::to_mpfr(ys[y_at(i)]).get(), MPFR_RNDN);
      mpfr_add(partial.get(), partial.get(), t.get(), MPFR_RNDN);
    }
    mpfr_div(t.get(), partial.get(), traits::to_mpfr(xs[(n - 1) * incx]).get(), MPFR_RNDN);
    mpfr_neg(t.get(), t.get(), MPFR_RNDN);
    ys[y_at(n - 1)] = traits::from_mpfr(t.get());
  }
  const auto x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  const auto alpha = random_value<F>(rng);
  const mpfr_prec_t wide = exact_bits<F>();
  const auto xm = exact_values<F>(xs), ym = exact_values<F>(ys);
  mpfr_value exact_dot(wide), abs_dot(wide), exact_asum(wide), squares(wide), t(wide);
  for (std::int64_t i = 0; i < n; ++i) {
    mpfr_mul(t.get(), xm[i * incx].get(), ym[y_at(i)].get(), MPFR_RNDN);
    mpfr_add(exact_dot.get(), exact_dot.get(), t.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDN);
    mpfr_add(abs_dot.get(), abs_dot.get(), t.get(), MPFR_RNDU);
    mpfr_abs(t.get(), xm[i * incx].get(), MPFR_RNDN);
    mpfr_add(exact_asum.get(), exact_asum.get(), t.get(), MPFR_RNDN);
    mpfr_sqr(t.get(), xm[i * incx].get(), MPFR_RNDN);
    mpfr_add(squares.get(), squares.get(), t.get(), MPFR_RNDN);
  }
  mpfr_value norm(wide);
  mpfr_sqrt(norm.get(), squares.get(), MPFR_RNDN);
  const mpfr_value u = traits::unit_roundoff();
  const space exec;
  EXPECT_TRUE(within<F>(blas::dot(exec, n, x, incx, y, incy), exact_dot, core::dot_error_factor(n, u), abs_dot))
      << "dot";
  EXPECT_TRUE(within<F>(blas::asum(exec, n, x, incx), exact_asum, core::sum_error_factor(n, u), exact_asum)) << "asum";
  EXPECT_TRUE(within<F>(blas::nrm2(exec, n, x, incx), norm, core::nrm2_error_factor(n, u), norm)) << "nrm2";

  blas::axpy(exec, n, alpha, x, incx, y, incy);
  exec.fence();
  const auto y2 = copy_to_host(y);
  const mpfr_value a = traits::to_mpfr(alpha), gamma2 = core::axpy_error_factor(u);
  for (std::int64_t i = 0; i < n; ++i) {
    mpfr_value exact(wide), scale(wide);
    mpfr_mul(exact.get(), a.get(), xm[i * incx].get(), MPFR_RNDN);
    mpfr_abs(scale.get(), exact.get(), MPFR_RNDU);
    mpfr_add(exact.get(), exact.get(), ym[y_at(i)].get(), MPFR_RNDN);
    mpfr_abs(t.get(), ym[y_at(i)].get(), MPFR_RNDN);
    mpfr_add(scale.get(), scale.get(), t.get(), MPFR_RNDU);
    ASSERT_TRUE(within<F>(y2[y_at(i)], exact, gamma2, scale)) << "axpy element " << i;
    if (i > 0) ASSERT_TRUE(same_bits<F>(y2[y_at(i) + 1], ys[y_at(i) + 1])) << "axpy wrote a gap element";
  }
  blas::scal(exec, n, alpha, x, incx);
  exec.fence();
  const auto x2 = copy_to_host(x);
  for (std::int64_t i = 0; i < n; ++i) {
    mpfr_value exact(wide), scale(wide);
    mpfr_mul(exact.get(), a.get(), xm[i * incx].get(), MPFR_RNDN);
    mpfr_abs(scale.get(), exact.get(), MPFR_RNDU);
    ASSERT_TRUE(within<F>(x2[i * incx], exact, u, scale)) << "scal element " << i;
    ASSERT_TRUE(same_bits<F>(x2[i * incx + 1], xs[i * incx + 1])) << "scal wrote a gap element";
  }
}

// DOT at the top of the range: finite terms whose exact sum is finite give a finite result within
// the gamma_n bound, also where a partial sum meets a term +-DBL_MAX with the opposite sign
// (a = -(2^1021 + 3 2^970) then DBL_MAX: TwoSum(a, DBL_MAX) overflows inside, which must not make
// the dot NaN). Positions 0 and 32 are added in one partial sum of the fixed partition for n > 32, 0
// and 1 for n = 2. Terms whose sum passes Omega give +-Inf, never NaN.
template <class Case>
void check_dot_near_the_top() {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using value = typename Case::value;
  const typename Case::space exec;
  const mpfr_value u = traits::unit_roundoff();
  core::random_source rng(107);
  for (const std::int64_t n : {2, 33, 700}) {
    const std::size_t second = n > 32 ? 32 : 1;
    for (const double sign : {1.0, -1.0}) {
      auto xs = random_values<F>(rng, static_cast<std::size_t>(n), -2, 2);
      std::vector<value> ys(static_cast<std::size_t>(n), from_double<F>(1.0));
      xs[0] = from_double<F>(-sign * (0x1p1021 + 0x3p970));
      xs[second] = from_double<F>(sign * DBL_MAX);
      const auto x = stored<Case>(xs, "x"), y = stored<Case>(ys, "y");
      const mpfr_prec_t wide = exact_bits<F>() + 2100;
      mpfr_value exact(wide), magnitude(wide);
      for (const auto& v : exact_values<F>(xs)) {
        mpfr_add(exact.get(), exact.get(), v.get(), MPFR_RNDN);
        mpfr_value t = v;
        mpfr_abs(t.get(), t.get(), MPFR_RNDN);
        mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDU);
      }
      EXPECT_TRUE(within<F>(blas::dot(exec, n, x, 1, y, 1), exact, core::dot_error_factor(n, u), magnitude))
          << "n = " << n << ", sign " << sign;
      xs[0] = from_double<F>(sign * DBL_MAX);  // now the sum overflows
      const auto over = stored<Case>(xs, "over");
      const double lead =
          traits::to_double(traits::template context<Kokkos::HostSpace>(), blas::dot(exec, n, over, 1, y, 1));
      EXPECT_EQ(lead, sign * HUGE_VAL) << "n = " << n;
    }
  }
}

// Bad arguments are named and nothing is written; n = 0 and alpha = 0 return at once.
template <class Case>
void check_level1_arguments() {
  using F = typename Case::format;
  using space = typename Case::space;
  core::random_source rng(103);
  auto xs = random_values<F>(rng, 10), ys = random_values<F>(rng, 10);
  const auto x = stored<Case>(xs, "x"), y = stored<Case>(ys, "y");
  const auto one = from_double<F>(1.0), zero = from_double<F>(0.0);
  const space exec;
  expect_invalid_argument("n", [&] { blas::scal(exec, -1, one, x, 1); });
  expect_invalid_argument("incx", [&] { blas::scal(exec, 5, one, x, 0); });
  expect_invalid_argument("x", [&] { blas::axpy(exec, 6, one, x, 2, y, 1); });
  expect_invalid_argument("y", [&] { blas::axpy(exec, 4, one, x, 1, y, -4); });
  expect_invalid_argument("x", [&] { blas::dot(exec, 11, x, 1, y, 1); });
  expect_invalid_argument("x", [&] { blas::asum(exec, 4, x, -4); });
  expect_invalid_argument("incx", [&] { blas::nrm2(exec, 4, x, 0); });
  typename Case::array shorter(9, "shorter");
  expect_invalid_argument("y", [&] { blas::axpy(exec, one, x, shorter); });
  expect_invalid_argument("y", [&] { blas::dot(exec, x, shorter); });
  blas::axpy(exec, 10, zero, x, 1, y, 1);  // alpha = 0: y unchanged
  exec.fence();
  const auto after = copy_to_host(y), x_after = copy_to_host(x);
  for (std::size_t i = 0; i < after.size(); ++i) {
    ASSERT_TRUE(same_bits<F>(after[i], ys[i])) << "y changed at " << i;
    ASSERT_TRUE(same_bits<F>(x_after[i], xs[i])) << "x changed at " << i;
  }
  EXPECT_TRUE(same_bits<F>(blas::dot(exec, 0, x, 1, y, 1), zero));
  EXPECT_TRUE(same_bits<F>(blas::nrm2(exec, 0, x, 1), zero));
}

// AXPY on elements that take the exits of the special-value tests (Inf, NaN, overflow, exact
// cancellation to zeros of either sign, subnormal results) scattered among ordinary ones, both
// strides' signs: every output has the bits of the format's fma, element by element.
template <class Case>
void check_axpy_special_values() {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using value = value_type_t<F>;
  const std::int64_t n = 300;
  const auto context = traits::template context<Kokkos::HostSpace>();
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  core::random_source rng(191);
  const value alpha = random_value<F>(rng, 1, 2);
  for (const std::int64_t incx : {1, -2}) {
    std::vector<value> xs = random_values<F>(rng, n * std::abs(incx)), ys = random_values<F>(rng, n);
    const auto element = [&](std::int64_t e) -> value& { return xs[incx > 0 ? e : (n - 1 - e) * -incx]; };
    element(5) = from_double<F>(inf);                 // block 0
    element(70) = from_double<F>(nan);                // block 1
    element(140) = random_value<F>(rng, 1021, 1022);  // overflows (block 2)
    ys[140] = random_value<F>(rng, 1021, 1022);
    element(200) = from_double<F>(-0.0);  // -0 + -0 (block 3)
    ys[200] = from_double<F>(-0.0);
    element(210) = from_double<F>(1.0);  // alpha - alpha = +0
    ys[210] = traits::mul(context, from_double<F>(-1.0), alpha);
    element(299) = random_value<F>(rng, -1060, -1055);  // a subnormal product (the last, short block)
    const auto x = stored<Case>(xs, "x");
    auto y = stored<Case>(ys, "y");
    blas::axpy(typename Case::space(), n, alpha, x, incx, y, 1);
    Kokkos::fence();
    const auto got = copy_to_host(y);
    std::vector<value> want(n);
    for (std::int64_t e = 0; e < n; ++e) want[e] = traits::fma(context, alpha, element(e), ys[e]);
    stored<Case>(want, "want");  // rounded as y stores it (D+S)
    for (std::int64_t e = 0; e < n; ++e)
      ASSERT_TRUE(same_bits<F>(got[e], want[e]))
          << "axpy incx " << incx << ", y(" << e << ") = " << traits::to_string(got[e]) << ", fma gives "
          << traits::to_string(want[e]);
  }
}

}  // namespace kamp::test

// dd_real's operations beyond the format contract: division (DWDivDW2, 15u^2 + 56u^3), square
// root (SQRTDWtoDW, 25/8 u^2), dd x double (DWTimesFP3, 2u^2) against MPFR, and the sloppy
// addition, which has no bound under cancellation: only its invariant and its bit-identity
// across backends are checked.
#include <gtest/gtest.h>

#include "dd/dd_arithmetic.hpp"
#include "tests/dd/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
using kamp::dd::dd_real;

mpfr_value bound(double c2, double c3) {  // c2 u^2 + c3 u^3, rounded up
  mpfr_value b(c2, 128), t(c3, 128);
  mpfr_mul_2si(b.get(), b.get(), -106, MPFR_RNDU);
  mpfr_mul_2si(t.get(), t.get(), -159, MPFR_RNDU);
  mpfr_add(b.get(), b.get(), t.get(), MPFR_RNDU);
  return b;
}

// q = x / y, s = sqrt|x|, m = x d, a = sloppy x + y on the space (device lambdas cannot live in
// gtest's private TestBody).
template <class Space, class DdView, class DoubleView>
void apply_operations(const DdView& x, const DdView& y, const DoubleView& d, const DdView& q, const DdView& s,
                      const DdView& m, const DdView& a) {
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, x.extent(0)), KOKKOS_LAMBDA(std::size_t i) {
        q(i) = kamp::dd::div(x(i), y(i));
        s(i) = kamp::dd::sqrt(kamp::dd::abs(x(i)));
        m(i) = kamp::dd::mul(x(i), d(i));
        a(i) = kamp::dd::add_sloppy(x(i), y(i));
      });
}

KAMP_BACKEND_TEST_SUITE(dd_operations_test);

TYPED_TEST(dd_operations_test, division_sqrt_and_mul_by_double_within_their_bounds) {
  const std::size_t n = kamp::test::sweep_count(100000, 500000);
  kamp::core::random_source rng(5);
  std::vector<dd_real> x, y;
  std::vector<double> d;
  for (std::size_t i = 0; i < n; ++i) {
    x.push_back(random_value<dd_real>(rng, -250, 250));
    y.push_back(i % 3 == 0 ? random_value<dd_real>(rng, std::ilogb(x.back().hi), std::ilogb(x.back().hi))
                           : random_value<dd_real>(rng, -250, 250));
    d.push_back(rng.wide_exponent(-250, 250));
  }
  auto vx = to_space<TypeParam>(x, "x");
  auto vy = to_space<TypeParam>(y, "y");
  auto vd = to_space<TypeParam>(d, "d");
  Kokkos::View<dd_real*, typename TypeParam::memory_space> q("q", n), s("s", n), m("m", n), a("a", n);
  apply_operations<TypeParam>(vx, vy, vd, q, s, m, a);
  const auto hq = to_host(q), hs = to_host(s), hm = to_host(m), ha = to_host(a);
  const bool check_mpfr = std::is_same<TypeParam, Kokkos::Serial>::value;
  const mpfr_value div_bound = bound(15, 56), sqrt_bound = bound(25.0 / 8, 0), fp_bound = bound(2, 0);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(same_bits(hq[i], kamp::dd::div(x[i], y[i]))) << i;
    ASSERT_TRUE(same_bits(hs[i], kamp::dd::sqrt(kamp::dd::abs(x[i])))) << i;
    ASSERT_TRUE(same_bits(hm[i], kamp::dd::mul(x[i], d[i]))) << i;
    ASSERT_TRUE(same_bits(ha[i], kamp::dd::add_sloppy(x[i], y[i]))) << i;
    if (!check_mpfr) continue;
    for (const dd_real* r : {&hq[i], &hs[i], &hm[i], &ha[i]}) ASSERT_EQ(invariant_violation(*r), "") << i << show(*r);
    const mpfr_value mx = kamp::dd::to_mpfr(x[i]), my = kamp::dd::to_mpfr(y[i]);
    mpfr_value exact(400);
    mpfr_div(exact.get(), mx.get(), my.get(), MPFR_RNDN);
    ASSERT_EQ(bound_violation(kamp::dd::to_mpfr(hq[i]), exact, div_bound), "") << "div " << show(x[i]) << show(y[i]);
    mpfr_abs(exact.get(), mx.get(), MPFR_RNDN);
    mpfr_sqrt(exact.get(), exact.get(), MPFR_RNDN);
    ASSERT_EQ(bound_violation(kamp::dd::to_mpfr(hs[i]), exact, sqrt_bound), "") << "sqrt " << show(x[i]);
    ASSERT_EQ(bound_violation(kamp::dd::to_mpfr(hm[i]), exact_product(mx, mpfr_value(d[i], 53)), fp_bound), "")
        << "mul " << show(x[i]) << " " << d[i];
  }
}

}  // namespace

// ROT, x_i <- c x_i + s y_i and y_i <- c y_i - s x_i, on every value format (the multi-doubles
// on the generic kernel, RNS through its own kernel table) and every backend. Each output is one
// sum of two products, rounded three times (blas/generic/level1_kernels.hpp), so
//   |x_i' - (c x_i + s y_i)| <= gamma_2 (|c x_i| + |s y_i|),
//   |y_i' - (c y_i - s x_i)| <= gamma_2 (|c y_i| + |s x_i|),
// AXPY's factor (core::axpy_error_factor) with the format's u, while no component overflows or
// underflows. Checked against MPFR on random full-precision values, on elements whose two
// products cancel, with strides of both signs (n = 700), near the top and the bottom of the
// double exponent range; every output also has the bits of the formula evaluated on the host,
// which is all that is asserted where the bound does not apply (Inf, NaN, overflow, signed
// zeros, subnormal products). Elements between the strided ones are never written; bad
// arguments are named with their value, before anything is written; n = 0 reads nothing.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "formats/index_map.hpp"
#include "tests/blas/blas_checks.hpp"
#include "tests/tested_formats.hpp"

namespace {

namespace blas = kamp::blas;
using kamp::core::mpfr_value;
using kamp::test::from_double;
using kamp::test::random_value;
using kamp::test::random_values;
using kamp::test::same_bits;
using kamp::test::stored;
using kamp::test::within;

// The kernel's formula on the host: the reference drot's expressions in the format's arithmetic.
template <class F>
void rotate_on_host(const kamp::value_type_t<F>& c, const kamp::value_type_t<F>& s, kamp::value_type_t<F>& x,
                    kamp::value_type_t<F>& y) {
  using traits = kamp::format_traits<F>;
  const auto k = traits::template context<Kokkos::HostSpace>();
  const auto x2 = traits::add(k, traits::mul(k, c, x), traits::mul(k, s, y));
  y = traits::sub(k, traits::mul(k, c, y), traits::mul(k, s, x));
  x = x2;
}

// a p + sign b q exactly (wide enough for both products) and its bound's scale |a p| + |b q|.
template <class F>
void exact_rotation(const kamp::value_type_t<F>& a, const kamp::value_type_t<F>& p, const kamp::value_type_t<F>& b,
                    const kamp::value_type_t<F>& q, int sign, mpfr_value& exact, mpfr_value& scale) {
  using traits = kamp::format_traits<F>;
  const mpfr_prec_t wide = kamp::test::exact_bits<F>();
  mpfr_value second(wide);
  exact = mpfr_value(wide);
  scale = mpfr_value(wide);
  mpfr_mul(exact.get(), traits::to_mpfr(a).get(), traits::to_mpfr(p).get(), MPFR_RNDN);
  mpfr_mul(second.get(), traits::to_mpfr(b).get(), traits::to_mpfr(q).get(), MPFR_RNDN);
  if (sign < 0) mpfr_neg(second.get(), second.get(), MPFR_RNDN);
  mpfr_abs(scale.get(), exact.get(), MPFR_RNDU);
  mpfr_add(exact.get(), exact.get(), second.get(), MPFR_RNDN);
  mpfr_abs(second.get(), second.get(), MPFR_RNDU);
  mpfr_add(scale.get(), scale.get(), second.get(), MPFR_RNDU);
}

// Runs rot on xs and ys (the first n elements of each vector at strides incx and incy; `whole`
// calls the whole-array overload, which needs unit strides and equal lengths) and checks every
// output: the host formula's bits, within gamma_2 of the exact rotation where `bounded`, and
// every element off the strides unchanged. xs and ys are replaced by what the arrays held.
template <class Case>
void check_rotation(std::vector<typename Case::value>& xs, std::vector<typename Case::value>& ys, std::int64_t n,
                    std::int64_t incx, std::int64_t incy, const typename Case::value& c, const typename Case::value& s,
                    bool bounded, bool whole, const std::string& what) {
  using F = typename Case::format;
  using value = typename Case::value;
  const auto x = stored<Case>(xs, "x"), y = stored<Case>(ys, "y");
  const typename Case::space exec;
  if (whole)
    blas::rot(exec, x, y, c, s);
  else
    blas::rot(exec, n, x, incx, y, incy, c, s);
  exec.fence();
  const auto x2 = copy_to_host(x), y2 = copy_to_host(y);

  const kamp::vector_map x_map(incx, n), y_map(incy, n);
  std::vector<value> want_x = xs, want_y = ys;
  std::vector<bool> x_written(xs.size()), y_written(ys.size());
  for (std::int64_t i = 0; i < n; ++i) {
    rotate_on_host<F>(c, s, want_x[x_map(i)], want_y[y_map(i)]);
    x_written[x_map(i)] = y_written[y_map(i)] = true;
  }
  stored<Case>(want_x, "want_x");  // rounded as the arrays store them (D+S)
  stored<Case>(want_y, "want_y");

  const mpfr_value gamma2 = kamp::core::axpy_error_factor(Case::traits::unit_roundoff());
  mpfr_value exact, scale;
  for (std::int64_t i = 0; i < n; ++i) {
    const std::size_t xi = x_map(i), yi = y_map(i);
    ASSERT_TRUE(same_bits<F>(x2[xi], want_x[xi])) << what << ": x(" << i << ") = " << Case::traits::to_string(x2[xi])
                                                  << ", the formula gives " << Case::traits::to_string(want_x[xi]);
    ASSERT_TRUE(same_bits<F>(y2[yi], want_y[yi])) << what << ": y(" << i << ") = " << Case::traits::to_string(y2[yi])
                                                  << ", the formula gives " << Case::traits::to_string(want_y[yi]);
    if (!bounded) continue;
    exact_rotation<F>(c, xs[xi], s, ys[yi], 1, exact, scale);
    ASSERT_TRUE(within<F>(x2[xi], exact, gamma2, scale)) << what << ": x(" << i << ")";
    exact_rotation<F>(c, ys[yi], s, xs[xi], -1, exact, scale);
    ASSERT_TRUE(within<F>(y2[yi], exact, gamma2, scale)) << what << ": y(" << i << ")";
  }
  for (std::size_t j = 0; j < xs.size(); ++j) {
    if (x_written[j]) continue;
    ASSERT_TRUE(same_bits<F>(x2[j], xs[j])) << what << ": x[" << j << "] off the stride changed";
  }
  for (std::size_t j = 0; j < ys.size(); ++j) {
    if (y_written[j]) continue;
    ASSERT_TRUE(same_bits<F>(y2[j], ys[j])) << what << ": y[" << j << "] off the stride changed";
  }
}

// Random full-precision x, y, c and s of both signs, for stride pairs of every sign and the
// whole-array overload. Every 7th pair is chosen so that c x_i + s y_i cancels to about u of its
// products (y_i = -c x_i / s rounded), every 11th so that c y_i - s x_i does (y_i = s x_i / c).
template <class Case>
void check_rot_random() {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t n = 700;
  kamp::core::random_source rng(223);
  struct strides {
    std::int64_t incx, incy;
    bool whole;
  };
  for (const strides st : {strides{2, -3, false}, strides{-1, 2, false}, strides{-3, -1, false}, strides{1, 1, true}}) {
    auto xs = random_values<F>(rng, static_cast<std::size_t>(n * std::abs(st.incx)), -2, 2);
    auto ys = random_values<F>(rng, static_cast<std::size_t>(n * std::abs(st.incy)), -2, 2);
    const auto c = random_value<F>(rng, -1, 0), s = random_value<F>(rng, -1, 0);
    const kamp::vector_map x_map(st.incx, n), y_map(st.incy, n);
    const mpfr_prec_t wide = kamp::test::exact_bits<F>();
    const mpfr_value cm = traits::to_mpfr(c), sm = traits::to_mpfr(s);
    for (std::int64_t i = 0; i < n; ++i) {
      if (i % 7 != 3 && i % 11 != 5) continue;
      mpfr_value t(wide);
      if (i % 7 == 3) {
        mpfr_mul(t.get(), cm.get(), traits::to_mpfr(xs[x_map(i)]).get(), MPFR_RNDN);
        mpfr_div(t.get(), t.get(), sm.get(), MPFR_RNDN);
        mpfr_neg(t.get(), t.get(), MPFR_RNDN);
      } else {
        mpfr_mul(t.get(), sm.get(), traits::to_mpfr(xs[x_map(i)]).get(), MPFR_RNDN);
        mpfr_div(t.get(), t.get(), cm.get(), MPFR_RNDN);
      }
      ys[y_map(i)] = traits::from_mpfr(t.get());
    }
    const std::string what =
        "incx " + std::to_string(st.incx) + ", incy " + std::to_string(st.incy) + (st.whole ? " (whole arrays)" : "");
    check_rotation<Case>(xs, ys, n, st.incx, st.incy, c, s, true, st.whole, what);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// Near both ends of the exponent range, within the same bound: at the top, products up to 2^1021
// and their sums below Omega; at the bottom, the lowest exponent where no component of a product
// (nor TwoProd's error terms, 2 x precision bits below it) underflows. Below that the format's
// products carry absolute error terms the bound does not have, and subnormal products are checked
// for the formula's bits in check_rot_special_values. D+S stores lo as a float, within its u of
// the value only for 2^-73 <= |hi| <= 2^180 (multi_double/ds_storage.hpp): its ends are those.
template <class Case>
void check_rot_range_ends() {
  using F = typename Case::format;
  const std::int64_t n = 300;
  kamp::core::random_source rng(227);
  constexpr bool ds = kamp::formats::contains_v<blas::ds_formats, F>;
  const int high = ds ? 180 : 1022, low = ds ? -60 : -1022 + 2 * Case::traits::precision + 8;
  for (const int top : {high, low}) {
    for (const std::int64_t incx : {1, -2}) {
      auto xs = random_values<F>(rng, static_cast<std::size_t>(n * std::abs(incx)), top - 1, top);
      auto ys = random_values<F>(rng, static_cast<std::size_t>(n), top - 1, top);
      const auto c = random_value<F>(rng, -2, -1), s = random_value<F>(rng, -2, -1);
      check_rotation<Case>(xs, ys, n, incx, 1, c, s, true, false,
                           "exponents up to " + std::to_string(top) + ", incx " + std::to_string(incx));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// Inf, NaN, a sum that overflows, signed zeros, products of equal magnitude and opposite signs
// and subnormal products, among random elements, for strides of both signs: every output has the host
// formula's bits (so the backends agree), and where IEEE fixes the result it is asserted.
// c = cos t and s = sin t for t in [0.3, 1.2] rounded to the format: c, s > 0 and c + s > 1.25,
// so x = y = 0x1.fp1023 makes c x + s y overflow while c y - s x stays finite.
template <class Case>
void check_rot_special_values(bool double_range) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  using value = typename Case::value;
  const std::int64_t n = 300;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const auto context = traits::template context<Kokkos::HostSpace>();
  kamp::core::random_source rng(229);
  const mpfr_prec_t bits = traits::precision + 64;
  mpfr_value t(bits), cm(bits), sm(bits);
  mpfr_set_d(t.get(), 0.3 + 0.9 * rng.uniform(0.0, 1.0), MPFR_RNDN);
  mpfr_sin_cos(sm.get(), cm.get(), t.get(), MPFR_RNDN);
  const value c = traits::from_mpfr(cm.get()), s = traits::from_mpfr(sm.get());
  for (const std::int64_t incx : {1, -2}) {
    const std::int64_t incy = -incx / std::abs(incx);
    auto xs = random_values<F>(rng, static_cast<std::size_t>(n * std::abs(incx)));
    auto ys = random_values<F>(rng, static_cast<std::size_t>(n));
    const kamp::vector_map x_map(incx, n), y_map(incy, n);
    const auto x_at = [&](std::int64_t e) -> value& { return xs[x_map(e)]; };
    const auto y_at = [&](std::int64_t e) -> value& { return ys[y_map(e)]; };
    x_at(5) = from_double<F>(inf);           // x' = +Inf, y' = -Inf
    y_at(70) = from_double<F>(nan);          // both NaN
    x_at(140) = from_double<F>(0x1.fp1023);  // x' overflows to +Inf
    y_at(140) = from_double<F>(0x1.fp1023);
    x_at(200) = from_double<F>(-0.0);  // x' = -0 + -0 = -0, y' = -0 - -0 = +0
    y_at(200) = from_double<F>(-0.0);
    x_at(210) = s;  // x' = c s + s (-c): products of equal magnitude, opposite signs
    y_at(210) = traits::sub(context, traits::zero(), c);
    x_at(299) = random_value<F>(rng, -1060, -1055);  // subnormal products
    y_at(299) = random_value<F>(rng, -1060, -1055);
    check_rotation<Case>(xs, ys, n, incx, incy, c, s, false, false, "special values, incx " + std::to_string(incx));
    if (::testing::Test::HasFatalFailure()) return;

    // What IEEE fixes, on the formula's results (whose bits the arrays were just found to hold;
    // xs and ys are now the inputs as stored).
    std::vector<value> x2 = xs, y2 = ys;
    for (const std::int64_t e : {5, 70, 140, 200}) rotate_on_host<F>(c, s, x2[x_map(e)], y2[y_map(e)]);
    const auto lead = [&](const value& v) { return traits::to_double(context, v); };
    EXPECT_EQ(lead(x2[x_map(5)]), inf);
    EXPECT_EQ(lead(y2[y_map(5)]), -inf);
    EXPECT_TRUE(std::isnan(lead(x2[x_map(70)])) && std::isnan(lead(y2[y_map(70)])));
    if (!double_range) continue;
    EXPECT_EQ(lead(x2[x_map(140)]), inf);
    EXPECT_TRUE(std::isfinite(lead(y2[y_map(140)])));
    EXPECT_TRUE(same_bits<F>(x2[x_map(200)], from_double<F>(-0.0)));
    EXPECT_TRUE(same_bits<F>(y2[y_map(200)], from_double<F>(0.0)));
  }
}

// Each bad argument raises kamp::invalid_argument naming it and the value given, before
// anything is written; n = 0 returns at once without reading x, y, c or s.
template <class Case>
void check_rot_arguments() {
  using F = typename Case::format;
  kamp::core::random_source rng(233);
  auto xs = random_values<F>(rng, 10), ys = random_values<F>(rng, 10);
  const auto x = stored<Case>(xs, "x"), y = stored<Case>(ys, "y");
  const auto c = random_value<F>(rng), s = random_value<F>(rng);
  const auto nan = from_double<F>(std::numeric_limits<double>::quiet_NaN());
  const typename Case::space exec;
  const auto expect_error = [](const char* argument, const char* value, auto&& call) {
    try {
      call();
      ADD_FAILURE() << "no kamp::invalid_argument for " << argument;
    } catch (const kamp::invalid_argument& e) {
      EXPECT_EQ(e.argument(), argument) << e.what();
      EXPECT_EQ(e.value(), value) << e.what();
      EXPECT_NE(std::string(e.what()).find("kamp::blas::rot"), std::string::npos) << e.what();
    }
  };
  expect_error("n", "-1", [&] { blas::rot(exec, -1, x, 1, y, 1, c, s); });
  expect_error("incx", "0", [&] { blas::rot(exec, 5, x, 0, y, 1, c, s); });
  expect_error("incy", "0", [&] { blas::rot(exec, 5, x, 1, y, 0, c, s); });
  expect_error("x", "10", [&] { blas::rot(exec, 6, x, 2, y, 1, c, s); });   // needs 11
  expect_error("x", "10", [&] { blas::rot(exec, 4, x, -4, y, 1, c, s); });  // needs 13
  expect_error("y", "10", [&] { blas::rot(exec, 4, x, 1, y, -4, c, s); });  // needs 13
  expect_error("x", "10", [&] { blas::rot(exec, 11, x, 1, y, 1, c, s); });  // needs 11
  typename Case::array shorter(9, "shorter");
  expect_error("y", "9", [&] { blas::rot(exec, x, shorter, c, s); });
  blas::rot(exec, 0, x, -3, y, 7, nan, nan);  // n = 0: nothing read, nothing written
  typename Case::array empty(0, "empty");
  blas::rot(exec, 0, empty, 1, empty, -1, nan, nan);
  blas::rot(exec, empty, empty, nan, nan);
  exec.fence();
  const auto x2 = copy_to_host(x), y2 = copy_to_host(y);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    ASSERT_TRUE(same_bits<F>(x2[i], xs[i])) << "x changed at " << i;
    ASSERT_TRUE(same_bits<F>(y2[i], ys[i])) << "y changed at " << i;
  }
}

template <class Pair>
class rot_multi_double : public ::testing::Test {
 protected:
  using test_case = kamp::test::blas_case<Pair>;
};
using multi_double_cases = kamp::formats::apply_t<
    kamp::formats::cartesian_t<kamp::test::tested_formats_t<blas::multi_double_formats>, kamp::test::space_list>,
    ::testing::Types>;
TYPED_TEST_SUITE(rot_multi_double, multi_double_cases, kamp::test::blas_case_name);

TYPED_TEST(rot_multi_double, within_gamma_2_of_mpfr) { check_rot_random<typename TestFixture::test_case>(); }
TYPED_TEST(rot_multi_double, ends_of_the_range_within_gamma_2) {
  check_rot_range_ends<typename TestFixture::test_case>();
}
TYPED_TEST(rot_multi_double, special_values_follow_the_formula) {
  check_rot_special_values<typename TestFixture::test_case>(true);
}
TYPED_TEST(rot_multi_double, arguments_and_quick_return) { check_rot_arguments<typename TestFixture::test_case>(); }

// RNS reaches the generic kernel through its own kernel table (blas/rns/format_kernels.hpp).
// Its exponent range is far wider than double's: 2^1023 is an ordinary value there, so the
// range checks above are the multi-doubles' only.
template <class Pair>
class rot_rns : public ::testing::Test {
 protected:
  using test_case = kamp::test::blas_case<Pair>;
};
using rns_cases = kamp::formats::apply_t<
    kamp::formats::cartesian_t<kamp::test::tested_formats_t<blas::rns_formats>, kamp::test::space_list>,
    ::testing::Types>;
TYPED_TEST_SUITE(rot_rns, rns_cases, kamp::test::blas_case_name);

TYPED_TEST(rot_rns, within_gamma_2_of_mpfr) { check_rot_random<typename TestFixture::test_case>(); }
TYPED_TEST(rot_rns, special_values_follow_the_formula) {
  check_rot_special_values<typename TestFixture::test_case>(false);
}
TYPED_TEST(rot_rns, arguments_and_quick_return) { check_rot_arguments<typename TestFixture::test_case>(); }

}  // namespace

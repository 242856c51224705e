// The edge cases of SPEC 3.1: zeros, x + (-x), opposite signs, nearly equal operands,
// exponent gaps of 0, 1, p, p+1 and 10^6, denormal-double inputs, NaN/Inf and exponent
// overflow/underflow, and host errors for values the format cannot hold.
#include <cfloat>
#include <cmath>

#include "core/error.hpp"
#include "rns/compare.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

// Device code may not use local types, so this lives at namespace scope.
template <int N>
struct results {
  rns::mp_float<N> sum, difference, product;
};

template <int N>
mpfr_value exact(const rns::mp_float<N>& x) {
  return rns::to_mpfr<N>(x);
}

template <class Config>
void check_edge_cases() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  constexpr int p = rns::basis_constants<N>::precision;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(5);
  const auto x = kamp::test::random_mp<N>(rng, -10, 10);
  auto neg_x = x;
  neg_x.sign ^= 1;
  auto shifted = [&](int gap) {
    auto y = kamp::test::random_mp<N>(rng, 0, 0);
    y.exp = x.exp - gap;
    return y;
  };
  const double denormal = 3.5e-320;
  std::vector<rns::mp_float<N>> xs, ys;
  auto pair = [&](const rns::mp_float<N>& a, const rns::mp_float<N>& c) {
    xs.push_back(a);
    ys.push_back(c);
  };
  pair(rns::mp_float<N>::zero(), rns::mp_float<N>::zero());         // 0 + 0
  pair(x, neg_x);                                                   // x + (-x)
  pair(x, rns::mp_float<N>::zero());                                // x + 0
  for (int gap : {0, 1, p, p + 1, 1000000}) pair(x, shifted(gap));  // exponent gaps
  pair(rns::from_double<N>(denormal, b), rns::from_double<N>(-DBL_MIN, b));
  pair(rns::mp_float<N>::nan(), x);
  pair(rns::mp_float<N>::inf(0), rns::mp_float<N>::inf(1));
  pair(rns::mp_float<N>::inf(1), x);
  pair(rns::mp_float<N>::inf(0), rns::mp_float<N>::zero());
  auto huge = x, tiny = x;
  huge.exp = rns::exponent_limit - 10;
  tiny.exp = -rns::exponent_limit + 10;
  pair(huge, huge);  // x * x overflows
  pair(tiny, tiny);  // x * x underflows
  const std::size_t count = xs.size();
  using triple = results<N>;
  auto vx = kamp::test::to_space<Space>(xs, "x");
  auto vy = kamp::test::to_space<Space>(ys, "y");
  Kokkos::View<triple*, typename Space::memory_space> out("out", count);
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      "kamp::test::rns_edges", Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::size_t i) {
        out(i).sum = rns::add<N>(vx(i), vy(i), *bd);
        out(i).difference = rns::sub<N>(vx(i), vy(i), *bd);
        out(i).product = rns::mul<N>(vx(i), vy(i), *bd);
      });
  const auto r = kamp::test::to_host(out);
  for (std::size_t i = 0; i < count; ++i) {
    for (const auto* z : {&r[i].sum, &r[i].difference, &r[i].product})
      ASSERT_EQ(kamp::rns::invariant_violation<N>(*z), "") << "case " << i;
  }
  EXPECT_TRUE(r[0].sum.is_zero() && r[0].product.is_zero());
  EXPECT_TRUE(r[1].sum.is_zero());
  EXPECT_EQ(r[1].sum.sign, 0);  // x + (-x) = +0
  EXPECT_TRUE(exact<N>(r[1].difference) == [&] {
    mpfr_value twice = exact<N>(x);
    mpfr_mul_2ui(twice.get(), twice.get(), 1, MPFR_RNDN);
    return twice;
  }());
  EXPECT_TRUE(kamp::test::identical<N>(r[2].sum, x));
  EXPECT_TRUE(r[2].product.is_zero());
  // Gap of 10^6: the smaller operand is far below the last bit; the result is x itself.
  EXPECT_TRUE(kamp::test::identical<N>(r[7].sum, x));
  EXPECT_TRUE(kamp::test::identical<N>(r[7].difference, x));
  // Denormal + (-DBL_MIN) is exact in the format.
  mpfr_value want(2200);
  mpfr_set_d(want.get(), denormal, MPFR_RNDN);
  mpfr_sub_d(want.get(), want.get(), DBL_MIN, MPFR_RNDN);
  EXPECT_TRUE(exact<N>(r[8].sum) == want);
  EXPECT_TRUE(r[9].sum.is_nan() && r[9].difference.is_nan() && r[9].product.is_nan());
  EXPECT_TRUE(r[10].sum.is_nan());                                       // inf + (-inf)
  EXPECT_TRUE(r[10].difference.is_inf() && r[10].difference.sign == 0);  // inf - (-inf)
  EXPECT_TRUE(r[10].product.is_inf() && r[10].product.sign == 1);
  EXPECT_TRUE(r[11].sum.is_inf() && r[11].sum.sign == 1);
  EXPECT_TRUE(r[12].product.is_nan());                             // inf * 0
  EXPECT_TRUE(r[13].product.is_inf() && r[13].product.sign == 0);  // overflow
  EXPECT_TRUE(r[14].product.is_zero());                            // underflow
  EXPECT_EQ(rns::to_double<N>(r[13].product, b), INFINITY);
}

template <class Config>
class rns_edge_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_edge_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_edge_test, special_operands_behave_as_specified) { check_edge_cases<TypeParam>(); }

TEST(rns_host_errors, values_outside_the_format_are_rejected_by_name) {
  // (2^107 - 1) 2^(-2^30 - 96): MPFR holds it, but its 107-bit significand would need a
  // binary exponent below -2^30 in the RNS format.
  mpfr_value tiny(107);
  mpfr_set_ui_2exp(tiny.get(), 1, 107, MPFR_RNDN);
  mpfr_sub_ui(tiny.get(), tiny.get(), 1, MPFR_RNDN);
  mpfr_mul_2si(tiny.get(), tiny.get(), -(1L << 30) - 96, MPFR_RNDN);
  ASSERT_TRUE(mpfr_regular_p(tiny.get()));
  try {
    rns::from_mpfr<8>(tiny.get());
    FAIL() << "no exception";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "value");
    EXPECT_NE(std::string(e.what()).find("2^30"), std::string::npos) << e.what();
  }
  EXPECT_THROW(rns::from_string<16>("12,5"), kamp::invalid_argument);
  EXPECT_TRUE(rns::from_string<16>("-inf").is_inf());
  EXPECT_TRUE(rns::from_string<16>("nan").is_nan());
}

}  // namespace

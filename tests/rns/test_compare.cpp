// Comparison and multiplication by a double: compare agrees with MPFR's ordering on random,
// equal, nearly equal, opposite-sign, zero and special operands; x * d equals x times the
// exactly converted double, within the bound.
#include "rns/compare.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

template <int N>
struct compared {
  int order = 0;
  rns::mp_float<N> scaled;
};

template <class Config>
void check_compare_and_scale() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(21);
  std::vector<rns::mp_float<N>> x, y;
  std::vector<double> d;
  for (int i = 0; i < 3000; ++i) {
    x.push_back(kamp::test::random_mp<N>(rng, -30, 30));
    switch (i % 6) {
      case 0:
        y.push_back(x.back());
        break;   // equal
      case 1: {  // one unit in the last place apart
        mpfr_value v = rns::to_mpfr<N>(x.back());
        mpfr_nextabove(v.get());
        y.push_back(rns::from_mpfr<N>(v.get()));
        break;
      }
      case 2:
        y.push_back(x.back());
        y.back().sign ^= 1;
        break;
      case 3:
        y.push_back(rns::mp_float<N>::zero());
        break;
      case 4:
        y.push_back(i % 12 == 4 ? rns::mp_float<N>::inf(1) : rns::mp_float<N>::nan());
        break;
      default:
        y.push_back(kamp::test::random_mp<N>(rng, -30, 30));
        break;
    }
    d.push_back(rng.wide_exponent(-300, 300));
  }
  auto vx = kamp::test::to_space<Space>(x, "x");
  auto vy = kamp::test::to_space<Space>(y, "y");
  auto vd = kamp::test::to_space<Space>(d, "d");
  Kokkos::View<compared<N>*, typename Space::memory_space> out("out", x.size());
  const rns::basis_constants<N>* b = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      "kamp::test::compare", Kokkos::RangePolicy<Space>(0, x.size()), KOKKOS_LAMBDA(std::size_t i) {
        out(i).order = rns::compare<N>(vx(i), vy(i), *b);
        out(i).scaled = rns::mul<N>(vx(i), vd(i), *b);
      });
  const auto r = kamp::test::to_host(out);
  const mpfr_value u = kamp::test::unit_roundoff<N>();
  for (std::size_t i = 0; i < x.size(); ++i) {
    const mpfr_value a = rns::to_mpfr<N>(x[i]), c = rns::to_mpfr<N>(y[i]);
    const int want = mpfr_unordered_p(a.get(), c.get()) ? 0 : mpfr_cmp(a.get(), c.get());
    ASSERT_EQ(r[i].order, (want > 0) - (want < 0))
        << "i=" << i << " " << kamp::test::describe<N>(x[i]) << " vs " << kamp::test::describe<N>(y[i]);
    mpfr_value exact(q + 64);
    mpfr_mul_d(exact.get(), a.get(), d[i], MPFR_RNDN);  // exact: q + 53 bits
    ASSERT_EQ(kamp::rns::invariant_violation<N>(r[i].scaled), "");
    ASSERT_TRUE(kamp::core::relative_error(rns::to_mpfr<N>(r[i].scaled), exact) < u) << "x * " << d[i];
  }
  EXPECT_TRUE(rns::is_unordered<N>(rns::mp_float<N>::nan(), x[0]));
}

template <class Config>
class rns_compare_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_compare_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_compare_test, compare_orders_like_mpfr_and_scaling_by_doubles_is_accurate) {
  check_compare_and_scale<TypeParam>();
}

}  // namespace

// from_expansion_sum: the sum of an expansion's components truncated once to the format, on
// every backend. Components within q + 3 bits of the leading one lie on the conversion's grid,
// so the result must be the exact sum truncated (MPFR); components reaching further below keep
// (2^(1-q) + K 2^(-q-54)) |S|. Cancelling signs, a power-of-two leader with a negative tail (the
// sum one bit shorter), DBL_MAX and subnormal components, and zeros; the device's bits are the
// host's.
#include <cfloat>
#include <cmath>

#include "rns/expansion_sum.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

constexpr int components = 5;

struct expansion_case {
  double c[components] = {};
};

// c_0 in +-[2^(t-1), 2^t) for a random t in [lo, hi], each next component's top at least 52 bits
// below the last one's plus a random gap in [0, max_gap], while it stays at or above t - span;
// random signs and 53 random bits.
expansion_case random_expansion(kamp::core::random_source& rng, int lo, int hi, int max_gap, int span) {
  expansion_case e;
  const int first = static_cast<int>(rng.integer(lo, hi));
  int top = first;
  for (int k = 0; k < components && top >= first - span && top >= -1073; ++k) {
    const double sign = rng.integer(0, 1) ? -1.0 : 1.0;
    e.c[k] = sign * std::ldexp(0.5 + 0.5 * rng.uniform(0, 1), top);
    top -= 52 + static_cast<int>(rng.integer(0, max_gap));
  }
  return e;
}

mpfr_value exact_sum(const expansion_case& e) {
  mpfr_value s(4000);
  for (double c : e.c) mpfr_add_d(s.get(), s.get(), c, MPFR_RNDN);  // exact at 4000 bits
  return s;
}

template <class Space, int N>
std::vector<rns::mp_float<N>> converted_on(const std::vector<expansion_case>& cases) {
  auto in = kamp::test::to_space<Space>(cases, "expansions");
  Kokkos::View<rns::mp_float<N>*, typename Space::memory_space> out("sums", cases.size());
  const rns::basis_constants<N>* b = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      "kamp::test::from_expansion_sum", Kokkos::RangePolicy<Space>(0, cases.size()),
      KOKKOS_LAMBDA(std::size_t i) { out(i) = rns::from_expansion_sum<N>(in(i).c, *b); });
  return kamp::test::to_host(out);
}

template <class Config>
void check_expansion_sums() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const kamp::test::mpfr_exponent_range wide;
  kamp::core::random_source rng(17);
  // On the grid: every component's last bit at or above c_0's top less q + 56 bits.
  std::vector<expansion_case> on_grid, below_grid;
  const std::size_t count = kamp::test::sweep_count(3000, 100000);
  for (std::size_t i = 0; i < count; ++i) on_grid.push_back(random_expansion(rng, -1000, 1000, 20, q + 3));
  for (std::size_t i = 0; i < count; ++i) below_grid.push_back(random_expansion(rng, -900, 1000, 300, 1 << 20));
  expansion_case e;
  e.c[0] = 0x1p200, e.c[1] = -0x1p140;  // a sum just below a power of two
  on_grid.push_back(e);
  e.c[0] = -0x1p-1022, e.c[1] = 0x1p-1074;  // subnormal tail
  on_grid.push_back(e);
  e = expansion_case();
  e.c[0] = DBL_MAX, e.c[1] = -std::ldexp(1.0, 970) * 0.75;
  on_grid.push_back(e);
  e = expansion_case();
  e.c[0] = 0x1p-1074;  // a lone subnormal
  on_grid.push_back(e);
  on_grid.push_back(expansion_case());  // zero
  e = expansion_case();
  e.c[0] = 1.0, e.c[2] = -0x1p-200;  // a zero component between
  below_grid.push_back(e);

  const auto got = converted_on<Space, N>(on_grid), host = converted_on<kamp::test::reference_space, N>(on_grid);
  for (std::size_t i = 0; i < on_grid.size(); ++i) {
    ASSERT_EQ(rns::invariant_violation<N>(got[i]), "") << i;
    ASSERT_TRUE(kamp::test::identical<N>(got[i], host[i])) << i;
    const mpfr_value want = kamp::test::truncated_into_format<N>(exact_sum(on_grid[i]));
    ASSERT_TRUE(rns::to_mpfr<N>(got[i]) == want)
        << i << ": " << kamp::test::describe<N>(got[i]) << " vs " << want.to_string(40);
  }
  const auto wide_got = converted_on<Space, N>(below_grid);
  const auto wide_host = converted_on<kamp::test::reference_space, N>(below_grid);
  for (std::size_t i = 0; i < below_grid.size(); ++i) {
    ASSERT_EQ(rns::invariant_violation<N>(wide_got[i]), "") << i;
    ASSERT_TRUE(kamp::test::identical<N>(wide_got[i], wide_host[i])) << i;
    const mpfr_value s = exact_sum(below_grid[i]);
    mpfr_value error(4000), allowed(64);
    mpfr_sub(error.get(), rns::to_mpfr<N>(wide_got[i]).get(), s.get(), MPFR_RNDN);
    mpfr_abs(error.get(), error.get(), MPFR_RNDN);
    mpfr_abs(allowed.get(), s.get(), MPFR_RNDU);
    mpfr_mul_d(allowed.get(), allowed.get(), std::ldexp(1.0, 1 - q) + components * std::ldexp(1.0, -q - 54), MPFR_RNDU);
    ASSERT_TRUE(mpfr_lessequal_p(error.get(), allowed.get()))
        << i << ": error " << mpfr_value(error).to_string(6) << " above " << allowed.to_string(6);
  }
}

template <class Config>
class rns_expansion_sum_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_expansion_sum_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_expansion_sum_test, TruncatesTheExactSumOnce) { check_expansion_sums<TypeParam>(); }

}  // namespace

// Interval evaluation is rigorous: lo <= X/M <= up against exact GMP values for random X
// and for X near 0, near M/2 and near M (including all residues m_i - 1, i.e. X = M - 1),
// on every backend; and it is tight enough for the arithmetic (relative width < 2^-30).
#include "rns/evaluation.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;

struct evaluated {
  kamp::core::er_float lo, up;
};

template <class Config>
void check_evaluation_is_rigorous() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(77);
  mpz_t M, X, t;
  mpz_inits(M, X, t, nullptr);
  mpz_set_ui(M, 1);
  for (int i = 0; i < N; ++i) mpz_mul_ui(M, M, static_cast<unsigned long>(b.m[i]));
  const std::size_t count = 600;
  std::vector<std::string> values;
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 77);
  for (std::size_t k = 0; k < count; ++k) {
    mpz_urandomm(t, state, M);
    switch (k % 6) {
      case 0:
        mpz_set(X, t);
        break;  // anywhere
      case 1:
        mpz_fdiv_q_2exp(X, t, mpz_sizeinbase(M, 2) - 1 - k % 200);
        break;  // near 0, 1..200 bits
      case 2:
        mpz_fdiv_q_2exp(X, t, 64);
        mpz_sub(X, M, X);
        mpz_sub_ui(X, X, 1);
        break;  // near M
      case 3:
        mpz_fdiv_q_2exp(X, M, 1);
        mpz_fdiv_q_2exp(t, t, 80);
        mpz_add(X, X, t);
        break;  // near M/2
      case 4:
        mpz_fdiv_q_2exp(X, M, 1);
        mpz_fdiv_q_2exp(t, t, 80);
        mpz_sub(X, X, t);
        break;
      default:
        mpz_set_ui(X, k % 2 ? 1 : 0);
        if (k % 4 == 1) mpz_sub_ui(X, M, 1);
        break;  // 0, 1, M - 1
    }
    char* s = mpz_get_str(nullptr, 10, X);
    values.emplace_back(s);
    void (*release)(void*, size_t);
    mp_get_memory_functions(nullptr, nullptr, &release);
    release(s, values.back().size() + 1);
  }
  gmp_randclear(state);
  // Residues on the host, evaluation on the backend.
  std::vector<rns::residue> residues(count * N);
  for (std::size_t k = 0; k < count; ++k) {
    mpz_set_str(X, values[k].c_str(), 10);
    for (int i = 0; i < N; ++i) residues[k * N + i] = static_cast<rns::residue>(mpz_fdiv_ui(X, b.m[i]));
  }
  auto vres = kamp::test::to_space<Space>(residues, "residues");
  Kokkos::View<evaluated*, typename Space::memory_space> out("out", count);
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      "kamp::test::evaluate", Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::size_t k) {
        evaluated e;
        rns::evaluate<N>(vres.data() + k * N, *bd, e.lo, e.up);
        out(k) = e;
      });
  const auto results = kamp::test::to_host(out);
  const mpfr_prec_t wide = static_cast<mpfr_prec_t>(mpz_sizeinbase(M, 2)) + 64;
  kamp::core::mpfr_value ratio(wide), xm(wide), mm(wide), bound(64), width(64);
  mpfr_set_z(mm.get(), M, MPFR_RNDN);
  for (std::size_t k = 0; k < count; ++k) {
    mpz_set_str(X, values[k].c_str(), 10);
    mpfr_set_z(xm.get(), X, MPFR_RNDN);
    mpfr_div(ratio.get(), xm.get(), mm.get(), MPFR_RNDN);
    const auto& e = results[k];
    mpfr_set_d(bound.get(), e.lo.frac, MPFR_RNDN);
    mpfr_mul_2si(bound.get(), bound.get(), static_cast<long>(e.lo.exp), MPFR_RNDN);
    ASSERT_LE(mpfr_cmp(bound.get(), ratio.get()), 0) << "lower bound above X/M for X = " << values[k];
    mpfr_set_d(width.get(), e.up.frac, MPFR_RNDN);
    mpfr_mul_2si(width.get(), width.get(), static_cast<long>(e.up.exp), MPFR_RNDN);
    ASSERT_GE(mpfr_cmp(width.get(), ratio.get()), 0) << "upper bound below X/M for X = " << values[k];
    if (mpz_sgn(X) == 0) {
      EXPECT_TRUE(e.lo.is_zero() && e.up.is_zero());
      continue;
    }
    // Tight: (up - lo) < 2^-30 X/M, except just below 1 where the bound is clamped to 1.
    mpfr_sub(width.get(), width.get(), bound.get(), MPFR_RNDU);
    mpfr_div(width.get(), width.get(), ratio.get(), MPFR_RNDU);
    if (mpfr_cmp_d(ratio.get(), 0.99) < 0) EXPECT_LT(mpfr_get_d(width.get(), MPFR_RNDU), 0x1.0p-30) << values[k];
  }
  mpz_clears(M, X, t, nullptr);
}

template <class Config>
class rns_evaluation_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_evaluation_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_evaluation_test, bounds_are_rigorous_and_tight) { check_evaluation_is_rigorous<TypeParam>(); }

}  // namespace

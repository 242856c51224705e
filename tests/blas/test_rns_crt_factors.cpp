// The CRT-form factors (blas/rns/crt_factors.hpp) give, on every backend, what the fused GEMV takes
// from them: with x put in CRT form by to_crt_form, one Montgomery product with a is
// s = a x w_i mod m_i, and s times shifted(j) is a x 2^j mod m_i for every shift j from -64 to
// the largest alignment, checked against GMP on random residues and on the edges 0, 1, m - 1.
#include <gmp.h>

#include "blas/rns/crt_factors.hpp"
#include "rns/montgomery.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;

// (a x 2^j) mod m, exactly, for any shift j.
rns::residue expected_shifted(std::int64_t a, std::int64_t x, int j, std::int64_t m) {
  mpz_t v, mod, power;
  mpz_inits(v, mod, power, nullptr);
  mpz_set_si(mod, m);
  mpz_set_ui(power, 1);
  mpz_mul_2exp(power, power, static_cast<mp_bitcnt_t>(j < 0 ? -j : j));
  if (j < 0) mpz_invert(power, power, mod);
  mpz_set_si(v, a);
  mpz_mul_si(v, v, x);
  mpz_mul(v, v, power);
  mpz_mod(v, v, mod);
  const auto r = static_cast<rns::residue>(mpz_get_si(v));
  mpz_clears(v, mod, power, nullptr);
  return r;
}

template <class Config>
void check_crt_factors() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  using factors = rns::crt_factors<N>;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(7);
  std::vector<rns::residue> a_host, x_host;
  std::vector<int> modulus, shift;
  constexpr int shifts = factors::highest_shift - factors::lowest_shift + 1;
  for (int i = 0; i < N; ++i) {
    const std::int64_t m = b.m[i];
    const std::vector<std::int64_t> edges{0, 1, m - 1};
    for (const auto a : edges)
      for (const auto x : edges)
        for (const int j : {factors::lowest_shift, -1, 0, 1, factors::highest_shift}) {
          a_host.push_back(static_cast<rns::residue>(a));
          x_host.push_back(static_cast<rns::residue>(x));
          modulus.push_back(i);
          shift.push_back(j);
        }
    for (int k = 0; k < 200; ++k) {
      a_host.push_back(static_cast<rns::residue>(rng.next_u64() % static_cast<std::uint64_t>(m)));
      x_host.push_back(static_cast<rns::residue>(rng.next_u64() % static_cast<std::uint64_t>(m)));
      modulus.push_back(i);
      shift.push_back(factors::lowest_shift + static_cast<int>(rng.next_u64() % shifts));
    }
  }
  const auto count = static_cast<std::int64_t>(a_host.size());
  using memory = typename Space::memory_space;
  Kokkos::View<rns::residue*, memory> av("a", count), xv("x", count), crt_term("s", count), placed("placed", count);
  Kokkos::View<int*, memory> iv("i", count), jv("j", count);
  Kokkos::deep_copy(av, Kokkos::View<rns::residue*, Kokkos::HostSpace>(a_host.data(), count));
  Kokkos::deep_copy(xv, Kokkos::View<rns::residue*, Kokkos::HostSpace>(x_host.data(), count));
  Kokkos::deep_copy(iv, Kokkos::View<int*, Kokkos::HostSpace>(modulus.data(), count));
  Kokkos::deep_copy(jv, Kokkos::View<int*, Kokkos::HostSpace>(shift.data(), count));
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<memory>();
  const factors* fd = rns::crt_factor_table<N>::template in<memory>();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::int64_t k) {
        const int i = iv(k);
        const rns::residue m = bd->m[i];
        const rns::residue x_crt = rns::mont_mul(xv(k), fd->to_crt_form[i], m, bd->mont_neg_inv[i]);
        crt_term(k) = rns::mont_mul(av(k), x_crt, m, bd->mont_neg_inv[i]);
        placed(k) = rns::mod_mul(crt_term(k), fd->shifted(jv(k), i), m, bd->inv_m[i]);
      });
  const auto s = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), crt_term);
  const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), placed);
  for (std::int64_t k = 0; k < count; ++k) {
    const int i = modulus[k];
    const std::int64_t m = b.m[i], a = a_host[k], x = x_host[k];
    ASSERT_EQ(s(k), static_cast<rns::residue>(a * x % m * b.w[i] % m)) << "a=" << a << " x=" << x << " m=" << m;
    ASSERT_EQ(got(k), expected_shifted(a, x, shift[k], m))
        << "a=" << a << " x=" << x << " j=" << shift[k] << " m=" << m;
  }
}

// mi_low_word[i], the CPU truncation's copy of the basis' low word, is (M / m_i) mod 2^64,
// computed here from the moduli with GMP.
template <class Config>
void check_cofactor_words() {
  static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "mpz_get_ui returns the low 64 bits");
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  const auto& f = rns::crt_factor_table<N>::host();
  mpz_t cofactor, low;
  mpz_inits(cofactor, low, nullptr);
  for (int i = 0; i < N; ++i) {
    mpz_set_ui(cofactor, 1);
    for (int j = 0; j < N; ++j)
      if (j != i) mpz_mul_ui(cofactor, cofactor, b.m[j]);
    mpz_fdiv_r_2exp(low, cofactor, 64);
    EXPECT_EQ(f.mi_low_word[i], static_cast<std::uint64_t>(mpz_get_ui(low))) << "i=" << i;
  }
  mpz_clears(cofactor, low, nullptr);
}

template <class Config>
struct rns_crt_factors_test : ::testing::Test {};
TYPED_TEST_SUITE(rns_crt_factors_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_crt_factors_test, place_products_kept_as_crt_terms) { check_crt_factors<TypeParam>(); }
TYPED_TEST(rns_crt_factors_test, cofactor_words_for_the_cpu_truncation) { check_cofactor_words<TypeParam>(); }

}  // namespace

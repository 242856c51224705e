// Montgomery multiplication (rns/montgomery.hpp) is exact on every backend: mont_mul(a, b) =
// a b 2^-32 mod m_i for every modulus of every basis, on random residues and on the edges
// 0, 1, m - 1, m - 2, 2^32 mod m; and the basis's Montgomery constants convert as documented
// (mont_mul(x, mont_r2) = x 2^32, mont_mul(p, w_mont) = p w_i, mont_mul(x, pow2_mont[d]) = x 2^d
// for every alignment d).
#include <gmp.h>

#include "rns/montgomery.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;

// (a b 2^-32) mod m, exactly.
rns::residue expected_mont(std::int64_t a, std::int64_t b, std::int64_t m) {
  mpz_t x, mod, r_inv;
  mpz_inits(x, mod, r_inv, nullptr);
  mpz_set_si(x, a);
  mpz_mul_si(x, x, b);
  mpz_set_si(mod, m);
  mpz_set_ui(r_inv, 1);
  mpz_mul_2exp(r_inv, r_inv, 32);
  mpz_invert(r_inv, r_inv, mod);
  mpz_mul(x, x, r_inv);
  mpz_mod(x, x, mod);
  const auto r = static_cast<rns::residue>(mpz_get_si(x));
  mpz_clears(x, mod, r_inv, nullptr);
  return r;
}

template <class Config>
void check_montgomery_products() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(2024);
  // Operand pairs per modulus: the edges against each other, then random residues.
  std::vector<rns::residue> a_host, b_host;
  std::vector<int> modulus, shift;
  constexpr int shifts = rns::basis_constants<N>::max_alignment + 1;
  for (int i = 0; i < N; ++i) {
    const std::int64_t m = b.m[i];
    const std::vector<std::int64_t> edges{0, 1, 2, m - 1, m - 2, (std::int64_t(1) << 32) % m, m / 2};
    for (const auto x : edges)
      for (const auto y : edges) {
        a_host.push_back(static_cast<rns::residue>(x));
        b_host.push_back(static_cast<rns::residue>(y));
        modulus.push_back(i);
        shift.push_back(static_cast<int>(modulus.size() % 3 == 0 ? shifts - 1 : modulus.size() % shifts));
      }
    for (int k = 0; k < 200; ++k) {
      a_host.push_back(static_cast<rns::residue>(rng.next_u64() % static_cast<std::uint64_t>(m)));
      b_host.push_back(static_cast<rns::residue>(rng.next_u64() % static_cast<std::uint64_t>(m)));
      modulus.push_back(i);
      shift.push_back(static_cast<int>(rng.next_u64() % shifts));
    }
  }
  const auto count = static_cast<std::int64_t>(a_host.size());
  Kokkos::View<rns::residue*, typename Space::memory_space> av("a", count), bv("b", count), product("mont", count),
      to_form("to_form", count), times_w("times_w", count), times_pow2("times_pow2", count);
  Kokkos::View<int*, typename Space::memory_space> iv("i", count), dv("d", count);
  Kokkos::deep_copy(av, Kokkos::View<rns::residue*, Kokkos::HostSpace>(a_host.data(), count));
  Kokkos::deep_copy(bv, Kokkos::View<rns::residue*, Kokkos::HostSpace>(b_host.data(), count));
  Kokkos::deep_copy(iv, Kokkos::View<int*, Kokkos::HostSpace>(modulus.data(), count));
  Kokkos::deep_copy(dv, Kokkos::View<int*, Kokkos::HostSpace>(shift.data(), count));
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::int64_t k) {
        const int i = iv(k);
        product(k) = rns::mont_mul(av(k), bv(k), bd->m[i], bd->mont_neg_inv[i]);
        to_form(k) = rns::mont_mul(av(k), bd->mont_r2[i], bd->m[i], bd->mont_neg_inv[i]);
        times_w(k) = rns::mont_mul(av(k), bd->w_mont[i], bd->m[i], bd->mont_neg_inv[i]);
        times_pow2(k) = rns::mont_mul(av(k), bd->pow2_mont[dv(k)][i], bd->m[i], bd->mont_neg_inv[i]);
      });
  const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), product);
  const auto form = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), to_form);
  const auto w = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), times_w);
  const auto scaled = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), times_pow2);
  for (std::int64_t k = 0; k < count; ++k) {
    const int i = modulus[k];
    const std::int64_t m = b.m[i], a = a_host[k];
    ASSERT_EQ(got(k), expected_mont(a, b_host[k], m)) << "a=" << a << " b=" << b_host[k] << " m=" << m;
    ASSERT_EQ(form(k), static_cast<rns::residue>(((a << 16) % m << 16) % m)) << "a=" << a << " m=" << m;
    ASSERT_EQ(w(k), static_cast<rns::residue>(a * b.w[i] % m)) << "a=" << a << " m=" << m;
    std::int64_t a_times_pow2 = a;  // a 2^d mod m, one doubling at a time
    for (int d = 0; d < shift[k]; ++d) a_times_pow2 = a_times_pow2 * 2 % m;
    ASSERT_EQ(scaled(k), static_cast<rns::residue>(a_times_pow2)) << "a=" << a << " d=" << shift[k] << " m=" << m;
  }
}

template <class Config>
struct rns_montgomery_test : ::testing::Test {};
TYPED_TEST_SUITE(rns_montgomery_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_montgomery_test, products_are_exact) { check_montgomery_products<TypeParam>(); }

TEST(rns_montgomery, neg_inverse_of_every_modulus) {
  const auto& b = rns::basis<8>::host();
  for (int i = 0; i < 8; ++i) {
    const auto m = static_cast<std::uint32_t>(b.m[i]);
    EXPECT_EQ(static_cast<std::uint32_t>(m * rns::montgomery_neg_inverse(m)), 0xffffffffu) << "m=" << m;
    EXPECT_LT(b.m[i], 1 << rns::basis_constants<8>::modulus_bits);
  }
}

}  // namespace

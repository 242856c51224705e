// The two halves of every truncation (rns/truncation.hpp) are exact on every backend against GMP:
// words_mod, for every modulus of every basis and every word count up to the basis's, on random
// words, all-ones words (the largest sums between reductions), zero and single set bits; and
// low_bits, X mod 2^k from the CRT terms s_i and the rank, for k on both sides of every 32- and
// 64-bit limb boundary up to the basis's words, on random terms, all s_i = m_i - 1 (the largest
// columns and rank) and zeros.
#include <gmp.h>

#include "rns/truncation.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;

std::uint32_t expected_mod(const std::uint64_t* words, int used, std::uint32_t m) {
  mpz_t x;
  mpz_init(x);
  for (int j = used - 1; j >= 0; --j) {
    mpz_mul_2exp(x, x, 64);
    mpz_add_ui(x, x, static_cast<unsigned long>(words[j]));
  }
  const auto r = static_cast<std::uint32_t>(mpz_fdiv_ui(x, m));
  mpz_clear(x);
  return r;
}

template <class Config>
void check_words_mod() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int words = rns::basis_constants<N>::words;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(4242);
  // Cases: (used, modulus, words), the words padded to the basis's count.
  std::vector<std::uint64_t> word_host;
  std::vector<int> used_host, modulus_host;
  const auto add_case = [&](int used, int i, const std::vector<std::uint64_t>& w) {
    for (int j = 0; j < words; ++j) word_host.push_back(j < used ? w[j] : 0);
    used_host.push_back(used);
    modulus_host.push_back(i);
  };
  for (int i = 0; i < N; ++i)
    for (int used = 1; used <= words; ++used) {
      add_case(used, i, std::vector<std::uint64_t>(words, ~std::uint64_t(0)));
      add_case(used, i, std::vector<std::uint64_t>(words, 0));
      std::vector<std::uint64_t> bit(words, 0);
      bit[used - 1] = std::uint64_t(1) << (rng.next_u64() % 64);
      add_case(used, i, bit);
      for (int k = 0; k < 20; ++k) {
        std::vector<std::uint64_t> w(words);
        for (auto& v : w) v = rng.next_u64();
        add_case(used, i, w);
      }
    }
  const auto count = static_cast<std::int64_t>(used_host.size());
  Kokkos::View<std::uint64_t*, Memory> wv("words", word_host.size());
  Kokkos::View<int*, Memory> uv("used", count), iv("i", count);
  Kokkos::View<rns::residue*, Memory> rv("r", count);
  Kokkos::deep_copy(wv, Kokkos::View<std::uint64_t*, Kokkos::HostSpace>(word_host.data(), word_host.size()));
  Kokkos::deep_copy(uv, Kokkos::View<int*, Kokkos::HostSpace>(used_host.data(), count));
  Kokkos::deep_copy(iv, Kokkos::View<int*, Kokkos::HostSpace>(modulus_host.data(), count));
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<Memory>();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, count),
      KOKKOS_LAMBDA(std::int64_t k) { rv(k) = rns::words_mod<N>(&wv(k * words), uv(k), iv(k), *bd); });
  const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), rv);
  for (std::int64_t k = 0; k < count; ++k) {
    const auto m = static_cast<std::uint32_t>(b.m[modulus_host[k]]);
    ASSERT_EQ(static_cast<std::uint32_t>(got(k)), expected_mod(&word_host[k * words], used_host[k], m))
        << "case " << k << ": " << used_host[k] << " words mod " << m << ", top word " << std::hex
        << word_host[k * words + used_host[k] - 1];
  }
}

// X mod 2^k into words, for X = sum_i s_i M_i mod M.
void expected_low_bits(const mpz_t X, int k, int words, std::uint64_t* out) {
  mpz_t r;
  mpz_init(r);
  mpz_fdiv_r_2exp(r, X, static_cast<mp_bitcnt_t>(k));
  for (int j = 0; j < words; ++j) {
    mpz_t w;
    mpz_init(w);
    mpz_fdiv_q_2exp(w, r, static_cast<mp_bitcnt_t>(64 * j));
    mpz_fdiv_r_2exp(w, w, 64);
    std::uint64_t v = 0;
    mpz_export(&v, nullptr, -1, sizeof(v), 0, 0, w);
    out[j] = v;
    mpz_clear(w);
  }
  mpz_clear(r);
}

template <class Config>
void check_low_bits() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int words = rns::basis_constants<N>::words;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(4343);
  mpz_t M, S, X, Mi, rank;
  mpz_inits(M, S, X, Mi, rank, nullptr);
  mpz_set_ui(M, 1);
  for (int i = 0; i < N; ++i) mpz_mul_ui(M, M, static_cast<unsigned long>(b.m[i]));
  std::vector<int> ks;
  for (int limb = 32; limb <= 64 * words; limb += 32)
    for (int k : {limb - 1, limb, limb + 1})
      if (k >= 1 && k <= 64 * words) ks.push_back(k);
  ks.push_back(1);
  ks.push_back(rns::basis_constants<N>::max_shift);
  std::vector<rns::residue> s_host;
  std::vector<std::uint64_t> rank_host, expected;
  std::vector<int> k_host;
  for (int trial = 0; trial < 24; ++trial) {
    std::vector<rns::residue> s(N);
    for (int i = 0; i < N; ++i)
      s[i] = trial == 0   ? b.m[i] - 1
             : trial == 1 ? 0
             : trial == 2 ? (i % 2 ? b.m[i] - 1 : 0)
                          : static_cast<rns::residue>(rng.integer(0, b.m[i] - 1));
    mpz_set_ui(S, 0);
    for (int i = 0; i < N; ++i) {
      mpz_divexact_ui(Mi, M, static_cast<unsigned long>(b.m[i]));
      mpz_addmul_ui(S, Mi, static_cast<unsigned long>(s[i]));
    }
    mpz_fdiv_qr(rank, X, S, M);
    for (int k : ks) {
      s_host.insert(s_host.end(), s.begin(), s.end());
      rank_host.push_back(mpz_get_ui(rank));
      k_host.push_back(k);
      expected.resize(expected.size() + words);
      expected_low_bits(X, k, words, &expected[expected.size() - words]);
    }
  }
  mpz_clears(M, S, X, Mi, rank, nullptr);
  const auto count = static_cast<std::int64_t>(k_host.size());
  Kokkos::View<rns::residue*, Memory> sv("s", s_host.size());
  Kokkos::View<std::uint64_t*, Memory> rankv("rank", count), out("out", count * words);
  Kokkos::View<int*, Memory> kv("k", count);
  Kokkos::deep_copy(sv, Kokkos::View<rns::residue*, Kokkos::HostSpace>(s_host.data(), s_host.size()));
  Kokkos::deep_copy(rankv, Kokkos::View<std::uint64_t*, Kokkos::HostSpace>(rank_host.data(), count));
  Kokkos::deep_copy(kv, Kokkos::View<int*, Kokkos::HostSpace>(k_host.data(), count));
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<Memory>();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::int64_t c) {
        std::uint64_t r[words];
        rns::low_bits<N>(&sv(c * N), rankv(c), kv(c), *bd, r);
        for (int j = 0; j < words; ++j) out(c * words + j) = j < (kv(c) + 63) / 64 ? r[j] : 0;
      });
  const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  for (std::int64_t c = 0; c < count; ++c)
    for (int j = 0; j < words; ++j)
      ASSERT_EQ(got(c * words + j), expected[c * words + j])
          << "case " << c << " (k = " << k_host[c] << ", rank " << rank_host[c] << "), word " << j;
}

template <class Config>
struct rns_words_mod_test : ::testing::Test {};
TYPED_TEST_SUITE(rns_words_mod_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_words_mod_test, remainders_are_exact) { check_words_mod<TypeParam>(); }
TYPED_TEST(rns_words_mod_test, low_bits_are_exact) { check_low_bits<TypeParam>(); }

}  // namespace

// words_mod (rns/truncation.hpp), the multiword remainder of every truncation, is exact on every
// backend: for every modulus of every basis and every word count up to the basis's, random words,
// all-ones words (the largest sums between reductions), zero and single set bits agree with GMP.
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
      Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::int64_t k) {
        rv(k) = rns::words_mod<N>(&wv(k * words), uv(k), iv(k), *bd);
      });
  const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), rv);
  for (std::int64_t k = 0; k < count; ++k) {
    const auto m = static_cast<std::uint32_t>(b.m[modulus_host[k]]);
    ASSERT_EQ(static_cast<std::uint32_t>(got(k)), expected_mod(&word_host[k * words], used_host[k], m))
        << "case " << k << ": " << used_host[k] << " words mod " << m << ", top word " << std::hex
        << word_host[k * words + used_host[k] - 1];
  }
}

template <class Config>
struct rns_words_mod_test : ::testing::Test {};
TYPED_TEST_SUITE(rns_words_mod_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_words_mod_test, remainders_are_exact) { check_words_mod<TypeParam>(); }

}  // namespace

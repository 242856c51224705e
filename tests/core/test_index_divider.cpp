// core::index_divider against the plain integer division, on every backend: divisors 1, 2,
// powers of two (where the reciprocal floor((2^64 - 1) / d) is 2^64 / d - 1, its largest
// error), their neighbours, up to 2^62 and random; dividends at multiples of the divisor and
// next to them, at the largest int64 and random; and a clear error for divisors below 1.
#include <cstdint>
#include <climits>
#include <vector>

#include "core/index_divider.hpp"
#include "core/random.hpp"
#include "tests/backends.hpp"

namespace {

using kamp::core::index_divider;

template <class Space>
std::vector<std::int64_t> quotients_on(std::int64_t divisor, const std::vector<std::int64_t>& dividends) {
  auto n = kamp::test::to_space<Space>(dividends, "dividends");
  Kokkos::View<std::int64_t*, typename Space::memory_space> q("quotients", dividends.size());
  Kokkos::deep_copy(q, -1);  // poison: every element must be written
  const index_divider d(divisor);
  Kokkos::parallel_for(
      "kamp::test::index_divider", Kokkos::RangePolicy<Space>(0, dividends.size()),
      KOKKOS_LAMBDA(std::size_t i) { q(i) = d.quotient(n(i)); });
  return kamp::test::to_host(q);
}

std::vector<std::int64_t> dividends_for(std::int64_t d, kamp::core::random_source& rng) {
  constexpr std::int64_t two32 = std::int64_t{1} << 32;
  constexpr std::int64_t largest = INT64_MAX;
  std::vector<std::int64_t> n = {
      0, 1, d - 1, d, two32 - 1, two32, two32 + 1, largest, largest - 1, largest / d * d, largest / d * d - 1};
  if (d < largest) n.push_back(d + 1);
  for (int k = 0; k < 200; ++k) {
    const std::int64_t q = rng.integer(0, largest / d - 1);
    for (std::int64_t delta : {-1, 0, 1}) n.push_back(q * d + delta);
    n.push_back(rng.integer(0, two32 - 1));
    n.push_back(rng.integer(0, largest));
  }
  std::vector<std::int64_t> valid;
  for (std::int64_t v : n)
    if (v >= 0) valid.push_back(v);
  return valid;
}

KAMP_BACKEND_TEST_SUITE(index_divider_test);

TYPED_TEST(index_divider_test, quotients_equal_the_integer_division) {
  kamp::core::random_source rng(29);
  constexpr std::int64_t two32 = std::int64_t{1} << 32;
  std::vector<std::int64_t> divisors = {1,
                                        2,
                                        3,
                                        7,
                                        1000,
                                        1024,
                                        65537,
                                        two32 - 1,
                                        two32,
                                        two32 + 1,
                                        (std::int64_t{1} << 40) + 7,
                                        std::int64_t{1} << 62,
                                        INT64_MAX};
  for (int k = 0; k < 20; ++k) divisors.push_back(rng.integer(2, two32));
  for (int k = 0; k < 10; ++k) divisors.push_back(rng.integer(2, INT64_MAX));
  for (std::int64_t d : divisors) {
    const std::vector<std::int64_t> n = dividends_for(d, rng);
    const std::vector<std::int64_t> q = quotients_on<TypeParam>(d, n);
    for (std::size_t i = 0; i < n.size(); ++i) ASSERT_EQ(q[i], n[i] / d) << "n = " << n[i] << ", d = " << d;
  }
}

TEST(index_divider, divisors_below_one_are_rejected) {
  kamp::test::expect_invalid_argument("divisor", [] { index_divider(0); });
  kamp::test::expect_invalid_argument("divisor", [] { index_divider(-3); });
}

}  // namespace

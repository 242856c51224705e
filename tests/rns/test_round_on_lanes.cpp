// round_on_lanes (rns/round_on_lanes.hpp) gives what round_with_exponent gives on the same
// backend, bit for bit, at every precision (a backend's own libm may place an interval's last bit
// differently, e.g. the log2 of a refining evaluation, so the reference runs beside it): products
// of random significands of every length (so every surplus from 1 to q bits, and every word count
// of X mod 2^k), the longest products, products at both ends of the exponent range, zero and
// special values, and wrapped differences that need the exact sign decision.
#include "rns/round_on_lanes.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;

// A value before its rounding: what an operation leaves for the round stage.
template <int N>
struct unrounded {
  rns::mp_float<N> z;
  std::int32_t flags = rns::round_plain;
  std::int64_t exp = 0;
};

// The product x y as mul leaves it for its round stage, at exponent x.exp + y.exp + shift.
template <int N>
unrounded<N> product(const rns::mp_float<N>& x, const rns::mp_float<N>& y, std::int64_t shift = 0) {
  const auto& b = rns::basis<N>::host();
  unrounded<N> u;
  const std::int32_t active = rns::mul_esi<N>(x, y, u.z, b);
  for (int i = 0; i < N; ++i) u.z.digits[i] = rns::mul_digit<N>(x.digits[i], y.digits[i], active, i, b);
  u.exp = static_cast<std::int64_t>(u.z.exp) + shift;
  return u;
}

template <int N>
std::vector<unrounded<N>> cases() {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  constexpr long limit = rns::exponent_limit;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(11);
  std::vector<unrounded<N>> all;
  const auto random_bits = [&] { return 1 + static_cast<int>(rng.next_u64() % q); };
  for (int k = 0; k < 400; ++k) {
    const auto x = kamp::test::random_mp<N>(rng, -40, 40, random_bits());
    const auto y = kamp::test::random_mp<N>(rng, -40, 40, random_bits());
    all.push_back(product<N>(x, y));
  }
  // The longest products, and the identities' (2^q - 1) 1.
  const auto top = kamp::test::from_power_of_two<N>(q, -1, 0);
  const auto one = kamp::test::from_power_of_two<N>(0, 0, 0);
  all.push_back(product<N>(top, top));
  all.push_back(product<N>(top, one));
  all.push_back(product<N>(top, kamp::test::from_power_of_two<N>(q - 1, 1, 0, 1)));
  // Both ends of the exponent range: overflow, the longest significand that still fits,
  // gradual underflow and underflow to zero.
  for (const std::int64_t exp :
       {limit - 2 * q, limit - q - 1, limit - q + 1, limit, -limit - q, -limit - 2 * q + 3, -limit - 3 * q})
    for (int k = 0; k < 8; ++k) {
      const auto x = kamp::test::random_mp<N>(rng, 0, 0, random_bits());
      const auto y = kamp::test::random_mp<N>(rng, 0, 0, random_bits());
      all.push_back(product<N>(x, y, exp - x.exp - y.exp));
    }
  // Zero and special values.
  for (const auto& special :
       {rns::mp_float<N>(), rns::mp_float<N>::inf(0), rns::mp_float<N>::inf(1), rns::mp_float<N>::nan()})
    all.push_back(product<N>(special, top));
  // Wrapped differences M - D, whose sign the round stage decides exactly, and values whose
  // interval it evaluates afresh.
  for (int k = 0; k < 40; ++k) {
    auto u = product<N>(kamp::test::random_mp<N>(rng, -4, 4, random_bits()), kamp::test::random_mp<N>(rng, -4, 4));
    u.z.eval[0] = u.z.eval[1] = kamp::core::er_float{};
    u.flags = rns::round_reevaluate;
    if (k % 2 == 0) {
      for (int i = 0; i < N; ++i) u.z.digits[i] = u.z.digits[i] == 0 ? 0 : b.m[i] - u.z.digits[i];
      u.flags = rns::round_exact_sign;
    }
    all.push_back(u);
  }
  return all;
}

template <class Config>
void check_round_on_lanes() {
  using Space = typename Config::space;
  using memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  const auto inputs = cases<N>();
  const auto count = static_cast<std::int64_t>(inputs.size());
  std::vector<rns::mp_float<N>> values;
  std::vector<std::int32_t> flags;
  std::vector<std::int64_t> exps;
  for (const auto& u : inputs) {
    values.push_back(u.z);
    flags.push_back(u.flags);
    exps.push_back(u.exp);
  }
  rns::mp_array<N, memory> device(static_cast<std::size_t>(count), "values"),
      reference(static_cast<std::size_t>(count), "reference");
  rns::copy_from_host(device, values);
  rns::copy_from_host(reference, values);
  Kokkos::View<std::int32_t*, memory> flags_view("flags", count);
  Kokkos::View<std::int64_t*, memory> exps_view("exps", count);
  Kokkos::deep_copy(flags_view, Kokkos::View<std::int32_t*, Kokkos::HostSpace>(flags.data(), count));
  Kokkos::deep_copy(exps_view, Kokkos::View<std::int64_t*, Kokkos::HostSpace>(exps.data(), count));
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<memory>();
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, count), KOKKOS_LAMBDA(std::int64_t k) {
        const auto e = static_cast<std::size_t>(k);
        rns::mp_header z = reference.header(e);
        rns::round_with_exponent<N>(z, reference.digits_of(e), flags_view(k), exps_view(k), *bd);
        reference.set_header(e, z);
      });
  using policy = Kokkos::TeamPolicy<Space>;
  int lanes = N < 32 ? N : 32;
  while (lanes > policy::vector_length_max()) lanes /= 2;
  Kokkos::parallel_for(
      policy(count, 1, lanes).set_scratch_size(0, Kokkos::PerTeam(sizeof(rns::lanes_scratch<N>))),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        const auto e = static_cast<std::size_t>(team.league_rank());
        rns::lanes_scratch<N>& sc = *rns::lanes_scratch<N>::of(team);
        rns::residue* digits = device.digits_of(e);
        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) { sc.digits[i] = digits[i]; });
        team.team_barrier();
        rns::mp_header z = device.header(e);
        rns::round_on_lanes<N>(team, z, sc, flags_view(e), exps_view(e), *bd);
        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) { digits[i] = sc.digits[i]; });
        Kokkos::single(Kokkos::PerThread(team), [&] { device.set_header(e, z); });
      });
  const auto got = rns::copy_to_host(device);
  const auto expected = rns::copy_to_host(reference);
  for (std::int64_t k = 0; k < count; ++k)
    ASSERT_TRUE(kamp::test::identical<N>(got[k], expected[k]))
        << "case " << k << ": " << kamp::test::describe<N>(got[k]) << " instead of "
        << kamp::test::describe<N>(expected[k]);
}

template <class Config>
class round_on_lanes_test : public ::testing::Test {};
TYPED_TEST_SUITE(round_on_lanes_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(round_on_lanes_test, matches_the_scalar_rounding) { check_round_on_lanes<TypeParam>(); }

}  // namespace

// Rounding drops bits only when the exact significand has more than q (issue 12): x + 0,
// 0 + x, x - 0, x * 1 and 1 * x are x, with 1 written as X = 1 (a string) or X = 2^52 (a
// double), for significands next to powers of two (2^q - 1 - k, 2^(q-1) + k, 1, and a
// double's 2^53 - 1 - k) at any exponent; and +, -, x of such operands of comparable
// magnitude equal the exact result truncated to q bits (MPFR's RNDZ), the format's only
// rounding when no operand is dropped. On every backend, by the scalar device functions and
// by the split-kernel stages, which agree bit for bit.
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;
using kamp::test::op_kind;

// A significand next to a power of two with a random sign, of magnitude about 2^magnitude.
template <int N>
rns::mp_float<N> near_power_of_two(kamp::core::random_source& rng, long magnitude) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const auto k = static_cast<long>(rng.integer(0, 40));
  const int sign = static_cast<int>(rng.next_u64() & 1);
  switch (rng.integer(0, 3)) {
    case 0:
      return kamp::test::from_power_of_two<N>(q, -1 - k, magnitude - q, sign);
    case 1:
      return kamp::test::from_power_of_two<N>(q - 1, k, magnitude - q, sign);
    case 2:
      return kamp::test::from_power_of_two<N>(0, 0, magnitude - 1, sign);
    default: {
      auto x = rns::from_double<N>(1.0 - static_cast<double>(k + 1) * 0x1p-53, rns::basis<N>::host());
      x.exp = static_cast<std::int32_t>(x.exp + magnitude);
      x.sign = sign;
      return x;
    }
  }
}

// z = x op y on Space by the scalar functions, checked against the split stages (bit for bit)
// and the invariant.
template <class Space, int N>
std::vector<rns::mp_float<N>> run_both(op_kind kind, const std::vector<rns::mp_float<N>>& x,
                                       const std::vector<rns::mp_float<N>>& y) {
  const auto z = kamp::test::map_on<Space, N>(x, y, kamp::test::apply_op{kind});
  const auto w = kamp::test::split_stages_on<Space, N>(kind, x, y);
  for (std::size_t i = 0; i < z.size(); ++i) {
    EXPECT_EQ(kamp::rns::invariant_violation<N>(z[i]), "") << i << ": " << kamp::test::describe<N>(z[i]);
    EXPECT_TRUE(kamp::test::identical<N>(z[i], w[i]))
        << i << ": " << kamp::test::describe<N>(z[i]) << " vs stages " << kamp::test::describe<N>(w[i]);
  }
  return z;
}

template <class Config>
void check_identities() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(1201);
  constexpr int q = rns::basis_constants<N>::significand_bits;
  std::vector<rns::mp_float<N>> xs = {kamp::test::from_power_of_two<N>(q, -1, 0)};  // the 2^q - 1
  for (int i = 0; i < 600; ++i) xs.push_back(near_power_of_two<N>(rng, rng.integer(-1000, 1000)));
  const auto zero = rns::mp_float<N>::zero(), one_string = rns::from_string<N>("1"),
             one_double = rns::from_double<N>(1.0, b);
  struct identity {
    op_kind kind;
    bool x_first;
    rns::mp_float<N> other;
  };
  const identity identities[] = {{op_kind::add, true, zero},        {op_kind::add, false, zero},
                                 {op_kind::sub, true, zero},        {op_kind::mul, true, one_string},
                                 {op_kind::mul, false, one_string}, {op_kind::mul, true, one_double},
                                 {op_kind::mul, false, one_double}};
  for (const auto& id : identities) {
    const std::vector<rns::mp_float<N>> others(xs.size(), id.other);
    const auto z = run_both<Space, N>(id.kind, id.x_first ? xs : others, id.x_first ? others : xs);
    for (std::size_t i = 0; i < xs.size(); ++i)
      ASSERT_TRUE(rns::to_mpfr<N>(z[i]) == rns::to_mpfr<N>(xs[i]))
          << "op " << static_cast<int>(id.kind) << (id.x_first ? " x first" : " x second")
          << ": x = " << kamp::test::describe<N>(xs[i]) << ", got " << kamp::test::describe<N>(z[i]);
  }
}

template <class Config>
void check_truncation() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(1202);
  std::vector<rns::mp_float<N>> xs, ys;
  for (int i = 0; i < 1500; ++i) {
    const long magnitude = rng.integer(-300, 300);
    const long gap = i % 4 == 0 ? rng.integer(-q / 2, q / 2) : rng.integer(-3, 3);
    xs.push_back(near_power_of_two<N>(rng, magnitude));
    ys.push_back(near_power_of_two<N>(rng, magnitude + gap));
  }
  for (const op_kind kind : {op_kind::add, op_kind::sub, op_kind::mul}) {
    const auto z = run_both<Space, N>(kind, xs, ys);
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const mpfr_value want = kamp::test::truncated_into_format<N>(kamp::test::exact_result<N>(kind, xs[i], ys[i]));
      ASSERT_TRUE(rns::to_mpfr<N>(z[i]) == want)
          << "op " << static_cast<int>(kind) << ": x = " << kamp::test::describe<N>(xs[i])
          << ", y = " << kamp::test::describe<N>(ys[i]) << ", got " << kamp::test::describe<N>(z[i]) << ", want "
          << want.to_string(40);
    }
  }
}

template <class Config>
class rns_exact_rounding_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_exact_rounding_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_exact_rounding_test, adding_zero_and_multiplying_by_one_change_nothing) {
  check_identities<TypeParam>();
}
TYPED_TEST(rns_exact_rounding_test, results_near_powers_of_two_are_truncated_exactly) { check_truncation<TypeParam>(); }

}  // namespace

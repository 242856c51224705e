// The edges of the exponent range (rns/mp_float.hpp, issue 12): MAX = (2^q - 1) 2^(2^30) and
// MIN = 2^-2^30 survive + 0, * 1 and a negligible addend; results overflow to infinity exactly
// from 2^(q + 2^30) on and underflow to zero exactly below MIN, truncated to multiples of MIN
// in between; and whether a product overflows or underflows depends on its value, not on how
// its operands split significand and exponent (2 as X = 1 or X = 2^52). Each result is
// checked against MPFR's truncation of the exact value on every backend, by the scalar
// device functions, the split-kernel stages (bit for bit) and the fused GEMV's rounding.
#include "blas/rns/kernels.hpp"
#include "rns/kernels.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;
using kamp::test::op_kind;

template <int N>
struct range_case {
  std::string what;
  op_kind kind;
  rns::mp_float<N> x, y;
  bool y_negligible = false;  // an addend the addition drops: the result is x
};

template <int N>
rns::mp_float<N> negated(rns::mp_float<N> x) {
  x.sign ^= 1;
  return x;
}

template <int N>
std::vector<range_case<N>> range_cases() {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  constexpr long L = rns::exponent_limit;
  const auto& b = rns::basis<N>::host();
  using kamp::test::from_power_of_two;
  const auto max = from_power_of_two<N>(q, -1, L), min = from_power_of_two<N>(0, 0, -L);
  const auto top = from_power_of_two<N>(q - 1, 0, L);                       // the largest power of two, X = 2^(q-1)
  const auto p = from_power_of_two<N>(0, 0, L);                             // 2^(2^30), X = 1
  const auto low_max = from_power_of_two<N>(q, -1, -L);                     // (2^q - 1) MIN
  const auto power = [](long j) { return from_power_of_two<N>(0, 0, j); };  // 2^j, X = 1
  const auto zero = rns::mp_float<N>::zero(), one_s = rns::from_string<N>("1"), one_d = rns::from_double<N>(1, b);
  const auto two_s = rns::from_string<N>("2"), two_d = rns::from_double<N>(2, b);
  const auto half_s = rns::from_string<N>("0.5"), half_d = rns::from_double<N>(0.5, b);
  const op_kind add = op_kind::add, sub = op_kind::sub, mul = op_kind::mul;
  std::vector<range_case<N>> cases = {
      {"MAX + 0", add, max, zero},
      {"0 + MAX", add, zero, max},
      {"MAX - 0", sub, max, zero},
      {"MAX * 1 (string)", mul, max, one_s},
      {"1 (double) * MAX", mul, one_d, max},
      {"-MAX * 1 (double)", mul, negated(max), one_d},
      {"MAX - MIN", sub, max, min, true},
      {"MAX + MIN", add, max, min, true},
      {"MAX + 2^(2^30 - 1)", add, max, power(L - 1)},
      {"MAX + 2^(2^30) overflows", add, max, p},
      {"MAX - 2^(2^30)", sub, max, p},
      {"MAX + MAX overflows", add, max, max},
      {"-MAX - MAX overflows", sub, negated(max), max},
      {"MAX * 2 overflows", mul, max, two_s},
      {"MAX * 0.5", mul, max, half_d},
      {"MAX * MAX overflows", mul, max, max},
      {"2^(2^30) * 2 (string)", mul, p, two_s},
      {"2^(2^30) * 2 (double)", mul, p, two_d},
      {"2^(2^30) + 2^(2^30)", add, p, p},
      {"2^(2^30) * 2^(q-1)", mul, p, power(q - 1)},
      {"2^(2^30) * 2^q overflows", mul, p, power(q)},
      {"2^(2^30 + q - 1) * 1 (double)", mul, top, one_d},
      {"2^(2^30 + q - 1) * 2 (double) overflows", mul, top, two_d},
      {"MIN + 0", add, min, zero},
      {"MIN * 1 (double)", mul, min, one_d},
      {"MIN * 2 (string)", mul, min, two_s},
      {"MIN * 2 (double)", mul, min, two_d},
      {"MIN * 0.5 (string) underflows", mul, min, half_s},
      {"MIN * 0.5 (double) underflows", mul, min, half_d},
      {"MIN * 1.5 (double)", mul, min, rns::from_double<N>(1.5, b)},
      {"MIN * MIN underflows", mul, min, min},
      {"-MIN * MIN underflows to +0", mul, negated(min), min},
      {"MIN - MIN", sub, min, min},
      {"MIN + MIN", add, min, min},
      {"(2^q - 1) MIN * 2^(1-q)", mul, low_max, power(1 - q)},
      {"(2^q - 1) MIN * 2^-q underflows", mul, low_max, power(-q)},
      {"(2^q - 1) MIN * 0.5 (double)", mul, low_max, half_d},
      {"(2^q - 1) MIN * 1 (string)", mul, low_max, one_s},
  };
  // Random significands at the largest and smallest exponents.
  kamp::core::random_source rng(1203);
  for (int i = 0; i < 12; ++i) {
    auto hi = kamp::test::random_mp<N>(rng, 0, 0), lo = kamp::test::random_mp<N>(rng, 0, 0);
    hi.exp = static_cast<std::int32_t>(L);
    lo.exp = static_cast<std::int32_t>(-L);
    for (const auto& x : {hi, lo}) {
      const std::string at = x.exp > 0 ? " at exponent 2^30" : " at exponent -2^30";
      cases.push_back({"x + 0" + at, add, x, zero});
      cases.push_back({"x * 1 (double)" + at, mul, x, one_d});
      cases.push_back({"1 (string) * x" + at, mul, one_s, x});
      cases.push_back({"x + x" + at, add, x, x});
      cases.push_back({"x - x" + at, sub, x, x});
      cases.push_back({"x * 0.5 (double)" + at, mul, x, half_d});
      cases.push_back({"x * x" + at, mul, x, x});
    }
  }
  return cases;
}

// y_i = 0 + sum_k A_ik d_k with A diagonal (A_ii = x_i, d_i = y_i) by the fused GEMV kernel
// (alpha = 1, so d = y exactly): one product per output, rounded once.
template <class Space, int N>
std::vector<rns::mp_float<N>> fused_products(const std::vector<rns::mp_float<N>>& x,
                                             const std::vector<rns::mp_float<N>>& y) {
  using Memory = typename Space::memory_space;
  const auto m = static_cast<std::int64_t>(x.size());
  std::vector<rns::mp_float<N>> diagonal(x.size() * x.size(), rns::mp_float<N>::zero());
  for (std::int64_t i = 0; i < m; ++i) diagonal[i + i * m] = x[i];
  rns::mp_array<N, Memory> A(diagonal.size()), d(y.size()), out(x.size());
  rns::copy_from_host(A, diagonal);
  rns::copy_from_host(d, y);
  rns::gemv_workspace<N, Memory> workspace;
  const auto& b = rns::basis<N>::host();
  rns::blas_kernels<Space, N>::gemv(Space(), false, m, m, rns::from_double<N>(1, b), A, m, d, 1,
                                    rns::mp_float<N>::zero(), out, 1, workspace, {rns::gemv_algorithm::fused, 0, 0, 0});
  Kokkos::fence();
  return rns::copy_to_host(out);
}

template <class Config>
void check_range_edges() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  const kamp::test::mpfr_exponent_range wide;  // the reference values reach 2^(2^30 + q)
  const auto cases = range_cases<N>();
  std::vector<rns::mp_float<N>> xs, ys, product_x, product_y;
  for (const auto& c : cases) {
    xs.push_back(c.x);
    ys.push_back(c.y);
    if (c.kind == op_kind::mul) {
      product_x.push_back(c.x);
      product_y.push_back(c.y);
    }
  }
  std::vector<std::vector<rns::mp_float<N>>> by_kind;
  for (const op_kind kind : {op_kind::add, op_kind::sub, op_kind::mul}) {
    by_kind.push_back(kamp::test::map_on<Space, N>(xs, ys, kamp::test::apply_op{kind}));
    const auto stages = kamp::test::split_stages_on<Space, N>(kind, xs, ys);
    for (std::size_t i = 0; i < cases.size(); ++i)
      EXPECT_TRUE(kamp::test::identical<N>(by_kind.back()[i], stages[i]))
          << cases[i].what << " (op " << static_cast<int>(kind) << "): " << kamp::test::describe<N>(by_kind.back()[i])
          << " vs stages " << kamp::test::describe<N>(stages[i]);
  }
  const auto fused = fused_products<Space, N>(product_x, product_y);
  std::size_t product = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    const auto& z = by_kind[static_cast<int>(c.kind)][i];
    const mpfr_value want = c.y_negligible
                                ? rns::to_mpfr<N>(c.x)
                                : kamp::test::truncated_into_format<N>(kamp::test::exact_result<N>(c.kind, c.x, c.y));
    EXPECT_EQ(kamp::rns::invariant_violation<N>(z), "") << c.what;
    EXPECT_TRUE(rns::to_mpfr<N>(z) == want)
        << c.what << ": got " << kamp::test::describe<N>(z) << ", want " << want.to_string(12);
    if (c.kind == op_kind::mul) {
      const auto& f = fused[product++];
      EXPECT_TRUE(f.is_inf() ? z.is_inf() && f.sign == z.sign : rns::to_mpfr<N>(f) == rns::to_mpfr<N>(z))
          << c.what << ": fused GEMV gives " << kamp::test::describe<N>(f);
    }
  }
}

template <class Config>
class rns_exponent_range_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_exponent_range_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_exponent_range_test, edges_overflow_and_underflow_where_documented) { check_range_edges<TypeParam>(); }

}  // namespace

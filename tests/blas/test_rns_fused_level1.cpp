// The fused RNS DOT (blas/rns/fused/level1.hpp) against exact MPFR dot products, on every backend
// and precision:
// - its bound u |x.y| + (1 + u)^2 (u + 3 eps) sum |x_i y_i| on one block and on several (the last
//   shorter), for full and p/4-bit significands, exponents spread 0, 60 and 300 bits (products more
//   than 64 bits below a block's grid take the slow truncation), near-total cancellation, zeros,
//   and products near both ends of the exponent range (with the gradual underflow's absolute
//   2^-2^30 a rounding);
// - special values: NaN, +-Inf in one block and in two, products that overflow, all zeros;
// - the same bits as the host's fused DOT, and within the split path's gamma_n bound.
// The fused path's arguments: unit strides only; SCAL and AXPY have no fused path.
#include <cmath>
#include <functional>

#include "blas/rns/fused/dot_blocks.hpp"
#include "blas/rns/kernels.hpp"
#include "core/error_bounds.hpp"
#include "core/mpfr_exponent_range.hpp"
#include "rns/convert.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

template <int N>
struct dot_case {
  std::string name;
  std::vector<rns::mp_float<N>> x, y;
};

// ceil(log2 k) for k >= 1.
int ceil_log2(std::int64_t k) {
  int l = 0;
  while ((std::int64_t(1) << l) < k) ++l;
  return l;
}

// The fused DOT's bound for n terms: u |exact| + (1 + u)^2 (u + 3 eps) P + (R + 1) 2^-2^30
// (the gradual underflow of R + 1 roundings).
template <int N>
mpfr_value fused_bound(std::int64_t n, const mpfr_value& exact, const mpfr_value& magnitudes) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const auto blocks = rns::dot_blocks::of(n);
  const int L = std::max(ceil_log2(blocks.length), ceil_log2(blocks.count));
  const mpfr_prec_t prec = 4 * q + 128;
  const mpfr_value u = kamp::test::unit_roundoff<N>();
  mpfr_value eps(prec), one_u(prec), factor(prec), bound(prec), t(prec);
  mpfr_set_ui_2exp(eps.get(), 1, 2 * L + 4 - 2 * q, MPFR_RNDU);
  mpfr_add_ui(one_u.get(), u.get(), 1, MPFR_RNDU);
  mpfr_mul_ui(factor.get(), eps.get(), 3, MPFR_RNDU);
  mpfr_add(factor.get(), factor.get(), u.get(), MPFR_RNDU);
  mpfr_mul(factor.get(), factor.get(), one_u.get(), MPFR_RNDU);
  mpfr_mul(factor.get(), factor.get(), one_u.get(), MPFR_RNDU);
  mpfr_mul(bound.get(), factor.get(), magnitudes.get(), MPFR_RNDU);
  mpfr_abs(t.get(), exact.get(), MPFR_RNDU);
  mpfr_mul(t.get(), t.get(), u.get(), MPFR_RNDU);
  mpfr_add(bound.get(), bound.get(), t.get(), MPFR_RNDU);
  mpfr_set_ui_2exp(t.get(), static_cast<unsigned long>(blocks.count + 1), -rns::exponent_limit, MPFR_RNDU);
  mpfr_add(bound.get(), bound.get(), t.get(), MPFR_RNDU);
  return bound;
}

template <class Space, int N>
rns::mp_float<N> dot_on(const std::vector<rns::mp_float<N>>& xs, const std::vector<rns::mp_float<N>>& ys,
                        rns::level1_path path) {
  using Memory = typename Space::memory_space;
  rns::mp_array<N, Memory> x(xs.size()), y(ys.size());
  rns::copy_from_host(x, xs);
  rns::copy_from_host(y, ys);
  rns::vector_sum_workspace<N, Memory> w;
  return rns::blas_kernels<Space, N>::dot(Space(), static_cast<std::int64_t>(xs.size()), x, 1, y, 1, w, path);
}

// Finite operands of several kinds, each at one block (1000 terms) and several (5003: five
// blocks of 1001, the last of 999).
template <int N>
std::vector<dot_case<N>> finite_cases(kamp::core::random_source& rng) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  constexpr int top = rns::exponent_limit - q;
  const auto& b = rns::basis<N>::host();
  std::vector<dot_case<N>> cases;
  const auto make = [&](const std::string& name, std::int64_t n,
                        const std::function<void(std::int64_t, rns::mp_float<N>&, rns::mp_float<N>&)>& fill) {
    dot_case<N> c{name + " n=" + std::to_string(n), std::vector<rns::mp_float<N>>(n), std::vector<rns::mp_float<N>>(n)};
    for (std::int64_t i = 0; i < n; ++i) fill(i, c.x[i], c.y[i]);
    cases.push_back(std::move(c));
  };
  for (const std::int64_t n : {std::int64_t(1), std::int64_t(1000), std::int64_t(5003)}) {
    make("full", n, [&](std::int64_t, auto& x, auto& y) {
      x = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
      y = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
    });
    make("p/4-bit", n, [&](std::int64_t, auto& x, auto& y) {
      x = kamp::test::random_mp<N>(rng, -q / 4 - 2, -q / 4 + 2, q / 4);
      y = kamp::test::random_mp<N>(rng, -q / 4 - 2, -q / 4 + 2, q / 4);
    });
    for (const int spread : {60, 300})
      make("spread " + std::to_string(spread), n, [&](std::int64_t, auto& x, auto& y) {
        x = kamp::test::random_mp<N>(rng, -q - spread, -q + spread);
        y = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
      });
    // Pairs of opposite products (x_{2j} y_{2j} + 1 (-(x_{2j} y_{2j}) rounded)), every fifth pair
    // off by a term 2q bits down: the sum is far below P.
    make("cancelling", n, [&](std::int64_t i, auto& x, auto& y) {
      x = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
      y = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
      (void)i;
    });
    for (std::int64_t i = 1; i < n; i += 2) {
      auto& c = cases.back();
      c.y[i] = rns::mul<N>(rns::from_double<N>(-1.0, b), rns::mul<N>(c.x[i - 1], c.y[i - 1], b), b);
      c.x[i] = rns::from_double<N>(1.0, b);
      if (i % 10 == 1) c.y[i] = rns::add<N>(c.y[i], kamp::test::random_mp<N>(rng, -2 * q, -2 * q), b);
    }
    make("zeros", n, [&](std::int64_t i, auto& x, auto& y) {
      x = i % 3 == 0 ? rns::mp_float<N>::zero() : kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
      y = i % 5 == 0 ? rns::mp_float<N>::zero() : kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
    });
    // Products near the top of the range (no overflow) and near its bottom (the gradual
    // underflow of the result).
    make("large", n, [&](std::int64_t, auto& x, auto& y) {
      x = kamp::test::random_mp<N>(rng, top / 2 - 40, top / 2 - 30);
      y = kamp::test::random_mp<N>(rng, top / 2 - 40 - q, top / 2 - 30 - q);
    });
    make("tiny", n, [&](std::int64_t, auto& x, auto& y) {
      x = kamp::test::random_mp<N>(rng, -rns::exponent_limit / 2 - q, -rns::exponent_limit / 2 - q + 4);
      y = kamp::test::random_mp<N>(rng, -rns::exponent_limit / 2 + q / 2, -rns::exponent_limit / 2 + q / 2 + 4);
    });
  }
  return cases;
}

template <class Config>
void check_fused_dot_bound() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(91);
  const kamp::core::widest_exponent_range range;  // the tiny case's products lie near 2^-2^30
  for (const auto& c : finite_cases<N>(rng)) {
    const auto n = static_cast<std::int64_t>(c.x.size());
    const mpfr_prec_t wide = 4 * q + 64;
    mpfr_value exact(wide), magnitudes(wide), t(wide);
    mpfr_set_zero(exact.get(), 1);
    mpfr_set_zero(magnitudes.get(), 1);
    for (std::int64_t i = 0; i < n; ++i) {
      mpfr_mul(t.get(), rns::to_mpfr<N>(c.x[i]).get(), rns::to_mpfr<N>(c.y[i]).get(), MPFR_RNDN);  // exact
      mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      mpfr_add(magnitudes.get(), magnitudes.get(), t.get(), MPFR_RNDU);
    }
    const auto got = dot_on<Space, N>(c.x, c.y, rns::level1_path::fused);
    EXPECT_EQ(rns::invariant_violation<N>(got), "") << c.name;
    const mpfr_value err = kamp::core::absolute_error(rns::to_mpfr<N>(got), exact);
    EXPECT_TRUE(err <= fused_bound<N>(n, exact, magnitudes))
        << c.name << ": " << kamp::test::describe<N>(got) << ", error " << err.to_string();
    // The host's fused DOT has the same bits; the split path is within its gamma_n bound.
    const auto host = dot_on<Kokkos::DefaultHostExecutionSpace, N>(c.x, c.y, rns::level1_path::fused);
    EXPECT_TRUE(kamp::test::identical<N>(got, host))
        << c.name << ": " << kamp::test::describe<N>(got) << " against the host's " << kamp::test::describe<N>(host);
    const auto split = dot_on<Space, N>(c.x, c.y, rns::level1_path::split);
    mpfr_value allowed(wide);
    mpfr_mul(allowed.get(), kamp::core::gamma(n, kamp::test::unit_roundoff<N>()).get(), magnitudes.get(), MPFR_RNDU);
    mpfr_set_ui_2exp(t.get(), static_cast<unsigned long>(2 * n + 2), -rns::exponent_limit, MPFR_RNDU);
    mpfr_add(allowed.get(), allowed.get(), t.get(), MPFR_RNDU);
    EXPECT_TRUE(kamp::core::absolute_error(rns::to_mpfr<N>(split), exact) <= allowed) << c.name << " (split)";
  }
}

template <class Config>
void check_fused_dot_special_values() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  constexpr int top = rns::exponent_limit - q;
  kamp::core::random_source rng(93);
  const auto finite = [&](std::int64_t n) {
    dot_case<N> c{"", std::vector<rns::mp_float<N>>(n), std::vector<rns::mp_float<N>>(n)};
    for (std::int64_t i = 0; i < n; ++i) {
      c.x[i] = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
      c.y[i] = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
    }
    return c;
  };
  const auto one = rns::from_double<N>(1.0, rns::basis<N>::host());
  const auto big = kamp::test::random_mp<N>(rng, top - 2, top);  // its square overflows
  struct expectation {
    std::string name;
    std::int64_t n;
    std::vector<std::pair<std::int64_t, std::pair<rns::mp_float<N>, rns::mp_float<N>>>> set;  // x_i, y_i
    int kind;  // 0 NaN, 1 +Inf, -1 -Inf, 2 zero
  };
  std::vector<expectation> cases{
      {"NaN in one block", 5003, {{4000, {rns::mp_float<N>::nan(), one}}}, 0},
      {"+Inf", 5003, {{17, {rns::mp_float<N>::inf(0), one}}}, 1},
      {"-Inf times +x", 1000, {{999, {one, rns::mp_float<N>::inf(1)}}}, -1},
      {"+Inf and -Inf in two blocks",
       5003,
       {{3, {rns::mp_float<N>::inf(0), one}}, {5002, {rns::mp_float<N>::inf(1), one}}},
       0},
      {"Inf times zero", 1000, {{5, {rns::mp_float<N>::inf(0), rns::mp_float<N>::zero()}}}, 0},
      {"overflowing product", 5003, {{2500, {big, big}}}, 1},
      {"negative overflowing product",
       1000,
       {{0, {big, rns::mul<N>(big, rns::from_double<N>(-1.0, rns::basis<N>::host()), rns::basis<N>::host())}}},
       -1},
  };
  for (const auto& e : cases) {
    auto c = finite(e.n);
    for (const auto& [i, xy] : e.set) {
      c.x[i] = xy.first;
      c.y[i] = xy.second;
    }
    const auto got = dot_on<Space, N>(c.x, c.y, rns::level1_path::fused);
    if (e.kind == 0)
      EXPECT_TRUE(got.is_nan()) << e.name << ": " << kamp::test::describe<N>(got);
    else
      EXPECT_TRUE(got.is_inf() && got.sign == (e.kind < 0 ? 1 : 0)) << e.name << ": " << kamp::test::describe<N>(got);
  }
  // Every term zero: zero.
  std::vector<rns::mp_float<N>> zeros(5003), xs(5003);
  for (auto& v : xs) v = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
  EXPECT_TRUE((dot_on<Space, N>(xs, zeros, rns::level1_path::fused).is_zero()));
}

template <class Config>
void check_fused_arguments() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  rns::mp_array<N, Memory> x(10), y(10);
  rns::vector_sum_workspace<N, Memory> w;
  using kernels = rns::blas_kernels<Space, N>;
  kamp::test::expect_invalid_argument("incx",
                                      [&] { kernels::dot(Space(), 5, x, 2, y, 1, w, rns::level1_path::fused); });
  kamp::test::expect_invalid_argument("incy",
                                      [&] { kernels::dot(Space(), 5, x, 1, y, -1, w, rns::level1_path::fused); });
  kamp::test::expect_invalid_argument("path",
                                      [&] { kernels::dot(Space(), 5, x, 1, y, 1, w, rns::level1_path::per_element); });
  const auto one = rns::from_double<N>(1.0, rns::basis<N>::host());
  kamp::test::expect_invalid_argument("path", [&] { kernels::scal(Space(), 5, one, x, 1, rns::level1_path::fused); });
  EXPECT_TRUE(kernels::dot(Space(), 0, x, 1, y, 1, w, rns::level1_path::fused).is_zero());
}

template <class Config>
class rns_fused_level1_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_fused_level1_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_fused_level1_test, dot_within_its_bound_with_the_hosts_bits) { check_fused_dot_bound<TypeParam>(); }
TYPED_TEST(rns_fused_level1_test, dot_special_values_as_the_exact_sum_has_them) {
  check_fused_dot_special_values<TypeParam>();
}
TYPED_TEST(rns_fused_level1_test, arguments_are_checked) { check_fused_arguments<TypeParam>(); }

}  // namespace

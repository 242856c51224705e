// RNS +, -, x against MPFR: every rounded result satisfies fl(x op y) = (x op y)(1 + delta)
// with |delta| < 4/sqrt(M) (Isupov and Knyazkov's eq. 6), keeps the representation invariant (X < 2^q,
// lo <= X/M <= up), on every backend and precision, for random operands and for the
// adversarial mixes below (cancellation, exponent gaps around q, tiny and short operands).
#include <algorithm>
#include <atomic>
#include <mutex>

#include "rns/compare.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

using kamp::core::mpfr_value;
namespace rns = kamp::rns;

using kamp::test::apply_op;
using kamp::test::op_kind;

// Operand pairs: a third independent, the rest adversarial.
template <int N>
void make_operands(std::size_t count, std::vector<rns::mp_float<N>>& x, std::vector<rns::mp_float<N>>& y,
                   std::uint64_t seed) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(seed);
  const auto& b = rns::basis<N>::host();
  x.resize(count);
  y.resize(count);
  const int gaps[] = {0, 1, 2, q - 3, q - 2, q - 1, q, q + 1, q + 2, 2 * q, 1000000};
  for (std::size_t i = 0; i < count; ++i) {
    x[i] = kamp::test::random_mp<N>(rng, -200, 200);
    switch (i % 9) {
      case 0:
      case 1:
      case 2:
        y[i] = kamp::test::random_mp<N>(rng, -200, 200);
        break;
      case 3: {  // near-equal magnitudes: x with its low bits changed
        mpfr_value v = rns::to_mpfr<N>(x[i]);
        mpfr_value w = rns::to_mpfr<N>(kamp::test::random_mp<N>(rng, 0, 0, static_cast<int>(rng.integer(1, q - 1))));
        mpfr_mul_2si(w.get(), w.get(), static_cast<long>(x[i].exp), MPFR_RNDN);
        mpfr_add(v.get(), v.get(), w.get(), MPFR_RNDN);
        y[i] = rns::from_mpfr<N>(v.get());
        break;
      }
      case 4:
        y[i] = x[i];
        if (rng.next_u64() & 1) y[i].sign ^= 1;
        break;   // x - x, x + x, x + (-x)
      case 5: {  // exponent gaps around the precision
        const int gap = gaps[rng.integer(0, 10)];
        y[i] = kamp::test::random_mp<N>(rng, 0, 0);
        y[i].exp = x[i].exp - gap * (rng.next_u64() & 1 ? 1 : -1);
        break;
      }
      case 6:
        y[i] = rns::from_double<N>(rng.wide_exponent(-1074, 1000), b);
        break;  // short, incl. subnormal
      case 7:
        y[i] = kamp::test::random_mp<N>(rng, -200, 200, static_cast<int>(rng.integer(1, 64)));
        break;
      default:
        y[i] = rns::mp_float<N>::zero();
        if (rng.next_u64() & 1) std::swap(x[i], y[i]);
        break;
    }
  }
}

template <class Config>
void check_random_operations(op_kind kind, std::uint64_t seed) {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const std::size_t count = kamp::test::random_operation_count<Space>();
  std::vector<rns::mp_float<N>> x, y;
  make_operands<N>(count, x, y, seed);
  const auto z = kamp::test::map_on<Space, N>(x, y, apply_op{kind});
  const mpfr_value u = kamp::test::unit_roundoff<N>();
  // The reference is rounded at 4q + 64 bits; demanding |delta| < u - 2^-(3q) covers that.
  mpfr_value allowed = u;
  mpfr_set_prec(allowed.get(), 64 + 4 * q);
  mpfr_set(allowed.get(), u.get(), MPFR_RNDD);
  mpfr_value slack(64);
  mpfr_set_ui_2exp(slack.get(), 1, -3 * q, MPFR_RNDN);
  mpfr_sub(allowed.get(), allowed.get(), slack.get(), MPFR_RNDD);
  std::atomic<std::size_t> failures{0};
  std::string first;
  std::mutex first_lock;
#pragma omp parallel for schedule(dynamic, 64)
  for (std::ptrdiff_t ii = 0; ii < static_cast<std::ptrdiff_t>(count); ++ii) {
    const auto i = static_cast<std::size_t>(ii);
    const mpfr_value a = rns::to_mpfr<N>(x[i]), c = rns::to_mpfr<N>(y[i]);
    mpfr_value exact(4 * q + 64);
    if (kind == op_kind::add) mpfr_add(exact.get(), a.get(), c.get(), MPFR_RNDN);
    if (kind == op_kind::sub) mpfr_sub(exact.get(), a.get(), c.get(), MPFR_RNDN);
    if (kind == op_kind::mul) mpfr_mul(exact.get(), a.get(), c.get(), MPFR_RNDN);
    std::string problem = kamp::rns::invariant_violation<N>(z[i]);
    if (problem.empty()) {
      const mpfr_value got = rns::to_mpfr<N>(z[i]);
      if (mpfr_zero_p(exact.get())) {
        if (!z[i].is_zero()) problem = "exact result is zero";
      } else if (!(kamp::core::relative_error(got, exact) < allowed)) {
        problem = "relative error " + kamp::core::relative_error(got, exact).to_string(6) + " not below 4/sqrt(M)";
      }
    }
    if (!problem.empty() && failures++ == 0) {
      std::lock_guard<std::mutex> lock(first_lock);
      first = problem + " at i=" + std::to_string(i) + ": x=" + kamp::test::describe<N>(x[i]) +
              " y=" + kamp::test::describe<N>(y[i]) + " z=" + kamp::test::describe<N>(z[i]) +
              " exact=" + exact.to_string(20);
    }
  }
  EXPECT_EQ(failures.load(), 0u) << first;
}

template <class Config>
class rns_arithmetic_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_arithmetic_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_arithmetic_test, add_is_within_the_bound) { check_random_operations<TypeParam>(op_kind::add, 101); }
TYPED_TEST(rns_arithmetic_test, sub_is_within_the_bound) { check_random_operations<TypeParam>(op_kind::sub, 102); }
TYPED_TEST(rns_arithmetic_test, mul_is_within_the_bound) { check_random_operations<TypeParam>(op_kind::mul, 103); }

}  // namespace

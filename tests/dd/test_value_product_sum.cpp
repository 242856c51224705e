// Sums of products of two expansions rounded once (dd/level_sum.hpp with expansion operands, the
// GEMV's chains through the format's value_product_sum) against exact MPFR sums:
//   |result - S| <= u |S| + (k / R + 2) 2^-7 u M + k N (N + 3) / 2 2^-1074
// (u the format's unit roundoff, S = start + sum x_j y_j, M = |start| + sum |x_j| |y_j|, R the
// renormalisation segment), the representation invariant, over random and stressed operands
// (components at their largest, gaps), chains across many segments, exact and near cancellation,
// wide exponent spreads, products in the subnormals, a chain continued from a value. A non-finite
// result (redo the chain) for non-finite operands and sums past DBL_MAX; +0 for zero.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "formats/product_sum_chain.hpp"
#include "tests/dd/dd_test_support.hpp"
#include "tests/tested_formats.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

template <class F>
class value_product_sum_test : public ::testing::Test {};
using value_product_formats = kamp::formats::apply_t<
    tested_formats_t<kamp::formats::type_list<kamp::dd::expansion<2>, kamp::dd::expansion<3>, kamp::dd::qd_real,
                                              kamp::dd::expansion<6>, kamp::dd::expansion<8>>>,
    ::testing::Types>;
TYPED_TEST_SUITE(value_product_sum_test, value_product_formats);

template <class F>
using chain = kamp::value_product_chain<F>;
template <class F>
using value = kamp::value_type_t<F>;
template <class F>
using products = std::vector<std::pair<value<F>, value<F>>>;

// -v, exactly (every component's sign flipped).
template <class E>
E negated(E v) {
  for (double& c : v.c) c = -c;
  return v;
}

// The chain as the GEMV's kernels run it.
template <class F>
value<F> summed(const value<F>& start, const products<F>& terms) {
  return segmented_chain_sum<chain<F>>(start, terms);
}

// The bound above, or "" when r meets it and the invariant.
template <class F>
std::string violation(const value<F>& start, const products<F>& terms, const value<F>& r) {
  using traits = kamp::format_traits<F>;
  constexpr int n = F::size;
  const mpfr_prec_t bits = 4400;
  mpfr_value exact = traits::to_mpfr(start), magnitude(bits), t(bits);
  mpfr_prec_round(exact.get(), bits, MPFR_RNDN);
  mpfr_abs(magnitude.get(), exact.get(), MPFR_RNDN);
  for (const auto& [x, y] : terms) {
    const mpfr_value xm = traits::to_mpfr(x), ym = traits::to_mpfr(y);
    mpfr_mul(t.get(), xm.get(), ym.get(), MPFR_RNDN);  // exact at 4400 bits
    mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDN);
    mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDN);
  }
  const double k = static_cast<double>(terms.size());
  return sum_bound_violation<F>(exact, magnitude, (k / chain<F>::segment + 2) * 0x1p-7, k * n * (n + 3) / 2 * 0x1p-1074,
                                r);
}

template <class F>
void expect_within(const products<F>& terms, const value<F>& start = value<F>()) {
  const auto r = summed<F>(start, terms);
  ASSERT_EQ(violation<F>(start, terms, r), "") << terms.size() << " products";
}

template <class F>
products<F> random_products(kamp::core::random_source& rng, std::size_t k, int lo, int hi) {
  products<F> terms;
  for (std::size_t j = 0; j < k; ++j) terms.push_back({random_value<F>(rng, lo, hi), random_value<F>(rng, lo, hi)});
  return terms;
}

TYPED_TEST(value_product_sum_test, random_chains_across_segments_are_within_the_bound) {
  using F = TypeParam;
  kamp::core::random_source rng(8600 + F::size);
  const std::size_t segment = static_cast<std::size_t>(chain<F>::segment);
  for (const std::size_t k : {std::size_t(1), std::size_t(2), std::size_t(7), segment - 1, segment, segment + 1,
                              3 * segment + 5, std::size_t(600)}) {
    if (k == 0) continue;
    for (int trial = 0; trial < 10; ++trial) expect_within<F>(random_products<F>(rng, k, -30, 30));
  }
}

// Components at their largest (every diagonal's terms as big as the invariant allows), with
// alternating signs, and with gaps: the diagonals the sum drops or rounds are then largest.
TYPED_TEST(value_product_sum_test, stressed_operands_are_within_the_bound) {
  using F = TypeParam;
  kamp::core::random_source rng(8700 + F::size);
  for (int trial = 0; trial < 300; ++trial) {
    products<F> terms;
    for (int j = 0; j < 1 + trial % 40; ++j)
      terms.push_back({stressed_expansion<F>(rng, trial % 3, static_cast<int>(rng.integer(-20, 20))),
                       stressed_expansion<F>(rng, (trial + j) % 3, static_cast<int>(rng.integer(-20, 20)))});
    expect_within<F>(terms);
  }
}

TYPED_TEST(value_product_sum_test, cancellation_and_wide_spreads_are_within_the_bound) {
  using F = TypeParam;
  kamp::core::random_source rng(8800 + F::size);
  for (int trial = 0; trial < 100; ++trial) {
    // Each product and its negation, with small products between them: the sum is the small
    // ones, far below M.
    products<F> terms;
    for (int j = 0; j < 20; ++j) {
      const auto x = random_value<F>(rng, -10, 10), y = random_value<F>(rng, -10, 10);
      terms.push_back({x, y});
      terms.push_back({random_value<F>(rng, -300, -200), random_value<F>(rng, -10, 10)});
      terms.push_back({negated(x), y});
    }
    expect_within<F>(terms);
    // Exact cancellation to zero, and near it: x y - x' y with x' one unit of x's last component
    // away, and the products spread over 2^-1000 .. 2^1000 in random order.
    const auto x = random_value<F>(rng, -5, 5), y = random_value<F>(rng, -5, 5);
    expect_within<F>({{x, y}, {negated(x), y}});
    auto nearby = x;
    nearby.c[F::size - 1] = std::nextafter(nearby.c[F::size - 1], 0.0);
    expect_within<F>({{x, y}, {negated(nearby), y}});
    expect_within<F>(random_products<F>(rng, 40, -250, 250));
  }
}

TYPED_TEST(value_product_sum_test, subnormal_products_add_at_most_their_floor) {
  using F = TypeParam;
  kamp::core::random_source rng(8900);
  for (int trial = 0; trial < 100; ++trial) {
    products<F> terms = random_products<F>(rng, 20, -540, -500);  // leads' products near 2^-1050 .. 2^-1000
    if (trial % 2) terms.push_back({random_value<F>(rng, -400, -380), F(1.0)});
    expect_within<F>(terms);
  }
}

TYPED_TEST(value_product_sum_test, a_chain_continues_from_a_value) {
  using F = TypeParam;
  kamp::core::random_source rng(9000);
  for (int trial = 0; trial < 100; ++trial)
    expect_within<F>(random_products<F>(rng, 1 + trial % 70, -5, 5), random_value<F>(rng, -5, 5));
}

// Sums that are exactly zero (the products by a double are exact; x y - x y in general is not
// zero, as diagonal N rounds and the diagonals above it are dropped: the bound covers it).
TYPED_TEST(value_product_sum_test, zero_is_plus_zero) {
  using F = TypeParam;
  kamp::core::random_source rng(9100);
  const auto x = random_value<F>(rng, -5, 5), y = random_value<F>(rng, -5, 5);
  for (const products<F>& terms : {products<F>{}, products<F>{{F(-0.0), y}}, products<F>{{F(0.0), F(-3.0)}, {F(-0.0), F(-0.0)}},
                                   products<F>{{x, F(1.0)}, {negated(x), F(1.0)}}, products<F>{{y, F(-0.5)}, {y, F(0.5)}}}) {
    const double lead = summed<F>(value<F>(), terms).c[0];
    EXPECT_TRUE(lead == 0 && !std::signbit(lead)) << terms.size() << " products: " << lead;
  }
}

TYPED_TEST(value_product_sum_test, non_finite_operands_and_overflow_ask_for_the_fma_chain) {
  using F = TypeParam;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  kamp::core::random_source rng(9200);
  const auto big = random_value<F>(rng, 1000, 1010);
  for (const products<F>& terms : {products<F>{{F(inf), F(1.0)}}, products<F>{{F(1.0), F(-inf)}, {F(2.0), F(3.0)}},
                                   products<F>{{F(nan), F(1.0)}}, products<F>{{F(0.0), F(inf)}},
                                   products<F>{{big, big}}, products<F>{{F(DBL_MAX), F(1.0)}, {F(DBL_MAX), F(0.5)}}}) {
    const auto r = summed<F>(value<F>(), terms);
    EXPECT_TRUE(chain<F>::needs_recompute({}, r)) << show(r);
  }
  // Near DBL_MAX but finite all the way: an ordinary result.
  expect_within<F>({{F(DBL_MAX), F(0.5)}, {F(DBL_MAX), F(0.25)}, {F(-DBL_MAX), F(0.125)}});
}

}  // namespace

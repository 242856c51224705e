// Sums of products of two expansions rounded once (the GEMV's chains through the format's
// value_product_sum: multi_double/anchored_level_sum.hpp for N <= 4, multi_double/level_sum.hpp
// above) against exact MPFR sums, within the accumulator's stated bound
//   |result - S| <= u |S| + (k product_error + fixed_error) u M + k floor_per_product + fixed_floor
// (u the format's unit roundoff, S = start + sum x_j y_j, M = |start| + sum |x_j| |y_j|) and the
// representation invariant, over random and stressed operands (components at their largest, gaps),
// chains across many segments, exact and near cancellation, wide exponent spreads, products in the
// subnormals, a chain continued from a value; for the anchored levels also every re-anchoring
// path (growing leads, a growing running sum, a tiny start) and the levels' binades after every
// step at the heaviest loads the capacity allows. A non-finite result (redo the chain) for
// non-finite operands and sums past DBL_MAX; +0 for zero.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "formats/product_sum_chain.hpp"
#include "tests/multi_double/dd_test_support.hpp"
#include "tests/tested_formats.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

template <class F>
class value_product_sum_test : public ::testing::Test {};
using value_product_formats = kamp::formats::apply_t<
    tested_formats_t<kamp::formats::type_list<kamp::multi_double::expansion<2>, kamp::multi_double::expansion<3>,
                                              kamp::multi_double::qd_real, kamp::multi_double::expansion<6>,
                                              kamp::multi_double::expansion<8>>>,
    ::testing::Types>;
TYPED_TEST_SUITE(value_product_sum_test, value_product_formats);

template <class F>
using chain = kamp::value_product_chain<F>;
template <class F>
using accumulator = typename chain<F>::accumulator;
template <class F>
constexpr bool anchored = std::is_same<accumulator<F>, kamp::multi_double::anchored_level_sum<F::size>>::value;
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
  using A = accumulator<F>;
  return sum_bound_violation<F>(exact, magnitude, k * A::product_error + A::fixed_error,
                                k * A::floor_per_product + A::fixed_floor, r);
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
  for (const products<F>& terms :
       {products<F>{}, products<F>{{F(-0.0), y}}, products<F>{{F(0.0), F(-3.0)}, {F(-0.0), F(-0.0)}},
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
  // Near DBL_MAX but finite all the way: an ordinary result from the level sums; anchored levels,
  // whose level 0 needs 2^g of headroom above a lead, ask for the fma chain there, and take leads
  // up to 2^(1023 - g) as ordinary ones.
  const products<F> near_max{{F(DBL_MAX), F(0.5)}, {F(DBL_MAX), F(0.25)}, {F(-DBL_MAX), F(0.125)}};
  if constexpr (anchored<F>) {
    const auto r = summed<F>(value<F>(), near_max);
    EXPECT_TRUE(chain<F>::needs_recompute({}, r)) << show(r);
    const int top = 1023 - accumulator<F>::headroom - 1;
    products<F> high;
    for (int j = 0; j < 3; ++j)
      high.push_back(
          {F(std::ldexp(1 + rng.uniform(0, 1), top - 4)), F(std::ldexp(1 + rng.uniform(0, 1), 2) * (j == 1 ? -1 : 1))});
    expect_within<F>(high);
  } else {
    expect_within<F>(near_max);
  }
}

// The anchored levels' own paths (multi_double/anchored_level_sum.hpp), for the formats that use them.
template <class F>
class anchored_level_sum_test : public ::testing::Test {};
using anchored_formats = kamp::formats::apply_t<
    tested_formats_t<kamp::formats::type_list<kamp::multi_double::expansion<2>, kamp::multi_double::expansion<3>,
                                              kamp::multi_double::qd_real>>,
    ::testing::Types>;
TYPED_TEST_SUITE(anchored_level_sum_test, anchored_formats);

TYPED_TEST(anchored_level_sum_test, the_formats_use_anchored_levels) { EXPECT_TRUE(anchored<TypeParam>); }

// Leads that grow past the anchor's headroom product by product (each re-anchors), the same leads
// falling (the anchor stays at the largest), a running sum that grows into level 0's headroom (it
// re-anchors at the carry passes), a tiny start, zero products first and big products cancelling
// exactly before small ones.
TYPED_TEST(anchored_level_sum_test, every_reanchoring_path_keeps_the_bound) {
  using F = TypeParam;
  kamp::core::random_source rng(9300 + F::size);
  for (int trial = 0; trial < 20; ++trial) {
    products<F> rising;
    for (int j = 0; j < 150; ++j) {
      auto x = random_value<F>(rng, -700 + 9 * j, -700 + 9 * j);
      if (rng.integer(0, 1)) x = negated(x);
      rising.push_back({x, random_value<F>(rng, -1, 1)});
    }
    expect_within<F>(rising);
    expect_within<F>(products<F>(rising.rbegin(), rising.rend()));

    const auto x = random_value<F>(rng, -3, 3), y = random_value<F>(rng, -3, 3);
    expect_within<F>(products<F>(3000, {x, y}));
    expect_within<F>(random_products<F>(rng, 1 + trial, -5, 5), random_value<F>(rng, -900, -890));

    products<F> zeros_first(static_cast<std::size_t>(trial % 7), {F(0.0), y});
    const auto rest = random_products<F>(rng, 9, -5, 5);
    zeros_first.insert(zeros_first.end(), rest.begin(), rest.end());
    expect_within<F>(zeros_first);

    products<F> cancelled;
    for (int j = 0; j < 10; ++j) {
      const auto big = random_value<F>(rng, 400, 420), other = random_value<F>(rng, -2, 2);
      cancelled.push_back({big, other});
      cancelled.push_back({negated(big), other});
    }
    const auto small = random_products<F>(rng, 30, -200, -180);
    cancelled.insert(cancelled.end(), small.begin(), small.end());
    expect_within<F>(cancelled);
  }
}

// The capacity argument's consequence on heavy loads: one sign, operands whose every component is
// as large as the invariant allows, the same lead throughout (just below the anchor's limit), and
// the running sum growing into level 0's headroom; every level must stay in its binade after every
// product and carry pass (the worst case, every error passed down at its largest with one sign, is
// the compile-time check of multi_double/anchored_level_sum.hpp).
TYPED_TEST(anchored_level_sum_test, levels_stay_in_their_binades_at_the_heaviest_loads) {
  using F = TypeParam;
  using A = accumulator<F>;
  kamp::core::random_source rng(9400 + F::size);
  for (int trial = 0; trial < 60; ++trial) {
    const int kind = trial % 2;  // components at their largest: one sign, or alternating
    const auto x = stressed_expansion<F>(rng, kind, 5), y = stressed_expansion<F>(rng, kind, 5);
    A sum;
    products<F> terms;
    for (int j = 0; j < 40 * A::segment + 3; ++j) {
      if (j > 0 && j % A::segment == 0) {
        sum.renormalise();
        ASSERT_TRUE(sum.in_binades()) << "after the carry pass at product " << j;
      }
      sum.add_product(x, y);
      terms.push_back({x, y});
      ASSERT_TRUE(sum.in_binades()) << "after product " << j;
    }
    ASSERT_EQ(violation<F>(value<F>(), terms, sum.result()), "");
  }
}

}  // namespace

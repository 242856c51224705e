// Sums of exact products of doubles rounded once (multi_double/level_sum.hpp, through the formats'
// product_sum) against exact MPFR sums: |result - S| <= u |S| + (k / R + 2) 2^-23 u M + k 2^-1074
// (u the format's unit roundoff, M = |start| + sum |a_j b_j|, R the renormalisation segment),
// the representation invariant, and renormalised levels at every segment's end; over random
// products, chains across many segments, exact and near cancellation, wide exponent spreads,
// products in the subnormals, a chain continued from a value. A non-finite result (redo the
// chain) for non-finite operands and sums past DBL_MAX; +0 for zero.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "multi_double/expansion_traits.hpp"
#include "formats/product_sum_chain.hpp"
#include "tests/multi_double/dd_test_support.hpp"
#include "tests/tested_formats.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

template <class F>
class level_sum_test : public ::testing::Test {};
using product_sum_formats = kamp::formats::apply_t<
    tested_formats_t<kamp::formats::type_list<kamp::multi_double::dd_real, kamp::multi_double::expansion<2>,
                                              kamp::multi_double::expansion<3>, kamp::multi_double::qd_real,
                                              kamp::multi_double::expansion<8>>>,
    ::testing::Types>;
TYPED_TEST_SUITE(level_sum_test, product_sum_formats);

using products = std::vector<std::pair<double, double>>;

template <class F>
using chain = kamp::product_sum_chain<F>;

// The chain as the SpMV's rows run it.
template <class F>
kamp::value_type_t<F> summed(const kamp::value_type_t<F>& start, const products& terms) {
  return segmented_chain_sum<chain<F>>(start, terms);
}

// The bound above, or "" when r meets it and the invariant.
template <class F>
std::string violation(const kamp::value_type_t<F>& start, const products& terms, const kamp::value_type_t<F>& r) {
  using traits = kamp::format_traits<F>;
  const mpfr_prec_t bits = 4400;
  mpfr_value exact = traits::to_mpfr(start), magnitude(bits), t(bits);
  mpfr_prec_round(exact.get(), bits, MPFR_RNDN);
  mpfr_abs(magnitude.get(), exact.get(), MPFR_RNDN);
  for (const auto& [a, b] : terms) {
    mpfr_set_d(t.get(), a, MPFR_RNDN);
    mpfr_mul_d(t.get(), t.get(), b, MPFR_RNDN);  // exact at 4400 bits
    mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDN);
    mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDN);
  }
  const double k = static_cast<double>(terms.size());
  return sum_bound_violation<F>(exact, magnitude, (k / chain<F>::accumulator::segment + 2) * 0x1p-23, k * 0x1p-1074, r);
}

template <class F>
void expect_within(const products& terms, const kamp::value_type_t<F>& start = kamp::value_type_t<F>()) {
  const auto r = summed<F>(start, terms);
  ASSERT_EQ(violation<F>(start, terms, r), "") << terms.size() << " products";
}

products random_products(kamp::core::random_source& rng, std::size_t k, int lo, int hi) {
  products terms;
  for (std::size_t j = 0; j < k; ++j) terms.push_back({rng.wide_exponent(lo, hi), rng.wide_exponent(lo, hi)});
  return terms;
}

TYPED_TEST(level_sum_test, random_chains_across_segments_are_within_the_bound) {
  using F = TypeParam;
  kamp::core::random_source rng(8100 + kamp::multi_double::expansion_components<F>::value);
  const int segment = chain<F>::accumulator::segment;
  for (const std::size_t k :
       {std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(segment - 1), std::size_t(segment),
        std::size_t(segment + 1), std::size_t(3 * segment + 5), std::size_t(2000)}) {
    for (int trial = 0; trial < 20; ++trial) expect_within<F>(random_products(rng, k, -30, 30));
  }
}

TYPED_TEST(level_sum_test, cancellation_and_wide_spreads_are_within_the_bound) {
  using F = TypeParam;
  kamp::core::random_source rng(8200 + kamp::multi_double::expansion_components<F>::value);
  for (int trial = 0; trial < 200; ++trial) {
    // Each product and its negation, with small products between them: the sum is the small
    // ones, far below M.
    products terms;
    for (int j = 0; j < 40; ++j) {
      const double a = rng.wide_exponent(-10, 10), b = rng.wide_exponent(-10, 10);
      terms.push_back({a, b});
      terms.push_back({rng.wide_exponent(-300, -200), rng.wide_exponent(-10, 10)});
      terms.push_back({-a, b});
    }
    expect_within<F>(terms);
    // Exact cancellation to zero, and near it: a b - a' b' with a b and a' b' one ulp apart.
    const double a = rng.wide_exponent(-5, 5), b = rng.wide_exponent(-5, 5);
    expect_within<F>({{a, b}, {-a, b}});
    expect_within<F>({{a, b}, {-std::nextafter(a, 0.0), b}, {rng.wide_exponent(-200, -150), 1.0}});
    // Products spread over 2^-1000 .. 2^1000, in random order.
    expect_within<F>(random_products(rng, 60, -500, 500));
  }
}

TYPED_TEST(level_sum_test, subnormal_products_add_at_most_their_floor) {
  using F = TypeParam;
  kamp::core::random_source rng(8300);
  for (int trial = 0; trial < 200; ++trial) {
    products terms = random_products(rng, 30, -540, -500);  // products near 2^-1050 .. 2^-1000
    if (trial % 2) terms.push_back({rng.wide_exponent(-400, -380), 1.0});
    expect_within<F>(terms);
  }
}

TYPED_TEST(level_sum_test, a_chain_continues_from_a_value) {
  using F = TypeParam;
  kamp::core::random_source rng(8400);
  for (int trial = 0; trial < 200; ++trial) {
    const auto start = random_value<F>(rng, -5, 5);
    expect_within<F>(random_products(rng, 1 + trial % 70, -5, 5), start);
  }
}

// Renormalised levels keep the expansion invariant (what the segment bound assumes), and their
// sum is what it was within 2^-52(N+1) of it.
TYPED_TEST(level_sum_test, renormalised_levels_keep_the_invariant) {
  using F = TypeParam;
  kamp::core::random_source rng(8500);
  const int segment = chain<F>::accumulator::segment;
  for (int trial = 0; trial < 50; ++trial) {
    auto acc = chain<F>::start(kamp::value_type_t<F>());
    const products terms = random_products(rng, static_cast<std::size_t>(segment), -20, 20);
    for (const auto& [a, b] : terms) acc = chain<F>::add({}, acc, a, b);
    acc = chain<F>::renormalise(acc);
    ASSERT_EQ(violation<F>(kamp::value_type_t<F>(), terms, chain<F>::result(acc)), "");
    constexpr int levels = sizeof(acc.a) / sizeof(double);
    for (int k = 0; k + 1 < levels; ++k) {
      if (acc.a[k] == 0) {
        ASSERT_EQ(acc.a[k + 1], 0) << "level " << k + 1 << " after a zero";
        continue;
      }
      ASSERT_LE(std::fabs(acc.a[k + 1]), kamp::multi_double::detail::ulp(acc.a[k]))
          << "level " << k + 1 << ", trial " << trial;
    }
  }
}

TYPED_TEST(level_sum_test, zero_is_plus_zero) {
  using F = TypeParam;
  for (const products& terms : {products{}, products{{-0.0, 1.0}}, products{{0.0, -3.0}, {-0.0, -0.0}},
                                products{{1.5, 2.0}, {-1.5, 2.0}}, products{{-1.5, 2.0}, {1.5, 2.0}}}) {
    const double lead = kamp::multi_double::detail::leading_component(summed<F>(kamp::value_type_t<F>(), terms));
    EXPECT_TRUE(lead == 0 && !std::signbit(lead)) << terms.size() << " products: " << lead;
  }
}

TYPED_TEST(level_sum_test, non_finite_operands_and_overflow_ask_for_the_fma_chain) {
  using F = TypeParam;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (const products& terms :
       {products{{inf, 1.0}}, products{{1.0, -inf}, {2.0, 3.0}}, products{{nan, 1.0}}, products{{0.0, inf}},
        products{{1e300, 1e300}}, products{{DBL_MAX, 1.0}, {DBL_MAX, 0.5}},
        products{{-DBL_MAX, 1.0}, {DBL_MAX, -1.0}, {1.0, 1.0}}}) {
    const auto r = summed<F>(kamp::value_type_t<F>(), terms);
    EXPECT_TRUE(chain<F>::needs_recompute({}, r)) << show(r);
  }
  // Near DBL_MAX but finite all the way: an ordinary result.
  expect_within<F>({{DBL_MAX, 0.5}, {DBL_MAX, 0.25}, {-DBL_MAX, 0.125}});
}

}  // namespace

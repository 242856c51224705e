// Sums of products of doubles and dd_reals in two parts (multi_double/mixed_product_sum.hpp, dd_real's
// mixed_product_sum, as the SpMV's rows run it: renormalised every `segment` products) against
// exact MPFR sums: |result - S| <= (k product_error + fixed_error) u^2 H + k floor_per_product
// (u = 2^-53, H = |start| + sum |a_j| |h_j|) and the dd_real invariant; over random chains across
// segments, exact and near cancellation, wide exponent spreads, products in the subnormals, a
// chain continued from a value. +0 for zero; a non-finite result (the caller redoes the chain
// with fma) for non-finite operands, products past DBL_MAX and sums that overflow.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "multi_double/dd_format.hpp"
#include "formats/product_sum_chain.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
using kamp::multi_double::dd_real;
using chain = kamp::mixed_product_chain<dd_real>;
using sum = kamp::multi_double::mixed_product_sum;
using products = std::vector<std::pair<double, dd_real>>;

static_assert(std::is_same<kamp::mixed_row_chain<dd_real>, chain>::value, "dd_real's SpMV rows take the two parts");

// "" when r meets the bound and the invariant, else what it breaks.
std::string violation(const dd_real& start, const products& terms, const dd_real& r) {
  const mpfr_prec_t bits = 4400;
  mpfr_value exact = kamp::multi_double::to_mpfr(start), magnitude(bits), t(bits);
  mpfr_prec_round(exact.get(), bits, MPFR_RNDN);
  mpfr_set_d(magnitude.get(), std::fabs(start.hi), MPFR_RNDN);
  mpfr_add_d(magnitude.get(), magnitude.get(), std::fabs(start.lo), MPFR_RNDU);
  for (const auto& [a, x] : terms) {
    mpfr_mul_d(t.get(), kamp::multi_double::to_mpfr(x).get(), a, MPFR_RNDN);  // exact at 4400 bits
    mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    mpfr_set_d(t.get(), std::fabs(a), MPFR_RNDN);
    mpfr_mul_d(t.get(), t.get(), std::fabs(x.hi), MPFR_RNDN);
    mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDN);
  }
  const double k = static_cast<double>(terms.size());
  mpfr_value allowed(bits), floor(bits), error(bits);
  mpfr_mul_d(allowed.get(), magnitude.get(), (k * sum::product_error + sum::fixed_error) * 0x1p-106, MPFR_RNDU);
  mpfr_set_d(floor.get(), k * sum::floor_per_product, MPFR_RNDU);
  mpfr_add(allowed.get(), allowed.get(), floor.get(), MPFR_RNDU);
  const mpfr_value got = kamp::multi_double::to_mpfr(r);
  if (!mpfr_number_p(got.get())) return "not finite: " + show(r);
  mpfr_sub(error.get(), got.get(), exact.get(), MPFR_RNDN);
  mpfr_abs(error.get(), error.get(), MPFR_RNDU);
  if (mpfr_cmp(error.get(), allowed.get()) > 0)
    return "error " + error.to_string(6) + " above " + allowed.to_string(6) + " for " + show(r);
  const std::string broken = kamp::multi_double::invariant_violation(r);
  return broken.empty() ? "" : "invariant: " + broken + " in " + show(r);
}

void expect_within(const products& terms, const dd_real& start = dd_real()) {
  const dd_real r = segmented_chain_sum<chain>(start, terms);
  ASSERT_EQ(violation(start, terms, r), "") << terms.size() << " products";
}

products random_products(kamp::core::random_source& rng, std::size_t k, int lo, int hi) {
  products terms;
  for (std::size_t j = 0; j < k; ++j) terms.push_back({rng.wide_exponent(lo, hi), random_value<dd_real>(rng, lo, hi)});
  return terms;
}

TEST(mixed_product_sum, random_chains_across_segments_are_within_the_bound) {
  kamp::core::random_source rng(9100);
  for (const std::size_t k : {1, 2, 3, 4, 5, 8, 9, 31, 100, 2000}) {
    for (int trial = 0; trial < 40; ++trial) expect_within(random_products(rng, k, -30, 30));
  }
}

TEST(mixed_product_sum, cancellation_and_wide_spreads_are_within_the_bound) {
  kamp::core::random_source rng(9200);
  for (int trial = 0; trial < 300; ++trial) {
    // Each product and its negation with small products between them: the sum is the small
    // ones, far below H; then x and a neighbour of x a few units of its last place away.
    products terms;
    for (int j = 0; j < 30; ++j) {
      const double a = rng.wide_exponent(-10, 10);
      const dd_real x = random_value<dd_real>(rng, -10, 10);
      terms.push_back({a, x});
      terms.push_back({rng.wide_exponent(-300, -200), random_value<dd_real>(rng, -10, 10)});
      terms.push_back({-a, x});
    }
    expect_within(terms);
    const double a = rng.wide_exponent(-5, 5);
    const dd_real x = random_value<dd_real>(rng, -5, 5);
    const dd_real near =
        kamp::multi_double::add(x, dd_real(std::ldexp(x.hi, -100 - static_cast<int>(rng.integer(0, 5)))));
    expect_within({{a, x}, {-a, near}});
    expect_within({{a, x}, {-a, x}, {rng.wide_exponent(-200, -150), random_value<dd_real>(rng, 0, 1)}});
    // Products spread over 2^-1000 .. 2^1000, in random order.
    expect_within(random_products(rng, 60, -500, 500));
  }
}

TEST(mixed_product_sum, subnormal_products_add_at_most_their_floor) {
  kamp::core::random_source rng(9300);
  for (int trial = 0; trial < 300; ++trial) {
    products terms;
    for (int j = 0; j < 30; ++j)  // products near 2^-1050 .. 2^-1000, x's low parts subnormal
      terms.push_back({rng.wide_exponent(-40, -10), dd_real(rng.wide_exponent(-1000, -960))});
    if (trial % 2) terms.push_back({rng.wide_exponent(-400, -380), random_value<dd_real>(rng, 0, 1)});
    expect_within(terms);
  }
}

TEST(mixed_product_sum, a_chain_continues_from_a_value) {
  kamp::core::random_source rng(9400);
  for (int trial = 0; trial < 300; ++trial)
    expect_within(random_products(rng, 1 + trial % 40, -5, 5), random_value<dd_real>(rng, -5, 5));
}

TEST(mixed_product_sum, both_operand_orders_of_a_product_are_the_same) {
  // a x and x a: the sum's operands are (double, dd_real) by type; a product by a double of
  // dd_real(a) gives the same bits as the product by a (h = a, l = 0 against a x.hi).
  kamp::core::random_source rng(9500);
  for (int trial = 0; trial < 200; ++trial) {
    const double a = rng.wide_exponent(-20, 20), b = rng.wide_exponent(-20, 20);
    const dd_real one_way = segmented_chain_sum<chain>(dd_real(), products{{a, dd_real(b)}});
    const dd_real other_way = segmented_chain_sum<chain>(dd_real(), products{{b, dd_real(a)}});
    ASSERT_TRUE(one_way.hi == other_way.hi && one_way.lo == other_way.lo) << show(one_way) << " " << show(other_way);
  }
}

TEST(mixed_product_sum, zero_is_plus_zero) {
  const dd_real x(1.5, 0x1p-60);
  for (const products& terms : {products{}, products{{-0.0, x}}, products{{0.0, dd_real(-3.0)}, {-0.0, dd_real(-0.0)}},
                                products{{2.0, x}, {-2.0, x}}, products{{-2.0, x}, {2.0, x}}}) {
    const dd_real r = segmented_chain_sum<chain>(dd_real(), terms);
    EXPECT_TRUE(r.hi == 0 && !std::signbit(r.hi) && r.lo == 0 && !std::signbit(r.lo))
        << terms.size() << " products: " << show(r);
  }
}

TEST(mixed_product_sum, non_finite_operands_and_overflow_ask_for_the_fma_chain) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (const products& terms :
       {products{{inf, dd_real(1.0)}}, products{{1.0, dd_real(-inf)}, {2.0, dd_real(3.0)}},
        products{{nan, dd_real(1.0)}}, products{{0.0, dd_real(inf)}}, products{{1e300, dd_real(1e300)}},
        products{{DBL_MAX, dd_real(1.0)}, {DBL_MAX, dd_real(0.5)}},
        products{{1.0, dd_real(DBL_MAX)}, {1.0, dd_real(DBL_MAX)}, {-1.0, dd_real(DBL_MAX)}}}) {
    const dd_real r = segmented_chain_sum<chain>(dd_real(), terms);
    EXPECT_TRUE(chain::needs_recompute({}, r)) << terms.size() << " products: " << show(r);
  }
  // Finite sums near DBL_MAX that do not overflow stay finite and within the bound.
  expect_within({{1.0, dd_real(DBL_MAX)}, {-1.0, dd_real(DBL_MAX)}, {0.5, dd_real(DBL_MAX)}});
}

}  // namespace

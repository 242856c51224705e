// The digit rules of signed_digit/digit_rules.hpp: the transfer rule keeps every digit of a
// carry-limited addition in [-6, 6] (exhaustively, on the host and on every backend), the rule as
// printed by Otsokov and Magomedov does not, and the transfer-step bound (bound_after_step,
// steps_to_digits) brings any bounded column values into digits without changing the value (checked
// with GMP).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "signed_digit/digit_rules.hpp"
#include "tests/signed_digit/sd_test_support.hpp"

namespace {

namespace signed_digit = kamp::signed_digit;

using namespace kamp::test::sd_support;

// Otsokov and Magomedov's rule as printed: a transfer only when |s| > 6.
int paper_transfer(int s) { return s > 6 ? 1 : (s < -6 ? -1 : 0); }
int paper_digit(int s, int s_below) { return (s - 10 * paper_transfer(s)) + paper_transfer(s_below); }

TEST(sd_digit_rules, transfer_and_interim_split_every_digit_sum) {
  for (int s = -12; s <= 12; ++s) {
    const int c = signed_digit::transfer(s), w = signed_digit::interim(s);
    EXPECT_EQ(s, 10 * c + w) << s;
    EXPECT_GE(w, -5) << s;
    EXPECT_LE(w, 5) << s;
    // Avizienis' thresholds for one addition of two digits.
    EXPECT_EQ(c, s >= 6 ? 1 : (s <= -6 ? -1 : 0)) << s;
    for (int incoming = -1; incoming <= 1; ++incoming) {
      EXPECT_GE(w + incoming, -6) << s << " " << incoming;
      EXPECT_LE(w + incoming, 6) << s << " " << incoming;
    }
  }
}

TEST(sd_digit_rules, carry_limited_addition_stays_in_range_for_every_digit_pair) {
  // Digits x_p, y_p at a position and x_q, y_q below it (every incoming transfer): 13^4 cases.
  for (int xp = -6; xp <= 6; ++xp)
    for (int yp = -6; yp <= 6; ++yp)
      for (int xq = -6; xq <= 6; ++xq)
        for (int yq = -6; yq <= 6; ++yq) {
          const int z = signed_digit::transfer_step(xp + yp, xq + yq);
          ASSERT_GE(z, -6) << xp << " " << yp << " " << xq << " " << yq;
          ASSERT_LE(z, 6) << xp << " " << yp << " " << xq << " " << yq;
        }
}

TEST(sd_digit_rules, rule_as_printed_in_seed_004_leaves_the_digit_range) {
  // Every (s, s_below) in [-12, 12]^2 (s_below decides the incoming transfer).
  int outside = 0;
  for (int s = -12; s <= 12; ++s)
    for (int below = -12; below <= 12; ++below) {
      const int z = paper_digit(s, below);
      if (z < -6 || z > 6) ++outside;
      const int ours = signed_digit::transfer_step(s, below);
      EXPECT_GE(ours, -6);
      EXPECT_LE(ours, 6);
    }
  EXPECT_GT(outside, 0);
  // The smallest example: 34 + 33. Position 1 sums to 6 (kept as the interim digit 6 by the
  // printed rule), position 0 to 7 (transfer +1 upwards): digit 1 becomes 7.
  const std::vector<int> x = {4, 3}, y = {3, 3};
  std::vector<int> printed(3), ours(3);
  for (int p = 0; p < 3; ++p) {
    const int s = p < 2 ? x[p] + y[p] : 0;
    const int below = p > 0 ? x[p - 1] + y[p - 1] : 0;
    printed[p] = paper_digit(s, below);
    ours[p] = signed_digit::transfer_step(s, below);
  }
  EXPECT_EQ(printed[1], 7);
  EXPECT_EQ(printed[0] + 10 * printed[1] + 100 * printed[2], 67);  // the value is right, the digit is not
  const signed_digit::number as_number(
      {static_cast<std::int8_t>(ours[0]), static_cast<std::int8_t>(ours[1]), static_cast<std::int8_t>(ours[2])}, 0);
  EXPECT_TRUE(same_value(as_number, scaled{mpz(67), 0}));
  EXPECT_THROW(signed_digit::number({static_cast<std::int8_t>(printed[0]), static_cast<std::int8_t>(printed[1])}, 0),
               kamp::invalid_argument);
}

// Every digit-pair case of the previous tests evaluated on the backend.
template <class Space>
void check_transfer_step_on_space() {
  const int cases = 25 * 25;
  Kokkos::View<int*, typename Space::memory_space> out("out", cases);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, cases), KOKKOS_LAMBDA(int idx) {
        const int s = idx / 25 - 12, below = idx % 25 - 12;
        out(idx) = signed_digit::transfer_step(s, below) * 1000 + signed_digit::transfer(s) * 10 +
                   signed_digit::interim(s) + 500;
      });
  const auto host = kamp::test::to_host(out);
  for (int idx = 0; idx < cases; ++idx) {
    const int s = idx / 25 - 12, below = idx % 25 - 12;
    EXPECT_EQ(host[idx], signed_digit::transfer_step(s, below) * 1000 + signed_digit::transfer(s) * 10 +
                             signed_digit::interim(s) + 500)
        << idx;
  }
}

KAMP_BACKEND_TEST_SUITE(sd_digit_rules_backend);

TYPED_TEST(sd_digit_rules_backend, transfer_step_matches_the_host) { check_transfer_step_on_space<TypeParam>(); }

TEST(sd_digit_rules, transfer_splits_large_values) {
  gmp_random rng(7);
  for (int t = 0; t < 20000; ++t) {
    const std::int64_t v = static_cast<std::int64_t>(rng.below(1UL << 62)) * (rng.coin() ? -1 : 1);
    const std::int64_t c = signed_digit::transfer(v), w = signed_digit::interim(v);
    ASSERT_EQ(v, 10 * c + w) << v;
    ASSERT_GE(w, -5) << v;
    ASSERT_LE(w, 5) << v;
    ASSERT_LE(c < 0 ? -c : c, ((v < 0 ? -v : v) + 4) / 10) << v;
  }
}

TEST(sd_digit_rules, bound_after_step_is_a_bound) {
  // Exhaustive for small bounds: every value and every value below it.
  for (std::int64_t bound = 0; bound <= 150; ++bound) {
    std::int64_t worst = 0;
    for (std::int64_t v = -bound; v <= bound; ++v)
      for (std::int64_t below = -bound; below <= bound; ++below) {
        const std::int64_t z = signed_digit::transfer_step(v, below);
        worst = std::max(worst, z < 0 ? -z : z);
      }
    ASSERT_LE(worst, signed_digit::bound_after_step(bound)) << bound;
  }
  // Random large bounds: the extreme values.
  gmp_random rng(8);
  for (int t = 0; t < 2000; ++t) {
    const std::int64_t bound = static_cast<std::int64_t>(rng.below(1UL << 50)) + 7;
    for (const std::int64_t v : {bound, -bound, bound - 5, -bound + 5, bound / 2})
      for (const std::int64_t below : {bound, -bound, bound - 3, std::int64_t(0)}) {
        const std::int64_t z = signed_digit::transfer_step(v, below);
        ASSERT_LE(z < 0 ? -z : z, signed_digit::bound_after_step(bound)) << bound << " " << v << " " << below;
      }
  }
}

TEST(sd_digit_rules, steps_to_digits_reaches_the_digit_range) {
  gmp_random rng(9);
  std::vector<std::int64_t> bounds = {
      0, 1, 6, 7, 12, 13, 15, 16, 65, 66, 100, 6 * 16384, 36 * 129, 6LL * 350000000, 4600000000000000000LL};
  for (int t = 0; t < 1000; ++t) bounds.push_back(static_cast<std::int64_t>(rng.below(1UL << 62)));
  for (const std::int64_t bound : bounds) {
    const int steps = signed_digit::steps_to_digits(bound);
    std::int64_t b = bound;
    for (int s = 0; s < steps; ++s) b = signed_digit::bound_after_step(b);
    EXPECT_LE(b, 6) << bound;
    if (steps > 0) {  // no step too many
      std::int64_t before = bound;
      for (int s = 0; s + 1 < steps; ++s) before = signed_digit::bound_after_step(before);
      EXPECT_GT(before, 6) << bound;
    } else {
      EXPECT_LE(bound, 6);
    }
  }
  EXPECT_EQ(signed_digit::steps_to_digits(6), 0);
  EXPECT_EQ(signed_digit::steps_to_digits(7), 1);
}

// Columns bounded by B become digits after steps_to_digits(B) steps over a width of the column
// count plus the step count plus one (signed_digit/column_digits.hpp), with the value unchanged.
TEST(sd_digit_rules, transfer_steps_turn_bounded_columns_into_digits) {
  gmp_random rng(10);
  for (int t = 0; t < 300; ++t) {
    const int columns = static_cast<int>(rng.between(1, 60));
    const std::int64_t bound = t % 3 == 0 ? static_cast<std::int64_t>(rng.between(0, 40))
                                          : static_cast<std::int64_t>(rng.below(1UL << (t % 61 + 1)));
    const int steps = signed_digit::steps_to_digits(bound);
    const int width = columns + steps + 1;
    std::vector<std::int64_t> v(static_cast<std::size_t>(width), 0);
    for (int p = 0; p < columns; ++p) {
      const int kind = static_cast<int>(rng.below(4));
      std::int64_t x = kind == 0   ? bound
                       : kind == 1 ? -bound
                                   : static_cast<std::int64_t>(rng.below(static_cast<unsigned long>(bound) + 1));
      if (kind == 3) x = -x;
      v[static_cast<std::size_t>(p)] = x;
    }
    // The value sum v_p 10^p in GMP.
    mpz expected;
    for (int p = width; p-- > 0;) {
      mpz_mul_ui(expected.get(), expected.get(), 10);
      const std::int64_t x = v[static_cast<std::size_t>(p)];
      if (x >= 0)
        mpz_add_ui(expected.get(), expected.get(), static_cast<unsigned long>(x));
      else
        mpz_sub_ui(expected.get(), expected.get(), static_cast<unsigned long>(-x));
    }
    for (int s = 0; s < steps; ++s) {
      std::vector<std::int64_t> next(v.size());
      for (int p = 0; p < width; ++p) next[p] = signed_digit::transfer_step(v[p], p > 0 ? v[p - 1] : std::int64_t(0));
      ASSERT_EQ(signed_digit::transfer(v[width - 1]), 0) << "a transfer left the working width";
      v = next;
    }
    std::vector<std::int8_t> digits;
    for (const auto x : v) {
      ASSERT_GE(x, -6) << bound;
      ASSERT_LE(x, 6) << bound;
      digits.push_back(static_cast<std::int8_t>(x));
    }
    ASSERT_EQ(significand_of(digits), expected) << "bound " << bound << ", " << columns << " columns";
  }
}

}  // namespace

// exact_sum (multi_double/exact_sum.hpp), the exact core of the expansion arithmetic, checked against
// MPFR on the consequences of Shewchuk's two theorems its fixed slots rely on: Grow-Expansion
// keeps the sum exact and the nonzero slots nonoverlapping and increasing; each extraction
// (Compress with FastTwoSum) is exact, returns h with |rest| < ulp(h) and leaves a
// nonoverlapping rest below the used slots. Terms: wide exponent spreads, exact and near
// cancellation, zeros, powers of two and subnormals.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "multi_double/exact_sum.hpp"

namespace {

using kamp::core::mpfr_value;

// Every double from 2^-1074 to 2^1024 fits 2100 bits: sums of doubles below are exact.
constexpr mpfr_prec_t exact_bits = 2200;

mpfr_value exact_total(const double* terms, int count) {
  mpfr_value total(0.0, exact_bits);
  for (int i = 0; i < count; ++i) mpfr_add_d(total.get(), total.get(), terms[i], MPFR_RNDN);
  return total;
}

// The value of the least significant nonzero bit of x != 0.
double lowest_bit(double x) {
  int e = 0;
  const double f = std::frexp(std::fabs(x), &e);  // |x| = f 2^e, f in [0.5, 1)
  auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));
  int zeros = 0;
  while ((m & 1) == 0) {
    m >>= 1;
    ++zeros;
  }
  return std::ldexp(1.0, e - 53 + zeros);
}

double ulp_of(double x) { return std::fabs(x) < 0x1p-1021 ? 0x1p-1074 : std::ldexp(1.0, std::ilogb(x) - 52); }

// "" when the nonzero values of c[0, used) increase in magnitude and do not overlap
// (Shewchuk: the smaller one's leading bit below the larger one's lowest nonzero bit).
std::string nonoverlapping_violation(const double* c, int used) {
  double below = 0;
  for (int i = 0; i < used; ++i) {
    if (c[i] == 0) continue;
    if (below != 0 && !(std::ldexp(1.0, std::ilogb(below)) < lowest_bit(c[i]))) {
      std::ostringstream s;
      s << std::hexfloat << "slot " << i << " = " << c[i] << " overlaps the one below, " << below;
      return s.str();
    }
    below = c[i];
  }
  return "";
}

std::string show(const double* t, int count) {
  std::ostringstream s;
  s << std::hexfloat << "{";
  for (int i = 0; i < count; ++i) s << (i ? ", " : "") << t[i];
  return s.str() + "}";
}

template <int Slots>
void check_terms(const double (&terms)[Slots]) {
  const std::string where = show(terms, Slots);
  kamp::multi_double::detail::exact_sum<Slots> s(terms);
  mpfr_value value = exact_total(terms, Slots);
  ASSERT_EQ(mpfr_cmp(exact_total(s.c, Slots).get(), value.get()), 0) << "grow is not exact: " << where;
  ASSERT_EQ(nonoverlapping_violation(s.c, Slots), "") << "after grow: " << where;
  for (int used = Slots; used >= 1; --used) {
    const double h = s.extract(used);
    ASSERT_TRUE(std::isfinite(h)) << where;
    for (int i = used - 1; i < Slots; ++i)
      ASSERT_EQ(s.c[i], 0.0) << "slot " << i << " left after extraction: " << where;
    mpfr_value rest = exact_total(s.c, Slots);
    mpfr_value recombined(0.0, exact_bits);
    mpfr_add_d(recombined.get(), rest.get(), h, MPFR_RNDN);
    ASSERT_EQ(mpfr_cmp(recombined.get(), value.get()), 0)
        << "extraction " << Slots - used << " is not exact: " << where;
    if (h != 0) {
      mpfr_abs(rest.get(), rest.get(), MPFR_RNDN);
      ASSERT_LT(mpfr_cmp_d(rest.get(), ulp_of(h)), 0)
          << "extraction " << Slots - used << " is not within ulp: " << where;
    } else {
      ASSERT_EQ(mpfr_sgn(rest.get()), 0) << "0 extracted from a nonzero rest: " << where;
    }
    ASSERT_EQ(nonoverlapping_violation(s.c, used - 1), "") << "after extraction " << Slots - used << ": " << where;
    value = exact_total(s.c, Slots);
  }
}

// One random term set of a class: 0 wide spreads, 1 cancelling pairs and near-pairs, 2 zeros
// and powers of two, 3 subnormals beside normals, 4 terms like a qd product's diagonals.
template <int Slots>
void random_terms(kamp::core::random_source& rng, int kind, double (&t)[Slots]) {
  for (int i = 0; i < Slots; ++i) {
    switch (kind) {
      case 0:
        t[i] = rng.wide_exponent(-300, 300);
        break;
      case 1:
        if (i % 2 == 1) {
          const double base = -t[i - 1];
          const int shift = static_cast<int>(rng.integer(0, 3));
          t[i] = shift == 0
                     ? base
                     : std::nextafter(base, rng.next_u64() & 1 ? INFINITY : -INFINITY) * std::ldexp(1.0, shift - 1);
        } else {
          t[i] = rng.wide_exponent(-60, 60);
        }
        break;
      case 2: {
        const auto r = rng.integer(0, 3);
        t[i] = r == 0 ? 0.0
                      : (r == 1 ? std::ldexp(rng.next_u64() & 1 ? 1.0 : -1.0, static_cast<int>(rng.integer(-80, 80)))
                                : rng.uniform());
        break;
      }
      case 3:
        t[i] = rng.next_u64() & 1 ? std::ldexp(rng.uniform(), static_cast<int>(rng.integer(-1074, -1000)))
                                  : std::ldexp(rng.uniform(), static_cast<int>(rng.integer(-1000, -900)));
        break;
      default:
        t[i] =
            std::ldexp(rng.uniform(), -52 * static_cast<int>(rng.integer(0, 4)) - static_cast<int>(rng.integer(0, 2)));
    }
  }
}

template <int Slots>
void check_random_sets(std::uint64_t seed, int sets) {
  kamp::core::random_source rng(seed);
  for (int n = 0; n < sets; ++n) {
    double t[Slots];
    random_terms(rng, n % 5, t);
    check_terms(t);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(ExactSum, GrowAndExtractionsAreExactNonoverlappingAndWithinUlpOnRandomTermSets) {
  check_random_sets<8>(5100, 4000);   // an expansion<4> sum
  check_random_sets<17>(5101, 2000);  // a qd_real product
  check_random_sets<3>(5102, 4000);
}

TEST(ExactSum, ExactCancellationLeavesZero) {
  const double t[4] = {0x1p-60, 1.0, -1.0, -0x1p-60};
  kamp::multi_double::detail::exact_sum<4> s(t);
  EXPECT_EQ(s.sign(), 0);
  for (int used = 4; used >= 1; --used) EXPECT_EQ(s.extract(used), 0.0);
}

TEST(ExactSum, AnOverflowedIntermediateIsNotFinite) {
  const double t[2] = {DBL_MAX, DBL_MAX};
  EXPECT_FALSE(kamp::multi_double::detail::exact_sum<2>(t).finite());
  const double u[3] = {1.0, DBL_MAX, -0x1p-30};
  const kamp::multi_double::detail::exact_sum<3> s(u);
  EXPECT_TRUE(s.finite());
  EXPECT_EQ(s.sign(), 1);
}

}  // namespace

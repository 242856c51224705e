// product_bins (multi_double/product_bins.hpp), the binned core of the expansion products, against MPFR:
// the layout's theorem (every deposit exact, at most 2^-(Bits + 50) 2^E dropped, digits
// nonoverlapping and decreasing) at the heaviest loads the bounds allow, at both ends of fits(),
// and the binned products themselves (mul(x, y), mul(x, b)) on operands that stress the bins:
// components at their largest, far below their bounds, signs alternating, leading products at
// the edges of the binned range. Each failure names the terms or the operands.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "multi_double/dd_format.hpp"
#include "multi_double/expansion.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

constexpr mpfr_prec_t exact_bits = 2200;  // every double and sum of doubles below is exact

mpfr_value exact_total(const std::vector<double>& terms) {
  mpfr_value total(0.0, exact_bits);
  for (double t : terms) mpfr_add_d(total.get(), total.get(), t, MPFR_RNDN);
  return total;
}

std::string show_terms(const std::vector<double>& terms) {
  std::ostringstream s;
  s << std::hexfloat << "{";
  for (std::size_t i = 0; i < terms.size(); ++i) s << (i ? ", " : "") << terms[i];
  return s.str() + "}";
}

// The value of the least significant nonzero bit of x != 0.
double lowest_bit(double x) {
  int e = 0;
  const double f = std::frexp(std::fabs(x), &e);
  auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));
  int zeros = 0;
  for (; (m & 1) == 0; m >>= 1) ++zeros;
  return std::ldexp(1.0, e - 53 + zeros);
}

// One term set for Bins anchored at 2^E <= |p| < 2^(E+1): `count` terms, each with a depth from
// `depths` (cycled) and a magnitude at its bound 2^(E + 2 - D) (kind 0: all of one sign, the
// heaviest load), random below it (1), far below it (2: 60 to 400 bits, so the bins below the
// first must take the low bits) or a mix with zeros (3).
template <class Bins>
void check_term_set(kamp::core::random_source& rng, int kind, double p, const std::vector<int>& depths) {
  const int E = std::ilogb(p);
  Bins bins(p);
  std::vector<double> terms;
  for (int i = 0; i < static_cast<int>(depths.size()); ++i) {
    const int depth = depths[i];
    const double bound = std::ldexp(1.0, E + 2 - depth);
    double t = 0;
    switch (kind) {
      case 0:
        t = bound * (1 - 0x1p-53);
        break;
      case 1:
        t = (rng.next_u64() & 1 ? 1 : -1) * bound * rng.uniform();
        break;
      case 2:
        t = (rng.next_u64() & 1 ? 1 : -1) *
            std::ldexp(rng.uniform(), E + 2 - depth - static_cast<int>(rng.integer(60, 400)));
        break;
      default:
        t = rng.integer(0, 2) == 0 ? 0.0 : (rng.next_u64() & 1 ? -bound : bound) * (1 - 0x1p-53);
    }
    if (!std::isnormal(t)) t = 0;  // far-below draws under the normal range
    terms.push_back(t);
    bins.deposit(Bins::first_bin(depth), t);
  }
  double digits[Bins::digit_count];
  bins.digits(digits);
  const std::string where = "p=" + std::to_string(p) + " kind " + std::to_string(kind) + " terms " + show_terms(terms);
  mpfr_value diff = exact_total(std::vector<double>(digits, digits + Bins::digit_count));
  const mpfr_value total = exact_total(terms);
  mpfr_sub(diff.get(), diff.get(), total.get(), MPFR_RNDN);
  mpfr_abs(diff.get(), diff.get(), MPFR_RNDN);
  ASSERT_LE(mpfr_cmp(diff.get(), power_of_two(E - Bins::bits - 50).get()), 0)
      << "the digits' sum errs by more than 2^(E - Bits - 50): " << where;
  // Smallest first: every nonzero digit below the lowest bit of the next nonzero one.
  double below = 0;
  for (double d : digits) {
    ASSERT_TRUE(std::isfinite(d)) << where;
    if (d == 0) continue;
    if (below != 0) ASSERT_LT(std::fabs(below), lowest_bit(d)) << "digits overlap: " << where;
    below = d;
  }
}

// The depths of an expansion<N> product's terms (multi_double/expansion.hpp's binned_product_core).
std::vector<int> product_depths(int N) {
  std::vector<int> depths{0, 53};
  for (int d = 1; d <= N - 2; ++d)
    for (int i = 0; i <= d; ++i) {
      depths.push_back(52 * d);
      depths.push_back(52 * d + 53);
    }
  for (int i = 0; i < N; ++i) depths.push_back(52 * (N - 1));
  depths.push_back(52 * N - kamp::multi_double::detail::ceil_log2(2 * N));
  return depths;
}

template <int N>
void check_layout(std::uint64_t seed) {
  using bins = kamp::multi_double::detail::product_bins_of<N>;
  const std::vector<int> depths = product_depths(N);
  ASSERT_EQ(static_cast<int>(depths.size()), kamp::multi_double::detail::product_term_count<N>);
  kamp::core::random_source rng(seed);
  for (int n = 0; n < 4000; ++n) {
    // Anchors anywhere in fits(), its two ends included, significands up to 2 - 2^-52.
    const int E = n % 8 == 0   ? bins::lowest_exponent
                  : n % 8 == 1 ? 999
                               : static_cast<int>(rng.integer(bins::lowest_exponent, 999));
    const double p = (rng.next_u64() & 1 ? -1 : 1) * std::ldexp(n % 3 == 0 ? 2 - 0x1p-52 : 1 + rng.uniform(0, 1), E);
    ASSERT_TRUE(bins::fits(p)) << p;
    check_term_set<bins>(rng, n % 4, p, depths);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(ProductBins, EveryDepositIsExactAndTheDigitsAreNonoverlappingForEveryExpansionSize) {
  check_layout<2>(8100);
  check_layout<3>(8101);
  check_layout<4>(8102);
  check_layout<8>(8108);
}

TEST(ProductBins, FitsExactlyTheAnchorsWhoseBinsAreNormalAndFinite) {
  using bins = kamp::multi_double::detail::product_bins_of<4>;
  EXPECT_TRUE(bins::fits(std::ldexp(1.0, bins::lowest_exponent)));
  EXPECT_FALSE(bins::fits(std::nextafter(std::ldexp(1.0, bins::lowest_exponent), 0.0)));
  EXPECT_TRUE(bins::fits(-std::nextafter(0x1p1000, 0.0)));
  EXPECT_FALSE(bins::fits(0x1p1000));
  EXPECT_FALSE(bins::fits(0.0));
  EXPECT_FALSE(bins::fits(INFINITY));
  EXPECT_FALSE(bins::fits(NAN));
  // The last bin's ulp at the lowest anchor is the smallest normal ulp-carrying exponent.
  EXPECT_EQ(bins::lowest_exponent + 2 + bins::slack - bins::width * bins::last - 52, -1022);
}

// x_0 y_0's TwoProd pair in bins 0-1 and 1-2 loses nothing, subnormal x_0 included.
TEST(ProductBins, TheLeadingPairNeedsOnlyItsTwoBins) {
  using bins = kamp::multi_double::detail::product_bins_of<4>;
  kamp::core::random_source rng(8200);
  for (int n = 0; n < 20000; ++n) {
    double a = std::ldexp(1 + rng.uniform(0, 1), static_cast<int>(rng.integer(-400, 400)));
    int target = static_cast<int>(rng.integer(bins::lowest_exponent, 998));
    if (n % 10 == 0) {  // a subnormal x_0
      a = std::ldexp(rng.uniform(0.5, 1), -1074 + static_cast<int>(rng.integer(1, 52)));
      target = static_cast<int>(rng.integer(bins::lowest_exponent, -120));
    }
    const double b = (rng.next_u64() & 1 ? -1 : 1) * std::ldexp(1 + rng.uniform(0, 1), target - std::ilogb(a));
    double e = 0;
    const double p = kamp::core::two_prod(a, b, e);
    if (!bins::fits(p) || !std::isfinite(b)) continue;
    bins s(p);
    s.deposit_exactly(0, 1, p);
    s.deposit_exactly(bins::first_bin(53), 2, e);
    double digits[bins::digit_count];
    s.digits(digits);
    mpfr_value exact(0.0, exact_bits);
    mpfr_set_d(exact.get(), a, MPFR_RNDN);
    mpfr_mul_d(exact.get(), exact.get(), b, MPFR_RNDN);
    ASSERT_EQ(mpfr_cmp(exact_total(std::vector<double>(digits, digits + bins::digit_count)).get(), exact.get()), 0)
        << std::hexfloat << a << " * " << b;
  }
}

// Operands whose components sit at their largest (|x_k| = ulp(x_(k-1)) (1 - 2^-53)-ish, from
// the format's own add), far below their bounds, with alternating signs, and products at the
// edges of the binned range: mul and mul by a double within u_N (and the underflow floor) of
// MPFR's product, with the invariant.
template <class E>
class binned_product_test : public ::testing::Test {};
TYPED_TEST_SUITE(binned_product_test, sampled_expansions);

TYPED_TEST(binned_product_test, products_at_the_bins_limits_are_within_the_mul_bound) {
  using E = TypeParam;
  using traits = kamp::format_traits<E>;
  using bins = kamp::multi_double::detail::product_bins_of<E::size>;
  const mpfr_value bound = traits::unit_roundoff(), floor = product_underflow_floor(E());
  kamp::core::random_source rng(8300 + E::size);
  for (int n = 0; n < 6000; ++n) {
    // Leading products in the bins' range, at its ends, and just outside it (the grown path).
    const int ends[] = {bins::lowest_exponent, bins::lowest_exponent - 1, 998, 1000, 1005};
    const int target = n % 3 == 0 ? ends[rng.integer(0, 4)] : static_cast<int>(rng.integer(-300, 300));
    // Both factors' exponents within +-1000 (finite, normal leads), their sum at the target.
    const int ex = static_cast<int>(rng.integer(std::max(-200, target - 1000), std::min(200, target + 1000)));
    const E x = stressed_expansion<E>(rng, n % 3, ex), y = stressed_expansion<E>(rng, (n / 3) % 3, target - ex);
    const mpfr_value exact = exact_product(traits::to_mpfr(x), traits::to_mpfr(y));
    for (const E& r : {kamp::multi_double::mul(x, y), kamp::multi_double::mul(y, x)})
      ASSERT_EQ(edge_violation<E>(r, exact, bound, floor), "") << show(x) << " * " << show(y) << " -> " << show(r);
    const double b = y.c[0];
    const E rb = kamp::multi_double::mul(x, b);
    const mpfr_value exact_b = exact_product(traits::to_mpfr(x), mpfr_value(b, 64));
    ASSERT_EQ(edge_violation<E>(rb, exact_b, bound, floor), "") << show(x) << " * " << b << " -> " << show(rb);
  }
}

}  // namespace

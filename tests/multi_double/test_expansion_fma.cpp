// The expansions' fused multiply-add (multi_double::fma, multi_double/binned_cores.hpp) against MPFR: the fma
// contract r = (x y (1 + d1) + c)(1 + d2), |d1|, |d2| <= u_N (formats/format_traits.hpp), checked
// as |r - (x y + c)| <= u_N (|x y| + |r| / (1 + u_N)), and the invariant, on random operands,
// cancellation down to the last bits (c = -x y and near it), addends far above and below the
// product, zeros, components at their largest or far below their bounds, both operand orders;
// outside the bins' range (leads near 2^1000, tiny products, Inf, NaN, power-of-two factors)
// the bits of add(mul(x, y), c), and fma_takes_bins false for special values and power-of-two
// factors; fma_in_bins (the branch-free common path) fma's bits wherever fma_takes_bins holds.
// The product by a double the same way. Every backend reproduces the host's bits.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "formats/fma_by_double.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

// "" when r meets the fma contract for x y + c (xy exact in MPFR).
std::string contract_violation(const mpfr_value& r, const mpfr_value& xy, const mpfr_value& c, const mpfr_value& u) {
  const mpfr_prec_t bits = 2400;
  mpfr_value err(bits), allowed(bits), part(bits), one_plus_u(bits);
  mpfr_sub(err.get(), r.get(), xy.get(), MPFR_RNDN);  // exact at 2400 bits for these operands
  mpfr_sub(err.get(), err.get(), c.get(), MPFR_RNDN);
  mpfr_abs(err.get(), err.get(), MPFR_RNDN);
  mpfr_abs(allowed.get(), xy.get(), MPFR_RNDD);
  mpfr_mul(allowed.get(), allowed.get(), u.get(), MPFR_RNDD);
  mpfr_add_ui(one_plus_u.get(), u.get(), 1, MPFR_RNDU);
  mpfr_abs(part.get(), r.get(), MPFR_RNDD);
  mpfr_div(part.get(), part.get(), one_plus_u.get(), MPFR_RNDD);
  mpfr_mul(part.get(), part.get(), u.get(), MPFR_RNDD);
  mpfr_add(allowed.get(), allowed.get(), part.get(), MPFR_RNDD);
  if (mpfr_cmp(err.get(), allowed.get()) <= 0) return "";
  return "error " + err.to_string(6) + " > " + allowed.to_string(6);
}

template <class E>
struct fma_case {
  E x, y, c;
};

// Operands in the bins' range (fl(x_0 y_0) and c_0 within it): 12 classes, cycled.
template <class E>
std::vector<fma_case<E>> binned_cases(std::uint64_t seed, int count) {
  kamp::core::random_source rng(seed);
  std::vector<fma_case<E>> cases;
  for (int i = 0; i < count; ++i) {
    E x = random_value<E>(rng, -60, 60), y = random_value<E>(rng, -60, 60), c = random_value<E>(rng, -60, 60);
    const int ex = std::ilogb(x.c[0]) + std::ilogb(y.c[0]);
    switch (i % 12) {
      case 0:
        c = -kamp::multi_double::mul(x, y);
        break;   // cancels the product's leading bits
      case 1: {  // cancels all but the last bits
        const E bump(std::ldexp(rng.uniform(), ex - 52 * E::size - static_cast<int>(rng.integer(-4, 8))));
        c = kamp::multi_double::add(-kamp::multi_double::mul(x, y), bump);
        break;
      }
      case 2:
        c = random_value<E>(rng, ex + 100, ex + 300);
        break;  // addend far above the product
      case 3:
        c = random_value<E>(rng, ex - 400, ex - 100);
        break;  // far below
      case 4:
        c = E(rng.next_u64() & 1 ? 0.0 : -0.0);
        break;
      case 5:
      case 6:
      case 7: {  // components at their largest or far below their bounds
        x = stressed_expansion<E>(rng, i % 3, static_cast<int>(rng.integer(-40, 40)));
        y = stressed_expansion<E>(rng, (i / 3) % 3, static_cast<int>(rng.integer(-40, 40)));
        c = stressed_expansion<E>(rng, i % 3,
                                  std::ilogb(x.c[0]) + std::ilogb(y.c[0]) + static_cast<int>(rng.integer(-3, 3)));
        if (i % 2) c = -c;
        break;
      }
      case 8: {  // leads near the top of the bins' range
        x = random_value<E>(rng, 490, 498);
        y = random_value<E>(rng, 490, 498);
        c = random_value<E>(rng, 990, 998);
        break;
      }
      case 9: {  // products near the bottom of the bins' range, addends above or below
        using bins = kamp::multi_double::detail::fma_bins_of<E::size>;
        x = random_value<E>(rng, bins::lowest_exponent / 2 + 2, bins::lowest_exponent / 2 + 4);
        y = random_value<E>(rng, bins::lowest_exponent / 2 + 2, bins::lowest_exponent / 2 + 4);
        c = random_value<E>(rng, bins::lowest_exponent - 100, bins::lowest_exponent + 100);
        break;
      }
      default:
        break;  // plain random
    }
    cases.push_back({x, y, c});
  }
  return cases;
}

template <class E>
class expansion_fma_test : public ::testing::Test {};
TYPED_TEST_SUITE(expansion_fma_test, sampled_expansions);

TYPED_TEST(expansion_fma_test, meets_the_fma_contract_in_both_operand_orders) {
  using E = TypeParam;
  using traits = kamp::format_traits<E>;
  const mpfr_value u = traits::unit_roundoff();
  const auto cases = binned_cases<E>(9000 + E::size, kamp::test::sweep_count(12000, 60000));
  std::size_t in_bins = 0;
  for (const auto& [x, y, c] : cases) {
    const mpfr_value xy = exact_product(traits::to_mpfr(x), traits::to_mpfr(y)), mc = traits::to_mpfr(c);
    for (const E& r : {kamp::multi_double::fma(x, y, c), kamp::multi_double::fma(y, x, c)}) {
      const std::string where = show(x) + " * " + show(y) + " + " + show(c) + " -> " + show(r);
      ASSERT_EQ(invariant_violation(r), "") << where;
      ASSERT_EQ(contract_violation(traits::to_mpfr(r), xy, mc, u), "") << where;
    }
    // The branch-free common path (the host AXPY's SIMD lanes) has fma's bits where it applies.
    if (kamp::multi_double::fma_takes_bins(x, y, c)) {
      ++in_bins;
      ASSERT_TRUE(same_bits(kamp::multi_double::fma_in_bins(x, y, c), kamp::multi_double::fma(x, y, c)))
          << show(x) << " * " << show(y);
    }
    // An exact zero is +0, as x y + c rounds it.
    const E zero = kamp::multi_double::fma(x, y, -kamp::multi_double::mul(x, y));
    if (zero.c[0] == 0) ASSERT_FALSE(std::signbit(zero.c[0])) << show(x) << " * " << show(y);
  }
  EXPECT_GE(in_bins, cases.size() * 9 / 10);  // the classes are meant for the bins
}

TYPED_TEST(expansion_fma_test, by_a_double_meets_the_fma_contract_and_is_what_fma_by_double_gives) {
  using E = TypeParam;
  using traits = kamp::format_traits<E>;
  const mpfr_value u = traits::unit_roundoff();
  kamp::core::random_source rng(9100 + E::size);
  for (const auto& [x, y, c] : binned_cases<E>(9200 + E::size, kamp::test::sweep_count(12000, 60000))) {
    const double b = rng.integer(0, 9) == 0 ? std::ldexp(1.0, static_cast<int>(rng.integer(-20, 20))) : y.c[0];
    const E r = kamp::multi_double::fma(x, b, c);
    const std::string where = show(x) + " * " + std::to_string(b) + " + " + show(c) + " -> " + show(r);
    ASSERT_EQ(invariant_violation(r), "") << where;
    ASSERT_EQ(contract_violation(traits::to_mpfr(r), exact_product(traits::to_mpfr(x), mpfr_value(b, 64)),
                                 traits::to_mpfr(c), u),
              "")
        << where;
    ASSERT_TRUE(same_bits(kamp::fma_by_double<E>({}, b, x, c), r)) << where;
  }
}

// Where the bins do not take the operands, fma is add(mul(x, y), c) bit for bit (its special
// values, overflow and underflow rules included).
TYPED_TEST(expansion_fma_test, outside_the_bins_is_the_product_then_the_sum) {
  using E = TypeParam;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  kamp::core::random_source rng(9300 + E::size);
  std::vector<fma_case<E>> cases;
  for (int i = 0; i < 3000; ++i) {
    const E x = random_value<E>(rng, -30, 30), y = random_value<E>(rng, -30, 30), c = random_value<E>(rng, -30, 30);
    cases.push_back({x, E(std::ldexp(rng.next_u64() & 1 ? 1.0 : -1.0, static_cast<int>(rng.integer(-40, 40)))), c});
    cases.push_back({random_value<E>(rng, 500, 520), random_value<E>(rng, 500, 520), c});      // product near overflow
    cases.push_back({x, y, random_value<E>(rng, 1000, 1023)});                                 // addend near overflow
    cases.push_back({random_value<E>(rng, -700, -600), random_value<E>(rng, -500, -300), c});  // tiny product
    cases.push_back({x, y, std::numeric_limits<E>::max()});
  }
  for (double s : {0.0, -0.0, inf, -inf, nan})
    for (double t : {0.0, -0.0, 2.5, inf, nan}) cases.push_back({E(s), E(t), random_value<E>(rng, 0, 0)});
  for (double s : {inf, -inf, nan, 0.0, -0.0})
    cases.push_back({random_value<E>(rng, 0, 0), random_value<E>(rng, 0, 0), E(s)});
  for (const auto& [x, y, c] : cases) {
    const bool special = !std::isfinite(x.c[0]) || !std::isfinite(y.c[0]) || !std::isfinite(c.c[0]) ||
                         kamp::multi_double::detail::is_power_of_two(x) ||
                         kamp::multi_double::detail::is_power_of_two(y);
    if (special)
      ASSERT_FALSE(kamp::multi_double::fma_takes_bins(x, y, c)) << show(x) << " * " << show(y) << " + " << show(c);
    if (kamp::multi_double::fma_takes_bins(x, y, c)) continue;  // taken by the bins: the contract test's business
    const E fused = kamp::multi_double::fma(x, y, c),
            separate = kamp::multi_double::add(kamp::multi_double::mul(x, y), c);
    ASSERT_TRUE(same_bits(fused, separate) || (std::isnan(fused.c[0]) && std::isnan(separate.c[0])))
        << show(x) << " * " << show(y) << " + " << show(c) << ": " << show(fused) << " vs " << show(separate);
  }
}

// The same operands in a kernel on every backend give the host's bits.
template <class Config>
class expansion_fma_backend_test : public ::testing::Test {};
using fma_configs =
    dd_configs_of<kamp::formats::cartesian_t<tested_formats_t<kamp::blas::expansion_formats>, space_list>>::type;
TYPED_TEST_SUITE(expansion_fma_backend_test, fma_configs, dd_config_name);

// fma(x_i, y_i, c_i), then fma(x_i, y_i's lead, c_i), in a kernel on Space.
template <class Space, class E>
std::vector<E> fma_on(const std::vector<E>& xs, const std::vector<E>& ys, const std::vector<E>& cs) {
  auto vx = to_space<Space>(xs, "x");
  auto vy = to_space<Space>(ys, "y");
  auto vc = to_space<Space>(cs, "c");
  const std::size_t n = xs.size();
  Kokkos::View<E*, typename Space::memory_space> vr("r", 2 * n);
  Kokkos::parallel_for(
      "kamp::test::expansion_fma", Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(std::size_t i) {
        vr(i) = kamp::multi_double::fma(vx(i), vy(i), vc(i));
        vr(n + i) = kamp::multi_double::fma(vx(i), vy(i).c[0], vc(i));
      });
  return to_host(vr);
}

TYPED_TEST(expansion_fma_backend_test, every_backend_gives_the_host_bits) {
  using E = typename TypeParam::format;
  using Space = typename TypeParam::space;
  std::vector<E> xs, ys, cs;
  for (const auto& [x, y, c] : binned_cases<E>(9400 + E::size, 6000)) {
    xs.push_back(x);
    ys.push_back(y);
    cs.push_back(c);
  }
  const auto got = fma_on<Space>(xs, ys, cs);
  const std::size_t n = xs.size();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(same_bits(got[i], kamp::multi_double::fma(xs[i], ys[i], cs[i]))) << "#" << i << " " << show(xs[i]);
    ASSERT_TRUE(same_bits(got[n + i], kamp::multi_double::fma(xs[i], ys[i].c[0], cs[i])))
        << "#" << i << " " << show(xs[i]);
  }
}

}  // namespace

// add, sub and mul of every multi-double format (double, dd_real, expansion<2..8>) against MPFR
// on random and adversarial operands, with the bound from format_traits<F>::unit_roundoff() and
// the representation invariant checked on every result; the same operands evaluated in a kernel
// on every backend must be bit-identical to the host results.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

// 10^5 operations per op and format (5 * 10^5 in the long run); every case below appears in
// each block of 10.
std::size_t operand_count() { return kamp::test::sweep_count(100000, 500000); }

template <class F>
void make_operands(op which, std::size_t count, std::uint64_t seed, std::vector<kamp::value_type_t<F>>& a,
                   std::vector<kamp::value_type_t<F>>& b) {
  using traits = kamp::format_traits<F>;
  const kamp::no_context ctx;
  kamp::core::random_source rng(seed);
  const auto sums = kamp::core::adversarial_sum_pairs(rng, count / 10 + 1);
  const auto products = kamp::core::adversarial_product_pairs(rng, count / 10 + 1);
  const int gaps[] = {0, 1, 52, 53, 54, 104, 105, 106, 200};
  a.clear();
  b.clear();
  for (std::size_t i = 0; i < count; ++i) {
    auto x = random_value<F>(rng, -250, 250);
    decltype(x) y;
    switch (i % 10) {
      case 0:  // exact cancellation (sub: x - x)
        y = which == op::sub
                ? x
                : (which == op::add ? traits::sub(ctx, traits::zero(), x) : traits::from_double(ctx, -1.0));
        break;
      case 1: {  // near cancellation down to the last bits
        const int k = 52 * component_count(x) + static_cast<int>(rng.integer(-6, 6));
        const auto bump = traits::from_double(ctx, std::ldexp(rng.uniform(), std::ilogb(component(x, 0)) - k));
        y = traits::add(ctx, x, bump);
        if (which == op::add) y = traits::sub(ctx, traits::zero(), y);
        break;
      }
      case 2: {  // exponent gaps
        const int gap = gaps[rng.integer(0, 8)];
        y = scaled_random<F>(rng, component(x, 0), which == op::mul ? gap % 100 : gap);
        break;
      }
      case 3:
        x = traits::from_double(ctx, which == op::mul ? products.a[i / 10] : sums.a[i / 10]);
        y = traits::from_double(ctx, which == op::mul ? products.b[i / 10] : sums.b[i / 10]);
        break;
      case 4:
        x = random_value<F>(rng, -60, 60);
        y = random_value<F>(rng, -60, 60);
        break;
      default: {  // overlapping exponents: every component of y meets one of x
        const int e = std::ilogb(component(x, 0)) - static_cast<int>(rng.integer(0, 53 * component_count(x)));
        y = which == op::mul ? random_value<F>(rng, -250, 250) : random_value<F>(rng, e, e);
      }
    }
    a.push_back(x);
    b.push_back(y);
  }
}

template <class F>
void expect_within_bound(op which, const std::vector<kamp::value_type_t<F>>& a,
                         const std::vector<kamp::value_type_t<F>>& b, const std::vector<kamp::value_type_t<F>>& r) {
  using traits = kamp::format_traits<F>;
  const mpfr_value u = traits::unit_roundoff();
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string where = std::string(op_name(which)) + " #" + std::to_string(i) + " x=" + show(a[i]) +
                              " y=" + show(b[i]) + " -> " + show(r[i]) + ": ";
    ASSERT_EQ(invariant_violation(r[i]), "") << where;
    const mpfr_value exact = exact_result<F>(which, a[i], b[i]);
    ASSERT_EQ(bound_violation(traits::to_mpfr(r[i]), exact, u), "") << where;
  }
}

template <class Config>
class dd_arithmetic_test : public ::testing::Test {};
TYPED_TEST_SUITE(dd_arithmetic_test, dd_configs, dd_config_name);

TYPED_TEST(dd_arithmetic_test, add_sub_mul_within_unit_roundoff_and_bit_identical_on_every_backend) {
  using F = typename TypeParam::format;
  using Space = typename TypeParam::space;
  for (op which : {op::add, op::sub, op::mul}) {
    std::vector<kamp::value_type_t<F>> a, b, host;
    make_operands<F>(which, operand_count(), 1000 + static_cast<int>(which), a, b);
    for (std::size_t i = 0; i < a.size(); ++i) host.push_back(apply<F>(which, a[i], b[i]));
    // The bound once per format (on Serial); the other backends must reproduce these bits.
    if (std::is_same<Space, reference_space>::value) expect_within_bound<F>(which, a, b, host);
    const auto device = apply_on<Space, F>(which, a, b);
    for (std::size_t i = 0; i < a.size(); ++i)
      ASSERT_TRUE(same_bits(device[i], host[i]))
          << op_name(which) << " #" << i << " x=" << show(a[i]) << " y=" << show(b[i]) << ": backend "
          << show(device[i]) << " host " << show(host[i]);
  }
}

// Host code, once per format.
template <class Config>
class dd_host_arithmetic_test : public ::testing::Test {};
TYPED_TEST_SUITE(dd_host_arithmetic_test, dd_host_configs, dd_config_name);

TYPED_TEST(dd_host_arithmetic_test, adding_zero_and_multiplying_by_one_are_identities_bit_for_bit) {
  using F = typename TypeParam::format;
  using traits = kamp::format_traits<F>;
  const kamp::no_context ctx;
  kamp::core::random_source rng(77);
  for (int i = 0; i < 10000; ++i) {
    const auto x = random_value<F>(rng, -300, 300);
    ASSERT_TRUE(same_bits(traits::add(ctx, x, traits::zero()), x)) << show(x);
    ASSERT_TRUE(same_bits(traits::sub(ctx, x, traits::zero()), x)) << show(x);
    ASSERT_TRUE(same_bits(traits::mul(ctx, x, traits::from_double(ctx, 1.0)), x)) << show(x);
  }
}

}  // namespace

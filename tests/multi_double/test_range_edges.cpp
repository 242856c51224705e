// The ends of the exponent range (multi_double/range_edges.hpp) for every multi-double format on every
// backend: add, sub and mul of operands near DBL_MAX and near the subnormals, random and
// adversarial, both signs and both operand orders, against MPFR. A finite result satisfies the
// invariant and is within the format's bound (a product near the subnormals also within its
// underflow floor), +-Inf comes only from an overflow (for dd_real, which is IEEE on the leading
// parts, from an exact result within 2^-51 of max(); for expansions, within their bound) and
// with its sign, never NaN; every backend computes the host's bits. Exact comparisons near
// DBL_MAX on every backend too.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;

std::size_t pair_count() { return kamp::test::sweep_count(4000, 40000); }

// -x + t, t of the format at 2^t_exponent: a partner that cancels x down to about t.
template <class F>
kamp::value_type_t<F> cancelling(kamp::core::random_source& rng, const kamp::value_type_t<F>& x, int t_exponent) {
  using traits = kamp::format_traits<F>;
  mpfr_value v = traits::to_mpfr(x);
  mpfr_neg(v.get(), v.get(), MPFR_RNDN);
  mpfr_value sum = exact_sum(v, traits::to_mpfr(exact_random_value<F>(rng, t_exponent)));
  return traits::from_mpfr(sum.get());
}

// 2^e - t, t at the format's precision below half an ulp of 2^e: a value whose leading double
// rounds up to 2^e, so that the plain leading operation overflows where the exact one may not.
template <class F>
kamp::value_type_t<F> just_below_power_of_two(kamp::core::random_source& rng, int e) {
  using traits = kamp::format_traits<F>;
  mpfr_value v(1.0, traits::precision + 600);
  mpfr_mul_2si(v.get(), v.get(), e, MPFR_RNDN);
  mpfr_value t = traits::to_mpfr(exact_random_value<F>(rng, e - 55 - static_cast<int>(rng.integer(0, 60))));
  mpfr_abs(t.get(), t.get(), MPFR_RNDN);
  mpfr_sub(v.get(), v.get(), t.get(), MPFR_RNDN);  // exact
  return traits::from_mpfr(v.get());
}

template <class F>
kamp::value_type_t<F> random_sign(kamp::core::random_source& rng, const kamp::value_type_t<F>& x) {
  return rng.next_u64() & 1 ? x : -x;
}

// Operand pairs for `which` near the top or the bottom of the range; each pair appears in both
// orders (TwoSum is not symmetric in its intermediates).
template <class F>
void edge_operands(op which, bool top, std::size_t count, std::uint64_t seed, std::vector<kamp::value_type_t<F>>& a,
                   std::vector<kamp::value_type_t<F>>& b) {
  using V = kamp::value_type_t<F>;
  kamp::core::random_source rng(seed);
  const auto value = [&](int lo, int hi) { return exact_random_value<F>(rng, static_cast<int>(rng.integer(lo, hi))); };
  a.clear();
  b.clear();
  for (std::size_t i = 0; i < count / 2; ++i) {
    V x, y;
    const int which_case = static_cast<int>(i % 6);
    if (top && which != op::mul) {
      switch (which_case) {
        case 0:
          x = near_largest<F>(rng);
          y = near_largest<F>(rng);
          break;
        case 1:
          x = near_largest<F>(rng);
          y = value(1018, 1022);
          break;  // TwoSum(y, +-DBL_MAX) overflows inside
        case 2:
          x = value(1014, 1023);
          y = value(1014, 1023);
          break;
        case 3:
          x = near_largest<F>(rng);
          y = value(900, 972);
          break;  // across Omega by a little
        case 4:
          x = value(1016, 1023);
          y = cancelling<F>(rng, x, static_cast<int>(rng.integer(-200, 1000)));
          break;
        default:  // the plain leading sum overflows, the exact one need not
          x = random_sign<F>(rng, just_below_power_of_two<F>(rng, 1024 - static_cast<int>(rng.integer(0, 1))));
          y = value(960, 975);
      }
    } else if (top) {
      const int e = static_cast<int>(rng.integer(0, 1023));
      switch (which_case) {
        case 0:
        case 1:
          x = value(e, e);
          y = value(1022 - e - 1, 1022 - e + 1);
          break;
        case 2:
          x = near_largest<F>(rng);
          y = value(-2, 0);
          break;
        case 3:  // times -1 + t: just below or above Omega
          x = near_largest<F>(rng);
          y = cancelling<F>(rng, kamp::format_traits<F>::from_double({}, 1.0),
                            static_cast<int>(rng.integer(-110, -40)));
          break;
        case 4:
          x = value(510, 512);
          y = value(510, 512);
          break;
        default:  // both leading doubles round up to 2^512: their product overflows, the exact one not
          x = random_sign<F>(rng, just_below_power_of_two<F>(rng, 512));
          y = random_sign<F>(rng, just_below_power_of_two<F>(rng, 512));
      }
    } else if (which != op::mul) {
      switch (which_case) {
        case 0:
        case 1:
          x = value(-1074, -960);
          y = value(-1074, -960);
          break;
        case 2:
        case 3:
          x = value(-1040, -900);
          y = cancelling<F>(rng, x, static_cast<int>(rng.integer(-1074, -1000)));
          break;
        default:
          x = value(-1000, -900);
          y = value(-1074, -1010);
      }
    } else {
      const int e = static_cast<int>(rng.integer(-600, 0));
      switch (which_case) {
        case 0:
        case 1:
        case 2:
        case 3:
          x = value(e, e);
          y = value(-1075 - e, -1000 - e);
          break;
        default:
          x = value(-1074, -1023);
          y = value(-2, 60);  // a subnormal operand
      }
    }
    a.push_back(x);
    b.push_back(y);
    a.push_back(y);
    b.push_back(x);
  }
}

// The absolute term a result may add to its relative bound near the bottom of the range.
template <class F>
mpfr_value underflow_floor(op which, bool top) {
  if (top || which != op::mul) return mpfr_value(0.0, 53);
  return product_underflow_floor(kamp::value_type_t<F>());
}

template <class Config>
class dd_range_edges_test : public ::testing::Test {};
TYPED_TEST_SUITE(dd_range_edges_test, dd_configs, dd_config_name);

TYPED_TEST(dd_range_edges_test, add_sub_mul_near_the_top_and_the_bottom_of_the_range) {
  using F = typename TypeParam::format;
  using Space = typename TypeParam::space;
  using traits = kamp::format_traits<F>;
  const bool check_mpfr = std::is_same<Space, reference_space>::value;
  const mpfr_value u = traits::unit_roundoff();
  const mpfr_value overflow_from =
      std::is_same<kamp::value_type_t<F>, kamp::multi_double::dd_real>::value ? leading_overflow_from() : u;
  for (const bool top : {true, false}) {
    for (op which : {op::add, op::sub, op::mul}) {
      std::vector<kamp::value_type_t<F>> a, b, host;
      edge_operands<F>(which, top, pair_count(), 4500 + 10 * static_cast<int>(which) + top, a, b);
      for (std::size_t i = 0; i < a.size(); ++i) host.push_back(apply<F>(which, a[i], b[i]));
      const auto device = apply_on<Space, F>(which, a, b);
      const mpfr_value floor = underflow_floor<F>(which, top);
      std::size_t overflows = 0, near_the_top = 0, in_the_subnormals = 0;
      for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string where = std::string(top ? "top " : "bottom ") + op_name(which) + " #" + std::to_string(i) +
                                  " x=" + show(a[i]) + " y=" + show(b[i]) + " -> " + show(host[i]) + ": ";
        ASSERT_TRUE(same_bits(device[i], host[i])) << where << "backend " << show(device[i]);
        if (!check_mpfr) continue;
        ASSERT_EQ(edge_violation<F>(host[i], exact_result<F>(which, a[i], b[i]), u, floor, overflow_from), "") << where;
        const double lead = component(host[i], 0);
        overflows += std::isinf(lead);
        near_the_top += std::isfinite(lead) && std::fabs(lead) >= 0x1p1023;
        in_the_subnormals += lead != 0 && std::fabs(lead) < 0x1p-1022;
      }
      // The generators reach what they are for: overflows and finite results next to them at
      // the top; results in the subnormals at the bottom.
      if (check_mpfr && top)
        EXPECT_TRUE(overflows > 0 && near_the_top > 0)
            << op_name(which) << ": " << overflows << " overflows, " << near_the_top << " finite results above 2^1023";
      if (check_mpfr && !top) EXPECT_GT(in_the_subnormals, 0u) << op_name(which);
    }
  }
}

// r(i) = 1, 0 or -1 as a(i) > b(i), a(i) == b(i), a(i) < b(i) by the format's comparisons, 2 if
// they disagree (a free function: device lambdas cannot live in gtest's private TestBody).
template <class Space, class View, class Result>
void compare_all(const View& a, const View& b, const Result& r) {
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, a.extent(0)), KOKKOS_LAMBDA(std::size_t i) {
        const bool less = a(i)<b(i), equal = a(i) == b(i), greater = a(i)> b(i);
        const bool consistent = less + equal + greater == 1 && (a(i) <= b(i)) == (less || equal) &&
                                (a(i) >= b(i)) == (greater || equal) && (a(i) != b(i)) == !equal;
        r(i) = !consistent ? 2 : greater ? 1 : equal ? 0 : -1;
      });
}

TYPED_TEST(dd_range_edges_test, comparisons_near_the_top_of_the_range_are_exact) {
  using F = typename TypeParam::format;
  using Space = typename TypeParam::space;
  using traits = kamp::format_traits<F>;
  using V = kamp::value_type_t<F>;
  kamp::core::random_source rng(4700);
  std::vector<V> a, b;
  const V largest = std::numeric_limits<V>::max();
  a.push_back(largest);
  b.push_back(-largest);
  for (std::size_t i = 0; i < pair_count() / 2; ++i) {
    const V x = near_largest<F>(rng);
    V y;
    switch (i % 4) {
      case 0:
        y = near_largest<F>(rng);
        break;
      case 1:
        y = x;
        break;
      case 2: {  // x and y a few units of the last place apart
        mpfr_value v = traits::to_mpfr(x);
        const int last = std::ilogb(component(x, 0)) - traits::precision - static_cast<int>(rng.integer(-2, 60));
        mpfr_value t = power_of_two(last);
        if (rng.next_u64() & 1) mpfr_neg(t.get(), t.get(), MPFR_RNDN);
        y = traits::from_mpfr(exact_sum(v, t).get());
        break;
      }
      default:
        y = exact_random_value<F>(rng, static_cast<int>(rng.integer(1010, 1023)));
    }
    a.push_back(x);
    b.push_back(y);
    a.push_back(y);
    b.push_back(x);
  }
  auto va = to_space<Space>(a, "a");
  auto vb = to_space<Space>(b, "b");
  Kokkos::View<int*, typename Space::memory_space> vr("r", a.size());
  compare_all<Space>(va, vb, vr);
  const auto r = to_host(vr);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const int exact = mpfr_cmp(traits::to_mpfr(a[i]).get(), traits::to_mpfr(b[i]).get());
    ASSERT_EQ(r[i], exact > 0 ? 1 : exact < 0 ? -1 : 0) << show(a[i]) << " vs " << show(b[i]);
  }
}

}  // namespace

// What the one-argument sweep (test_functions.cpp) does not reach of the trigonometric functions:
// atan2 against MPFR within its bound, C's Annex F cases and the same bits on every backend;
// sincos giving sin's and cos's bits; the argument reduction that holds any x (the common one's
// fallback) against MPFR's x mod pi/2; the double start of atan within 2^-48; and the identity
// sin^2 + cos^2 = 1 within the bounds.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/elementary/function_cases.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
namespace el = kamp::elementary;

template <class Space, class V>
std::vector<V> atan2_on(const std::vector<std::pair<V, V>>& host_yx) {
  std::vector<V> host_y, host_x;
  for (const auto& p : host_yx) {
    host_y.push_back(p.first);
    host_x.push_back(p.second);
  }
  const auto y = to_space<Space>(host_y, "y");
  const auto x = to_space<Space>(host_x, "x");
  Kokkos::View<V*, typename Space::memory_space> theta("theta", host_yx.size());
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, host_yx.size()), KOKKOS_LAMBDA(std::size_t i) { theta(i) = atan2(y(i), x(i)); });
  return to_host(theta);
}

template <class V>
std::vector<std::pair<V, V>> atan2_arguments(std::size_t count) {
  std::vector<std::pair<V, V>> yx;
  const double inf = HUGE_VAL, nan = std::nan("");
  const double specials[] = {0.0, -0.0, inf, -inf, nan, 1.0, -1.0, 0x1p-1074, -DBL_MAX, 3.0};
  for (double y : specials)
    for (double x : specials) yx.emplace_back(V(y), V(x));
  kamp::core::random_source rng(4242);
  for (std::size_t i = 0; i < count; ++i) {
    const V y = random_value<V>(rng, -300, 300);
    switch (i % 4) {
      case 0:  // any ratio
        yx.emplace_back(y, random_value<V>(rng, -300, 300));
        break;
      case 1: {  // |y| near |x|: the octants' switch
        const int gap = static_cast<int>(rng.integer(1, 300));
        const V x = kamp::multi_double::mul(y, rng.integer(0, 1) == 0 ? -1.0 : 1.0);
        yx.emplace_back(kamp::multi_double::add(y, V(std::ldexp(el::detail::lead(y), -gap))), x);
        break;
      }
      case 2:  // ratios far from 1 and into the subnormals
        yx.emplace_back(y, random_value<V>(rng, 700, 1000));
        break;
      default:  // near +-pi
        yx.emplace_back(random_value<V>(rng, -200, -20), kamp::multi_double::mul(random_value<V>(rng, 0, 2), -1.0));
    }
  }
  return yx;
}

template <class Config>
class elementary_trig_test : public ::testing::Test {};
TYPED_TEST_SUITE(elementary_trig_test, elementary_configs, dd_config_name);

TYPED_TEST(elementary_trig_test, atan2_within_its_bound_with_the_same_bits_on_every_space) {
  using V = typename TypeParam::format;
  using traits = kamp::format_traits<V>;
  const bool check_mpfr = std::is_same<typename TypeParam::space, reference_space>::value;
  const auto yx = atan2_arguments<V>(sweep_count(400, 1000000));
  const std::vector<V> theta = atan2_on<typename TypeParam::space>(yx);
  for (std::size_t i = 0; i < yx.size(); ++i) {
    const V& y = yx[i].first;
    const V& x = yx[i].second;
    ASSERT_TRUE(same_bits(theta[i], atan2(y, x))) << show(y) << show(x);
    if (!check_mpfr) continue;
    mpfr_value exact(traits::precision + 128);
    mpfr_atan2(exact.get(), traits::to_mpfr(y).get(), traits::to_mpfr(x).get(), MPFR_RNDN);
    // A ratio below the normal range underflows with the scaled arguments' lower components.
    ASSERT_EQ(violation_of(exact, theta[i], el::atan2_bound<V>(), product_underflow_floor(V())), "")
        << show(y) << show(x);
  }
}

TYPED_TEST(elementary_trig_test, sincos_gives_the_bits_of_sin_and_cos) {
  using V = typename TypeParam::format;
  if (!std::is_same<typename TypeParam::space, reference_space>::value) return;
  for (const el::function_id f : {el::function_id::sin, el::function_id::cos}) {
    std::vector<V> x = hard_cases<V>(f);
    for (const V& v : random_arguments<V>(f, 200, 31)) x.push_back(v);
    for (const V& v : x) {
      V s, c;
      sincos(v, s, c);
      ASSERT_TRUE(same_bits(s, sin(v))) << show(v);
      ASSERT_TRUE(same_bits(c, cos(v))) << show(v);
    }
  }
}

// x mod pi/2 in MPFR: q = nearest(x 2/pi) mod 4 and r = x - nearest(x 2/pi) pi/2.
template <class V>
std::pair<long, mpfr_value> exact_reduction(const V& x) {
  using traits = kamp::format_traits<V>;
  const long precision = 1100 + 2 * traits::precision + 3300;
  mpfr_value half_pi(precision), k(precision), r(precision);
  mpfr_const_pi(half_pi.get(), MPFR_RNDN);
  mpfr_mul_2si(half_pi.get(), half_pi.get(), -1, MPFR_RNDN);
  mpfr_div(k.get(), traits::to_mpfr(x).get(), half_pi.get(), MPFR_RNDN);
  mpfr_rint(k.get(), k.get(), MPFR_RNDN);
  mpfr_mul(r.get(), k.get(), half_pi.get(), MPFR_RNDN);
  mpfr_sub(r.get(), traits::to_mpfr(x).get(), r.get(), MPFR_RNDN);
  mpfr_value q(precision);  // k - 4 floor(k / 4)
  mpfr_div_2ui(q.get(), k.get(), 2, MPFR_RNDN);
  mpfr_floor(q.get(), q.get());
  mpfr_mul_2ui(q.get(), q.get(), 2, MPFR_RNDN);
  mpfr_sub(q.get(), k.get(), q.get(), MPFR_RNDN);
  return {mpfr_get_si(q.get(), MPFR_RNDN), r};
}

TYPED_TEST(elementary_trig_test, reduction_for_any_argument_within_its_bound) {
  using V = typename TypeParam::format;
  if (!std::is_same<typename TypeParam::space, reference_space>::value) return;
  kamp::core::random_source rng(606);
  std::vector<V> x;
  for (int i = 0; i < 60; ++i) x.push_back(random_value<V>(rng, 0, 1023));
  for (double k : {1.0, 3.0, 0x1p60, 1e300}) x.push_back(nudged<V>(quarter_turns<V>(k), 1));
  x.push_back(V(6381956970095103.0 * 0x1p797));
  for (const V& v : x) {
    int q = -1;
    const V r = el::detail::reduce_in_any_case(v, q);
    const auto [quadrant, exact] = exact_reduction(v);
    ASSERT_EQ(q, quadrant) << show(v);
    ASSERT_EQ(violation_of(exact, r, 3.02, mpfr_value(0.0, 64)), "") << show(v);
    int common_q = -1;
    V common_r;
    if (el::detail::reduce_in_words<V, el::detail::common_reduction_words<V>>(v, common_q, common_r)) {
      ASSERT_EQ(common_q, quadrant) << show(v);
      ASSERT_EQ(violation_of(exact, common_r, 3.02, mpfr_value(0.0, 64)), "") << show(v);
    }
  }
}

// A fixed point of too few words to hold x near a multiple of pi/2 declines, rather than return
// a reduced argument without its significant bits.
TEST(elementary_trig_reduction, declines_where_the_words_hold_too_few_bits) {
  using V = kamp::multi_double::dd_real;
  const V near_pi = nudged<V>(quarter_turns<V>(2.0), 0);
  int q = -1;
  V r;
  EXPECT_FALSE((el::detail::reduce_in_words<V, 2>(near_pi, q, r)));
  EXPECT_TRUE((el::detail::reduce_in_words<V, el::detail::common_reduction_words<V>>(near_pi, q, r)));
  EXPECT_EQ(q, 2);
}

TEST(elementary_trig_start, double_atan_within_two_to_the_minus_48) {
  kamp::core::random_source rng(5);
  std::vector<double> t = {0.0, 1.0, 0x1p-900, 0x1p-30, 0.5, 1 - 0x1p-53};  // octant_atan's range
  for (int i = 0; i < 20000; ++i)
    t.push_back(i % 2 ? rng.uniform(0, 1) : std::ldexp(rng.uniform(1, 2), -static_cast<int>(rng.integer(1, 900))));
  for (const double v : t) {
    mpfr_value exact(200), error(200), x(v, 64);
    mpfr_atan(exact.get(), x.get(), MPFR_RNDN);
    mpfr_sub_d(error.get(), exact.get(), el::detail::atan_start(v), MPFR_RNDN);
    mpfr_mul_2si(error.get(), error.get(), 48, MPFR_RNDN);
    ASSERT_LE(mpfr_cmpabs(error.get(), exact.get()), 0) << v;
  }
}

// sin^2 x + cos^2 x = 1 within (2 B + 3) u for B = sin's and cos's bound (each square within 2 B +
// 1, their sum of size 1).
TYPED_TEST(elementary_trig_test, sine_squared_plus_cosine_squared_is_one) {
  using V = typename TypeParam::format;
  using traits = kamp::format_traits<V>;
  if (!std::is_same<typename TypeParam::space, reference_space>::value) return;
  for (const V& x : random_arguments<V>(el::function_id::sin, 300, 808)) {
    V s, c;
    sincos(x, s, c);
    const V one = kamp::multi_double::add(kamp::multi_double::mul(s, s), kamp::multi_double::mul(c, c));
    mpfr_value error = traits::to_mpfr(one), bound = traits::unit_roundoff();
    mpfr_sub_ui(error.get(), error.get(), 1, MPFR_RNDN);
    mpfr_mul_d(bound.get(), bound.get(), 2 * el::sin_bound<V>() + 3, MPFR_RNDU);
    ASSERT_LE(mpfr_cmpabs(error.get(), bound.get()), 0) << show(x);
  }
}

}  // namespace

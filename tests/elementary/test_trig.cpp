// What the one-argument sweep (test_functions.cpp) does not reach of the trigonometric functions
// (atan2 is in test_two_arguments.cpp): sincos giving sin's and cos's bits; the argument reduction that holds any x
// (the common one's fallback) against MPFR's x mod pi/2; and the identity sin^2
// + cos^2 = 1 within the bounds.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/elementary/function_cases.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
namespace el = kamp::elementary;

template <class Config>
class elementary_trig_test : public ::testing::Test {};
TYPED_TEST_SUITE(elementary_trig_test, elementary_configs, dd_config_name);

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

// The Cody-Waite path of arguments below 50: within 1.001 u of x - k pi/2 (k its own nearest
// multiple) wherever it answers, and it answers except within 2^-20 of a multiple of pi/2.
TYPED_TEST(elementary_trig_test, small_arguments_reduce_by_cody_waite_within_their_bound) {
  using V = typename TypeParam::format;
  using traits = kamp::format_traits<V>;
  if (!std::is_same<typename TypeParam::space, reference_space>::value) return;
  kamp::core::random_source rng(607);
  std::vector<V> x;
  for (int i = 0; i < 400; ++i) x.push_back(random_value<V>(rng, -30, 5));
  const auto near_multiple = [](int k, double offset) {  // k pi/2 + offset, rounded to V
    mpfr_value m = quarter_turns<V>(k);
    mpfr_add_d(m.get(), m.get(), offset, MPFR_RNDN);
    return traits::from_mpfr(m.get());
  };
  for (int k = 1; k <= 32; ++k) {
    x.push_back(nudged<V>(quarter_turns<V>(k), 1));  // declines
    x.push_back(near_multiple(k, 0x1p-19));          // answers
    x.push_back(near_multiple(k, 0x1p-21));          // declines
  }
  const std::size_t count = x.size();
  for (std::size_t i = 0; i < count; ++i) x.push_back(-x[i]);
  int answered = 0;
  const long precision = 3 * traits::precision + 200;
  mpfr_value half_pi(precision);
  mpfr_const_pi(half_pi.get(), MPFR_RNDN);
  mpfr_mul_2si(half_pi.get(), half_pi.get(), -1, MPFR_RNDN);
  for (const V& v : x) {
    int q = -1;
    V r;
    const bool taken = el::detail::reduce_small(v, q, r);
    const double k = std::nearbyint(el::detail::lead(v) * (2.0 / kamp::elementary::constants::pi(0)));
    mpfr_value exact(precision);
    mpfr_mul_d(exact.get(), half_pi.get(), -k, MPFR_RNDN);
    mpfr_add(exact.get(), exact.get(), traits::to_mpfr(v).get(), MPFR_RNDN);
    if (!taken) {
      mpfr_value limit(0x1p-20 * (1 + 0x1p-10), 64);
      ASSERT_TRUE(std::fabs(el::detail::lead(v)) >= 50 || mpfr_cmpabs(exact.get(), limit.get()) < 0) << show(v);
      continue;
    }
    ++answered;
    ASSERT_EQ(q, static_cast<int>(k) & 3) << show(v);
    ASSERT_LE(std::fabs(el::detail::lead(r)), 0.786) << show(v);
    ASSERT_EQ(violation_of(exact, r, 1.001, mpfr_value(0.0, 64)), "") << show(v);
  }
  EXPECT_GT(answered, 700);
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

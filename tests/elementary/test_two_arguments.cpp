// The functions of two arguments, atan2(y, x), hypot(x, y), pow(x, y) and fmod(x, y), of dd_real
// and expansion<2..8> against MPFR: every result within its stated bound (plus the product by a
// double's floor where a scaled argument's or result's lower components fall into the subnormals),
// C's Annex F over every pair of special values, and the same bits on every backend; fmod of
// doubles exactly C's.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/elementary/function_cases.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
namespace el = kamp::elementary;
namespace md = kamp::multi_double;

struct atan2_function {
  static constexpr const char* name = "atan2";
  template <class V>
  KOKKOS_INLINE_FUNCTION V operator()(const V& a, const V& b) const {
    return atan2(a, b);
  }
  static void reference(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b) { mpfr_atan2(r, a, b, MPFR_RNDN); }
  template <class V>
  static constexpr double bound() {
    return el::atan2_bound<V>();
  }
};
struct hypot_function {
  static constexpr const char* name = "hypot";
  template <class V>
  KOKKOS_INLINE_FUNCTION V operator()(const V& a, const V& b) const {
    return hypot(a, b);
  }
  static void reference(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b) { mpfr_hypot(r, a, b, MPFR_RNDN); }
  template <class V>
  static constexpr double bound() {
    return el::hypot_bound<V>();
  }
};
struct pow_function {
  static constexpr const char* name = "pow";
  template <class V>
  KOKKOS_INLINE_FUNCTION V operator()(const V& a, const V& b) const {
    return pow(a, b);
  }
  static void reference(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b) { mpfr_pow(r, a, b, MPFR_RNDN); }
  template <class V>
  static constexpr double bound() {
    return el::pow_real_bound<V>();
  }
};

struct fmod_function {
  static constexpr const char* name = "fmod";
  template <class V>
  KOKKOS_INLINE_FUNCTION V operator()(const V& a, const V& b) const {
    return fmod(a, b);
  }
  static void reference(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b) { mpfr_fmod(r, a, b, MPFR_RNDN); }
  template <class V>
  static constexpr double bound() {
    return el::fmod_bound<V>();
  }
};

template <class Space, class Function, class V>
std::vector<V> evaluate_on(const std::vector<std::pair<V, V>>& host_ab) {
  std::vector<V> host_a, host_b;
  for (const auto& p : host_ab) {
    host_a.push_back(p.first);
    host_b.push_back(p.second);
  }
  const auto a = to_space<Space>(host_a, "a");
  const auto b = to_space<Space>(host_b, "b");
  Kokkos::View<V*, typename Space::memory_space> r("r", host_ab.size());
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, host_ab.size()), KOKKOS_LAMBDA(std::size_t i) { r(i) = Function()(a(i), b(i)); });
  return to_host(r);
}

// Every pair of special values, then random pairs that reach each function's branches.
template <class V>
std::vector<std::pair<V, V>> arguments(const std::string& name, std::size_t count) {
  std::vector<std::pair<V, V>> ab;
  const double inf = HUGE_VAL, nan = std::nan("");
  const double specials[] = {0.0, -0.0, inf, -inf, nan, 1.0, -1.0, 0.5, -0.5, 2.0, -3.0, 0x1p-1074, -DBL_MAX, 2.5};
  for (double a : specials)
    for (double b : specials) ab.emplace_back(V(a), V(b));
  kamp::core::random_source rng(4242);
  const auto sign = [&] { return rng.integer(0, 1) == 0 ? -1.0 : 1.0; };
  for (std::size_t i = 0; i < count; ++i) {
    const V a = random_value<V>(rng, -300, 300);
    if (name == "pow") {
      const V base = md::abs(random_value<V>(rng, -20, 20));
      switch (i % 4) {
        case 0:  // results over the whole range, into the subnormals and past max()
          ab.emplace_back(base, md::mul(random_value<V>(rng, -10, 8), sign()));
          break;
        case 1:  // integer exponents on both paths, negative bases
          ab.emplace_back(md::mul(base, sign()), V(static_cast<double>(rng.integer(-400, 400))));
          break;
        case 2:  // bases near 1, large exponents
          ab.emplace_back(md::add(V(1.0), V(std::ldexp(sign(), -static_cast<int>(rng.integer(1, 200))))),
                          md::mul(random_value<V>(rng, 0, 60), sign()));
          break;
        default:  // any finite pair; a negative base with a non-integer exponent gives NaN
          ab.emplace_back(md::mul(base, sign()), random_value<V>(rng, -60, 4));
      }
      continue;
    }
    if (name == "fmod") {
      switch (i % 4) {
        case 0:  // any ratio: up to 2^600 quotient bits
          ab.emplace_back(a, random_value<V>(rng, -300, 300));
          break;
        case 1: {  // near a multiple of y: remainders that cancel to a few bits
          const V b = random_value<V>(rng, -40, 40);
          const V n(std::floor(std::ldexp(rng.uniform(-1, 1), static_cast<int>(rng.integer(1, 50)))));
          ab.emplace_back(
              md::add(md::mul(b, n), V(std::ldexp(el::detail::lead(b), -static_cast<int>(rng.integer(1, 300))))), b);
          break;
        }
        case 2:  // the longest divisions: x near max(), y of many bits, into the subnormals
          ab.emplace_back(random_value<V>(rng, 900, 1020), random_value<V>(rng, -1070, 40));
          break;
        default: {  // y with a gap between its components: remainders of more bits than V holds
          const int k = static_cast<int>(rng.integer(-100, 100));
          const V b = md::add(V(std::ldexp(1.0, k)), V(std::ldexp(sign(), k - static_cast<int>(rng.integer(60, 400)))));
          ab.emplace_back(random_value<V>(rng, k, k + 200), b);
        }
      }
      continue;
    }
    switch (i % 4) {
      case 0:  // any ratio
        ab.emplace_back(a, random_value<V>(rng, -300, 300));
        break;
      case 1: {  // |a| near |b|: the octants' switch
        const int gap = static_cast<int>(rng.integer(1, 300));
        ab.emplace_back(md::add(a, V(std::ldexp(el::detail::lead(a), -gap))), md::mul(a, sign()));
        break;
      }
      case 2:  // ratios far from 1 and into the subnormals
        ab.emplace_back(a, random_value<V>(rng, 700, 1000));
        break;
      default:  // near +-pi for atan2, one argument negligible for hypot
        ab.emplace_back(random_value<V>(rng, -200, -20), md::mul(random_value<V>(rng, 0, 2), -1.0));
    }
  }
  return ab;
}

template <class Space, class Function, class V>
void check(std::size_t count) {
  using traits = kamp::format_traits<V>;
  const bool check_mpfr = std::is_same<Space, reference_space>::value;
  const auto ab = arguments<V>(Function::name, count);
  const std::vector<V> r = evaluate_on<Space, Function>(ab);
  for (std::size_t i = 0; i < ab.size(); ++i) {
    const V& a = ab[i].first;
    const V& b = ab[i].second;
    ASSERT_TRUE(same_bits(r[i], Function()(a, b))) << Function::name << show(a) << show(b);
    if (!check_mpfr) continue;
    mpfr_value exact(traits::precision + 128);
    Function::reference(exact.get(), traits::to_mpfr(a).get(), traits::to_mpfr(b).get());
    ASSERT_EQ(violation_of(exact, r[i], Function::template bound<V>(), product_underflow_floor(V())), "")
        << Function::name << show(a) << show(b);
  }
}

template <class Config>
class elementary_two_argument_test : public ::testing::Test {};
TYPED_TEST_SUITE(elementary_two_argument_test, elementary_configs, dd_config_name);

TYPED_TEST(elementary_two_argument_test, atan2_within_its_bound_with_the_same_bits_on_every_space) {
  check<typename TypeParam::space, atan2_function, typename TypeParam::format>(sweep_count(400, 1000000));
}

TYPED_TEST(elementary_two_argument_test, hypot_within_its_bound_with_the_same_bits_on_every_space) {
  check<typename TypeParam::space, hypot_function, typename TypeParam::format>(sweep_count(400, 1000000));
}

TYPED_TEST(elementary_two_argument_test, pow_within_its_bound_with_the_same_bits_on_every_space) {
  check<typename TypeParam::space, pow_function, typename TypeParam::format>(sweep_count(400, 1000000));
}

TYPED_TEST(elementary_two_argument_test, fmod_within_its_bound_with_the_same_bits_on_every_space) {
  check<typename TypeParam::space, fmod_function, typename TypeParam::format>(sweep_count(400, 1000000));
}

// The remainder of doubles is a double (C's fmod is exact): the format's is the same value.
TYPED_TEST(elementary_two_argument_test, fmod_of_doubles_is_exactly_that_of_c) {
  using V = typename TypeParam::format;
  kamp::core::random_source rng(77);
  std::vector<std::pair<V, V>> ab;
  for (int i = 0; i < 2000; ++i) {
    const auto nonzero = [&] {  // |d| >= 2^-1074
      return std::ldexp(rng.uniform(0.5, 1) * (rng.integer(0, 1) == 0 ? -1 : 1),
                        static_cast<int>(rng.integer(-1073, 1024)));
    };
    const double x = nonzero(), y = nonzero();
    ab.emplace_back(V(x), V(y));
    ab.emplace_back(V(y), V(x));
  }
  const std::vector<V> r = evaluate_on<typename TypeParam::space, fmod_function>(ab);
  for (std::size_t i = 0; i < ab.size(); ++i) {
    const double c = std::fmod(el::detail::lead(ab[i].first), el::detail::lead(ab[i].second));
    bool lower_zero = true;
    for (int k = 1; k < component_count(r[i]); ++k) lower_zero = lower_zero && component(r[i], k) == 0;
    ASSERT_TRUE(same_bits(component(r[i], 0), c) && lower_zero) << show(ab[i].first) << show(ab[i].second);
  }
}

}  // namespace

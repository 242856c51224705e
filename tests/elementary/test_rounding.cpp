// floor, ceil, trunc, round, ldexp and frexp of dd_real and expansion<2..8>: exactly MPFR's
// mpfr_floor, mpfr_ceil, mpfr_trunc, mpfr_round and mpfr_mul_2si (signed zeros included), every
// result a valid value of the format, frexp's f 2^e equal to x with |f| in [1/2, 1); over
// arguments near integers and halves (+-2^-k, and lower components that carry x across an
// integer), at both ends of the exponent range and the special values; the same bits on every
// backend.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/elementary/function_cases.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
namespace md = kamp::multi_double;

constexpr int kinds = 6;  // floor, ceil, trunc, round, ldexp(x, shift), frexp's f
constexpr int shifts[] = {-1100, -600, -3, 0, 5, 700, 2100};

template <class V>
KOKKOS_INLINE_FUNCTION V rounded(int kind, const V& x, int shift) {
  int e = 0;
  switch (kind) {
    case 0:
      return floor(x);
    case 1:
      return ceil(x);
    case 2:
      return trunc(x);
    case 3:
      return round(x);
    case 4:
      return ldexp(x, shift);
    default:
      return frexp(x, &e);
  }
}

template <class Space, class V>
std::vector<V> rounded_on(int kind, int shift, const std::vector<V>& host_x) {
  const auto x = to_space<Space>(host_x, "x");
  Kokkos::View<V*, typename Space::memory_space> r("r", host_x.size());
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, host_x.size()),
      KOKKOS_LAMBDA(std::size_t i) { r(i) = rounded(kind, x(i), shift); });
  return to_host(r);
}

template <class V>
std::vector<V> arguments() {
  std::vector<V> v;
  const double inf = HUGE_VAL;
  for (double d : {0.0, -0.0, inf, -inf, std::nan(""), 0.5, -0.5, 1.5, -2.5, 0.49999999999999994, 1e300, -1e-300,
                   0x1p-1074, DBL_MAX, 4503599627370495.5, -4503599627370496.0})
    v.push_back(V(d));
  kamp::core::random_source rng(31);
  const int p = kamp::elementary::detail::shape<V>::precision;
  for (int i = 0; i < 400; ++i) {
    const double k = std::floor(std::ldexp(rng.uniform(-1, 1), static_cast<int>(rng.integer(0, 60))));
    const double tiny = std::ldexp(rng.uniform(-1, 1), -static_cast<int>(rng.integer(1, p + 60)));
    v.push_back(md::add(V(k), V(tiny)));        // near an integer
    v.push_back(md::add(V(k + 0.5), V(tiny)));  // near a half
    v.push_back(random_value<V>(rng, -1070, 1020));
    v.push_back(random_value<V>(rng, -5, 60));
  }
  // Lower components that carry x across an integer, which the formats' own arithmetic never
  // leaves but the expansions' invariant (|c_(k+1)| <= ulp(c_k)) allows: (3 + w) - w - 2^-200 just
  // below 3, (4 - w) + w + 2^-200 just above 4, w = ulp(c_0), and their negatives.
  if constexpr (!std::is_same<V, md::dd_real>::value) {
    for (const double sign : {1.0, -1.0}) {
      for (const auto& c :
           {std::vector<double>{3 + 0x1p-51, -0x1p-51, -0x1p-200}, std::vector<double>{4 - 0x1p-51, 0x1p-51, 0x1p-200},
            std::vector<double>{0.5 + 0x1p-53, -0x1p-53, -0x1p-300}}) {
        V x(0.0);
        for (std::size_t k = 0; k < c.size() && static_cast<int>(k) < component_count(x); ++k) x.c[k] = sign * c[k];
        v.push_back(x);
      }
    }
  }
  return v;
}

// Empty when r is exactly the MPFR result (its sign of zero included) and a valid value.
template <class V>
std::string exact_violation(const V& r, const mpfr_value& exact) {
  using traits = kamp::format_traits<V>;
  const double lead = component(r, 0);
  if (mpfr_nan_p(exact.get())) return std::isnan(lead) ? "" : "a number for NaN";
  const std::string broken = traits::invariant_violation(r);
  if (!broken.empty()) return "invariant: " + broken;
  if (!mpfr_equal_p(traits::to_mpfr(r).get(), exact.get())) return "not exactly " + exact.to_string(40);
  if (mpfr_zero_p(exact.get()) && std::signbit(lead) != (mpfr_signbit(exact.get()) != 0)) return "the zero's sign";
  return "";
}

template <class Config>
class elementary_rounding_test : public ::testing::Test {};
TYPED_TEST_SUITE(elementary_rounding_test, elementary_configs, dd_config_name);

TYPED_TEST(elementary_rounding_test, exact_with_the_same_bits_on_every_space) {
  using V = typename TypeParam::format;
  using traits = kamp::format_traits<V>;
  const bool check_mpfr = std::is_same<typename TypeParam::space, reference_space>::value;
  const std::vector<V> x = arguments<V>();
  for (int kind = 0; kind < kinds; ++kind) {
    for (const int shift : shifts) {
      if (kind != 4 && shift != 0) continue;
      const std::vector<V> r = rounded_on<typename TypeParam::space>(kind, shift, x);
      for (std::size_t i = 0; i < x.size(); ++i) {
        ASSERT_TRUE(same_bits(r[i], rounded(kind, x[i], shift))) << kind << show(x[i]);
        if (!check_mpfr) continue;
        const mpfr_value a = traits::to_mpfr(x[i]);
        mpfr_value exact(a.precision() + 64);
        switch (kind) {
          case 0:
            mpfr_floor(exact.get(), a.get());
            break;
          case 1:
            mpfr_ceil(exact.get(), a.get());
            break;
          case 2:
            mpfr_trunc(exact.get(), a.get());
            break;
          case 3:
            mpfr_round(exact.get(), a.get());
            break;
          case 4: {  // exact where every scaled component stays normal, else within the product's floor
            mpfr_mul_2si(exact.get(), a.get(), shift, MPFR_RNDN);
            bool normal = mpfr_get_exp(exact.get()) < 1024;
            for (int k = 0; k < component_count(x[i]); ++k)
              if (std::isfinite(component(x[i], k)) && component(x[i], k) != 0)  // ilogb(0, Inf, NaN): no exponent
                normal = normal && std::ilogb(component(x[i], k)) + shift >= -1022;
            if (!mpfr_number_p(a.get()) || mpfr_zero_p(a.get()) || normal) break;
            ASSERT_EQ(violation_of(exact, r[i], 0.0, product_underflow_floor(V())), "") << shift << show(x[i]);
            continue;
          }
          default: {  // f 2^e = x, |f| in [1/2, 1)
            int e = 0;
            const V f = frexp(x[i], &e);
            if (!mpfr_number_p(a.get()) || mpfr_zero_p(a.get())) {
              ASSERT_TRUE(same_bits(f, x[i])) << show(x[i]);
              continue;
            }
            mpfr_value scaled = traits::to_mpfr(f);
            mpfr_value magnitude(scaled.precision());
            mpfr_abs(magnitude.get(), scaled.get(), MPFR_RNDN);
            ASSERT_TRUE(mpfr_cmp_d(magnitude.get(), 0.5) >= 0 && mpfr_cmp_d(magnitude.get(), 1.0) < 0) << show(x[i]);
            mpfr_mul_2si(scaled.get(), scaled.get(), e, MPFR_RNDN);
            ASSERT_TRUE(mpfr_equal_p(scaled.get(), a.get())) << show(x[i]);
            continue;
          }
        }
        ASSERT_EQ(exact_violation(r[i], exact), "") << "kind " << kind << " shift " << shift << show(x[i]);
      }
    }
  }
}

}  // namespace

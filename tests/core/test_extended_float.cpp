// er_float against MPFR: directed sums, products and quotients are MPFR's 53-bit directed
// roundings of the exact results, for exponents far outside the double range; the
// representation invariant holds after every operation.
#include <cmath>

#include "core/extended_float.hpp"
#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "tests/backends.hpp"

namespace {

using kamp::core::er_float;
using kamp::core::mpfr_value;

enum op { add_rd, add_ru, sub_rd, sub_ru, mul_rd, mul_ru, div_rd, div_ru, op_count };

mpfr_value to_mpfr(er_float x) {
  mpfr_value v(x.frac, 53);
  mpfr_mul_2si(v.get(), v.get(), static_cast<long>(x.exp), MPFR_RNDN);
  return v;
}

template <class Space>
std::vector<er_float> apply_on(const std::vector<er_float>& a, const std::vector<er_float>& b) {
  const std::size_t n = a.size();
  auto va = kamp::test::to_space<Space>(a, "a");
  auto vb = kamp::test::to_space<Space>(b, "b");
  Kokkos::View<er_float*, typename Space::memory_space> out("out", n * op_count);
  Kokkos::parallel_for(
      "kamp::test::er_float", Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(std::size_t i) {
        namespace c = kamp::core;
        out(i * op_count + add_rd) = c::add_rd(va(i), vb(i));
        out(i * op_count + add_ru) = c::add_ru(va(i), vb(i));
        out(i * op_count + sub_rd) = c::sub_rd(va(i), vb(i));
        out(i * op_count + sub_ru) = c::sub_ru(va(i), vb(i));
        out(i * op_count + mul_rd) = c::mul_rd(va(i), vb(i));
        out(i * op_count + mul_ru) = c::mul_ru(va(i), vb(i));
        out(i * op_count + div_rd) = c::div_rd(va(i), vb(i));
        out(i * op_count + div_ru) = c::div_ru(va(i), vb(i));
      });
  return kamp::test::to_host(out);
}

bool normalised(er_float x) {
  if (x.frac == 0) return x.exp == 0;
  return std::fabs(x.frac) >= 0.5 && std::fabs(x.frac) < 1.0;
}

KAMP_BACKEND_TEST_SUITE(extended_float_test);

TYPED_TEST(extended_float_test, directed_operations_match_mpfr) {
  kamp::core::random_source rng(31);
  std::vector<er_float> a, b;
  const std::int64_t gaps[] = {0, 1, 2, 52, 53, 54, 55, 60, 1000, 1000000};
  for (int i = 0; i < 6000; ++i) {
    const er_float x = er_float::make(rng.uniform(), rng.integer(-3000000, 3000000));
    er_float y = er_float::make(rng.uniform(), x.exp - gaps[i % 10] * (i % 20 < 10 ? 1 : -1));
    if (i % 7 == 0) y = -x;                                                   // exact cancellation
    if (i % 7 == 1) y = er_float::make(-std::nextafter(x.frac, 0.0), x.exp);  // one ulp apart
    if (i % 7 == 2) y = er_float{};                                           // zero operand
    a.push_back(x);
    b.push_back(y);
  }
  const auto out = apply_on<TypeParam>(a, b);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const mpfr_value x = to_mpfr(a[i]), y = to_mpfr(b[i]);
    for (int k = 0; k < op_count; ++k) {
      if (k >= div_rd && b[i].is_zero()) continue;  // division by zero is checked separately
      const mpfr_rnd_t rnd = k % 2 ? MPFR_RNDU : MPFR_RNDD;
      mpfr_value want(53), wide(8000);
      switch (k / 2) {
        case 0:
          mpfr_add(wide.get(), x.get(), y.get(), rnd);
          break;
        case 1:
          mpfr_sub(wide.get(), x.get(), y.get(), rnd);
          break;
        case 2:
          mpfr_mul(wide.get(), x.get(), y.get(), rnd);
          break;
        default:
          mpfr_div(wide.get(), x.get(), y.get(), rnd);
          break;
      }
      mpfr_set(want.get(), wide.get(), rnd);
      const er_float got = out[i * op_count + k];
      ASSERT_TRUE(normalised(got)) << "op " << k << " frac=" << got.frac << " exp=" << got.exp;
      ASSERT_TRUE(to_mpfr(got) == want) << "op " << k << " at i=" << i << ": got " << to_mpfr(got).to_string()
                                        << ", MPFR " << want.to_string();
    }
  }
}

TYPED_TEST(extended_float_test, scaling_and_comparison_are_exact) {
  const er_float x = er_float::make(0.75, -5000000);
  EXPECT_EQ(x.frac, 0.75);
  EXPECT_EQ(x.scaled(10).exp, x.exp + 10);
  EXPECT_EQ(kamp::core::compare(x, x.scaled(1)), -1);
  EXPECT_EQ(kamp::core::compare(-x, x), -1);
  EXPECT_EQ(kamp::core::compare(x, x), 0);
  EXPECT_EQ(kamp::core::compare(er_float{}, -x), 1);
  EXPECT_EQ(er_float::make(3.0, 4).to_double(), 48.0);
  EXPECT_EQ(er_float::make(1.0, 5000).to_double(), INFINITY);
  EXPECT_EQ(er_float::make(1.0, -5000).to_double(), 0.0);
  EXPECT_TRUE(std::isnan(kamp::core::add_rd(er_float::make(INFINITY), er_float::make(-INFINITY)).frac));
  EXPECT_EQ(kamp::core::div_ru(er_float::make(1.0), er_float{}).frac, INFINITY);
}

}  // namespace

// D+S storage: SoA and AoS store/load give bit-identical values, AoS takes exactly 12 bytes per
// element, stored values are within the store bound of format_traits<ds_*>::unit_roundoff() and
// load as dd_real values that hold its invariant, and an array kernel (load, dd arithmetic,
// store) agrees between the layouts on every backend.
#include <gtest/gtest.h>

#include <cfloat>

#include "dd/ds_format.hpp"
#include "tests/dd/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::dd::dd_real;

// z = x y + x in dd_real, stored through each layout (a free function: device lambdas cannot
// live in gtest's private TestBody).
template <class Space, class Soa, class Aos>
void fused_update(const Soa& xs, const Soa& ys, const Soa& zs, const Aos& xa, const Aos& ya, const Aos& za) {
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, xs.size()), KOKKOS_LAMBDA(std::size_t i) {
        zs.store(i, kamp::dd::add(kamp::dd::mul(xs.load(i), ys.load(i)), xs.load(i)));
        za.store(i, kamp::dd::add(kamp::dd::mul(xa.load(i), ya.load(i)), xa.load(i)));
      });
}

KAMP_BACKEND_TEST_SUITE(ds_storage_test);

TYPED_TEST(ds_storage_test, soa_and_aos_round_trip_identically_within_the_store_bound) {
  using M = typename TypeParam::memory_space;
  using soa = kamp::array_t<kamp::dd::ds_soa, M>;
  using aos = kamp::array_t<kamp::dd::ds_aos, M>;
  static_assert(aos::words_per_element * sizeof(std::uint32_t) == 12, "AoS stride is 12 bytes");
  const std::size_t n = 100000;
  kamp::core::random_source rng(9);
  std::vector<dd_real> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = random_value<dd_real>(rng, -60, 60);
    y[i] = random_value<dd_real>(rng, -60, 60);
  }
  soa xs(n), ys(n), zs(n);
  aos xa(n), ya(n), za(n);
  EXPECT_EQ(xa.words.span() * sizeof(std::uint32_t), 12 * n);
  EXPECT_EQ(xa.size(), n);
  copy_from_host(xs, x);
  copy_from_host(ys, y);
  copy_from_host(xa, x);
  copy_from_host(ya, y);
  fused_update<TypeParam>(xs, ys, zs, xa, ya, za);
  const auto sx = copy_to_host(xs), ax = copy_to_host(xa), sz = copy_to_host(zs), az = copy_to_host(za);
  const auto u = kamp::format_traits<kamp::dd::ds_soa>::unit_roundoff();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(same_bits(sx[i], ax[i])) << show(sx[i]) << " vs " << show(ax[i]);
    ASSERT_TRUE(same_bits(sz[i], az[i])) << show(sz[i]) << " vs " << show(az[i]);
    ASSERT_EQ(sx[i].hi, x[i].hi);
    ASSERT_LE(std::fabs(sx[i].lo), ulp(sx[i].hi) / 2) << show(sx[i]);
    ASSERT_EQ(bound_violation(kamp::dd::to_mpfr(sx[i]), kamp::dd::to_mpfr(x[i]), u), "") << show(x[i]);
  }
}

TYPED_TEST(ds_storage_test, a_stored_dd_value_keeps_hi_and_rounds_lo_to_float) {
  using M = typename TypeParam::memory_space;
  kamp::dd::ds_aos_array<M> a(3);
  kamp::dd::ds_soa_array<M> s(3);
  const std::vector<dd_real> v = {dd_real(1.0, 0x1.000002p-60), dd_real(-3.0, 0x1.000003p-60), dd_real(0.0)};
  copy_from_host(a, v);
  copy_from_host(s, v);
  const auto ra = copy_to_host(a), rs = copy_to_host(s);
  EXPECT_EQ(ra[0].lo, 0x1.000002p-60);   // representable as a float: unchanged
  EXPECT_EQ(ra[1].lo, 0x1.000004p-60);   // halfway between floats: ties to even
  EXPECT_EQ(ra[2].hi, 0.0);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(same_bits(ra[i], rs[i]));
  expect_invalid_argument("values.size()", [&] { copy_from_host(a, std::vector<dd_real>(2)); });
}

// A lo just below the tie ulp(hi)/2 = 2^-53 beside the odd hi = 1 + 2^-52 rounds to the float
// 2^-53, which hi + lo rounds away from hi (found by the format_mpfr fuzzer:
// fuzz/corpus/format_mpfr/ds_tie); beside hi = 2^200 a lo of 2^146 rounds to Inf. Both store the
// float next to it towards zero instead, and every loaded value is a dd_real.
TYPED_TEST(ds_storage_test, loaded_values_keep_the_dd_invariant) {
  using M = typename TypeParam::memory_space;
  const double odd = 1 + 0x1p-52, below_tie = 0x1p-53 - 0x1p-80;
  const std::vector<dd_real> v = {dd_real(odd, below_tie), dd_real(-odd, -below_tie), dd_real(0x1p200, 0x1p146),
                                  dd_real(-0x1p200, -0x1p146)};
  kamp::dd::ds_aos_array<M> a(v.size());
  kamp::dd::ds_soa_array<M> s(v.size());
  copy_from_host(a, v);
  copy_from_host(s, v);
  const auto ra = copy_to_host(a), rs = copy_to_host(s);
  EXPECT_EQ(ra[0].lo, 0x1p-53 - 0x1p-77);
  EXPECT_EQ(ra[1].lo, -(0x1p-53 - 0x1p-77));
  EXPECT_EQ(ra[2].lo, FLT_MAX);
  EXPECT_EQ(ra[3].lo, -FLT_MAX);
  const auto u = kamp::format_traits<kamp::dd::ds_aos>::unit_roundoff();
  for (std::size_t i = 0; i < v.size(); ++i) {
    EXPECT_TRUE(same_bits(ra[i], rs[i])) << show(ra[i]) << " vs " << show(rs[i]);
    EXPECT_EQ(ra[i].hi, v[i].hi);
    EXPECT_EQ(invariant_violation(ra[i]), "") << show(ra[i]);
  }
  EXPECT_EQ(bound_violation(kamp::dd::to_mpfr(ra[0]), kamp::dd::to_mpfr(v[0]), u), "");
}

}  // namespace

// D+S storage: SoA and AoS store/load give bit-identical values, AoS takes exactly 12 bytes per
// element, stored values are within the store bound of format_traits<ds_*>::unit_roundoff(), and
// an array kernel (load, dd arithmetic, store) agrees between the layouts on every backend.
// Across the whole range (lo a float subnormal, lo beyond the float range, specials) every load
// is a canonical pair, so that equal values compare equal.
#include <gtest/gtest.h>

#include "multi_double/ds_format.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace {

using namespace kamp::test;
using kamp::core::mpfr_value;
using kamp::multi_double::dd_real;

// z = x y + x in dd_real, stored through each layout (a free function: device lambdas cannot
// live in gtest's private TestBody).
template <class Space, class Soa, class Aos>
void fused_update(const Soa& xs, const Soa& ys, const Soa& zs, const Aos& xa, const Aos& ya, const Aos& za) {
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, xs.size()), KOKKOS_LAMBDA(std::size_t i) {
        zs.store(i, kamp::multi_double::add(kamp::multi_double::mul(xs.load(i), ys.load(i)), xs.load(i)));
        za.store(i, kamp::multi_double::add(kamp::multi_double::mul(xa.load(i), ya.load(i)), xa.load(i)));
      });
}

KAMP_BACKEND_TEST_SUITE(ds_storage_test);

TYPED_TEST(ds_storage_test, soa_and_aos_round_trip_identically_within_the_store_bound) {
  using M = typename TypeParam::memory_space;
  using soa = kamp::array_t<kamp::multi_double::ds_soa, M>;
  using aos = kamp::array_t<kamp::multi_double::ds_aos, M>;
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
  const auto u = kamp::format_traits<kamp::multi_double::ds_soa>::unit_roundoff();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(same_bits(sx[i], ax[i])) << show(sx[i]) << " vs " << show(ax[i]);
    ASSERT_TRUE(same_bits(sz[i], az[i])) << show(sz[i]) << " vs " << show(az[i]);
    ASSERT_EQ(invariant_violation(sx[i]), "") << show(sx[i]);
    ASSERT_EQ(bound_violation(kamp::multi_double::to_mpfr(sx[i]), kamp::multi_double::to_mpfr(x[i]), u), "")
        << show(x[i]);
  }
}

TYPED_TEST(ds_storage_test, a_stored_dd_value_keeps_hi_and_rounds_lo_to_float) {
  using M = typename TypeParam::memory_space;
  kamp::multi_double::ds_aos_array<M> a(3);
  kamp::multi_double::ds_soa_array<M> s(3);
  const std::vector<dd_real> v = {dd_real(1.0, 0x1.000002p-60), dd_real(-3.0, 0x1.000003p-60), dd_real(0.0)};
  copy_from_host(a, v);
  copy_from_host(s, v);
  const auto ra = copy_to_host(a), rs = copy_to_host(s);
  EXPECT_EQ(ra[0].lo, 0x1.000002p-60);  // representable as a float: unchanged
  EXPECT_EQ(ra[1].lo, 0x1.000004p-60);  // halfway between floats: ties to even
  EXPECT_EQ(ra[2].hi, 0.0);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(same_bits(ra[i], rs[i]));
  expect_invalid_argument("values.size()", [&] { copy_from_host(a, std::vector<dd_real>(2)); });
}

// A stored and loaded value is the canonical pair of its value (hi the double nearest it).
template <class Space, class Array>
std::vector<dd_real> stored_and_loaded(const std::vector<dd_real>& values, const char* label) {
  Array a(values.size(), label);
  copy_from_host(a, values);
  return copy_to_host(a);
}

TYPED_TEST(ds_storage_test, loads_are_canonical_pairs_across_the_range) {
  using M = typename TypeParam::memory_space;
  kamp::core::random_source rng(13);
  // 2^-160 to 2^200: lo a float subnormal or 0 below 2^-73 (where lo often rounds to exactly
  // half an ulp of hi), a normal float between, beyond the float range above 2^180.
  std::vector<dd_real> v = {dd_real(-0.0), dd_real(HUGE_VAL), dd_real(-HUGE_VAL), dd_real(std::nan(""))};
  for (int i = 0; i < 40000; ++i)
    v.push_back(exact_random_value<dd_real>(rng, static_cast<int>(rng.integer(-160, 200))));
  const auto soa = stored_and_loaded<TypeParam, kamp::array_t<kamp::multi_double::ds_soa, M>>(v, "soa");
  const auto aos = stored_and_loaded<TypeParam, kamp::array_t<kamp::multi_double::ds_aos, M>>(v, "aos");
  const auto u = kamp::format_traits<kamp::multi_double::ds_soa>::unit_roundoff();
  const mpfr_value float_floor = power_of_two(-150), double_bound = power_of_two(-53);
  std::size_t moved = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const dd_real r = soa[i];
    ASSERT_TRUE(same_bits(r, aos[i])) << show(r) << " vs " << show(aos[i]);
    ASSERT_EQ(invariant_violation(r), "") << show(v[i]) << " loads as " << show(r);
    if (!std::isfinite(v[i].hi)) {
      ASSERT_TRUE(same_bits(r, v[i])) << show(r);
      continue;
    }
    ASSERT_EQ(std::signbit(r.hi), std::signbit(v[i].hi)) << show(r);
    // Canonical: the pair from_mpfr builds for the same value (up to the sign of a zero lo), so
    // equal to it, not less or greater.
    const dd_real canonical = kamp::multi_double::dd_from_mpfr(kamp::multi_double::to_mpfr(r).get());
    ASSERT_TRUE(r == canonical && !(r < canonical) && !(canonical < r)) << show(r) << " canonical " << show(canonical);
    const bool lo_fits = std::fabs(v[i].hi) <= 0x1p180;
    ASSERT_EQ(error_violation(kamp::multi_double::to_mpfr(r), kamp::multi_double::to_mpfr(v[i]),
                              lo_fits ? u : double_bound, lo_fits ? float_floor : mpfr_value(0.0, 53)),
              "")
        << show(v[i]) << " loads as " << show(r);
    moved += r.hi != v[i].hi;
  }
  EXPECT_GT(moved, 0u);  // the generator reaches the pairs whose float lo is half an ulp of hi
}

// A lo just below the tie ulp(hi)/2 = 2^-53 beside the odd hi = 1 + 2^-52 rounds to the float
// 2^-53, which hi + lo rounds away from hi (fuzz/corpus/format_mpfr/ds_tie): the store moves hi to
// its even neighbour 1 + 2^-51 and lo to -2^-53. Beside hi = 2^200 a lo of 2^146 is beyond the
// float range and is dropped.
TYPED_TEST(ds_storage_test, the_tie_and_the_float_overflow_store_canonical_pairs) {
  using M = typename TypeParam::memory_space;
  const double odd = 1 + 0x1p-52, below_tie = 0x1p-53 - 0x1p-80;
  const std::vector<dd_real> v = {dd_real(odd, below_tie), dd_real(-odd, -below_tie), dd_real(0x1p200, 0x1p146),
                                  dd_real(-0x1p200, -0x1p146)};
  kamp::multi_double::ds_aos_array<M> a(v.size());
  kamp::multi_double::ds_soa_array<M> s(v.size());
  copy_from_host(a, v);
  copy_from_host(s, v);
  const auto ra = copy_to_host(a), rs = copy_to_host(s);
  EXPECT_TRUE(same_bits(ra[0], dd_real(1 + 0x1p-51, -0x1p-53))) << show(ra[0]);
  EXPECT_TRUE(same_bits(ra[1], dd_real(-1 - 0x1p-51, 0x1p-53))) << show(ra[1]);
  EXPECT_TRUE(same_bits(ra[2], dd_real(0x1p200, 0.0))) << show(ra[2]);
  EXPECT_TRUE(same_bits(ra[3], dd_real(-0x1p200, 0.0))) << show(ra[3]);
  const auto u = kamp::format_traits<kamp::multi_double::ds_aos>::unit_roundoff();
  for (std::size_t i = 0; i < v.size(); ++i) {
    EXPECT_TRUE(same_bits(ra[i], rs[i])) << show(ra[i]) << " vs " << show(rs[i]);
    EXPECT_EQ(invariant_violation(ra[i]), "") << show(ra[i]);
  }
  EXPECT_EQ(bound_violation(kamp::multi_double::to_mpfr(ra[0]), kamp::multi_double::to_mpfr(v[0]), u), "");
}

}  // namespace

// Conversions: double -> mp_float -> double is the identity (subnormals included) on
// every backend; to_double rounds correctly to nearest (checked against MPFR); MPFR values
// enter rounded to nearest at q bits; decimal strings round-trip; and the CUDA/OpenMP (or
// OpenMP/Serial) builds of the operations agree bit for bit.
#include <cfloat>
#include <cmath>

#include "rns/compare.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

template <class Config>
void check_double_round_trip_and_rounding() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  kamp::core::random_source rng(3);
  std::vector<double> ds;
  for (int i = 0; i < 2000; ++i) ds.push_back(rng.wide_exponent(-1074, 1023));
  for (double d : {DBL_MIN, -DBL_MAX, 4.9e-324, 1.0, -0.1}) ds.push_back(d);
  std::vector<rns::mp_float<N>> values;
  for (int i = 0; i < 2000; ++i) values.push_back(kamp::test::random_mp<N>(rng, -1100, 1000));
  auto vd = kamp::test::to_space<Space>(ds, "d");
  auto vv = kamp::test::to_space<Space>(values, "v");
  Kokkos::View<double*, typename Space::memory_space> back("back", ds.size()), rounded("rounded", values.size());
  const rns::basis_constants<N>* bd = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      "kamp::test::double_round_trip", Kokkos::RangePolicy<Space>(0, ds.size()),
      KOKKOS_LAMBDA(std::size_t i) { back(i) = rns::to_double<N>(rns::from_double<N>(vd(i), *bd), *bd); });
  Kokkos::parallel_for(
      "kamp::test::to_double", Kokkos::RangePolicy<Space>(0, values.size()),
      KOKKOS_LAMBDA(std::size_t i) { rounded(i) = rns::to_double<N>(vv(i), *bd); });
  const auto b1 = kamp::test::to_host(back), r1 = kamp::test::to_host(rounded);
  for (std::size_t i = 0; i < ds.size(); ++i) ASSERT_EQ(b1[i], ds[i]) << std::hexfloat << ds[i];
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double want = mpfr_get_d(rns::to_mpfr<N>(values[i]).get(), MPFR_RNDN);
    if (std::fabs(want) < DBL_MIN) continue;  // subnormal results may round twice (documented)
    ASSERT_EQ(r1[i], want) << kamp::test::describe<N>(values[i]);
  }
}

template <int N>
void check_mpfr_and_string_conversions() {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(4);
  for (int i = 0; i < 200; ++i) {
    // A value with more bits than the format enters rounded to nearest at q bits.
    mpfr_value wide(q + 40), want(q);
    mpfr_set_d(wide.get(), rng.uniform(), MPFR_RNDN);
    for (int k = 0; k < q / 50 + 2; ++k) {
      mpfr_mul_2ui(wide.get(), wide.get(), 50, MPFR_RNDN);
      mpfr_add_d(wide.get(), wide.get(), rng.uniform(), MPFR_RNDN);
    }
    mpfr_set(want.get(), wide.get(), MPFR_RNDN);
    const auto x = rns::from_mpfr<N>(wide.get());
    ASSERT_EQ(kamp::rns::invariant_violation<N>(x), "");
    ASSERT_TRUE(rns::to_mpfr<N>(x) == want);
    // Decimal round trip with enough digits.
    const auto back = rns::from_string<N>(rns::to_string<N>(x));
    ASSERT_TRUE(rns::to_mpfr<N>(back) == rns::to_mpfr<N>(x)) << rns::to_string<N>(x);
  }
  EXPECT_EQ(rns::to_string<N>(rns::from_string<N>("0.5")), mpfr_value::from_string("0.5", q).to_string());
  EXPECT_EQ(rns::to_string<N>(rns::mp_float<N>::inf(1)), "-inf");
}

// (x + y) * y - x: every stage of every operation. Device code may not use local types.
struct all_ops {
  template <int N>
  KOKKOS_INLINE_FUNCTION rns::mp_float<N> operator()(const rns::mp_float<N>& x, const rns::mp_float<N>& y,
                                                     const rns::basis_constants<N>& b) const {
    return rns::sub<N>(rns::mul<N>(rns::add<N>(x, y, b), y, b), x, b);
  }
};

// The same operations on the default execution space and on the host space agree bit for
// bit (Cuda against the reference space in the CUDA build, OpenMP against it otherwise).
template <int N>
void check_backends_agree() {
  using Device = Kokkos::DefaultExecutionSpace;
  using Reference = kamp::test::reference_space;
  using Host = std::conditional_t<std::is_same<Device, Reference>::value, Kokkos::DefaultHostExecutionSpace, Reference>;
  kamp::core::random_source rng(6);
  std::vector<rns::mp_float<N>> x, y;
  for (int i = 0; i < 500; ++i) {
    x.push_back(kamp::test::random_mp<N>(rng, -40, 40));
    y.push_back(i % 3 ? kamp::test::random_mp<N>(rng, -40, 40) : x.back());
  }
  const auto a = kamp::test::map_on<Device, N>(x, y, all_ops{});
  const auto c = kamp::test::map_on<Host, N>(x, y, all_ops{});
  for (std::size_t i = 0; i < a.size(); ++i)
    ASSERT_TRUE(kamp::test::identical<N>(a[i], c[i])) << Device::name() << " vs " << Host::name() << " at " << i;
}

template <class Config>
class rns_conversion_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_conversion_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_conversion_test, doubles_round_trip_and_round_correctly) {
  check_double_round_trip_and_rounding<TypeParam>();
}

TEST(rns_conversion, mpfr_and_strings_8) { check_mpfr_and_string_conversions<8>(); }
TEST(rns_conversion, mpfr_and_strings_16) { check_mpfr_and_string_conversions<16>(); }
TEST(rns_conversion, mpfr_and_strings_32) { check_mpfr_and_string_conversions<32>(); }
TEST(rns_conversion, mpfr_and_strings_64) { check_mpfr_and_string_conversions<64>(); }
TEST(rns_conversion, mpfr_and_strings_128) { check_mpfr_and_string_conversions<128>(); }

TEST(rns_backends, agree_bit_for_bit_8) { check_backends_agree<8>(); }
TEST(rns_backends, agree_bit_for_bit_16) { check_backends_agree<16>(); }
TEST(rns_backends, agree_bit_for_bit_32) { check_backends_agree<32>(); }
TEST(rns_backends, agree_bit_for_bit_64) { check_backends_agree<64>(); }
TEST(rns_backends, agree_bit_for_bit_128) { check_backends_agree<128>(); }

}  // namespace

// Split-kernel array operations: bit-for-bit equal to the scalar operations (digits, sign,
// exponent and interval), with strides and in place; the one-thread-per-element path too;
// argument errors leave the output untouched; copy_values.
#include "rns/kernels.hpp"
#include "rns/compare.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;

template <int N>
std::vector<rns::mp_float<N>> operands(std::size_t n, std::uint64_t seed) {
  kamp::core::random_source rng(seed);
  const auto& b = rns::basis<N>::host();
  std::vector<rns::mp_float<N>> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    v[i] = kamp::test::random_mp<N>(rng, -60, 60);
    if (i % 17 == 3) v[i] = rns::mp_float<N>::zero();
    if (i % 23 == 5) v[i] = rns::from_double<N>(rng.uniform(), b);
  }
  return v;
}

template <class Config>
void check_split_kernels_match_scalar() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  const std::int64_t n = 300;  // several warps; strided operands below
  const std::int64_t incx = 2, incy = 3, incz = 1;
  auto xs = operands<N>(n * incx, 7), ys = operands<N>(n * incy, 8);
  // Make some y cancel x exactly or nearly, so the exact-sign path runs too.
  for (std::int64_t j = 0; j < n; j += 5) {
    ys[j * incy] = xs[j * incx];
    ys[j * incy].sign ^= 1;
  }
  rns::mp_array<N, Memory> x(xs.size()), y(ys.size()), z(n);
  rns::copy_from_host(x, xs);
  rns::copy_from_host(y, ys);
  const rns::mp_float<N> alpha = rns::from_string<N>("-0.3333333333333333333333333333333333333");
  for (int op = 0; op < 4; ++op) {
    if (op == 0) rns::add(Space(), n, x, incx, y, incy, z, incz);
    if (op == 1) rns::sub(Space(), n, x, incx, y, incy, z, incz);
    if (op == 2) rns::mul(Space(), n, x, incx, y, incy, z, incz);
    if (op == 3) rns::scale(Space(), n, alpha, x, incx, z, incz);
    Kokkos::fence();
    const auto zs = rns::copy_to_host(z);
    for (std::int64_t j = 0; j < n; ++j) {
      const auto& a = xs[j * incx];
      const auto& c = ys[j * incy];
      const rns::mp_float<N> want = op == 0   ? rns::add<N>(a, c, b)
                                    : op == 1 ? rns::sub<N>(a, c, b)
                                    : op == 2 ? rns::mul<N>(a, c, b)
                                              : rns::mul<N>(alpha, a, b);
      ASSERT_TRUE(kamp::test::identical<N>(zs[j], want))
          << "op " << op << ", element " << j << ": " << kamp::test::describe<N>(zs[j]) << " vs "
          << kamp::test::describe<N>(want);
    }
  }
  // In place: x <- x + y over the first n elements with unit strides.
  rns::mp_array<N, Memory> w(n), v(n);
  std::vector<rns::mp_float<N>> ws(xs.begin(), xs.begin() + n), vs(ys.begin(), ys.begin() + n);
  rns::copy_from_host(w, ws);
  rns::copy_from_host(v, vs);
  rns::add(Space(), n, w, 1, v, 1, w, 1);
  Kokkos::fence();
  const auto in_place = rns::copy_to_host(w);
  for (std::int64_t j = 0; j < n; ++j)
    ASSERT_TRUE(kamp::test::identical<N>(in_place[j], rns::add<N>(ws[j], vs[j], b))) << "in place, element " << j;
}

template <class Config>
void check_per_thread_path() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  const auto xs = operands<N>(100, 9), ys = operands<N>(100, 10);
  auto vx = kamp::test::to_space<Space>(xs, "x");
  auto vy = kamp::test::to_space<Space>(ys, "y");
  Kokkos::View<rns::mp_float<N>*, typename Space::memory_space> vz("z", xs.size());
  rns::apply_per_thread<Space, N, typename Space::memory_space>(Space(), rns::elementwise::mul, vx, vy, vz);
  const auto zs = kamp::test::to_host(vz);
  for (std::size_t j = 0; j < xs.size(); ++j)
    ASSERT_TRUE(kamp::test::identical<N>(zs[j], rns::mul<N>(xs[j], ys[j], b)));
}

template <class Config>
void check_argument_errors() {
  using Memory = typename Config::space::memory_space;
  constexpr int N = Config::moduli;
  rns::mp_array<N, Memory> x(10), y(10), z(10);
  const auto before = rns::copy_to_host(z);
  using Space = typename Config::space;
  EXPECT_THROW(rns::add(Space(), 5, x, 0, y, 1, z, 1), kamp::invalid_argument);
  EXPECT_THROW(rns::sub(Space(), 6, x, 2, y, 1, z, 1), kamp::invalid_argument);  // needs 11 elements
  EXPECT_THROW(rns::mul(Space(), -1, x, 1, y, 1, z, 1), kamp::invalid_argument);
  try {
    rns::scale(Space(), 11, rns::mp_float<N>(), x, 1, z, 1);
    FAIL() << "no exception";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "x");
    EXPECT_EQ(e.value(), "10");
  }
  rns::add(Space(), 0, x, 1, y, 1, z, 1);  // quick return
  Kokkos::fence();
  const auto after = rns::copy_to_host(z);
  for (std::size_t j = 0; j < after.size(); ++j) ASSERT_TRUE(kamp::test::identical<N>(after[j], before[j]));
}

// copy_values copies every field of every element; a length mismatch throws and copies nothing.
template <class Config>
void check_copy_values() {
  using Memory = typename Config::space::memory_space;
  constexpr int N = Config::moduli;
  const auto xs = operands<N>(40, 11);
  rns::mp_array<N, Memory> x(xs.size()), y(xs.size()), shorter(xs.size() - 1);
  rns::copy_from_host(x, xs);
  rns::copy_values(x, y);
  const auto ys = rns::copy_to_host(y);
  for (std::size_t j = 0; j < xs.size(); ++j) ASSERT_TRUE(kamp::test::identical<N>(ys[j], xs[j])) << j;
  const auto before = rns::copy_to_host(shorter);
  try {
    rns::copy_values(x, shorter);
    FAIL() << "no exception";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "from.size()");
    EXPECT_EQ(e.value(), std::to_string(xs.size()));
  }
  const auto after = rns::copy_to_host(shorter);
  for (std::size_t j = 0; j < after.size(); ++j) ASSERT_TRUE(kamp::test::identical<N>(after[j], before[j]));
}

template <class Config>
class rns_array_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_array_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_array_test, split_kernels_equal_scalar_operations_bit_for_bit) {
  check_split_kernels_match_scalar<TypeParam>();
}
TYPED_TEST(rns_array_test, per_thread_path_equals_scalar_operations) { check_per_thread_path<TypeParam>(); }
TYPED_TEST(rns_array_test, bad_arguments_leave_the_output_untouched) { check_argument_errors<TypeParam>(); }

TYPED_TEST(rns_array_test, copy_values_copies_every_field) { check_copy_values<TypeParam>(); }

}  // namespace

// Level-1 RNS BLAS against MPFR with the classical bounds, u = 4/sqrt(M):
// scal |x_i' - alpha x_i| < u |alpha x_i|; axpy |y_i' - (alpha x_i + y_i)| <= gamma_2 (|alpha x_i| + |y_i|);
// dot |d - x.y| <= gamma_n sum |x_i y_i|; asum |s - sum |x_i|| <= gamma_n sum |x_i|. n = 1500 (the
// sum pads to 1024 x 2), strides 2 and -3; argument errors; n = 0. SCAL and AXPY's split and
// per-element paths give the same bits on random, cancelling, p/4-bit, special and range-edge
// operands, and AXPY's fused path the host's rns::fma bits (tests/rns/test_fma.cpp: its bound).
#include "blas/level1.hpp"
#include "blas/rns/kernels.hpp"
#include "core/error_bounds.hpp"
#include "rns/compare.hpp"
#include "rns/convert.hpp"
#include "rns/fma.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

template <int N>
mpfr_value gamma(long k) {
  return kamp::core::gamma(k, kamp::test::unit_roundoff<N>());
}

// |got - exact| <= factor * scale, all in MPFR.
template <int N>
bool within(const rns::mp_float<N>& got, const mpfr_value& exact, const mpfr_value& factor, const mpfr_value& scale) {
  const mpfr_value err = kamp::core::absolute_error(rns::to_mpfr<N>(got), exact);
  mpfr_value allowed(mpfr_get_prec(scale.get()) + 64);
  mpfr_mul(allowed.get(), factor.get(), scale.get(), MPFR_RNDU);
  return err <= allowed;
}

template <class Config>
void check_level1() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const std::int64_t n = 1500, incx = 2, incy = -3;
  kamp::core::random_source rng(71);
  std::vector<rns::mp_float<N>> xs(n * incx), ys(n * 3);
  for (auto& v : xs) v = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
  for (auto& v : ys) v = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
  const rns::mp_float<N> alpha = kamp::test::random_mp<N>(rng, -q, -q);
  rns::mp_array<N, Memory> x(xs.size()), y(ys.size());
  rns::copy_from_host(x, xs);
  rns::copy_from_host(y, ys);
  kamp::blas::workspace_t<rns::mp_float<N>, Memory> w;
  const auto y_at = [&](std::int64_t i) { return static_cast<std::size_t>((n - 1 - i) * 3); };  // incy = -3
  const mpfr_prec_t wide = 4 * q + 64;
  // dot and asum, exact references.
  mpfr_value exact_dot(wide), abs_dot(wide), exact_asum(wide), t(wide);
  for (std::int64_t i = 0; i < n; ++i) {
    mpfr_mul(t.get(), rns::to_mpfr<N>(xs[i * incx]).get(), rns::to_mpfr<N>(ys[y_at(i)]).get(), MPFR_RNDN);
    mpfr_add(exact_dot.get(), exact_dot.get(), t.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDN);
    mpfr_add(abs_dot.get(), abs_dot.get(), t.get(), MPFR_RNDU);
    mpfr_abs(t.get(), rns::to_mpfr<N>(xs[i * incx]).get(), MPFR_RNDN);
    mpfr_add(exact_asum.get(), exact_asum.get(), t.get(), MPFR_RNDN);
  }
  const auto d = kamp::blas::dot(Space(), n, x, incx, y, incy, &w);
  EXPECT_EQ(kamp::rns::invariant_violation<N>(d), "");
  EXPECT_TRUE(within<N>(d, exact_dot, gamma<N>(n), abs_dot)) << kamp::test::describe<N>(d);
  const auto s = kamp::blas::asum(Space(), n, x, incx, &w);
  EXPECT_TRUE(within<N>(s, exact_asum, gamma<N>(n), exact_asum)) << kamp::test::describe<N>(s);
  // axpy then scal, elementwise.
  kamp::blas::axpy(Space(), n, alpha, x, incx, y, incy, &w);
  Kokkos::fence();
  const auto y2 = rns::copy_to_host(y);
  const mpfr_value a = rns::to_mpfr<N>(alpha);
  for (std::int64_t i = 0; i < n; ++i) {
    mpfr_value exact(wide), scale(wide);
    mpfr_mul(exact.get(), a.get(), rns::to_mpfr<N>(xs[i * incx]).get(), MPFR_RNDN);
    mpfr_abs(scale.get(), exact.get(), MPFR_RNDU);
    mpfr_add(exact.get(), exact.get(), rns::to_mpfr<N>(ys[y_at(i)]).get(), MPFR_RNDN);
    mpfr_abs(t.get(), rns::to_mpfr<N>(ys[y_at(i)]).get(), MPFR_RNDN);
    mpfr_add(scale.get(), scale.get(), t.get(), MPFR_RNDU);
    ASSERT_TRUE(within<N>(y2[y_at(i)], exact, gamma<N>(2), scale)) << "axpy element " << i;
  }
  kamp::blas::scal(Space(), n, alpha, x, incx);
  Kokkos::fence();
  const auto x2 = rns::copy_to_host(x);
  const mpfr_value u = kamp::test::unit_roundoff<N>();
  for (std::int64_t i = 0; i < n; ++i) {
    mpfr_value exact(wide), scale(wide);
    mpfr_mul(exact.get(), a.get(), rns::to_mpfr<N>(xs[i * incx]).get(), MPFR_RNDN);
    mpfr_abs(scale.get(), exact.get(), MPFR_RNDU);
    ASSERT_TRUE(within<N>(x2[i * incx], exact, u, scale)) << "scal element " << i;
    if (i * incx + 1 < static_cast<std::int64_t>(xs.size()))
      ASSERT_TRUE(kamp::test::identical<N>(x2[i * incx + 1], xs[i * incx + 1])) << "gap element touched";
  }
}

// Operands for the path comparison: every kind of value against every other, in both orders,
// beside random ones: full and p/4-bit significands, zeros, +-Inf, NaN, values at both ends of
// the exponent range (products overflow and underflow), y = -(alpha x) (exact cancellation).
template <int N>
void path_operands(kamp::core::random_source& rng, const rns::mp_float<N>& alpha, std::vector<rns::mp_float<N>>& xs,
                   std::vector<rns::mp_float<N>>& ys) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  constexpr int top = rns::exponent_limit - q;
  std::vector<rns::mp_float<N>> kinds{
      rns::mp_float<N>::zero(),
      rns::mp_float<N>::inf(0),
      rns::mp_float<N>::inf(1),
      rns::mp_float<N>::nan(),
      kamp::test::random_mp<N>(rng, -q, -q),
      kamp::test::random_mp<N>(rng, -q - 40, -q + 40, q / 4),
      kamp::test::random_mp<N>(rng, top - 2, top),
      kamp::test::random_mp<N>(rng, -rns::exponent_limit, -rns::exponent_limit + 2),
      kamp::test::random_mp<N>(rng, 2 * q - rns::exponent_limit, 3 * q - rns::exponent_limit)};
  for (const auto& a : kinds)
    for (const auto& c : kinds) {
      xs.push_back(a);
      ys.push_back(c);
    }
  const auto& b = rns::basis<N>::host();
  for (int k = 0; k < 300; ++k) {
    xs.push_back(kamp::test::random_mp<N>(rng, -q - 60, -q + 60));
    ys.push_back(k % 3 == 0 ? rns::mul<N>(alpha, xs.back(), b) : kamp::test::random_mp<N>(rng, -q - 60, -q + 60));
    if (k % 3 == 0) ys.back().sign ^= 1;  // y = -(alpha x): the sum cancels to zero
  }
}

template <class Config>
void check_paths_agree() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(73);
  for (const auto& alpha : {kamp::test::random_mp<N>(rng, -q, -q), kamp::test::random_mp<N>(rng, 1000, 1000),
                            rns::mp_float<N>::zero(), rns::mp_float<N>::inf(1), rns::mp_float<N>::nan()}) {
    std::vector<rns::mp_float<N>> xs, ys;
    path_operands<N>(rng, alpha, xs, ys);
    const auto n = static_cast<std::int64_t>(xs.size());
    // x at stride 2, y at stride -3 (element i at (n - 1 - i) * 3).
    std::vector<rns::mp_float<N>> x_strided(2 * n), y_strided(3 * n);
    for (std::int64_t i = 0; i < n; ++i) {
      x_strided[2 * i] = xs[i];
      y_strided[(n - 1 - i) * 3] = ys[i];
    }
    rns::vector_sum_workspace<N, Memory> w;
    std::vector<rns::mp_float<N>> y_of[2], x_of[2];
    for (const auto path : {rns::level1_path::split, rns::level1_path::per_element}) {
      rns::mp_array<N, Memory> x(x_strided.size()), y(y_strided.size());
      rns::copy_from_host(x, x_strided);
      rns::copy_from_host(y, y_strided);
      rns::blas_kernels<Space, N>::axpy(Space(), n, alpha, x, 2, y, -3, w, path);
      rns::blas_kernels<Space, N>::scal(Space(), n, alpha, x, 2, path);
      Kokkos::fence();
      y_of[path == rns::level1_path::per_element] = rns::copy_to_host(y);
      x_of[path == rns::level1_path::per_element] = rns::copy_to_host(x);
    }
    for (std::size_t j = 0; j < y_strided.size(); ++j)
      ASSERT_TRUE(kamp::test::identical<N>(y_of[0][j], y_of[1][j]))
          << "axpy element at " << j << ": split " << kamp::test::describe<N>(y_of[0][j]) << ", per element "
          << kamp::test::describe<N>(y_of[1][j]) << ", alpha " << kamp::test::describe<N>(alpha);
    for (std::size_t j = 0; j < x_strided.size(); ++j)
      ASSERT_TRUE(kamp::test::identical<N>(x_of[0][j], x_of[1][j]))
          << "scal element at " << j << ": split " << kamp::test::describe<N>(x_of[0][j]) << ", per element "
          << kamp::test::describe<N>(x_of[1][j]);
    rns::mp_array<N, Memory> x(x_strided.size()), y(y_strided.size());
    rns::copy_from_host(x, x_strided);
    rns::copy_from_host(y, y_strided);
    rns::blas_kernels<Space, N>::axpy(Space(), n, alpha, x, 2, y, -3, w, rns::level1_path::fused);
    const auto fused = rns::copy_to_host(y);
    const auto& b = rns::basis<N>::host();
    for (std::int64_t i = 0; i < n; ++i) {
      const std::size_t j = static_cast<std::size_t>((n - 1 - i) * 3);
      ASSERT_TRUE(kamp::test::identical<N>(fused[j], rns::fma<N>(alpha, xs[i], ys[i], b)))
          << "fused axpy element " << i << ": " << kamp::test::describe<N>(fused[j]) << ", alpha "
          << kamp::test::describe<N>(alpha) << ", x " << kamp::test::describe<N>(xs[i]) << ", y "
          << kamp::test::describe<N>(ys[i]);
    }
    for (std::size_t j = 0; j < y_strided.size(); ++j)
      if (j % 3 != 0) ASSERT_TRUE(kamp::test::identical<N>(fused[j], y_strided[j])) << "gap element touched at " << j;
  }
}

template <class Config>
void check_level1_arguments() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  rns::mp_array<N, Memory> x(10), y(10);
  kamp::blas::workspace_t<rns::mp_float<N>, Memory> w;
  const auto one = rns::from_double<N>(1.0, rns::basis<N>::host());
  EXPECT_THROW(kamp::blas::scal(Space(), -1, one, x, 1), kamp::invalid_argument);
  EXPECT_THROW(kamp::blas::scal(Space(), 5, one, x, 0), kamp::invalid_argument);
  EXPECT_THROW(kamp::blas::axpy(Space(), 6, one, x, 2, y, 1, &w), kamp::invalid_argument);
  EXPECT_THROW(kamp::blas::dot(Space(), 11, x, 1, y, 1, &w), kamp::invalid_argument);
  EXPECT_THROW(kamp::blas::asum(Space(), 4, x, -4, &w), kamp::invalid_argument);
  EXPECT_TRUE(kamp::blas::dot(Space(), 0, x, 1, y, 1, &w).is_zero());
  EXPECT_TRUE(kamp::blas::asum(Space(), 0, x, 1, &w).is_zero());
}

// The whole-array overloads are the BLAS-style calls with n = x.size() and unit increments.
template <class Config>
void check_whole_array_overloads() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(77);
  std::vector<rns::mp_float<N>> xs(300), ys(300);
  for (auto& v : xs) v = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
  for (auto& v : ys) v = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
  const rns::mp_float<N> alpha = kamp::test::random_mp<N>(rng, -q, -q);
  rns::mp_array<N, Memory> x(xs.size()), y1(ys.size()), y2(ys.size()), shorter(ys.size() - 1);
  kamp::blas::workspace_t<rns::mp_float<N>, Memory> w;
  rns::copy_from_host(x, xs);
  rns::copy_from_host(y1, ys);
  rns::copy_from_host(y2, ys);
  const std::int64_t n = static_cast<std::int64_t>(xs.size());
  kamp::blas::axpy(Space(), alpha, x, y1, &w);
  kamp::blas::axpy(Space(), n, alpha, x, 1, y2, 1, &w);
  kamp::blas::scal(Space(), alpha, y1);
  kamp::blas::scal(Space(), n, alpha, y2, 1);
  Kokkos::fence();
  const auto got1 = rns::copy_to_host(y1), got2 = rns::copy_to_host(y2);
  for (std::size_t j = 0; j < got1.size(); ++j) ASSERT_TRUE(kamp::test::identical<N>(got1[j], got2[j])) << j;
  EXPECT_EQ(rns::compare<N>(kamp::blas::dot(Space(), x, y1, &w), kamp::blas::dot(Space(), n, x, 1, y1, 1, &w), b), 0);
  EXPECT_EQ(rns::compare<N>(kamp::blas::asum(Space(), x, &w), kamp::blas::asum(Space(), n, x, 1, &w), b), 0);
  kamp::test::expect_invalid_argument("y", [&] { kamp::blas::axpy(Space(), alpha, x, shorter, &w); });
  kamp::test::expect_invalid_argument("y", [&] { kamp::blas::dot(Space(), x, shorter, &w); });
}

template <class Config>
class rns_level1_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_level1_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_level1_test, scal_axpy_dot_asum_within_their_bounds) { check_level1<TypeParam>(); }
TYPED_TEST(rns_level1_test, scal_and_axpy_paths_give_the_same_bits) { check_paths_agree<TypeParam>(); }
TYPED_TEST(rns_level1_test, arguments_are_checked) { check_level1_arguments<TypeParam>(); }
TYPED_TEST(rns_level1_test, whole_array_overloads_match_blas_style) { check_whole_array_overloads<TypeParam>(); }

}  // namespace

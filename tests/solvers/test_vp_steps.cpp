// The fused vector steps of the VPBi-CGSTAB iteration (solvers/vp_steps.hpp) against the BLAS
// calls they replace, run here one by one on copies of the same operands: every vector written
// (and the inner solve's double right-hand side) and every dot product the same bytes, for the
// formats whose steps are fused, on every backend, at lengths around each level of the
// deterministic sums' partition. Operands are random with a spread of exponents; a third of
// A z is made to cancel r (t = r - alpha A z small) and a third of A w to cancel t.
#include <cstring>

#include "blas/level1.hpp"
#include "solvers/vp_steps.hpp"
#include "tests/blas/blas_checks.hpp"

namespace kamp::test {
namespace {

using fused_formats = formats::type_list<double, multi_double::dd_real, multi_double::qd_real>;
using fused_cases = blas_cases_t<fused_formats>;

template <class T>
bool identical(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class Case>
struct step_operands {
  using F = typename Case::format;
  using value = typename Case::value;
  using array = typename Case::array;
  std::size_t n;
  std::vector<value> r, az, z, x, aw, w, r0, p;
  value alpha, gamma, beta;

  step_operands(std::size_t count, std::uint64_t seed) : n(count) {
    core::random_source rng(seed);
    r = spread(rng, -30, 30), az = spread(rng, -30, 30), z = spread(rng, -8, 8), x = spread(rng, -8, 8);
    aw = spread(rng, -30, 30), w = spread(rng, -8, 8), r0 = spread(rng, -4, 4), p = spread(rng, -4, 4);
    alpha = random_value<F>(rng, -3, 3), gamma = random_value<F>(rng, -3, 3), beta = random_value<F>(rng, -3, 3);
    for (std::size_t i = 0; i < n; i += 3) {  // alpha az_i = r_i to the format's rounding
      az[i] = format_traits<F>::from_mpfr(quotient_of(r[i], alpha).get());
      if (i + 1 < n) aw[i + 1] = format_traits<F>::from_mpfr(quotient_of(r[i + 1], gamma).get());
    }
  }
  // n values drawn from a pool of 1021 random ones in a scattered order (drawing all n through
  // MPFR would dominate the test's time at the longest lengths).
  std::vector<value> spread(core::random_source& rng, int lo, int hi) const {
    const std::vector<value> pool = random_values<F>(rng, 1021, lo, hi);
    std::vector<value> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = pool[(i * 389 + 17) % pool.size()];
    return out;
  }
  static core::mpfr_value quotient_of(const value& a, const value& b) {
    core::mpfr_value q(format_traits<F>::precision + 64);
    mpfr_div(q.get(), format_traits<F>::to_mpfr(a).get(), format_traits<F>::to_mpfr(b).get(), MPFR_RNDN);
    return q;
  }
};

template <class Case>
void expect_same(const typename Case::array& got, const typename Case::array& want, const char* what) {
  const auto g = copy_to_host(got), w = copy_to_host(want);
  ASSERT_EQ(g.size(), w.size());
  for (std::size_t i = 0; i < g.size(); ++i) {
    ASSERT_TRUE(identical(g[i], w[i])) << what << "(" << i << ") of " << g.size() << ": "
                                       << format_traits<typename Case::format>::to_string(g[i]) << " against "
                                       << format_traits<typename Case::format>::to_string(w[i]);
  }
}

template <class Memory>
void expect_same_doubles(const Kokkos::View<double*, Memory>& got, const Kokkos::View<double*, Memory>& want) {
  const auto g = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), got);
  const auto w = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), want);
  ASSERT_EQ(g.extent(0), w.extent(0));
  for (std::size_t i = 0; i < g.extent(0); ++i) ASSERT_TRUE(identical(g(i), w(i))) << "inner(" << i << ")";
}

template <class Case>
void check_steps(std::size_t n, std::uint64_t seed) {
  using F = typename Case::format;
  using array = typename Case::array;
  using value = typename Case::value;
  using memory = typename Case::memory;
  static_assert(solvers::detail::fused_vp_steps<F>, "the case list names formats whose steps are fused");
  const typename Case::space exec;
  step_operands<Case> o(n, seed);
  const value minus_alpha = solvers::detail::negated<F>(o.alpha), minus_gamma = solvers::detail::negated<F>(o.gamma);
  const value one = from_double<F>(1.0);
  auto copy = [](std::vector<value> v, const char* label) { return stored<Case>(v, label); };
  const array r = copy(o.r, "r"), az = copy(o.az, "az"), z = copy(o.z, "z"), aw = copy(o.aw, "aw"), w = copy(o.w, "w"),
              r0 = copy(o.r0, "r0");
  const array x = copy(o.x, "x"), x_ref = copy(o.x, "x_ref"), p = copy(o.p, "p"), p_ref = copy(o.p, "p_ref");
  const array t(n, "t"), t_ref(n, "t_ref"), r_new(n, "r_new"), r_ref(n, "r_ref");
  const Kokkos::View<double*, memory> inner("inner", n), inner_ref("inner_ref", n), none;

  // t = r - alpha A z, x += alpha z, inner = double(t)
  solvers::detail::t_step(exec, o.alpha, minus_alpha, r, az, z, x, t, inner);
  solvers::detail::copy(exec, r, t_ref);
  blas::axpy(exec, minus_alpha, az, t_ref);
  blas::axpy(exec, o.alpha, z, x_ref);
  solvers::detail::to_double(exec, t_ref, inner_ref);
  expect_same<Case>(t, t_ref, "t");
  expect_same<Case>(x, x_ref, "x");
  expect_same_doubles(inner, inner_ref);

  // The same step without the inner vector writes the same t and x.
  const array x2 = copy(o.x, "x2"), t2(n, "t2");
  solvers::detail::t_step(exec, o.alpha, minus_alpha, r, az, z, x2, t2, none);
  expect_same<Case>(t2, t_ref, "t without inner");
  expect_same<Case>(x2, x_ref, "x without inner");

  // A w . t, A w . A w and t . t
  const auto [aw_t, aw_aw, t_t] = solvers::detail::aw_dots(exec, aw, t);
  EXPECT_TRUE(identical(aw_t, blas::dot(exec, aw, t_ref)));
  EXPECT_TRUE(identical(aw_aw, blas::dot(exec, aw, aw)));
  const value t_t_ref = blas::dot(exec, t_ref, t_ref);
  EXPECT_TRUE(identical(t_t, t_t_ref)) << format_traits<F>::to_string(t_t) << " against "
                                       << format_traits<F>::to_string(t_t_ref);

  // x += gamma w, r = t - gamma A w, r0.r, r.r
  const auto [r0_r, r_r] = solvers::detail::r_step(exec, o.gamma, minus_gamma, t, aw, w, x, r0, r_new);
  blas::axpy(exec, o.gamma, w, x_ref);
  solvers::detail::copy(exec, t_ref, r_ref);
  blas::axpy(exec, minus_gamma, aw, r_ref);
  EXPECT_TRUE(identical(r0_r, blas::dot(exec, r0, r_ref)));
  EXPECT_TRUE(identical(r_r, blas::dot(exec, r_ref, r_ref)));
  expect_same<Case>(r_new, r_ref, "r");
  expect_same<Case>(x, x_ref, "x after r_step");

  // p = r + beta (p - gamma A z), inner = double(p)
  solvers::detail::p_step(exec, o.beta, minus_gamma, r_new, az, p, inner);
  blas::axpy(exec, minus_gamma, az, p_ref);
  blas::scal(exec, o.beta, p_ref);
  blas::axpy(exec, one, r_ref, p_ref);
  solvers::detail::to_double(exec, p_ref, inner_ref);
  expect_same<Case>(p, p_ref, "p");
  expect_same_doubles(inner, inner_ref);
}

// z and w as the inner solve leaves them, in double: the steps read them as the format, so
// t, x, r and the dot products are those of the steps over their copies in the format.
template <class Case>
void check_steps_over_doubles(std::size_t n, std::uint64_t seed) {
  using F = typename Case::format;
  using array = typename Case::array;
  using value = typename Case::value;
  using memory = typename Case::memory;
  const typename Case::space exec;
  step_operands<Case> o(n, seed);
  const value minus_alpha = solvers::detail::negated<F>(o.alpha), minus_gamma = solvers::detail::negated<F>(o.gamma);
  core::random_source rng(seed + 1000);
  const Kokkos::View<double*, memory> zd("zd", n), wd("wd", n), inner("inner", n), inner_ref("inner_ref", n);
  {
    const auto zh = Kokkos::create_mirror_view(zd), wh = Kokkos::create_mirror_view(wd);
    for (std::size_t i = 0; i < n; ++i) {  // spread over 2^-40..2^40, signed, a zero in every 97
      zh(i) = i % 97 == 5 ? 0.0 : rng.wide_exponent(-40, 40);
      wh(i) = rng.wide_exponent(-40, 40);
    }
    Kokkos::deep_copy(zd, zh);
    Kokkos::deep_copy(wd, wh);
  }
  auto copy = [](std::vector<value> v, const char* label) { return stored<Case>(v, label); };
  const array z(n, "z"), w(n, "w"), r = copy(o.r, "r"), az = copy(o.az, "az"), aw = copy(o.aw, "aw"),
                                    r0 = copy(o.r0, "r0");
  solvers::detail::from_double(exec, zd, z);
  solvers::detail::from_double(exec, wd, w);
  const array x = copy(o.x, "x"), x_ref = copy(o.x, "x_ref"), t(n, "t"), t_ref(n, "t_ref"), r_new(n, "r_new"),
              r_ref(n, "r_ref");
  solvers::detail::t_step(exec, o.alpha, minus_alpha, r, az, zd, x, t, inner);
  solvers::detail::t_step(exec, o.alpha, minus_alpha, r, az, z, x_ref, t_ref, inner_ref);
  expect_same<Case>(t, t_ref, "t from z in double");
  expect_same<Case>(x, x_ref, "x from z in double");
  expect_same_doubles(inner, inner_ref);
  const auto [r0_r, r_r] = solvers::detail::r_step(exec, o.gamma, minus_gamma, t, aw, wd, x, r0, r_new);
  const auto [r0_r_ref, r_r_ref] = solvers::detail::r_step(exec, o.gamma, minus_gamma, t_ref, aw, w, x_ref, r0, r_ref);
  EXPECT_TRUE(identical(r0_r, r0_r_ref));
  EXPECT_TRUE(identical(r_r, r_r_ref));
  expect_same<Case>(r_new, r_ref, "r from w in double");
  expect_same<Case>(x, x_ref, "x from w in double");
}

template <class Case>
class vp_steps_test : public ::testing::Test {};
TYPED_TEST_SUITE(vp_steps_test, fused_cases, blas_case_type_name);

// Lengths: empty, around the last level's 64 partials, a few chains at every level, and past
// the first level's 2^18 partials (chains of two terms there).
TYPED_TEST(vp_steps_test, EachStepIsBitwiseItsBlasCalls) {
  std::uint64_t seed = 7;
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(63), std::size_t(65), std::size_t(4099),
                        (std::size_t(1) << 18) + 517}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    check_steps<TypeParam>(n, ++seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TYPED_TEST(vp_steps_test, StepsOverTheInnerSolvesDoublesAreThoseOverTheirCopies) {
  std::uint64_t seed = 70;
  for (std::size_t n : {std::size_t(0), std::size_t(65), (std::size_t(1) << 18) + 517}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    check_steps_over_doubles<TypeParam>(n, ++seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace kamp::test

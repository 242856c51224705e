// rns::fma (rns/fma.hpp), a x + c with one rounding, against MPFR on every backend and precision:
// |fma - (a x + c)| <= u |a x + c| + 2^(8 - 2q) (|a x| + |c|), the representation invariant, the
// host's bits on every backend, and the right special value, for random triples and for c
// cancelling the product (to every depth), exponent gaps around each branch of the alignment
// (2q - 2, q - 4, 3 bits), short and zero operands, infinities, NaN and both ends of the
// exponent range.
#include <atomic>
#include <mutex>

#include "rns/fma.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

using kamp::core::mpfr_value;
namespace rns = kamp::rns;

// c = -(a x) with its low `keep`-th bits replaced, so that a x + c cancels to about 2q - keep bits.
template <int N>
rns::mp_float<N> cancelling(const rns::mp_float<N>& a, const rns::mp_float<N>& x, int depth,
                            kamp::core::random_source& rng) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  mpfr_value p(2 * q + 8);
  mpfr_mul(p.get(), rns::to_mpfr<N>(a).get(), rns::to_mpfr<N>(x).get(), MPFR_RNDN);
  mpfr_value c(q);
  mpfr_set(c.get(), p.get(), MPFR_RNDZ);
  if (depth > 0 && mpfr_regular_p(c.get())) {
    mpfr_value w(64);
    mpfr_set_ui_2exp(w.get(), static_cast<unsigned long>(rng.integer(1, 1000)), mpfr_get_exp(c.get()) - depth - 10,
                     MPFR_RNDN);
    mpfr_add(c.get(), c.get(), w.get(), MPFR_RNDZ);
  }
  mpfr_neg(c.get(), c.get(), MPFR_RNDN);
  // Outside the format's exponent range (a product near its ends): no such c.
  if (mpfr_regular_p(c.get()) &&
      (mpfr_get_exp(c.get()) - q < -rns::exponent_limit || mpfr_get_exp(c.get()) - q > rns::exponent_limit))
    return rns::mp_float<N>::zero();
  return rns::from_mpfr<N>(c.get());
}

template <int N>
void make_triples(std::size_t count, std::vector<rns::mp_float<N>>& a, std::vector<rns::mp_float<N>>& x,
                  std::vector<rns::mp_float<N>>& c, std::uint64_t seed) {
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(seed);
  const auto& b = rns::basis<N>::host();
  a.resize(count);
  x.resize(count);
  c.resize(count);
  // Gaps between c's exponent and the product's, around each branch of the alignment.
  const int gaps[] = {-2 * q - 2, -2 * q + 2, -q - 3, -q + 4, -q + 5, -q,    -3, 0,
                      1,          3,          4,      q - 5,  q - 4,  q - 3, q,  2 * q};
  for (std::size_t i = 0; i < count; ++i) {
    a[i] = kamp::test::random_mp<N>(rng, -200, 200);
    x[i] = kamp::test::random_mp<N>(rng, -200, 200);
    const std::int64_t product_exp = static_cast<std::int64_t>(a[i].exp) + x[i].exp;
    switch (i % 12) {
      case 0:
      case 1:
      case 2:  // comparable magnitudes: c's significand at the product's top
        c[i] = kamp::test::random_mp<N>(rng, 0, 0);
        c[i].exp = static_cast<std::int32_t>(product_exp + q);
        break;
      case 3:
        c[i] = kamp::test::random_mp<N>(rng, -400, 400);
        break;
      case 4:
        c[i] = cancelling<N>(a[i], x[i], static_cast<int>(rng.integer(0, 2 * q)), rng);
        break;
      case 5: {
        c[i] = kamp::test::random_mp<N>(rng, 0, 0);
        c[i].exp = static_cast<std::int32_t>(product_exp + q + gaps[rng.integer(0, 15)]);
        break;
      }
      case 6:
        c[i] = kamp::test::random_mp<N>(rng, -200, 200, static_cast<int>(rng.integer(1, 64)));
        break;
      case 7:
        a[i] = rns::from_double<N>(rng.wide_exponent(-1074, 1000), b);
        c[i] = cancelling<N>(a[i], x[i], 0, rng);
        break;
      case 8: {  // zeros and special values in any position
        const rns::mp_float<N> specials[] = {rns::mp_float<N>::zero(), rns::mp_float<N>::inf(0),
                                             rns::mp_float<N>::inf(1), rns::mp_float<N>::nan()};
        c[i] = kamp::test::random_mp<N>(rng, -200, 200);
        rns::mp_float<N>* slot[] = {&a[i], &x[i], &c[i]};
        *slot[rng.integer(0, 2)] = specials[rng.integer(0, 3)];
        if (rng.next_u64() & 1) *slot[rng.integer(0, 2)] = specials[rng.integer(0, 3)];
        break;
      }
      case 9: {  // the top of the exponent range: products and sums that overflow, or just do not
        a[i].exp = rns::exponent_limit - static_cast<std::int32_t>(rng.integer(0, 2 * q));
        x[i].exp = static_cast<std::int32_t>(rng.integer(-2 * q, 2 * q));
        c[i] = kamp::test::random_mp<N>(rng, 0, 0);
        c[i].exp = rns::exponent_limit - static_cast<std::int32_t>(rng.integer(0, 2 * q));
        break;
      }
      case 10: {  // the bottom: gradual underflow of the product, the sum or both
        a[i].exp = -rns::exponent_limit + static_cast<std::int32_t>(rng.integer(0, 2 * q));
        x[i].exp = static_cast<std::int32_t>(rng.integer(-3 * q, q));
        c[i] = rng.next_u64() & 1 ? cancelling<N>(a[i], x[i], static_cast<int>(rng.integer(0, q)), rng)
                                  : kamp::test::random_mp<N>(rng, 0, 0);
        if (!c[i].is_finite() || c[i].is_zero()) c[i] = kamp::test::random_mp<N>(rng, 0, 0);
        if (rng.next_u64() & 1) c[i].exp = -rns::exponent_limit + static_cast<std::int32_t>(rng.integer(0, 2 * q));
        break;
      }
      default:
        c[i] = x[i];
        break;  // a x + x
    }
  }
}

struct apply_fma {
  template <int N>
  KOKKOS_INLINE_FUNCTION rns::mp_float<N> operator()(const rns::mp_float<N>& a, const rns::mp_float<N>& x,
                                                     const rns::mp_float<N>& c,
                                                     const rns::basis_constants<N>& b) const {
    return rns::fma<N>(a, x, c, b);
  }
};

template <class Space, int N>
std::vector<rns::mp_float<N>> fma_on(const std::vector<rns::mp_float<N>>& a, const std::vector<rns::mp_float<N>>& x,
                                     const std::vector<rns::mp_float<N>>& c) {
  auto va = kamp::test::to_space<Space>(a, "a");
  auto vx = kamp::test::to_space<Space>(x, "x");
  auto vc = kamp::test::to_space<Space>(c, "c");
  Kokkos::View<rns::mp_float<N>*, typename Space::memory_space> vz("z", a.size());
  const rns::basis_constants<N>* b = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      "kamp::test::rns_fma", Kokkos::RangePolicy<Space>(0, a.size()),
      KOKKOS_LAMBDA(std::size_t i) { vz(i) = rns::fma<N>(va(i), vx(i), vc(i), *b); });
  return kamp::test::to_host(vz);
}

// What a result must be: NaN, an infinity of the exact sum's sign, zero, or within the bound;
// near the ends of the range also an infinity or a truncation to a multiple of 2^-2^30.
template <int N>
std::string check_one(const rns::mp_float<N>& a, const rns::mp_float<N>& x, const rns::mp_float<N>& c,
                      const rns::mp_float<N>& z) {
  constexpr long q = rns::basis_constants<N>::significand_bits, limit = rns::exponent_limit;
  std::string problem = rns::invariant_violation<N>(z);
  if (!problem.empty()) return problem;
  const mpfr_value ma = rns::to_mpfr<N>(a), mx = rns::to_mpfr<N>(x), mc = rns::to_mpfr<N>(c);
  mpfr_value product(2 * q + 8), exact(8 * q + 64);
  mpfr_mul(product.get(), ma.get(), mx.get(), MPFR_RNDN);
  mpfr_fma(exact.get(), ma.get(), mx.get(), mc.get(), MPFR_RNDN);
  const mpfr_value got = rns::to_mpfr<N>(z);
  if (mpfr_nan_p(exact.get())) return z.is_nan() ? "" : "expected NaN";
  if (mpfr_inf_p(exact.get()))
    return z.is_inf() && z.sign == (mpfr_signbit(exact.get()) ? 1 : 0) ? "" : "expected an infinity of the sum's sign";
  if (mpfr_zero_p(exact.get())) return z.is_zero() ? "" : "exact result is zero";
  // The allowed error: u |s| + 2^(8 - 2q) (|a x| + |c|), plus 2^-2^30 where the sum underflows.
  mpfr_value allowed(64), term(64);
  mpfr_abs(allowed.get(), exact.get(), MPFR_RNDU);
  mpfr_mul(allowed.get(), allowed.get(), kamp::test::unit_roundoff<N>().get(), MPFR_RNDU);
  mpfr_value c_magnitude(64);
  mpfr_abs(term.get(), product.get(), MPFR_RNDU);
  mpfr_abs(c_magnitude.get(), mc.get(), MPFR_RNDU);
  mpfr_add(term.get(), term.get(), c_magnitude.get(), MPFR_RNDU);
  mpfr_mul_2si(term.get(), term.get(), 8 - 2 * q, MPFR_RNDU);
  mpfr_add(allowed.get(), allowed.get(), term.get(), MPFR_RNDU);
  if (mpfr_get_exp(exact.get()) <= q - limit + 1) {
    mpfr_set_ui_2exp(term.get(), 1, -limit, MPFR_RNDU);
    mpfr_add(allowed.get(), allowed.get(), term.get(), MPFR_RNDU);
  }
  // Overflow: from 2^(q + 2^30) on, the result is an infinity; the bound's slack decides near it.
  mpfr_value edge(64);
  mpfr_set_ui_2exp(edge.get(), 1, q + limit, MPFR_RNDN);
  mpfr_value magnitude(8 * q + 64);
  mpfr_abs(magnitude.get(), exact.get(), MPFR_RNDN);
  if (z.is_inf()) {
    mpfr_sub(edge.get(), edge.get(), allowed.get(), MPFR_RNDD);
    if (mpfr_cmp(magnitude.get(), edge.get()) < 0) return "overflowed below 2^(q + 2^30)";
    return z.sign == (mpfr_signbit(exact.get()) ? 1 : 0) ? "" : "an infinity of the wrong sign";
  }
  if (!z.is_finite()) return "not finite";
  mpfr_add(edge.get(), edge.get(), allowed.get(), MPFR_RNDU);
  if (mpfr_cmp(magnitude.get(), edge.get()) >= 0) return "finite above 2^(q + 2^30)";
  const mpfr_value error = kamp::core::absolute_error(got, exact);
  if (mpfr_cmp(error.get(), allowed.get()) > 0)
    return "error " + error.to_string(6) + " above the bound " + allowed.to_string(6);
  return "";
}

template <class Config>
void check_fma(std::uint64_t seed) {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  const kamp::test::mpfr_exponent_range wide;
  const std::size_t count = kamp::test::random_operation_count<Space>();
  std::vector<rns::mp_float<N>> a, x, c;
  make_triples<N>(count, a, x, c, seed);
  const auto z = fma_on<Space, N>(a, x, c);
  const auto& b = rns::basis<N>::host();
  std::atomic<std::size_t> failures{0};
  std::string first;
  std::mutex first_lock;
#pragma omp parallel for schedule(dynamic, 64)
  for (std::ptrdiff_t ii = 0; ii < static_cast<std::ptrdiff_t>(count); ++ii) {
    const auto i = static_cast<std::size_t>(ii);
    const kamp::test::mpfr_exponent_range wide_here;  // per thread
    std::string problem = check_one<N>(a[i], x[i], c[i], z[i]);
    if (problem.empty() && !kamp::test::identical<N>(z[i], rns::fma<N>(a[i], x[i], c[i], b)))
      problem = "not the host's bits";
    if (!problem.empty() && failures++ == 0) {
      std::lock_guard<std::mutex> lock(first_lock);
      first = problem + " at i=" + std::to_string(i) + ": a=" + kamp::test::describe<N>(a[i]) +
              " x=" + kamp::test::describe<N>(x[i]) + " c=" + kamp::test::describe<N>(c[i]) +
              " z=" + kamp::test::describe<N>(z[i]);
    }
  }
  EXPECT_EQ(failures.load(), 0u) << first;
}

// A product that c cancels exactly (a x has at most q bits) gives zero, and a x + 0 is the
// rounded product: the same as mul.
template <class Config>
void check_exact_cases() {
  using Space = typename Config::space;
  constexpr int N = Config::moduli;
  kamp::core::random_source rng(77);
  const auto& b = rns::basis<N>::host();
  std::vector<rns::mp_float<N>> a, x, c;
  for (int i = 0; i < 64; ++i) {
    a.push_back(kamp::test::random_mp<N>(rng, -50, 50, 40));
    x.push_back(kamp::test::random_mp<N>(rng, -50, 50, 40));
    c.push_back(cancelling<N>(a.back(), x.back(), 0, rng));
    a.push_back(kamp::test::random_mp<N>(rng, -50, 50));
    x.push_back(kamp::test::random_mp<N>(rng, -50, 50));
    c.push_back(rns::mp_float<N>::zero());
  }
  const auto z = fma_on<Space, N>(a, x, c);
  for (std::size_t i = 0; i < z.size(); i += 2) {
    EXPECT_TRUE(z[i].is_zero()) << "a x - a x at " << i << ": " << kamp::test::describe<N>(z[i]);
    EXPECT_TRUE(kamp::test::identical<N>(z[i + 1], rns::mul<N>(a[i + 1], x[i + 1], b)))
        << "a x + 0 at " << i + 1 << ": " << kamp::test::describe<N>(z[i + 1]);
  }
}

template <class Config>
class rns_fma_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_fma_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_fma_test, is_within_the_bound) { check_fma<TypeParam>(201); }
TYPED_TEST(rns_fma_test, cancels_exactly_and_adds_zero_exactly) { check_exact_cases<TypeParam>(); }

}  // namespace

// The Ozaki scheme II GEMM (blas/gemm_ozaki.hpp) for the RNS formats (blas/ozaki/rns_value_format.hpp)
// on every backend, at 106 to 1696 bits (from 424 bits with wide moduli): outputs against the
// exact MPFR GEMM within the scheme's bound on random, wide-range and cancelling operands in every
// trans combination, and on exponents far outside the double range (RNS's own range, which the
// scheme covers); exact results where the integers hold the inputs exactly; the same bits on
// every backend; the FMA kernel's bits (or kamp::invalid_argument, C untouched) for Inf, NaN,
// magnitudes beyond the scan's binade limit, spreads beyond the integers and sums 848 and 1696
// bits compile for, and accuracies beyond all moduli. The format's members on their own (host):
// the binade exact next to powers of two, the scaled parts and digits giving the rounded scaled
// value, the reconstruction's rounding the exact
// truncation to q bits with the RNS invariant, alpha's product folded into that one truncation
// (and the RNS product beyond the fold's binades, at both ends of the range), the default bits
// the fewest within the FMA kernel's bound.
#include <gmp.h>

#include "tests/blas/ozaki_checks.hpp"

namespace kamp::test {
namespace {

using rns106 = rns::mp_float<8>;
using rns212 = rns::mp_float<16>;
using rns424 = rns::mp_float<32>;
using rns848 = rns::mp_float<64>;
using rns1696 = rns::mp_float<128>;

template <class F>
using scheme = blas::ozaki::scheme_format<F>;

template <class F>
typename scheme<F>::context host_context() {
  return format_traits<F>::template context<Kokkos::HostSpace>();
}

KAMP_BACKEND_TEST_SUITE(OzakiGemmRns);

// Each test body runs for 106, 212 and 424 bits; the _ALL tests for 848 and 1696 bits too (their
// products take about 150 moduli and 60-word sums, and 270 moduli and 108-124-word sums).
#define KAMP_OZAKI_RNS_TEST(Name, function) \
  TYPED_TEST(OzakiGemmRns, Name) {          \
    function<TypeParam, rns106>();          \
    function<TypeParam, rns212>();          \
    function<TypeParam, rns424>();          \
  }
#define KAMP_OZAKI_RNS_TEST_ALL(Name, function) \
  TYPED_TEST(OzakiGemmRns, Name) {              \
    function<TypeParam, rns106>();              \
    function<TypeParam, rns212>();              \
    function<TypeParam, rns424>();              \
    function<TypeParam, rns848>();              \
    function<TypeParam, rns1696>();             \
  }

template <class Space, class F>
void random_operands_within_the_bound() {
  expect_random_operands_within_the_bound<Space, F>(600, 9, 7, 29, scheme<F>::default_bits,
                                                    format_traits<F>::precision >= 424);
}
KAMP_OZAKI_RNS_TEST_ALL(RandomOperandsWithinTheBound, random_operands_within_the_bound)

// A row over 60 binades, a column over 40, a row that cancels exactly against a column and one
// that cancels in part; beta = 0 gives the exact cancellation as zero.
template <class Space, class F>
void wide_range_and_cancelling_rows() {
  auto p = random_problem<F>(620, 6, 5, 30, -1, 1, false);
  core::random_source rng(621);
  for (std::int64_t l = 0; l < p.k; ++l) {
    p.op_a[static_cast<std::size_t>(0 + l * p.m)] = random_value<F>(rng, -30, 30);
    p.op_b[static_cast<std::size_t>(l + 1 * p.k)] = random_value<F>(rng, -20, 20);
    p.op_a[static_cast<std::size_t>(1 + l * p.m)] =
        l < p.k / 2 ? random_value<F>(rng, -2, 2)
                    : format_traits<F>::sub(host_context<F>(), from_double<F>(0.0),
                                            p.op_a[static_cast<std::size_t>(1 + (l - p.k / 2) * p.m)]);
    p.op_a[static_cast<std::size_t>(2 + l * p.m)] =
        l % 2 ? random_value<F>(rng, 50, 50) : random_value<F>(rng, -10, -5);
  }
  for (std::int64_t l = p.k / 2; l < p.k; ++l)
    p.op_b[static_cast<std::size_t>(l)] = p.op_b[static_cast<std::size_t>(l - p.k / 2)];
  blas::ozaki::report report;
  const auto got = run<Space>(p, 'N', 'T', {}, &report);
  ASSERT_TRUE(report.scheme) << report.reason;
  EXPECT_GE(report.range_a, 50);
  EXPECT_GE(report.range_b, 30);
  expect_within_bound(p, got, scheme<F>::default_bits, "wide and cancelling");
  p.beta = from_double<F>(0.0);
  const auto zero = run<Space>(p, 'N', 'N', {});
  EXPECT_EQ(mpfr_sgn(format_traits<F>::to_mpfr(zero[1]).get()), 0);
}
KAMP_OZAKI_RNS_TEST_ALL(WideRangeAndCancellingRows, wide_range_and_cancelling_rows)

// Normwise (options::bound): rows and columns spread over 60 binades cost no moduli, and every
// output is within the normwise bound, in every trans, at the default bits and at 20.
template <class Space, class F>
void normwise_spreads_cost_no_moduli() {
  std::uint64_t seed = 625;
  for (const int bits : {scheme<F>::default_bits, 20})
    for (const char ta : {'N', 'T'})
      for (const char tb : {'N', 'T'}) {
        expect_normwise_within_the_bound_on_fewer_moduli<Space>(random_problem<F>(seed++, 6, 5, 30, -30, 30, ta == tb),
                                                                ta, tb, bits);
      }
}
KAMP_OZAKI_RNS_TEST(NormwiseSpreadsCostNoModuli, normwise_spreads_cost_no_moduli)

// Operands near 2^+-5000 and products near 2^+-4000: beyond the double range, inside RNS's, and the
// scheme covers them (its scales are integers; only the multi-doubles' parts are doubles).
template <class Space, class F>
void exponents_beyond_the_double_range() {
  auto p = random_problem<F>(630, 5, 4, 17, -2, 2, false);
  core::random_source rng(631);
  for (auto& a : p.op_a) a = random_value<F>(rng, 4990, 5000);
  for (std::int64_t j = 0; j < p.n; ++j) {
    const int b_exponent = j % 2 ? -9000 : -1000, c_exponent = j % 2 ? -4000 : 4000;
    for (std::int64_t l = 0; l < p.k; ++l)
      p.op_b[static_cast<std::size_t>(l + j * p.k)] = random_value<F>(rng, b_exponent - 10, b_exponent);
    for (std::int64_t i = 0; i < p.m; ++i)
      p.c[static_cast<std::size_t>(i + j * p.m)] = random_value<F>(rng, c_exponent, c_exponent);
  }
  blas::ozaki::report report;
  const auto got = run<Space>(p, 'T', 'N', {}, &report);
  ASSERT_TRUE(report.scheme) << report.reason;
  expect_within_bound(p, got, scheme<F>::default_bits, "exponents beyond the double range");
}
KAMP_OZAKI_RNS_TEST(ExponentsBeyondTheDoubleRange, exponents_beyond_the_double_range)

// With q + 16 bits kept, inputs of q-bit significands spread over 16 binades a row are exact
// integers of their scale: x I = x exactly (the output's truncation to q bits changes nothing).
template <class Space, class F>
void exact_where_the_integers_are_exact() {
  core::random_source rng(640);
  const std::int64_t m = 5, k = 7;
  gemm_problem<F> p{m,
                    k,
                    k,
                    {},
                    {},
                    std::vector<F>(static_cast<std::size_t>(m * k), from_double<F>(0.0)),
                    from_double<F>(1.0),
                    from_double<F>(0.0)};
  for (std::int64_t e = 0; e < m * k; ++e) p.op_a.push_back(random_value<F>(rng, -8, 8));
  for (std::int64_t j = 0; j < k; ++j)
    for (std::int64_t l = 0; l < k; ++l) p.op_b.push_back(from_double<F>(l == j ? 1.0 : 0.0));
  blas::ozaki::options opts;
  opts.bits = scheme<F>::q + 16;
  const auto got = run<Space>(p, 'N', 'N', opts);
  for (std::size_t e = 0; e < got.size(); ++e) EXPECT_TRUE(same_bits<F>(got[e], p.op_a[e])) << "x I at " << e;
}
KAMP_OZAKI_RNS_TEST_ALL(ExactWhereTheIntegersAreExact, exact_where_the_integers_are_exact)

template <class Space, class F>
void same_bits_on_every_backend() {
  expect_the_reference_backends_bits<Space>(random_problem<F>(650, 11, 13, 31, -4, 4, false));
}
KAMP_OZAKI_RNS_TEST_ALL(SameBitsOnEveryBackend, same_bits_on_every_backend)

template <class Space, class F>
void uncovered_operands_fall_back_or_raise() {
  const auto base = random_problem<F>(660, 4, 3, 9, -1, 1, false);
  auto inf = base, nan = base, huge = base, spread = base;
  inf.op_a[5] = F::inf(1);
  nan.op_b[2] = F::nan();
  core::random_source rng(661);
  // 2^(2^23): beyond the scan's binade limit (within RNS's 2^30).
  mpfr_value big(64);
  mpfr_set_ui_2exp(big.get(), 3, 1 << 23, MPFR_RNDN);
  huge.op_a[1] = format_traits<F>::from_mpfr(big.get());
  for (std::int64_t l = 0; l < spread.k; ++l) {
    const int e = l ? 1 : -1500;
    spread.op_a[static_cast<std::size_t>(l * spread.m)] = random_value<F>(rng, e, e);
  }
  expect_fma_kernel<Space>(inf, "Inf or NaN", "Inf");
  expect_fma_kernel<Space>(nan, "Inf or NaN", "NaN");
  expect_fma_kernel<Space>(huge, "magnitudes beyond", "2^(2^23)");
  expect_fma_kernel<Space>(spread, "exponent spreads", "a spread of 1500 binades");
}
KAMP_OZAKI_RNS_TEST(UncoveredOperandsFallBackOrRaise, uncovered_operands_fall_back_or_raise)

// alpha folds into the integer (one truncation) while its binade stays within 2^+-29, checked
// within the bound at both ends; beyond, the output is the RNS product of alpha and the rounded
// integer, bit for bit (so it overflows to infinity and underflows gradually as RNS does).
template <class Space, class F>
void alpha_at_the_ends_of_the_range() {
  const auto c = host_context<F>();
  auto p = random_problem<F>(670, 4, 3, 9, -1, 1, true);
  const auto with_exponent = [&](F x, std::int64_t exp) {
    x.exp = static_cast<std::int32_t>(exp);
    return x;
  };
  const F base = p.alpha;
  for (const std::int64_t binade : {(1 << 29) - 400, -(1 << 29) + 400}) {
    p.alpha = with_exponent(base, base.exp + binade);
    ASSERT_TRUE(scheme<F>::factor_of(c, p.alpha, false).fold);
    const auto got = run<Space>(p, 'N', 'N', {});
    expect_within_bound(p, got, scheme<F>::default_bits, "alpha near 2^" + std::to_string(binade));
  }
  p.alpha = from_double<F>(1.0);
  const auto unscaled = run<Space>(p, 'N', 'N', {});
  // alpha's X has L bits, so alpha = X 2^(2^30) times an output of 2^(q - L + 1) or more exceeds
  // the largest value, (2^q - 1) 2^(2^30).
  const auto length = rns::exact_bit_length<format_traits<F>::moduli>(base, base.digits, *c.basis);
  ASSERT_GE(length, scheme<F>::q - 2);
  const double overflowing = std::ldexp(1.0, static_cast<int>(scheme<F>::q - length + 1));
  for (const std::int64_t exp : {std::int64_t(rns::exponent_limit), -std::int64_t(rns::exponent_limit)}) {
    p.alpha = with_exponent(base, exp);
    ASSERT_FALSE(scheme<F>::factor_of(c, p.alpha, false).fold);
    const auto got = run<Space>(p, 'N', 'N', {});
    int overflows = 0;
    for (std::size_t e = 0; e < got.size(); ++e) {
      const F want = format_traits<F>::mul(c, p.alpha, unscaled[e]);
      EXPECT_TRUE(same_bits<F>(got[e], want)) << "alpha = X 2^" << exp << ", output " << e;
      if (exp > 0 && std::abs(format_traits<F>::to_double(c, unscaled[e])) >= overflowing) {
        ++overflows;
        EXPECT_TRUE(got[e].is_inf()) << "output " << e << " overflows";
        EXPECT_EQ(got[e].sign, unscaled[e].sign ^ p.alpha.sign) << "output " << e;
      }
      EXPECT_FALSE(got[e].is_nan()) << "output " << e;
    }
    if (exp > 0) EXPECT_GT(overflows, 0);
  }
}
KAMP_OZAKI_RNS_TEST_ALL(AlphaAtTheEndsOfTheRange, alpha_at_the_ends_of_the_range)

// Spreads beyond what 848 and 1696 bits compile for (blas/ozaki/rns_value_format.hpp: 1008-bit
// integers and 1920-bit sums, 1872-bit integers): the FMA kernel computes C. A spread of exactly D
// binades puts one element at 2^0 and one at 2^-D in row 0 of op(A) (and column 0 of op(B)).
template <class F>
gemm_problem<F> with_spreads(std::uint64_t seed, int spread_a, int spread_b) {
  auto p = random_problem<F>(seed, 3, 2, 4, -1, 1, false);
  core::random_source rng(seed + 1);
  p.op_a[0] = random_value<F>(rng, 1, 1);
  p.op_a[static_cast<std::size_t>(p.m)] = random_value<F>(rng, 1 - spread_a, 1 - spread_a);
  p.op_b[0] = random_value<F>(rng, 1, 1);
  p.op_b[1] = random_value<F>(rng, 1 - spread_b, 1 - spread_b);
  return p;
}

template <class Space>
void spreads_beyond_the_longer_formats_limits_take_the_fma_kernel() {
  expect_fma_kernel<Space>(with_spreads<rns848>(670, 200, 0), "integers of more than 1008 bits", "rns_848, 200");
  expect_fma_kernel<Space>(with_spreads<rns848>(672, 124, 124), "-bit sums this format reconstructs", "rns_848, 124");
  expect_fma_kernel<Space>(with_spreads<rns1696>(674, 180, 0), "integers of more than 1872 bits", "rns_1696, 180");
}
TYPED_TEST(OzakiGemmRns, SpreadsBeyondTheLongerFormatsLimitsTakeTheFmaKernel) {
  spreads_beyond_the_longer_formats_limits_take_the_fma_kernel<TypeParam>();
}

// An accuracy whose products need more than all 305 moduli (3897 bits) is refused with the reason.
template <class Space>
void accuracies_beyond_all_moduli_take_the_fma_kernel() {
  blas::ozaki::options asked;
  asked.bits = 2000;
  expect_fma_kernel<Space>(random_problem<rns1696>(676, 3, 2, 4, -1, 1, false), "bits of moduli, beyond the",
                           "rns_1696 at 2000 bits", asked);
}
TYPED_TEST(OzakiGemmRns, AccuraciesBeyondAllModuliTakeTheFmaKernel) {
  accuracies_beyond_all_moduli_take_the_fma_kernel<TypeParam>();
}

template <class Space, class F>
void bad_arguments_are_named() {
  const auto A = on<Space>(std::vector<F>(20, from_double<F>(1.0)), "A");
  const auto C = on<Space>(std::vector<F>(20, from_double<F>(1.0)), "C");
  const F one = from_double<F>(1.0);
  expect_invalid_argument("trans_b", [&] { blas::gemm_ozaki(Space(), 'N', 'Q', 4, 4, 4, one, A, 4, A, 4, one, C, 4); });
  expect_invalid_argument("ldb", [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 4, A, 2, one, C, 4); });
  for (const int bits : {-1, scheme<F>::max_bits + 1}) {
    blas::ozaki::options opts;
    opts.bits = bits;
    expect_invalid_argument("opts.bits",
                            [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 4, A, 4, one, C, 4, opts); });
  }
}
KAMP_OZAKI_RNS_TEST(BadArgumentsAreNamed, bad_arguments_are_named)

// The exact value of an RNS value.
template <class F>
mpfr_value exact(const F& x) {
  return format_traits<F>::to_mpfr(x);
}

// binade = floor(log2 |x|) exactly, for random values and for those next to powers of two
// (2^k, 2^k - ulp, the largest significand 2^q - 1), where the interval alone cannot tell.
template <class F>
void binade_is_exact() {
  const auto c = host_context<F>();
  core::random_source rng(680);
  std::vector<F> values;
  for (int i = 0; i < 200; ++i) values.push_back(random_value<F>(rng, -3000, 3000));
  for (const long e : {-2000L, -1L, 0L, 1L, 53L, 1200L}) {
    mpfr_value v(4 * scheme<F>::q), t(4 * scheme<F>::q);
    mpfr_set_ui_2exp(v.get(), 1, e, MPFR_RNDN);
    values.push_back(format_traits<F>::from_mpfr(v.get()));
    mpfr_set_ui_2exp(t.get(), 1, e - scheme<F>::q, MPFR_RNDN);
    mpfr_sub(t.get(), v.get(), t.get(), MPFR_RNDN);  // 2^e (1 - 2^-q): q ones
    values.push_back(format_traits<F>::from_mpfr(t.get()));
  }
  for (const auto& x : values) {
    const mpfr_value v = exact(x);
    ASSERT_EQ(scheme<F>::binade(c, x), static_cast<int>(mpfr_get_exp(v.get()) - 1)) << format_traits<F>::to_string(x);
  }
  EXPECT_EQ(scheme<F>::binade(c, from_double<F>(0.0)), blas::ozaki::zero_binade);
  EXPECT_EQ(scheme<F>::binade(c, F::nan()), blas::ozaki::non_finite_binade);
  EXPECT_EQ(scheme<F>::binade(c, F::inf(1)), blas::ozaki::non_finite_binade);
}
TEST(OzakiRnsFormat, BinadeIsExact) {
  binade_is_exact<rns106>();
  binade_is_exact<rns212>();
  binade_is_exact<rns424>();
  binade_is_exact<rns848>();
  binade_is_exact<rns1696>();
}

// The parts of x 2^e sum to round(x 2^e) (half away from zero) exactly, for scales that keep
// every bit, drop some (with a rounding carry) or drop all, and each part is an integer (106-848
// bits: 1696's integers pass the double range, and its residue kernel takes the digits below).
template <class F>
void scaled_parts_round_exactly() {
  const auto c = host_context<F>();
  core::random_source rng(690);
  mpz_t sum, t, want;
  mpz_inits(sum, t, want, nullptr);
  for (int trial = 0; trial < 400; ++trial) {
    const F x = random_value<F>(rng, -200, 200);
    const int binade = scheme<F>::binade(c, x);
    // The largest integer below 2^(bits + 1) for bits up to the format's longest, or far fewer
    // bits than x has.
    const int longest = blas::ozaki::digit_bits * scheme<F>::max_digits - 2;
    const int target =
        trial % 4 == 0 ? static_cast<int>(rng.integer(-3, 3)) : static_cast<int>(rng.integer(1, longest));
    const int e = target - binade;
    double parts[scheme<F>::parts];
    scheme<F>::scaled_parts(c, x, e, parts);
    mpz_set_ui(sum, 0);
    for (const double part : parts) {
      ASSERT_EQ(part, std::trunc(part));
      mpz_set_d(t, part);
      mpz_add(sum, sum, t);
    }
    mpfr_value scaled = exact(x);
    mpfr_mul_2si(scaled.get(), scaled.get(), e, MPFR_RNDN);
    mpfr_round(scaled.get(), scaled.get());  // half away from zero
    mpfr_get_z(want, scaled.get(), MPFR_RNDN);
    ASSERT_EQ(mpz_cmp(sum, want), 0) << format_traits<F>::to_string(x) << " times 2^" << e;
  }
  mpz_clears(sum, t, want, nullptr);
}
TEST(OzakiRnsFormat, ScaledPartsRoundExactly) {
  static_assert(!scheme<rns848>::direct_digits && scheme<rns1696>::direct_digits, "parts up to 848 bits");
  scaled_parts_round_exactly<rns106>();
  scaled_parts_round_exactly<rns212>();
  scaled_parts_round_exactly<rns424>();
  scaled_parts_round_exactly<rns848>();
}

// The digits of x 2^e give round(x 2^e) (half away from zero) exactly, for scales that keep
// every bit, drop some (with a rounding carry) or drop all: integer-valued, below 2^35 in
// magnitude but the top one, zero beyond the count.
template <class F>
void scaled_digits_round_exactly() {
  constexpr int capacity = scheme<F>::max_digits;
  const auto c = host_context<F>();
  core::random_source rng(690);
  mpz_t sum, t, want;
  mpz_inits(sum, t, want, nullptr);
  for (int trial = 0; trial < 400; ++trial) {
    const F x = random_value<F>(rng, -200, 200);
    const int binade = scheme<F>::binade(c, x);
    // |x 2^e| below 2^(target + 1), for targets up to the format's longest integers, or far fewer
    // bits than x has.
    const int longest = blas::ozaki::digit_bits * capacity - 2;
    const int target =
        trial % 4 == 0 ? static_cast<int>(rng.integer(-3, 3)) : static_cast<int>(rng.integer(1, longest));
    const int e = target - binade;
    const int count = (target + 1 < 0 ? 0 : target + 1) / blas::ozaki::digit_bits + 1;
    const auto digits = scheme<F>::template scaled_digits<capacity>(c, x, e, count);
    mpz_set_ui(sum, 0);
    for (int j = capacity - 1; j >= 0; --j) {
      ASSERT_EQ(digits.d[j], std::trunc(digits.d[j])) << "digit " << j;
      if (j >= count) ASSERT_EQ(digits.d[j], 0.0) << "digit " << j << " beyond " << count;
      if (j + 1 < count) ASSERT_LE(std::abs(digits.d[j]), 0x1p35) << "digit " << j;
      mpz_mul_2exp(sum, sum, blas::ozaki::digit_bits);
      mpz_set_d(t, digits.d[j]);
      mpz_add(sum, sum, t);
    }
    mpfr_value scaled = exact(x);
    mpfr_mul_2si(scaled.get(), scaled.get(), e, MPFR_RNDN);
    mpfr_round(scaled.get(), scaled.get());  // half away from zero
    mpfr_get_z(want, scaled.get(), MPFR_RNDN);
    ASSERT_EQ(mpz_cmp(sum, want), 0) << format_traits<F>::to_string(x) << " times 2^" << e;
  }
  mpz_clears(sum, t, want, nullptr);
}
TEST(OzakiRnsFormat, ScaledDigitsRoundExactly) {
  scaled_digits_round_exactly<rns106>();
  scaled_digits_round_exactly<rns212>();
  scaled_digits_round_exactly<rns424>();
  scaled_digits_round_exactly<rns848>();
  scaled_digits_round_exactly<rns1696>();
}

// Trial t's integer below 2^(32 W), in x and as W words: one bit (t = 0), all ones (t = 1), else
// of a random length with its top bit set every third trial.
template <int W>
blas::ozaki::wide<W> random_integer(gmp_randstate_t state, int trial, mpz_t x) {
  const mp_bitcnt_t longest = 32 * W;
  const mp_bitcnt_t length = trial == 0 ? 1 : trial == 1 ? longest : 1 + gmp_urandomm_ui(state, longest);
  mpz_urandomb(x, state, length);
  if (trial % 3 == 0) mpz_setbit(x, length - 1);
  if (trial == 1) {
    mpz_set_ui(x, 0);
    mpz_setbit(x, longest);
    mpz_sub_ui(x, x, 1);
  }
  blas::ozaki::wide<W> w{};
  mpz_t rest;
  mpz_init_set(rest, x);
  for (int i = 0; i < W; ++i) {
    w.w[i] = mpz_get_ui(rest) & 0xffffffffu;
    mpz_tdiv_q_2exp(rest, rest, 32);
  }
  mpz_clear(rest);
  return w;
}

// from_integer truncates the integer to q bits toward zero, exactly (so within the conversion_unit
// 2^(1 - q) of it), with the RNS invariant, for integers of up to W words and both signs.
template <class F, int W>
void rebuild_truncates_to_q_bits() {
  const auto c = host_context<F>();
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 700 + scheme<F>::q);
  mpz_t x, kept;
  mpz_inits(x, kept, nullptr);
  for (int trial = 0; trial < 300; ++trial) {
    const auto w = random_integer<W>(state, trial, x);
    const bool negative = trial % 2 == 1;
    const int scale = static_cast<int>(gmp_urandomm_ui(state, 4001)) - 2000;
    const F got = scheme<F>::template from_integer<W>(c, w, negative, scale);
    ASSERT_EQ(format_traits<F>::invariant_violation(got), "") << "trial " << trial;
    // The exact truncation: drop the bits below the top q.
    const std::size_t bits = mpz_sgn(x) == 0 ? 0 : mpz_sizeinbase(x, 2);
    const long dropped = bits > static_cast<std::size_t>(scheme<F>::q) ? static_cast<long>(bits) - scheme<F>::q : 0;
    mpz_tdiv_q_2exp(kept, x, static_cast<mp_bitcnt_t>(dropped));
    mpfr_value want(static_cast<mpfr_prec_t>(scheme<F>::q + 64));
    mpfr_set_z(want.get(), kept, MPFR_RNDN);
    mpfr_mul_2si(want.get(), want.get(), scale + dropped, MPFR_RNDN);
    if (negative) mpfr_neg(want.get(), want.get(), MPFR_RNDN);
    const mpfr_value value = exact(got);
    ASSERT_TRUE(mpfr_equal_p(value.get(), want.get()) || (mpfr_zero_p(want.get()) && mpfr_zero_p(value.get())))
        << "trial " << trial << ": " << format_traits<F>::to_string(got);
  }
  mpz_clears(x, kept, nullptr);
  gmp_randclear(state);
}
TEST(OzakiRnsFormat, RebuildTruncatesToQBits) {
  rebuild_truncates_to_q_bits<rns106, 12>();
  rebuild_truncates_to_q_bits<rns212, 20>();
  rebuild_truncates_to_q_bits<rns424, 40>();
  rebuild_truncates_to_q_bits<rns848, 60>();
  rebuild_truncates_to_q_bits<rns1696, blas::ozaki::crt_words>();
}

// from_integer_times: alpha's integer times x exactly, truncated once to q bits (toward zero),
// with the RNS invariant, for both signs of each; alpha = 1 gives from_integer's bits, and alpha
// beyond the fold's binades the RNS product of alpha and from_integer's value.
template <class F, int W>
void alpha_times_the_integer_truncates_once() {
  const auto c = host_context<F>();
  core::random_source rng(710 + scheme<F>::q);
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 711 + scheme<F>::q);
  mpz_t x;
  mpz_init(x);
  for (int trial = 0; trial < 200; ++trial) {
    const auto w = random_integer<W>(state, trial, x);
    const bool negative = trial % 2 == 1;
    const int scale = static_cast<int>(gmp_urandomm_ui(state, 4001)) - 2000;
    F alpha = random_value<F>(rng, -300, 300);
    if (trial % 4 == 2) alpha.sign ^= 1;
    const auto f = scheme<F>::factor_of(c, alpha, false);
    ASSERT_TRUE(f.fold);
    const F got = scheme<F>::template from_integer_times<W>(c, f, w, negative, scale);
    ASSERT_EQ(format_traits<F>::invariant_violation(got), "") << "trial " << trial;
    mpfr_value want(static_cast<mpfr_prec_t>(32 * W + 2 * scheme<F>::q + 64));
    mpfr_set_z(want.get(), x, MPFR_RNDN);
    mpfr_mul(want.get(), want.get(), exact(alpha).get(), MPFR_RNDN);
    mpfr_mul_2si(want.get(), want.get(), scale, MPFR_RNDN);
    if (negative) mpfr_neg(want.get(), want.get(), MPFR_RNDN);
    mpfr_prec_round(want.get(), scheme<F>::q, MPFR_RNDZ);
    const mpfr_value value = exact(got);
    ASSERT_TRUE(mpfr_equal_p(value.get(), want.get()) || (mpfr_zero_p(want.get()) && mpfr_zero_p(value.get())))
        << "trial " << trial << ": " << format_traits<F>::to_string(got);
    const F rounded = scheme<F>::template from_integer<W>(c, w, negative, scale);
    const F one = from_double<F>(1.0);
    EXPECT_TRUE(same_bits<F>(
        scheme<F>::template from_integer_times<W>(c, scheme<F>::factor_of(c, one, true), w, negative, scale), rounded))
        << "alpha = 1, trial " << trial;
    F far = alpha;
    far.exp = trial % 2 ? rns::exponent_limit : -rns::exponent_limit;
    const auto unfolded = scheme<F>::factor_of(c, far, false);
    ASSERT_FALSE(unfolded.fold);
    EXPECT_TRUE(same_bits<F>(scheme<F>::template from_integer_times<W>(c, unfolded, w, negative, scale),
                             format_traits<F>::mul(c, far, rounded)))
        << "alpha beyond the fold, trial " << trial;
  }
  mpz_clear(x);
  gmp_randclear(state);
}
TEST(OzakiRnsFormat, AlphaTimesTheIntegerTruncatesOnce) {
  alpha_times_the_integer_truncates_once<rns106, 12>();
  alpha_times_the_integer_truncates_once<rns212, 20>();
  alpha_times_the_integer_truncates_once<rns424, 40>();
  alpha_times_the_integer_truncates_once<rns848, 60>();
  alpha_times_the_integer_truncates_once<rns1696, blas::ozaki::crt_words>();
}

// The default accuracy is the fewest bits within the FMA kernel's gamma_{k+2} for k >= 3.
template <class F>
void default_bits_within_the_fma_kernels_bound() {
  const mpfr_value fma_bound = core::product_error_factor(3, format_traits<F>::unit_roundoff());
  int fewest = 2 * scheme<F>::q;
  while (mpfr_cmp(blas::ozaki::product_factor<F>(fewest - 1).get(), fma_bound.get()) <= 0) --fewest;
  EXPECT_EQ(scheme<F>::default_bits, fewest) << format_traits<F>::name();
}
TEST(OzakiBound, RnsDefaultBitsWithinTheFmaKernelsBound) {
  default_bits_within_the_fma_kernels_bound<rns106>();
  default_bits_within_the_fma_kernels_bound<rns212>();
  default_bits_within_the_fma_kernels_bound<rns424>();
  default_bits_within_the_fma_kernels_bound<rns848>();
  default_bits_within_the_fma_kernels_bound<rns1696>();
}

}  // namespace
}  // namespace kamp::test

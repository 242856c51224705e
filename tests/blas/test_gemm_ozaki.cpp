// The Ozaki scheme II GEMM (blas/gemm_ozaki.hpp) for double, dd_real and qd_real on every backend
// (qd_real's products need the wide moduli: blas/ozaki/crt_basis.hpp): outputs against the exact
// MPFR GEMM within the scheme's bound (blas/ozaki/error_bound.hpp) on random, wide-range and
// cancelling operands in every trans combination; exact results where the integers hold the inputs
// exactly (x I = x, integer matrices); the same bits on every backend; the FMA kernel (or
// kamp::invalid_argument, C untouched) for Inf, NaN, exponent spreads beyond the moduli and results
// near overflow; argument errors named; a workspace that cannot fit raises kamp::allocation_error
// naming it, C untouched.
#include <gmp.h>

#include <limits>

#include "blas/gemm_ozaki.hpp"
#include "blas/ozaki/error_bound.hpp"
#include "core/memory_limit.hpp"
#include "tests/blas/ozaki_checks.hpp"

namespace kamp::test {
namespace {

using multi_double::dd_real;
using multi_double::qd_real;

constexpr int components(double) { return 1; }
constexpr int components(const dd_real&) { return 2; }
template <int N>
constexpr int components(const multi_double::expansion<N>&) {
  return N;
}

// A value of 53N bits (N components) in +-[2^(e-1), 2^e): exactly an integer times 2^(e - 53N).
// Component i >= 1 is a 52-bit integer below half the previous one's ulp.
template <class F>
F exact_significand(core::random_source& rng, int e) {
  double c[8] = {std::ldexp(1.0 + static_cast<double>(rng.next_u64() >> 12) * 0x1p-52, e - 1)};
  int unit = e - 53;  // of component 0
  const int n = components(F());
  for (int i = 1; i < n; ++i) {
    c[i] = std::ldexp(static_cast<double>(rng.next_u64() >> 12), unit - 1 - 52) * ((rng.next_u64() & 1) ? 1 : -1);
    unit -= 53;
  }
  F x;
  if constexpr (std::is_same<F, double>::value)
    x = c[0];
  else if constexpr (std::is_same<F, dd_real>::value)
    x = dd_real(c[0], c[1]);
  else
    for (int i = 0; i < n; ++i) x.c[i] = c[i];
  return (rng.next_u64() & 1) ? x : -x;
}

constexpr double leading(double x) { return x; }
constexpr double leading(const dd_real& x) { return x.hi; }
template <int N>
constexpr double leading(const multi_double::expansion<N>& x) {
  return x.c[0];
}

constexpr int default_bits(double) { return 53; }
constexpr int default_bits(const dd_real&) { return 104; }
template <int N>
constexpr int default_bits(const multi_double::expansion<N>&) {
  return 52 * N;
}

KAMP_BACKEND_TEST_SUITE(OzakiGemm);

// Each test body runs for double and dd_real (narrow moduli only at their default bits) and
// qd_real (wide ones too).
#define KAMP_OZAKI_TEST(Name, function) \
  TYPED_TEST(OzakiGemm, Name) {         \
    function<TypeParam, double>();      \
    function<TypeParam, dd_real>();     \
    function<TypeParam, qd_real>();     \
  }

template <class Space, class F>
void random_operands_within_the_bound() {
  expect_random_operands_within_the_bound<Space, F>(500, 13, 11, 37, default_bits(F()), components(F()) > 2);
}
KAMP_OZAKI_TEST(RandomOperandsWithinTheBound, random_operands_within_the_bound)

template <class Space, class F>
void wide_range_and_cancelling_rows() {
  auto p = random_problem<F>(520, 9, 7, 40, -1, 1, false);
  core::random_source rng(521);
  for (std::int64_t l = 0; l < p.k; ++l) {
    p.op_a[static_cast<std::size_t>(0 + l * p.m)] = random_value<F>(rng, -30, 30);  // a row over 60 binades
    p.op_b[static_cast<std::size_t>(l + 1 * p.k)] = random_value<F>(rng, -20, 20);  // a column over 40
    // Row 1 cancels against column 0 exactly: its second half is the negated first half.
    p.op_a[static_cast<std::size_t>(1 + l * p.m)] =
        l < p.k / 2 ? random_value<F>(rng, -2, 2) : -p.op_a[static_cast<std::size_t>(1 + (l - p.k / 2) * p.m)];
  }
  for (std::int64_t l = p.k / 2; l < p.k; ++l)
    p.op_b[static_cast<std::size_t>(l)] = p.op_b[static_cast<std::size_t>(l - p.k / 2)];
  // Row 2 cancels in part: huge terms of both signs and small ones.
  for (std::int64_t l = 0; l < p.k; ++l)
    p.op_a[static_cast<std::size_t>(2 + l * p.m)] =
        l % 2 ? random_value<F>(rng, 50, 50) : random_value<F>(rng, -10, -5);
  blas::ozaki::report report;
  const auto got = run<Space>(p, 'N', 'T', {}, &report);
  ASSERT_TRUE(report.scheme) << report.reason;
  EXPECT_GE(report.range_a, 50);
  EXPECT_GE(report.range_b, 30);
  expect_within_bound(p, got, default_bits(F()), "wide and cancelling");
  // The exactly cancelling output is the beta C term alone up to the bound; with beta = 0 it is 0
  // (alpha times +0).
  p.beta = F(0.0);
  const auto zero = run<Space>(p, 'N', 'N', {});
  EXPECT_EQ(mpfr_sgn(format_traits<F>::to_mpfr(zero[1 + 0 * p.m]).get()), 0);
}
KAMP_OZAKI_TEST(WideRangeAndCancellingRows, wide_range_and_cancelling_rows)

// A long inner dimension (k = 4096: 12 more bits of products, more moduli) with cancelling terms:
// within the bound.
template <class Space, class F>
void long_inner_dimension_within_the_bound() {
  auto p = random_problem<F>(525, 3, 2, 4096, -2, 2, false);
  for (std::int64_t l = p.k / 2; l < p.k; ++l)  // row 0 cancels against column 0 but for one term
    p.op_a[static_cast<std::size_t>(l * p.m)] =
        l == p.k - 1 ? F(1.0) : -p.op_a[static_cast<std::size_t>((l - p.k / 2) * p.m)];
  for (std::int64_t l = p.k / 2; l < p.k; ++l)
    p.op_b[static_cast<std::size_t>(l)] = p.op_b[static_cast<std::size_t>(l - p.k / 2)];
  blas::ozaki::report report;
  const auto got = run<Space>(p, 'T', 'N', {}, &report);
  ASSERT_TRUE(report.scheme) << report.reason;
  expect_within_bound(p, got, default_bits(F()), "k = 4096");
}
KAMP_OZAKI_TEST(LongInnerDimensionWithinTheBound, long_inner_dimension_within_the_bound)

template <class Space, class F>
void fewer_bits_fewer_moduli_looser_bound() {
  const auto p = random_problem<F>(530, 10, 12, 33, -1, 1, false);
  blas::ozaki::report full, low;
  const auto got_full = run<Space>(p, 'N', 'N', {}, &full);
  blas::ozaki::options opts;
  opts.bits = std::is_same<F, double>::value ? 26 : 53;
  const auto got_low = run<Space>(p, 'N', 'N', opts, &low);
  ASSERT_TRUE(full.scheme && low.scheme);
  EXPECT_LT(low.moduli, full.moduli);
  EXPECT_EQ(low.bits, opts.bits);
  expect_within_bound(p, got_low, opts.bits, "fewer bits");
  expect_within_bound(p, got_full, default_bits(F()), "default bits");
}
KAMP_OZAKI_TEST(FewerBitsFewerModuliLooserBound, fewer_bits_fewer_moduli_looser_bound)

// Normwise (options::bound): the vectors' spreads cost no moduli (bits_a = bits) and every output
// is within the normwise bound, on rows and columns spread over 60 binades with cancelling
// terms, in every trans, with and without beta, at the default bits and at 20 (where the errors
// are large against both bounds).
template <class Space, class F>
void normwise_spreads_cost_no_moduli() {
  std::uint64_t seed = 540;
  for (const int bits : {default_bits(F()), 20})
    for (const char ta : {'N', 'T'})
      for (const char tb : {'N', 'T'}) {
        auto p = random_problem<F>(seed++, 9, 7, 40, -30, 30, ta == tb);
        for (std::int64_t l = p.k / 2; l < p.k; ++l)  // row 0 cancels against column 0
          p.op_a[static_cast<std::size_t>(l * p.m)] = -p.op_a[static_cast<std::size_t>((l - p.k / 2) * p.m)];
        for (std::int64_t l = p.k / 2; l < p.k; ++l)
          p.op_b[static_cast<std::size_t>(l)] = p.op_b[static_cast<std::size_t>(l - p.k / 2)];
        const auto normwise = expect_normwise_within_the_bound_on_fewer_moduli<Space>(p, ta, tb, bits);
        EXPECT_GE(normwise.range_a, 40);
        EXPECT_GE(normwise.range_b, 40);
      }
}
KAMP_OZAKI_TEST(NormwiseSpreadsCostNoModuli, normwise_spreads_cost_no_moduli)

template <class F>
mpfr_value exact(const F& x) {
  return format_traits<F>::to_mpfr(x);
}

// With 53N bits (N components) every input of a 53N-bit significand is an exact integer of its
// scale, so the sums are exact: x I = x and integer matrices multiply exactly.
template <class Space, class F>
void exact_where_the_integers_are_exact() {
  core::random_source rng(540);
  const std::int64_t m = 6, k = 9;
  gemm_problem<F> p{m, k, k, {}, {}, std::vector<F>(static_cast<std::size_t>(m * k), F(0.0)), F(1.0), F(0.0)};
  for (std::int64_t e = 0; e < m * k; ++e)
    p.op_a.push_back(exact_significand<F>(rng, static_cast<int>(rng.integer(-8, 8))));
  for (std::int64_t j = 0; j < k; ++j)
    for (std::int64_t l = 0; l < k; ++l) p.op_b.push_back(F(l == j ? 1.0 : 0.0));
  blas::ozaki::options opts;
  opts.bits = 53 * components(F()) + 16;  // the exponents spread up to 16 binades in a row
  const auto got = run<Space>(p, 'N', 'N', opts);
  for (std::size_t e = 0; e < got.size(); ++e)
    EXPECT_EQ(mpfr_cmp(exact(got[e]).get(), exact(p.op_a[e]).get()), 0) << "x I at " << e;
  // Integers below 2^40 (2^24 for double, whose sums must fit 53 bits): every product and sum is
  // exact in the scheme, and the result fits.
  const int range = std::is_same<F, double>::value ? 1 << 14 : 1 << 30;
  gemm_problem<F> q{7, 5, 30, {}, {}, std::vector<F>(35, F(0.0)), F(1.0), F(0.0)};
  for (int e = 0; e < 7 * 30; ++e) q.op_a.push_back(F(static_cast<double>(rng.integer(-range, range)) * 1024));
  for (int e = 0; e < 30 * 5; ++e) q.op_b.push_back(F(static_cast<double>(rng.integer(-range, range))));
  const auto product = run<Space>(q, 'T', 'N', {});
  for (std::int64_t j = 0; j < 5; ++j)
    for (std::int64_t i = 0; i < 7; ++i) {
      mpz_t sum, t;
      mpz_init(sum);
      mpz_init(t);
      for (std::int64_t l = 0; l < 30; ++l) {
        mpz_set_d(t, leading(q.op_a[static_cast<std::size_t>(i + l * 7)]));
        mpz_mul_si(t, t, static_cast<long>(leading(q.op_b[static_cast<std::size_t>(l + j * 30)])));
        mpz_add(sum, sum, t);
      }
      mpfr_value exact(256);
      mpfr_set_z(exact.get(), sum, MPFR_RNDN);
      mpz_clear(sum);
      mpz_clear(t);
      EXPECT_EQ(mpfr_cmp(format_traits<F>::to_mpfr(product[static_cast<std::size_t>(i + j * 7)]).get(), exact.get()), 0)
          << "integer product C(" << i << ", " << j << ")";
    }
}
KAMP_OZAKI_TEST(ExactWhereTheIntegersAreExact, exact_where_the_integers_are_exact)

// The scheme's arithmetic is exact up to the final rounding: every backend gives the same bits.
template <class Space, class F>
void same_bits_on_every_backend() {
  expect_the_reference_backends_bits<Space>(random_problem<F>(550, 17, 19, 45, -4, 4, false));
}
KAMP_OZAKI_TEST(SameBitsOnEveryBackend, same_bits_on_every_backend)

// Operands the scheme cannot cover: the FMA kernel's bits, or kamp::invalid_argument with C as it was.
template <class Space, class F>
void uncovered_operands_fall_back_or_raise() {
  struct uncovered_case {
    const char* name;
    int row_lo, row_hi;  // exponents of row 0 of op(A)
    double special;      // put into op(A)(1, 2) when not 0
  };
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& c : {uncovered_case{"Inf", -1, 1, inf}, uncovered_case{"NaN", -1, 1, nan},
                        uncovered_case{"exponent spread", -700, 1, 0.0}, uncovered_case{"overflow", 1018, 1021, 0.0}}) {
    auto p = random_problem<F>(560, 5, 4, 12, -1, 1, false);
    core::random_source rng(561);
    for (std::int64_t l = 0; l < p.k; ++l)
      p.op_a[static_cast<std::size_t>(l * p.m)] =
          random_value<F>(rng, l == 0 ? c.row_lo : c.row_hi, l == 0 ? c.row_lo : c.row_hi);
    if (c.special != 0) p.op_a[static_cast<std::size_t>(1 + 2 * p.m)] = F(c.special);
    expect_fma_kernel<Space>(p, "", c.name);
  }
}
KAMP_OZAKI_TEST(UncoveredOperandsFallBackOrRaise, uncovered_operands_fall_back_or_raise)

template <class Space, class F>
void bad_arguments_are_named() {
  const auto A = on<Space>(std::vector<F>(20, F(1.0)), "A");
  const auto C = on<Space>(std::vector<F>(20, F(1.0)), "C");
  const F one(1.0);
  expect_invalid_argument("trans_a", [&] { blas::gemm_ozaki(Space(), 'X', 'N', 4, 4, 4, one, A, 4, A, 4, one, C, 4); });
  expect_invalid_argument("lda", [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 3, A, 4, one, C, 4); });
  expect_invalid_argument("C", [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 4, A, 4, one, C, 6); });
  for (const int bits : {-1, blas::ozaki::scheme_format<F>::max_bits + 1}) {
    blas::ozaki::options opts;
    opts.bits = bits;
    expect_invalid_argument("opts.bits",
                            [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 4, A, 4, one, C, 4, opts); });
  }
}
KAMP_OZAKI_TEST(BadArgumentsAreNamed, bad_arguments_are_named)

// Depths beyond 131071, where sums of residue products could pass 2^31 (the pair residues'
// contract, blas/ozaki/residues.hpp), go to the FMA kernel with the reason, on the host as on the GPU.
template <class Space>
void depths_beyond_exact_int32_sums_fall_back() {
  const std::int64_t k = 131072;
  const auto A = on<Space>(std::vector<double>(static_cast<std::size_t>(k), 1.0), "A");
  const auto B = on<Space>(std::vector<double>(static_cast<std::size_t>(k), 0.5), "B");
  const auto C = on<Space>(std::vector<double>(1, 0.0), "C");
  const auto report = blas::gemm_ozaki(Space(), 'N', 'N', 1, 1, k, 1.0, A, 1, B, k, 0.0, C, 1);
  EXPECT_FALSE(report.scheme);
  EXPECT_NE(report.reason.find("k = 131072 exceeds the exact accumulation depth 131071"), std::string::npos)
      << report.reason;
  EXPECT_EQ(copy_to_host(C)[0], 65536.0);
}
TYPED_TEST(OzakiGemm, DepthsBeyondExactInt32SumsFallBack) { depths_beyond_exact_int32_sums_fall_back<TypeParam>(); }

// n = 256 (larger than every GEMM above, so no workspace kept from them holds it) under a cap of
// 1 MiB: the operands are allocated before the cap; op(A)'s residues beside one column block of
// op(B)'s and their products, several MiB on every backend, are not.
template <class Space>
void a_workspace_that_cannot_fit_is_named() {
  const auto p = random_problem<dd_real>(570, 256, 256, 256, -1, 1, false);
  const auto A = on<Space>(p.op_a, "A"), B = on<Space>(p.op_b, "B"), C = on<Space>(p.c, "C");
  try {
    const core::scoped_allocatable_cap cap(std::uint64_t(1) << 20);
    blas::gemm_ozaki(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, p.m, B, p.k, p.beta, C, p.m);
    ADD_FAILURE() << "no kamp::allocation_error";
  } catch (const allocation_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("kamp::blas::gemm (Ozaki scheme): cannot allocate the workspace of "), std::string::npos)
        << what;
    EXPECT_NE(what.find("moduli for m = 256, n = 256, k = 256, even in blocks of "), std::string::npos) << what;
    EXPECT_GT(e.requested_bytes(), static_cast<double>(std::uint64_t(1) << 20)) << what;
    EXPECT_LE(e.free_bytes(), std::uint64_t(1) << 20) << what;
  }
  const auto untouched = copy_to_host(C);
  for (std::size_t e = 0; e < untouched.size(); ++e)
    ASSERT_TRUE(same_bits<dd_real>(untouched[e], p.c[e])) << "C written at " << e;
  // Without the cap the same call runs.
  const auto report = blas::gemm_ozaki(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, p.m, B, p.k, p.beta, C, p.m);
  EXPECT_TRUE(report.scheme) << report.reason;
}
TYPED_TEST(OzakiGemm, AWorkspaceThatCannotFitIsNamed) { a_workspace_that_cannot_fit_is_named<TypeParam>(); }

// A workspace that fits only in column blocks: the GEMM runs in blocks (op(B)'s and C's columns
// at an offset, C with ldc = m + 2) and gives the bits of the unblocked GEMM, for both storages of
// op(B); where not even one block of the residue GEMM's alignment fits, allocation_error names it.
template <class Space, class F>
void a_workspace_too_large_runs_in_column_blocks_with_the_same_bits() {
  using engine = typename blas::ozaki::residue_products<Space>::type;
  const auto padded = [](std::int64_t size) {
    return (size + engine::alignment - 1) / engine::alignment * engine::alignment;
  };
  const auto p = random_problem<F>(580, 24, 100, 40, -3, 3, false);
  for (const char tb : {'N', 'T'}) {
    blas::ozaki::report whole;
    const auto want = run<Space>(p, 'T', tb, {}, &whole);
    ASSERT_TRUE(whole.scheme) << whole.reason;
    EXPECT_EQ(whole.column_blocks, 1);
    // The plan's workspace for `width` columns (gemm_plan::new_workspace_bytes of a fresh plan).
    const auto bytes = [&](std::int64_t width) {
      const double depth = static_cast<double>(padded(p.k)), ld = static_cast<double>(padded(p.m)),
                   w = static_cast<double>(padded(width));
      return static_cast<std::uint64_t>(whole.planes *
                                        ((ld * depth + w * depth) * sizeof(typename engine::residue_type) +
                                         w * ld * sizeof(typename engine::product_type)));
    };
    blas::ozaki::report blocked;
    std::vector<F> got;
    {
      const core::scoped_allocatable_cap cap(bytes(p.n / 4));
      got = run<Space>(p, 'T', tb, {}, &blocked);
    }
    ASSERT_TRUE(blocked.scheme) << blocked.reason;
    EXPECT_GE(blocked.column_blocks, 4) << "op(B) " << tb;
    for (std::size_t e = 0; e < got.size(); ++e)
      ASSERT_TRUE(same_bits<F>(got[e], want[e])) << "op(B) " << tb << ", output " << e;
    try {
      const core::scoped_allocatable_cap cap(bytes(engine::alignment) - 1);
      run<Space>(p, 'T', tb, {});
      ADD_FAILURE() << "no kamp::allocation_error";
    } catch (const allocation_error& e) {
      EXPECT_NE(std::string(e.what()).find("n = 100, k = 40, even in blocks of " + std::to_string(engine::alignment) +
                                           " column(s)"),
                std::string::npos)
          << e.what();
    }
  }
}
KAMP_OZAKI_TEST(AWorkspaceTooLargeRunsInColumnBlocksWithTheSameBits,
                a_workspace_too_large_runs_in_column_blocks_with_the_same_bits)

// The default accuracy is within the FMA kernel's gamma_{k+2} for k >= 3.
template <class F>
void default_bits_within_the_fma_kernels_bound() {
  const mpfr_value fma_bound = core::product_error_factor(3, format_traits<F>::unit_roundoff());
  EXPECT_LE(mpfr_cmp(blas::ozaki::product_factor<F>(default_bits(F())).get(), fma_bound.get()), 0)
      << format_traits<F>::name();
  EXPECT_GT(mpfr_cmp(blas::ozaki::product_factor<F>(default_bits(F()) - 1).get(), fma_bound.get()), 0)
      << format_traits<F>::name() << ": the default is the fewest bits within the bound";
  EXPECT_GE(mpfr_cmp(blas::ozaki::beta_factor<F>().get(), mpfr_value(0.0, 53).get()), 0);
  EXPECT_LE(mpfr_cmp(blas::ozaki::beta_factor<F>().get(), fma_bound.get()), 0);
}
TEST(OzakiBound, DefaultBitsWithinTheFmaKernelsBound) {
  default_bits_within_the_fma_kernels_bound<double>();
  default_bits_within_the_fma_kernels_bound<dd_real>();
  default_bits_within_the_fma_kernels_bound<qd_real>();
  default_bits_within_the_fma_kernels_bound<multi_double::expansion<3>>();
  default_bits_within_the_fma_kernels_bound<multi_double::expansion<8>>();
}

}  // namespace
}  // namespace kamp::test

namespace kamp::test {
namespace {

// The reconstruction on its own (host): random integers x with |x| < P/2, from their residues
// (a narrow pair's from two INT32-sized integers congruent to x modulo its moduli, as the combine
// gets them) back to the format (blas/ozaki/value_format.hpp), within its conversion_unit |x| of x
// (exact when x has at most 53N significant bits, N components; 106 for dd_real) and with the
// format's invariant; residues of integer parts up to 2^700 against GMP; the wide moduli's digit
// split.
template <class F, int W>
void rebuild_integers(int count) {
  using format = blas::ozaki::scheme_format<F>;
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, 570 + count);
  {
    const auto basis = blas::ozaki::make_crt_basis(count);
    ASSERT_LE(blas::ozaki::words_for(count), W);
    mpz_t p, x, r, half;
    mpz_inits(p, x, r, half, nullptr);
    mpz_set_ui(p, 1);
    for (const int m : basis.moduli) mpz_mul_ui(p, p, static_cast<unsigned long>(m));
    mpz_tdiv_q_2exp(half, p, 1);
    for (int trial = 0; trial < (count > blas::ozaki::narrow_moduli ? 60 : 200); ++trial) {  // fewer of the long ones
      // Magnitudes across the whole range, the extremes P/2 - 1 and small values included.
      if (trial == 0)
        mpz_sub_ui(x, half, 1);
      else if (trial == 1)
        mpz_set_si(x, -1);
      else {
        mpz_urandomm(x, state, half);
        mpz_tdiv_q_2exp(x, x, static_cast<mp_bitcnt_t>(trial % 97));
        if (trial % 2) mpz_neg(x, x);
      }
      // A narrow pair's residue from h_0, h_1 = x mod m plus a random multiple of m below 2^31
      // in magnitude (the largest in trial 2), within [0, M); a wide modulus' representative
      // in [0, 2 m) as the combine takes them: r, or r + m for a random half (every one r + m in
      // trial 2, the largest sum).
      blas::ozaki::wide<W> acc{};
      const int narrow = std::min(count, blas::ozaki::narrow_moduli);
      for (int g = 0; g < blas::ozaki::narrow_pairs(count); ++g) {
        double h[2] = {0, 0};
        for (int t = 0; t < 2 && 2 * g + t < narrow; ++t) {
          const long m = basis.moduli[static_cast<std::size_t>(2 * g + t)];
          mpz_fdiv_r_ui(r, x, static_cast<unsigned long>(m));
          const long most = ((1L << 31) - 1 - static_cast<long>(mpz_get_ui(r))) / m;
          const long q = trial == 2
                             ? most
                             : static_cast<long>(gmp_urandomm_ui(state, static_cast<unsigned long>(2 * most))) - most;
          h[t] = static_cast<double>(static_cast<long>(mpz_get_ui(r)) + q * m);
        }
        const auto& c = basis.pairs[static_cast<std::size_t>(g)];
        const double residue = blas::ozaki::pair_residue(h[0], h[1], c);
        ASSERT_TRUE(residue >= 0 && residue < c.modulus && residue == std::floor(residue)) << "pair " << g;
        for (int w = 0; w < W; ++w)
          acc.w[w] += static_cast<std::uint64_t>(residue) *
                      basis.pair_weights[static_cast<std::size_t>(g * blas::ozaki::crt_words + w)];
      }
      for (int l = narrow; l < count; ++l) {
        mpz_fdiv_r_ui(r, x, static_cast<unsigned long>(basis.moduli[l]));
        if (trial == 2 || (trial > 2 && gmp_urandomb_ui(state, 1) == 1))
          mpz_add_ui(r, r, static_cast<unsigned long>(basis.moduli[l]));
        for (int w = 0; w < W; ++w)
          acc.w[w] +=
              mpz_get_ui(r) * basis.weights[static_cast<std::size_t>((l - narrow) * blas::ozaki::crt_words + w)];
      }
      blas::ozaki::carry(acc);
      blas::ozaki::reduce_mod(acc, basis.product.data(), basis.product_reciprocal, basis.product_shift);
      const bool negative = blas::ozaki::at_least(acc, basis.half.data());
      if (negative) blas::ozaki::complement(acc, basis.product.data());
      // Scaled by 2^-7, or into the double range where x is larger.
      const int scale = -7 - std::max(0, static_cast<int>(mpz_sizeinbase(x, 2)) - 1000);
      const F got = format::template from_integer<W>({}, acc, negative, scale);
      mpfr_value exact(2048), error(2048), allowed(2048);
      mpfr_set_z(exact.get(), x, MPFR_RNDN);
      mpfr_mul_2si(exact.get(), exact.get(), scale, MPFR_RNDN);
      mpfr_sub(error.get(), format_traits<F>::to_mpfr(got).get(), exact.get(), MPFR_RNDN);
      mpfr_abs(error.get(), error.get(), MPFR_RNDN);
      mpfr_abs(allowed.get(), exact.get(), MPFR_RNDN);
      mpfr_mul_d(allowed.get(), allowed.get(), format::conversion_factor, MPFR_RNDU);
      mpfr_mul_2si(allowed.get(), allowed.get(), format::conversion_exponent, MPFR_RNDU);
      ASSERT_LE(mpfr_cmp(error.get(), allowed.get()), 0) << "count " << count << " trial " << trial;
      const std::size_t exact_bits = components(F()) == 2 ? 106 : 53 * components(F());
      if (mpz_sizeinbase(x, 2) <= exact_bits)
        ASSERT_EQ(mpfr_sgn(error.get()), 0) << "count " << count << " trial " << trial;
      ASSERT_EQ(format_traits<F>::invariant_violation(got), "") << "count " << count << " trial " << trial;
    }
    mpz_clears(p, x, r, half, nullptr);
  }
  gmp_randclear(state);
}

// With the word counts the reconstruction instantiates (gemm_plan::combine): double's and
// dd_real's narrow moduli, qd_real's, expansion<8>'s and RNS 848's wide ones, and all of them.
TEST(OzakiCrt, ResiduesRebuildTheInteger) {
  using blas::ozaki::crt_words;
  using blas::ozaki::max_moduli;
  rebuild_integers<double, 4>(1);
  rebuild_integers<double, 6>(16);
  rebuild_integers<double, 12>(49);
  rebuild_integers<dd_real, 4>(1);
  rebuild_integers<dd_real, 4>(2);
  rebuild_integers<dd_real, 4>(13);
  rebuild_integers<dd_real, 8>(23);
  rebuild_integers<dd_real, 12>(49);
  rebuild_integers<qd_real, 16>(52);
  rebuild_integers<qd_real, 20>(60);
  rebuild_integers<multi_double::expansion<8>, 40>(113);
  rebuild_integers<dd_real, 60>(147);  // RNS 848's default, P beyond 2^1024 (reduce_mod's shift)
  rebuild_integers<dd_real, crt_words>(max_moduli);
  for (const int count : {1, 13, 49, 52, 60, 113, 147, max_moduli})
    EXPECT_LE(blas::ozaki::words_for(count), count <= 13    ? 4
                                             : count <= 49  ? 12
                                             : count <= 52  ? 16
                                             : count <= 60  ? 20
                                             : count <= 113 ? 40
                                             : count <= 147 ? 60
                                                            : crt_words)
        << count;
}

TEST(OzakiCrt, ResiduesOfScaledIntegers) {
  // Integers as the residue kernel gets them from a qd_real (blas/ozaki/value_format.hpp): five
  // parts, the first up to 2^700 with a 53-bit significand, each next one below 2^-52 of the one
  // before, the last (the fractions' sum) small, all signs; residues modulo every modulus from
  // their signed digits.
  core::random_source rng(580);
  const auto basis = blas::ozaki::make_crt_basis(blas::ozaki::max_moduli);
  using blas::ozaki::max_digits;
  mpz_t z, t, r;
  mpz_inits(z, t, r, nullptr);
  for (int trial = 0; trial < 1500; ++trial) {
    const int e = static_cast<int>(rng.integer(0, 700));
    double parts[5];
    mpz_set_ui(z, 0);
    for (int i = 0; i < 5; ++i) {
      const double sign = (rng.next_u64() & 1) ? 1 : -1;
      parts[i] =
          i == 4 ? sign * static_cast<double>(rng.integer(0, 2))
                 : sign * std::trunc(std::ldexp(1.0 + static_cast<double>(rng.next_u64() >> 12) * 0x1p-52, e - 52 * i));
      mpz_set_d(t, parts[i]);
      mpz_add(z, z, t);
    }
    const int beta = e + 1;  // |sum| < 2^(beta + 1)
    const int count = (beta + 1) / blas::ozaki::digit_bits + 1;
    ASSERT_LE(count, blas::ozaki::max_digits);
    const auto digits = blas::ozaki::digits_of(parts, count);
    for (int j = 0; j + 1 < count; ++j) ASSERT_LE(std::abs(digits.d[j]), 0x1p35) << "digit " << j << " of " << e;
    for (int l = 0; l < basis.count; ++l) {
      const int m = basis.moduli[l];
      double w[max_digits];
      for (int j = 0; j < max_digits; ++j) w[j] = basis.digit_weights[static_cast<std::size_t>(l * max_digits + j)];
      const double near = blas::ozaki::near_residue(digits, count, m, 1.0 / m, w);
      ASSERT_LE(std::abs(near), m / 2.0 + 1) << "2^" << e << " integer mod " << m;
      const int got = blas::ozaki::exact_int(near);
      ASSERT_EQ(static_cast<double>(got), near);
      mpz_fdiv_r_ui(r, z, static_cast<unsigned long>(m));
      ASSERT_EQ(((got - static_cast<int>(mpz_get_ui(r))) % m + m) % m, 0) << "2^" << e << " integer mod " << m;
      if (l < blas::ozaki::narrow_moduli) {
        ASSERT_LE(std::abs(got), m == 256 ? 128 : (m - 1) / 2) << "2^" << e << " integer mod " << m;
        const int s = blas::ozaki::narrow_residue(got);
        ASSERT_TRUE(s >= -128 && s <= 127 && (s - got) % m == 0) << s << " for " << got << " mod " << m;
      } else {
        ASSERT_LT(std::abs(got), 8192) << m;
      }
    }
  }
  mpz_clears(z, t, r, nullptr);
}

// The near remainder at the ends of its contract: |x| up to 2^51 - 1, x/m within one unit of a
// half or of an integer, both signs; every modulus.
TEST(OzakiCrt, NearRemaindersStayWithinOneOfHalfTheModulus) {
  for (int l = 0; l < blas::ozaki::max_moduli; ++l) {
    const int m = blas::ozaki::modulus(l);
    const double inverse = 1.0 / m;
    const double top = std::floor((0x1p51 - 1) / m);  // the largest quotient below 2^51
    for (const double q : {0.0, 1.0, 12345.0, std::floor(top / 3), top - 1}) {
      for (const double offset : {0.0, 1.0, -1.0, std::floor(m / 2.0), std::ceil(m / 2.0), m / 2.0 + 1, m - 1.0}) {
        for (const double sign : {1.0, -1.0}) {
          const double x = sign * (q * m + offset);
          if (std::abs(x) >= 0x1p51) continue;
          const double r = blas::ozaki::near_remainder(x, m, inverse);
          ASSERT_LE(std::abs(r), m / 2.0 + 1) << x << " mod " << m;
          ASSERT_EQ(std::fmod(x - r, static_cast<double>(m)), 0.0) << x << " mod " << m;
        }
      }
    }
    for (const double x : {0x1p51 - 1, -(0x1p51 - 1)}) {
      const double r = blas::ozaki::near_remainder(x, m, inverse);
      ASSERT_LE(std::abs(r), m / 2.0 + 1) << x << " mod " << m;
      ASSERT_EQ(std::fmod(x - r, static_cast<double>(m)), 0.0) << x << " mod " << m;
    }
  }
}

// Below 2^46 (a narrow modulus' sums in near_residue) the quotient of an odd modulus is exact:
// x/m nearest a half-integer, both signs, up to the bound, leaves |r| <= (m - 1) / 2, so that the
// low byte is the residue (narrow_residue); 256's remainders reach +-128, whose bytes are -128.
TEST(OzakiCrt, NarrowNearRemaindersAreTheirOwnBytes) {
  for (int l = 0; l < blas::ozaki::narrow_moduli; ++l) {
    const int m = blas::ozaki::modulus(l);
    const double inverse = 1.0 / m, half = std::floor(m / 2.0);
    const double top = std::floor(0x1p46 / m) - 1;
    for (const double q : {0.0, 1.0, 977.0, std::floor(top / 7), top - 1, top}) {
      for (const double offset : {0.0, half, half + 1, m - 1.0}) {
        for (const double sign : {1.0, -1.0}) {
          const double x = sign * (q * m + offset);
          const int r = blas::ozaki::exact_int(blas::ozaki::near_remainder(x, m, inverse));
          ASSERT_LE(std::abs(r), m == 256 ? 128 : (m - 1) / 2) << x << " mod " << m;
          const int s = blas::ozaki::narrow_residue(r);
          ASSERT_TRUE(s >= -128 && s <= 127) << s;
          ASSERT_EQ(std::fmod(x - s, static_cast<double>(m)), 0.0) << x << " mod " << m << ": " << s;
        }
      }
    }
  }
}

// The conversions by 2^52-scale constants against the plain casts, at the ends of their ranges.
TEST(OzakiCrt, ExactConversionsMatchTheCasts) {
  for (const std::int32_t p : {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::min() + 1,
                               -1, 0, 1, 127, -128, std::numeric_limits<std::int32_t>::max()}) {
    EXPECT_EQ(blas::ozaki::exact_double(p), static_cast<double>(p)) << p;
    EXPECT_EQ(blas::ozaki::exact_int(static_cast<double>(p)), p) << p;
  }
  for (const std::uint64_t w :
       {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0xffffffffu}, std::uint64_t{0x80000000u}})
    EXPECT_EQ(blas::ozaki::word_as_double(w), static_cast<double>(w)) << w;
  for (const int e : {-1074, -1060, -1023, -1022, -1021, 0, 1000, 1023, 1024})
    for (const double t : {1.0, 3.0, 0x1.fffffffffffffp52, 0x1p52 + 1})
      EXPECT_EQ(blas::ozaki::times_power_of_two(t, e), std::ldexp(t, e)) << t << " 2^" << e;
}

// Every symmetric residue of a wide modulus splits into INT8 digits whose sum is an INT8 too.
TEST(OzakiCrt, WideResiduesSplitIntoInt8Digits) {
  for (int l = blas::ozaki::narrow_moduli; l < blas::ozaki::max_moduli; ++l) {
    const int m = blas::ozaki::modulus(l);
    ASSERT_TRUE(m > 8192 && m < 16384) << m;
    for (int s = -(m - 1) / 2; s <= m / 2; ++s) {
      const auto d = blas::ozaki::split_wide(s);
      ASSERT_EQ(128 * d.high + d.low, s);
      ASSERT_TRUE(d.low >= -64 && d.low < 64 && std::abs(d.high) <= 64 && std::abs(d.high + d.low) <= 127) << s;
    }
  }
}

}  // namespace
}  // namespace kamp::test

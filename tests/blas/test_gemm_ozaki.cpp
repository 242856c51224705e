// The Ozaki scheme II dd_real GEMM (blas/gemm_ozaki.hpp) on every backend: outputs against the
// exact MPFR GEMM within the scheme's bound (blas/ozaki/error_bound.hpp) on random, wide-range
// and cancelling operands in every trans combination; exact results where the integers hold
// the inputs exactly (x I = x, integer matrices); the same bits on every backend; the FMA kernel
// (or kamp::invalid_argument, C untouched) for Inf, NaN, exponent spreads beyond the moduli and
// results near overflow; argument errors named; a workspace that cannot fit raises
// kamp::allocation_error naming it, C untouched.
#include <gmp.h>

#include "blas/gemm_ozaki.hpp"
#include "blas/ozaki/error_bound.hpp"
#include "core/memory_limit.hpp"
#include "tests/blas/product_checks.hpp"

namespace kamp::test {
namespace {

using dd::dd_real;
using F = dd_real;

template <class Space>
using dd_array = array_t<F, typename Space::memory_space>;

// A column-major op(X) (rows x cols) stored as X with X's leading dimension ld.
struct stored_matrix {
  std::vector<dd_real> values;
  std::int64_t ld;
};

stored_matrix store(const std::vector<dd_real>& op, std::int64_t rows, std::int64_t cols, bool transposed,
                    std::int64_t pad) {
  const std::int64_t ld = (transposed ? cols : rows) + pad;
  stored_matrix s{std::vector<dd_real>(static_cast<std::size_t>(ld * (transposed ? rows : cols)), dd_real(0.0)), ld};
  for (std::int64_t j = 0; j < cols; ++j)
    for (std::int64_t i = 0; i < rows; ++i)
      s.values[static_cast<std::size_t>(transposed ? j + i * ld : i + j * ld)] = op[static_cast<std::size_t>(i + j * rows)];
  return s;
}

template <class Space>
dd_array<Space> on(const std::vector<dd_real>& values, const char* label) {
  dd_array<Space> a(values.size(), label);
  copy_from_host(a, values);
  return a;
}

// A dd_real with a 106-bit significand in +-[2^(e-1), 2^e): exactly an integer times 2^(e-106).
dd_real exact_106(core::random_source& rng, int e) {
  const double hi = std::ldexp(1.0 + static_cast<double>(rng.next_u64() >> 12) * 0x1p-52, e - 1);
  const double lo = std::ldexp(static_cast<double>(rng.next_u64() >> 13), e - 1 - 105) * ((rng.next_u64() & 1) ? 1 : -1);
  const dd_real x(hi, lo);  // |lo| < 2^(e-54) = ulp(hi)/2
  return (rng.next_u64() & 1) ? x : -x;
}

struct gemm_problem {
  std::int64_t m, n, k;
  std::vector<dd_real> op_a, op_b, c;  // column-major op(A) m x k, op(B) k x n, C m x n
  dd_real alpha, beta;
};

// Runs the scheme on the problem as stored with the given trans and returns C (m x n, ldc = m + 2,
// the padding rows checked untouched) and the report.
template <class Space>
std::vector<dd_real> run(const gemm_problem& p, char ta, char tb, const blas::ozaki::options& opts,
                         blas::ozaki::report* report_out = nullptr) {
  const auto a = store(p.op_a, p.m, p.k, ta == 'T', 1), b = store(p.op_b, p.k, p.n, tb == 'T', 3);
  const std::int64_t ldc = p.m + 2;
  std::vector<dd_real> c_stored(static_cast<std::size_t>(ldc * p.n), dd_real(7.0));
  for (std::int64_t j = 0; j < p.n; ++j)
    for (std::int64_t i = 0; i < p.m; ++i) c_stored[static_cast<std::size_t>(i + j * ldc)] = p.c[static_cast<std::size_t>(i + j * p.m)];
  const auto A = on<Space>(a.values, "A"), B = on<Space>(b.values, "B"), C = on<Space>(c_stored, "C");
  const auto report = blas::gemm_ozaki(Space(), ta, tb, p.m, p.n, p.k, p.alpha, A, a.ld, B, b.ld, p.beta, C, ldc, opts);
  Kokkos::fence();
  if (report_out) *report_out = report;
  const auto got = copy_to_host(C);
  std::vector<dd_real> out;
  for (std::int64_t j = 0; j < p.n; ++j) {
    for (std::int64_t i = 0; i < p.m; ++i) out.push_back(got[static_cast<std::size_t>(i + j * ldc)]);
    for (std::int64_t i = p.m; i < ldc; ++i) EXPECT_EQ(got[static_cast<std::size_t>(i + j * ldc)], dd_real(7.0)) << "padding row written";
  }
  return out;
}

// Every output within product_factor(bits) |alpha| (|op(A)| |op(B)|) + beta_factor |beta| |C| of
// the exact result (beta = 0: C not read).
void expect_within_bound(const gemm_problem& p, const std::vector<dd_real>& got, int bits, const std::string& what) {
  const mpfr_prec_t precision = 4096;
  const auto Am = exact_values<F>(p.op_a), Bm = exact_values<F>(p.op_b), Cm = exact_values<F>(p.c);
  const mpfr_value alpha = dd::to_mpfr(p.alpha), beta = dd::to_mpfr(p.beta);
  const mpfr_value fa = blas::ozaki::product_factor(bits), fb = blas::ozaki::beta_factor();
  const bool beta_zero = p.beta == dd_real(0.0);
  for (std::int64_t j = 0; j < p.n; ++j)
    for (std::int64_t i = 0; i < p.m; ++i) {
      mpfr_value exact(precision), t(precision), allowed(precision);
      std::vector<const mpfr_value*> row, col;
      for (std::int64_t l = 0; l < p.k; ++l) {
        row.push_back(&Am[static_cast<std::size_t>(i + l * p.m)]);
        col.push_back(&Bm[static_cast<std::size_t>(l + j * p.k)]);
        mpfr_mul(t.get(), row.back()->get(), col.back()->get(), MPFR_RNDN);
        mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      }
      mpfr_mul(exact.get(), exact.get(), alpha.get(), MPFR_RNDN);
      const std::size_t at = static_cast<std::size_t>(i + j * p.m);
      if (!beta_zero) {
        mpfr_mul(t.get(), beta.get(), Cm[at].get(), MPFR_RNDN);
        mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      }
      const mpfr_value products = magnitude(alpha, row, col, beta, nullptr, precision);
      mpfr_mul(allowed.get(), products.get(), fa.get(), MPFR_RNDU);
      if (!beta_zero) {
        mpfr_mul(t.get(), beta.get(), Cm[at].get(), MPFR_RNDU);
        mpfr_abs(t.get(), t.get(), MPFR_RNDU);
        mpfr_mul(t.get(), t.get(), fb.get(), MPFR_RNDU);
        mpfr_add(allowed.get(), allowed.get(), t.get(), MPFR_RNDU);
      }
      const mpfr_value one(1.0, 64);
      ASSERT_TRUE(within<F>(got[at], exact, one, allowed)) << what << " C(" << i << ", " << j << ")";
    }
}

gemm_problem random_problem(std::uint64_t seed, std::int64_t m, std::int64_t n, std::int64_t k, int lo, int hi,
                            bool beta_zero) {
  core::random_source rng(seed);
  gemm_problem p{m, n, k, random_values<F>(rng, static_cast<std::size_t>(m * k), lo, hi),
                 random_values<F>(rng, static_cast<std::size_t>(k * n), lo, hi),
                 random_values<F>(rng, static_cast<std::size_t>(m * n), -2, 2), random_value<F>(rng),
                 beta_zero ? dd_real(0.0) : random_value<F>(rng)};
  return p;
}

KAMP_BACKEND_TEST_SUITE(OzakiGemm);

template <class Space>
void random_operands_within_the_bound() {
  int case_index = 0;
  for (const char ta : {'N', 'T'})
    for (const char tb : {'N', 'T'})
      for (const bool beta_zero : {false, true}) {
        const auto p = random_problem(500 + case_index++, 13, 11, 37, -3, 3, beta_zero);
        blas::ozaki::report report;
        const auto got = run<Space>(p, ta, tb, {}, &report);
        ASSERT_TRUE(report.scheme) << report.reason;
        EXPECT_GT(report.moduli, 0);
        EXPECT_EQ(report.bits_a, 104 + report.range_a);
        expect_within_bound(p, got, 104, std::string("random ") + ta + tb);
      }
}
TYPED_TEST(OzakiGemm, RandomOperandsWithinTheBound) { random_operands_within_the_bound<TypeParam>(); }

template <class Space>
void wide_range_and_cancelling_rows() {
  auto p = random_problem(520, 9, 7, 40, -1, 1, false);
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
    p.op_a[static_cast<std::size_t>(2 + l * p.m)] = l % 2 ? random_value<F>(rng, 50, 50) : random_value<F>(rng, -10, -5);
  blas::ozaki::report report;
  const auto got = run<Space>(p, 'N', 'T', {}, &report);
  ASSERT_TRUE(report.scheme) << report.reason;
  EXPECT_GE(report.range_a, 50);
  EXPECT_GE(report.range_b, 30);
  expect_within_bound(p, got, 104, "wide and cancelling");
  // The exactly cancelling output is the beta C term alone up to the bound; with beta = 0 it is 0.
  p.beta = dd_real(0.0);
  const auto zero = run<Space>(p, 'N', 'N', {});
  EXPECT_EQ(zero[1 + 0 * p.m], dd_real(0.0));
}
TYPED_TEST(OzakiGemm, WideRangeAndCancellingRows) { wide_range_and_cancelling_rows<TypeParam>(); }

template <class Space>
void fewer_bits_fewer_moduli_looser_bound() {
  const auto p = random_problem(530, 10, 12, 33, -1, 1, false);
  blas::ozaki::report full, low;
  const auto got_full = run<Space>(p, 'N', 'N', {}, &full);
  blas::ozaki::options opts;
  opts.bits = 53;
  const auto got_low = run<Space>(p, 'N', 'N', opts, &low);
  ASSERT_TRUE(full.scheme && low.scheme);
  EXPECT_LT(low.moduli, full.moduli);
  expect_within_bound(p, got_low, 53, "bits = 53");
  expect_within_bound(p, got_full, 104, "bits = 104");
}
TYPED_TEST(OzakiGemm, FewerBitsFewerModuliLooserBound) { fewer_bits_fewer_moduli_looser_bound<TypeParam>(); }

// With 106 bits every 106-bit input is an exact integer of its scale, so the sums are exact:
// x I = x and integer matrices multiply exactly.
template <class Space>
void exact_where_the_integers_are_exact() {
  core::random_source rng(540);
  const std::int64_t m = 6, k = 9;
  gemm_problem p{m, k, k, {}, {}, std::vector<dd_real>(static_cast<std::size_t>(m * k), dd_real(0.0)), dd_real(1.0),
                 dd_real(0.0)};
  for (std::int64_t e = 0; e < m * k; ++e) p.op_a.push_back(exact_106(rng, static_cast<int>(rng.integer(-8, 8))));
  for (std::int64_t j = 0; j < k; ++j)
    for (std::int64_t l = 0; l < k; ++l) p.op_b.push_back(dd_real(l == j ? 1.0 : 0.0));
  blas::ozaki::options opts;
  opts.bits = 106 + 16;  // the exponents spread up to 16 binades in a row
  const auto got = run<Space>(p, 'N', 'N', opts);
  for (std::size_t e = 0; e < got.size(); ++e) EXPECT_EQ(got[e], p.op_a[e]) << "x I at " << e;
  // Integers below 2^40: every product and sum is exact in the scheme, and the result fits a dd.
  gemm_problem q{7, 5, 30, {}, {}, std::vector<dd_real>(35, dd_real(0.0)), dd_real(1.0), dd_real(0.0)};
  for (int e = 0; e < 7 * 30; ++e) q.op_a.push_back(dd_real(static_cast<double>(rng.integer(-(1 << 30), 1 << 30)) * 1024));
  for (int e = 0; e < 30 * 5; ++e) q.op_b.push_back(dd_real(static_cast<double>(rng.integer(-(1 << 30), 1 << 30))));
  const auto product = run<Space>(q, 'T', 'N', {});
  for (std::int64_t j = 0; j < 5; ++j)
    for (std::int64_t i = 0; i < 7; ++i) {
      mpz_t sum, t;
      mpz_init(sum);
      mpz_init(t);
      for (std::int64_t l = 0; l < 30; ++l) {
        mpz_set_d(t, q.op_a[static_cast<std::size_t>(i + l * 7)].hi);
        mpz_mul_si(t, t, static_cast<long>(q.op_b[static_cast<std::size_t>(l + j * 30)].hi));
        mpz_add(sum, sum, t);
      }
      mpfr_value exact(256);
      mpfr_set_z(exact.get(), sum, MPFR_RNDN);
      mpz_clear(sum);
      mpz_clear(t);
      EXPECT_EQ(mpfr_cmp(dd::to_mpfr(product[static_cast<std::size_t>(i + j * 7)]).get(), exact.get()), 0)
          << "integer product C(" << i << ", " << j << ")";
    }
}
TYPED_TEST(OzakiGemm, ExactWhereTheIntegersAreExact) { exact_where_the_integers_are_exact<TypeParam>(); }

// The scheme's arithmetic is exact up to the final rounding: every backend gives the same bits.
template <class Space>
void same_bits_on_every_backend() {
  const auto p = random_problem(550, 17, 19, 45, -4, 4, false);
  const auto here = run<Space>(p, 'T', 'T', {});
  const auto serial = run<reference_space>(p, 'T', 'T', {});
  for (std::size_t e = 0; e < here.size(); ++e) ASSERT_EQ(here[e], serial[e]) << "output " << e;
}
TYPED_TEST(OzakiGemm, SameBitsOnEveryBackend) { same_bits_on_every_backend<TypeParam>(); }

// Operands the scheme cannot cover: the FMA kernel's bits, or kamp::invalid_argument with C as it was.
template <class Space>
void uncovered_operands_fall_back_or_raise() {
  struct uncovered_case {
    const char* name;
    int row_lo, row_hi;  // exponents of row 0 of op(A)
    double special;      // put into op(A)(1, 2) when not 0
  };
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& c : {uncovered_case{"Inf", -1, 1, inf}, uncovered_case{"NaN", -1, 1, nan},
                        uncovered_case{"exponent spread", -700, 1, 0.0}, uncovered_case{"overflow", 1018, 1021, 0.0}}) {
    auto p = random_problem(560, 5, 4, 12, -1, 1, false);
    core::random_source rng(561);
    for (std::int64_t l = 0; l < p.k; ++l)
      p.op_a[static_cast<std::size_t>(l * p.m)] = random_value<F>(rng, l == 0 ? c.row_lo : c.row_hi, l == 0 ? c.row_lo : c.row_hi);
    if (c.special != 0) p.op_a[static_cast<std::size_t>(1 + 2 * p.m)] = dd_real(c.special);
    blas::ozaki::report report;
    const auto got = run<Space>(p, 'N', 'N', {}, &report);
    EXPECT_FALSE(report.scheme) << c.name;
    EXPECT_FALSE(report.reason.empty()) << c.name;
    // The FMA kernel on the same operands.
    const auto a = store(p.op_a, p.m, p.k, false, 1), b = store(p.op_b, p.k, p.n, false, 3);
    const auto A = on<Space>(a.values, "A"), B = on<Space>(b.values, "B"), C = on<Space>(p.c, "C");
    blas::gemm(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, a.ld, B, b.ld, p.beta, C, p.m);
    Kokkos::fence();
    const auto want = copy_to_host(C);
    for (std::size_t e = 0; e < got.size(); ++e)
      EXPECT_TRUE(same_bits<F>(got[e], want[e])) << c.name << " output " << e;
    // raise: nothing written.
    blas::ozaki::options opts;
    opts.on_uncovered = blas::ozaki::uncovered::raise;
    const auto C2 = on<Space>(p.c, "C2");
    expect_invalid_argument("A, B", [&] {
      blas::gemm_ozaki(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, a.ld, B, b.ld, p.beta, C2, p.m, opts);
    });
    const auto untouched = copy_to_host(C2);
    for (std::size_t e = 0; e < untouched.size(); ++e) EXPECT_EQ(untouched[e], p.c[e]) << c.name << " raise wrote C";
  }
}
TYPED_TEST(OzakiGemm, UncoveredOperandsFallBackOrRaise) { uncovered_operands_fall_back_or_raise<TypeParam>(); }

template <class Space>
void bad_arguments_are_named() {
  const auto A = on<Space>(std::vector<dd_real>(20, dd_real(1.0)), "A");
  const auto C = on<Space>(std::vector<dd_real>(20, dd_real(1.0)), "C");
  const dd_real one(1.0);
  expect_invalid_argument("trans_a", [&] { blas::gemm_ozaki(Space(), 'X', 'N', 4, 4, 4, one, A, 4, A, 4, one, C, 4); });
  expect_invalid_argument("lda", [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 3, A, 4, one, C, 4); });
  expect_invalid_argument("C", [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 4, A, 4, one, C, 6); });
  blas::ozaki::options opts;
  opts.bits = 0;
  expect_invalid_argument("opts.bits",
                          [&] { blas::gemm_ozaki(Space(), 'N', 'N', 4, 4, 4, one, A, 4, A, 4, one, C, 4, opts); });
}
TYPED_TEST(OzakiGemm, BadArgumentsAreNamed) { bad_arguments_are_named<TypeParam>(); }

// n = 256 (larger than every GEMM above, so no workspace kept from them holds it) under a cap of
// 1 MiB: the operands are allocated before the cap; op(A)'s residues beside one column block of
// op(B)'s and their products, several MiB on every backend, are not.
template <class Space>
void a_workspace_that_cannot_fit_is_named() {
  const auto p = random_problem(570, 256, 256, 256, -1, 1, false);
  const auto A = on<Space>(p.op_a, "A"), B = on<Space>(p.op_b, "B"), C = on<Space>(p.c, "C");
  try {
    const core::scoped_allocatable_cap cap(std::uint64_t(1) << 20);
    blas::gemm_ozaki(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, p.m, B, p.k, p.beta, C, p.m);
    ADD_FAILURE() << "no kamp::allocation_error";
  } catch (const allocation_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("kamp::blas::gemm (Ozaki scheme): cannot allocate the workspace of "), std::string::npos) << what;
    EXPECT_NE(what.find("moduli for m = 256, n = 256, k = 256, even in blocks of "), std::string::npos) << what;
    EXPECT_GT(e.requested_bytes(), static_cast<double>(std::uint64_t(1) << 20)) << what;
    EXPECT_LE(e.free_bytes(), std::uint64_t(1) << 20) << what;
  }
  const auto untouched = copy_to_host(C);
  for (std::size_t e = 0; e < untouched.size(); ++e) ASSERT_EQ(untouched[e], p.c[e]) << "C written at " << e;
  // Without the cap the same call runs.
  const auto report = blas::gemm_ozaki(Space(), 'N', 'N', p.m, p.n, p.k, p.alpha, A, p.m, B, p.k, p.beta, C, p.m);
  EXPECT_TRUE(report.scheme) << report.reason;
}
TYPED_TEST(OzakiGemm, AWorkspaceThatCannotFitIsNamed) { a_workspace_that_cannot_fit_is_named<TypeParam>(); }

// A workspace that fits only in column blocks: the GEMM runs in blocks (op(B)'s and C's columns
// at an offset, C with ldc = m + 2) and gives the bits of the unblocked GEMM, for both storages of
// op(B); where not even one block of the residue GEMM's alignment fits, allocation_error names it.
template <class Space>
void a_workspace_too_large_runs_in_column_blocks_with_the_same_bits() {
  using engine = typename blas::ozaki::residue_products<Space>::type;
  const auto padded = [](std::int64_t size) { return (size + engine::alignment - 1) / engine::alignment * engine::alignment; };
  const auto p = random_problem(580, 24, 100, 40, -3, 3, false);
  for (const char tb : {'N', 'T'}) {
    blas::ozaki::report whole;
    const auto want = run<Space>(p, 'T', tb, {}, &whole);
    ASSERT_TRUE(whole.scheme) << whole.reason;
    EXPECT_EQ(whole.column_blocks, 1);
    // The plan's workspace for `width` columns (gemm_plan::new_workspace_bytes of a fresh plan).
    const auto bytes = [&](std::int64_t width) {
      const double depth = static_cast<double>(padded(p.k)), ld = static_cast<double>(padded(p.m)),
                   w = static_cast<double>(padded(width));
      return static_cast<std::uint64_t>(whole.moduli * ((ld * depth + w * depth) * sizeof(typename engine::residue_type) +
                                                         w * ld * sizeof(typename engine::product_type)));
    };
    blas::ozaki::report blocked;
    std::vector<dd_real> got;
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
      EXPECT_NE(std::string(e.what()).find("n = 100, k = 40, even in blocks of " + std::to_string(engine::alignment) + " column(s)"),
                std::string::npos) << e.what();
    }
  }
}
TYPED_TEST(OzakiGemm, AWorkspaceTooLargeRunsInColumnBlocksWithTheSameBits) {
  a_workspace_too_large_runs_in_column_blocks_with_the_same_bits<TypeParam>();
}

// The default accuracy is within the FMA kernel's gamma_{k+2} for k >= 3.
TEST(OzakiBound, DefaultBitsWithinTheFmaKernelsBound) {
  const mpfr_value fma_bound = core::product_error_factor(3, format_traits<F>::unit_roundoff());
  EXPECT_LE(mpfr_cmp(blas::ozaki::product_factor(104).get(), fma_bound.get()), 0);
  EXPECT_GE(mpfr_cmp(blas::ozaki::beta_factor().get(), mpfr_value(0.0, 53).get()), 0);
  EXPECT_LE(mpfr_cmp(blas::ozaki::beta_factor().get(), fma_bound.get()), 0);
}

}  // namespace
}  // namespace kamp::test

namespace kamp::test {
namespace {

// The reconstruction on its own (host): random integers x with |x| < P/2, from their residues
// back to the nearest-ish double-double, within 2^-105 (1 + 2^-53) |x| of x (exact when x has at
// most 106 significant bits); and residues of integer doubles up to 2^300 against GMP.
template <int W>
void rebuild_integers(int count) {
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
    for (int trial = 0; trial < 200; ++trial) {
      // Magnitudes across the whole range, the extremes P/2 - 1 and small values included.
      if (trial == 0) mpz_sub_ui(x, half, 1);
      else if (trial == 1) mpz_set_si(x, -1);
      else {
        mpz_urandomm(x, state, half);
        mpz_tdiv_q_2exp(x, x, static_cast<mp_bitcnt_t>(trial % 97));
        if (trial % 2) mpz_neg(x, x);
      }
      blas::ozaki::wide<W> acc{};
      for (int l = 0; l < count; ++l) {
        mpz_fdiv_r_ui(r, x, static_cast<unsigned long>(basis.moduli[l]));
        for (int w = 0; w < W; ++w)
          acc.w[w] += mpz_get_ui(r) * basis.weights[static_cast<std::size_t>(l * blas::ozaki::crt_words + w)];
      }
      blas::ozaki::carry(acc);
      blas::ozaki::reduce_mod(acc, basis.product.data(), basis.product_value);
      const bool negative = blas::ozaki::at_least(acc, basis.half.data());
      if (negative) blas::ozaki::complement(acc, basis.product.data());
      const dd::dd_real got = blas::ozaki::to_dd(acc, negative, -7);
      mpfr_value exact(512), error(512), allowed(512);
      mpfr_set_z(exact.get(), x, MPFR_RNDN);
      mpfr_mul_2si(exact.get(), exact.get(), -7, MPFR_RNDN);
      mpfr_sub(error.get(), dd::to_mpfr(got).get(), exact.get(), MPFR_RNDN);
      mpfr_abs(error.get(), error.get(), MPFR_RNDN);
      mpfr_abs(allowed.get(), exact.get(), MPFR_RNDN);
      mpfr_mul_d(allowed.get(), allowed.get(), 0x1p-105 * (1 + 0x1p-53), MPFR_RNDU);
      ASSERT_LE(mpfr_cmp(error.get(), allowed.get()), 0) << "count " << count << " trial " << trial;
      if (mpz_sizeinbase(x, 2) <= 106) ASSERT_EQ(mpfr_sgn(error.get()), 0) << "count " << count << " trial " << trial;
      if (got.hi == 0) ASSERT_EQ(got.lo, 0.0) << "dd invariant";
      else ASSERT_LE(std::abs(got.lo), std::ldexp(0.5, std::ilogb(got.hi) - 52)) << "dd invariant";
    }
    mpz_clears(p, x, r, half, nullptr);
  }
  gmp_randclear(state);
}

// With the word counts the reconstruction instantiates (gemm_plan::combine).
TEST(OzakiCrt, ResiduesRebuildTheInteger) {
  rebuild_integers<4>(1);
  rebuild_integers<4>(2);
  rebuild_integers<4>(13);
  rebuild_integers<6>(23);
  rebuild_integers<10>(37);
  rebuild_integers<blas::ozaki::crt_words>(blas::ozaki::max_moduli);
}

TEST(OzakiCrt, ResiduesOfScaledIntegers) {
  // Integers high + low as the residue kernel gets them: high up to 2^340 with a 53-bit
  // significand, low below 2^(e - 52) of it, both signs; residues from their signed digits.
  core::random_source rng(580);
  const auto basis = blas::ozaki::make_crt_basis(blas::ozaki::max_moduli);
  using weight_table = blas::ozaki::weights<Kokkos::View<double*, Kokkos::HostSpace>>;
  Kokkos::View<double*, Kokkos::HostSpace> weights("digit_weights", basis.digit_weights.size());
  for (std::size_t i = 0; i < basis.digit_weights.size(); ++i) weights(i) = basis.digit_weights[i];
  mpz_t z, t, r;
  mpz_inits(z, t, r, nullptr);
  for (int trial = 0; trial < 3000; ++trial) {
    const int e = static_cast<int>(rng.integer(0, 339));
    const double sign = (rng.next_u64() & 1) ? 1 : -1;
    const double high = std::trunc(std::ldexp(1.0 + static_cast<double>(rng.next_u64() >> 12) * 0x1p-52, e)) * sign;
    const double low = std::trunc(std::ldexp(static_cast<double>(rng.next_u64() >> 12) * 0x1p-52, e - 52)) *
                       ((rng.next_u64() & 1) ? 1 : -1);
    mpz_set_d(z, high);
    mpz_set_d(t, low);
    mpz_add(z, z, t);
    const int beta = e + 1;  // |high + low| < 2^(beta + 1)
    const int count = (beta + 1) / blas::ozaki::digit_bits + 1;
    ASSERT_LE(count, blas::ozaki::max_digits);
    const auto digits = blas::ozaki::digits_of({high, low}, count);
    for (int l = 0; l < basis.count; ++l) {
      const int m = basis.moduli[l];
      const int got = blas::ozaki::residue(digits, count, m, 1.0 / m, weight_table{weights, l});
      mpz_fdiv_r_ui(r, z, static_cast<unsigned long>(m));
      ASSERT_EQ(got, static_cast<int>(mpz_get_ui(r))) << high << " + " << low << " mod " << m;
      const int s = blas::ozaki::symmetric(got, m);
      ASSERT_TRUE(s >= -128 && s <= 127 && (s - got) % m == 0) << s;
    }
  }
  mpz_clears(z, t, r, nullptr);
}

}  // namespace
}  // namespace kamp::test

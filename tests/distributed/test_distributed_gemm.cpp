// The distributed GEMM (distributed_blas/gemm.hpp) on every rank of the mpirun (2 and 3 ranks in
// CTest), on every grid the rank count allows (1 x P and P x 1): with the inner dimension in one
// panel, C bitwise the single-process GEMM's (every format and backend; the Ozaki path too, on
// rows of different exponent spreads so that ranks must agree on the scaling); with narrow
// panels, every output within gamma_(k+2) (|alpha| |op(A)| |op(B)| + |beta| |C|) of the exact
// MPFR product; beta = 0 does not read C; grids with empty blocks; argument errors named on
// every rank, also when only one rank's arguments are wrong (no rank waits forever).
#include "blas/gemm_ozaki.hpp"
#include "distributed_blas/gemm.hpp"
#include "tests/blas/blas_checks.hpp"
#include "tests/blas/product_checks.hpp"
#include "tests/distributed/world.hpp"

namespace kamp::test {
namespace {

using gemm_cases = blas_cases_t<blas::solver_formats>;

std::vector<distributed_blas::process_grid> every_grid() {
  const auto comm = world();
  std::vector<distributed_blas::process_grid> grids;
  for (int rows = 1; rows <= comm->size(); ++rows)
    if (comm->size() % rows == 0) grids.push_back(distributed_blas::make_process_grid(comm, rows, comm->size() / rows));
  return grids;
}

// One product, built the same way on every rank: op(A) m x k, op(B) k x n, column-major with
// leading dimension the stored rows.
template <class Case>
struct gemm_problem {
  using value = typename Case::value;
  char ta, tb;
  std::int64_t m, n, k;
  std::vector<value> As, Bs, Cs;
  value alpha, beta;

  std::int64_t a_rows() const { return ta == 'T' ? k : m; }
  std::int64_t a_cols() const { return ta == 'T' ? m : k; }
  std::int64_t b_rows() const { return tb == 'T' ? n : k; }
  std::int64_t b_cols() const { return tb == 'T' ? k : n; }
};

template <class F>
value_type_t<F> from_mpfr_scaled(const value_type_t<F>& v, long exponent) {
  auto x = format_traits<F>::to_mpfr(v);
  mpfr_mul_2si(x.get(), x.get(), exponent, MPFR_RNDN);
  return format_traits<F>::from_mpfr(x.get());
}

// spread > 0 scales op(A)'s row i and op(B)'s column j by 2^(e), e from 0 to spread by index,
// beside elements of every exponent in [-3, 3]: ranks holding different rows see different
// spreads.
template <class Case>
gemm_problem<Case> make_problem(char ta, char tb, std::int64_t m, std::int64_t n, std::int64_t k, bool beta_zero,
                                std::uint64_t seed, int spread = 0) {
  using F = typename Case::format;
  gemm_problem<Case> p{ta, tb, m, n, k, {}, {}, {}, {}, {}};
  core::random_source rng(seed);
  p.As = random_values<F>(rng, static_cast<std::size_t>(m * k), -3, 3);
  p.Bs = random_values<F>(rng, static_cast<std::size_t>(k * n), -3, 3);
  p.Cs = random_values<F>(rng, static_cast<std::size_t>(m * n));
  if (spread > 0) {
    for (std::int64_t e = 0; e < m * k; e += 3) {
      const std::int64_t row = ta == 'T' ? e / k : e % m;
      p.As[e] = from_mpfr_scaled<F>(p.As[e], static_cast<long>((row * 7) % (spread + 1)));
    }
    for (std::int64_t e = 0; e < k * n; e += 5) {
      const std::int64_t col = tb == 'T' ? e % n : e / k;
      p.Bs[e] = from_mpfr_scaled<F>(p.Bs[e], -static_cast<long>((col * 5) % (spread + 1)));
    }
  }
  if (beta_zero) p.Cs.assign(p.Cs.size(), format_traits<F>::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  p.alpha = random_value<F>(rng);
  p.beta = beta_zero ? from_double<F>(0.0) : random_value<F>(rng);
  return p;
}

template <class Case>
struct distributed_operands {
  using F = typename Case::format;
  distributed_blas::block_matrix<F, typename Case::memory> A, B, C;
  distributed_operands(const distributed_blas::process_grid& grid, const gemm_problem<Case>& p)
      : A(grid, p.a_rows(), p.a_cols(), "A"), B(grid, p.b_rows(), p.b_cols(), "B"), C(grid, p.m, p.n, "C") {
    distributed_blas::copy_block_from_host(A, p.As);
    distributed_blas::copy_block_from_host(B, p.Bs);
    distributed_blas::copy_block_from_host(C, p.Cs);
  }
};

// The single-process GEMM of the whole problem on the case's backend.
template <class Case>
std::vector<typename Case::value> one_process(const gemm_problem<Case>& p, bool ozaki) {
  auto As = p.As, Bs = p.Bs, Cs = p.Cs;
  const auto A = stored<Case>(As, "A"), B = stored<Case>(Bs, "B");
  auto C = stored<Case>(Cs, "C");
  const typename Case::space exec;
  if constexpr (blas::ozaki::scheme_format<typename Case::format>::supported) {
    if (ozaki) {
      const auto report =
          blas::gemm_ozaki(exec, p.ta, p.tb, p.m, p.n, p.k, p.alpha, A, std::max<std::int64_t>(p.a_rows(), 1), B,
                           std::max<std::int64_t>(p.b_rows(), 1), p.beta, C, std::max<std::int64_t>(p.m, 1));
      EXPECT_EQ(report.scheme, (blas::ozaki::gemm_plan<typename Case::space, typename Case::format>::available))
          << report.reason;
    }
  }
  if (!ozaki)
    blas::gemm(exec, p.ta, p.tb, p.m, p.n, p.k, p.alpha, A, std::max<std::int64_t>(p.a_rows(), 1), B,
               std::max<std::int64_t>(p.b_rows(), 1), p.beta, C, std::max<std::int64_t>(p.m, 1));
  Kokkos::fence();
  return copy_to_host(C);
}

template <class Case>
void check_whole_panel_bits(distributed_blas::product_engine engine, int spread) {
  using F = typename Case::format;
  const bool ozaki = engine == distributed_blas::product_engine::ozaki;
  struct shape {
    std::int64_t m, n, k;
  };
  for (const auto& grid : every_grid()) {
    for (const shape s : {shape{23, 19, 31}, shape{2, 1, 3}}) {  // the second leaves blocks empty
      for (const char ta : {'N', 'T'}) {
        for (const char tb : {'N', 'T'}) {
          const auto p =
              make_problem<Case>(ta, tb, s.m, s.n, s.k, ta == tb, 17 + 2 * (ta == 'T') + (tb == 'T'), spread);
          const auto want = one_process<Case>(p, ozaki);
          // Device memory also takes the host-staged path (host memory has no other).
          for (const bool staged : {false, true}) {
            if (staged && std::is_same<typename Case::memory, Kokkos::HostSpace>::value) continue;
            distributed_operands<Case> d(grid, p);
            distributed_blas::gemm_options opts;
            opts.engine = engine;
            opts.host_staged = staged;
            const auto report =
                distributed_blas::gemm(typename Case::space(), ta, tb, p.alpha, d.A, d.B, p.beta, d.C, opts);
            EXPECT_EQ(report.panels, 1);
            const auto got = distributed_blas::gather_to_host(d.C);
            for (std::size_t e = 0; e < want.size(); ++e)
              ASSERT_TRUE(same_bits<F>(got[e], want[e]))
                  << grid.rows << " x " << grid.cols << " grid, " << ta << tb << " " << s.m << " x " << s.n << " x "
                  << s.k << (staged ? " (host staged)" : "") << ", C(" << e % s.m << ", " << e / s.m
                  << "): " << format_traits<F>::to_string(got[e]) << " vs one process "
                  << format_traits<F>::to_string(want[e]);
          }
        }
      }
    }
  }
}

template <class Case>
void check_panels_within_bound(distributed_blas::product_engine engine) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t m = 23, n = 19, k = 31;
  for (const auto& grid : every_grid()) {
    for (const char ta : {'N', 'T'}) {
      const char tb = ta == 'N' ? 'T' : 'N';
      const bool beta_zero = ta == 'T';
      const auto p = make_problem<Case>(ta, tb, m, n, k, beta_zero, 41 + (ta == 'T'));
      distributed_operands<Case> d(grid, p);
      distributed_blas::gemm_options opts;
      opts.engine = engine;
      // Seven columns of the widest rank's panels: five panels, the last narrower.
      opts.panel_bytes =
          7.0 * static_cast<double>(d.C.row_blocks.largest() + d.C.col_blocks.largest()) * sizeof(typename Case::value);
      const auto report = distributed_blas::gemm(typename Case::space(), ta, tb, p.alpha, d.A, d.B, p.beta, d.C, opts);
      EXPECT_GE(report.panels, 5);
      const auto got = distributed_blas::gather_to_host(d.C);
      const mpfr_prec_t bits = exact_bits<F>();
      const auto Am = exact_values<F>(p.As), Bm = exact_values<F>(p.Bs);
      auto Cm = exact_values<F>(beta_zero ? std::vector<value_type_t<F>>(p.Cs.size(), from_double<F>(0.0)) : p.Cs);
      const auto C0 = Cm;
      const mpfr_value a = traits::to_mpfr(p.alpha), b = traits::to_mpfr(p.beta);
      core::reference_gemm(ta, tb, m, n, k, a, Am.data(), p.a_rows(), Bm.data(), p.b_rows(), b, Cm.data(), m, bits);
      const mpfr_value gamma = core::product_error_factor(k, traits::unit_roundoff());
      for (std::int64_t j = 0; j < n; ++j) {
        for (std::int64_t i = 0; i < m; ++i) {
          std::vector<const mpfr_value*> row, col;
          for (std::int64_t l = 0; l < k; ++l) {
            row.push_back(&Am[ta == 'T' ? l + i * k : i + l * m]);
            col.push_back(&Bm[tb == 'T' ? j + l * n : l + j * k]);
          }
          const std::size_t at = static_cast<std::size_t>(i + j * m);
          const mpfr_value scale = magnitude(a, row, col, b, beta_zero ? nullptr : &C0[at], bits);
          ASSERT_TRUE(within<F>(got[at], Cm[at], gamma, scale))
              << grid.rows << " x " << grid.cols << " grid, " << ta << tb << " in " << report.panels << " panels, C("
              << i << ", " << j << ")";
        }
      }
    }
  }
}

template <class T>
class distributed_gemm : public ::testing::Test {};
TYPED_TEST_SUITE(distributed_gemm, gemm_cases, blas_case_type_name);

TYPED_TEST(distributed_gemm, one_panel_gives_the_single_process_bits) {
  check_whole_panel_bits<TypeParam>(distributed_blas::product_engine::fma, 0);
}
TYPED_TEST(distributed_gemm, panels_stay_within_the_single_process_bound) {
  check_panels_within_bound<TypeParam>(distributed_blas::product_engine::fma);
}

using ozaki_cases = blas_cases_t<formats::type_list<multi_double::dd_real, multi_double::qd_real>>;
template <class T>
class distributed_ozaki_gemm : public ::testing::Test {};
TYPED_TEST_SUITE(distributed_ozaki_gemm, ozaki_cases, blas_case_type_name);

TYPED_TEST(distributed_ozaki_gemm, one_panel_gives_the_single_process_bits_whatever_each_rank_spreads) {
  check_whole_panel_bits<TypeParam>(distributed_blas::product_engine::ozaki, 20);
}
TYPED_TEST(distributed_ozaki_gemm, panels_stay_within_the_single_process_bound) {
  check_panels_within_bound<TypeParam>(distributed_blas::product_engine::ozaki);
}

TEST(distributed_gemm_arguments, errors_are_named_on_every_rank) {
  using memory = Kokkos::DefaultHostExecutionSpace::memory_space;
  const Kokkos::DefaultHostExecutionSpace exec;
  const auto comm = world();
  const int me = comm->rank(), P = comm->size();
  const auto grid = distributed_blas::make_process_grid(comm);
  using M = distributed_blas::block_matrix<double, memory>;
  const M A(grid, 6, 5), B(grid, 5, 4), C(grid, 6, 4), wrong(grid, 4, 4);
  expect_invalid_argument("trans_a", [&] { distributed_blas::gemm(exec, 'X', 'N', 1.0, A, B, 1.0, C); });
  expect_invalid_argument("B", [&] { distributed_blas::gemm(exec, 'N', 'N', 1.0, A, wrong, 1.0, C); });
  expect_invalid_argument("C", [&] { distributed_blas::gemm(exec, 'N', 'N', 1.0, A, B, 1.0, wrong); });
  distributed_blas::gemm_options negative;
  negative.panel_bytes = -1;
  expect_invalid_argument("opts.panel_bytes",
                          [&] { distributed_blas::gemm(exec, 'N', 'N', 1.0, A, B, 1.0, C, negative); });
  if (P > 1) {
    const auto other = distributed_blas::make_process_grid(comm, P, 1);
    const auto mine = distributed_blas::make_process_grid(comm, 1, P);
    const M A1(mine, 6, 5), B1(mine, 5, 4), C1(mine, 6, 4), A2(other, 6, 5);
    expect_invalid_argument("A", [&] { distributed_blas::gemm(exec, 'N', 'N', 1.0, A2, B1, 1.0, C1); });
    // One rank's arguments differ, or only one rank's fail its checks: every rank raises.
    const M A3(mine, me == 0 ? 7 : 6, 5), C3(mine, me == 0 ? 7 : 6, 4);
    expect_invalid_argument("arguments", [&] { distributed_blas::gemm(exec, 'N', 'N', 1.0, A3, B1, 1.0, C3); });
    expect_invalid_argument(me == 0 ? "trans_b" : "arguments",
                            [&] { distributed_blas::gemm(exec, 'N', me == 0 ? 'Q' : 'N', 1.0, A1, B1, 1.0, C1); });
  }
  expect_invalid_argument("rows x cols", [&] { distributed_blas::make_process_grid(comm, P + 1, 1); });
  expect_invalid_argument("rows", [&] { distributed_blas::make_process_grid(comm, 0, P); });
  expect_invalid_argument("global.size()", [&] { distributed_blas::copy_block_from_host(C, std::vector<double>(3)); });
}

}  // namespace
}  // namespace kamp::test

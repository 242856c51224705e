// SpMV y = alpha A x + beta y over formats and backends against the exact MPFR result, each
// output within gamma_(2r+3) (|alpha| (|A||x|)_i + |beta| |y_i|) (sparse/spmv.hpp, r the row's
// nonzero count); empty rows, a dense row, duplicates summed on assembly; beta = 0 must not read
// y (NaN there); every row shape (lanes per row, rows per team) within the same bound; one thread
// per row the row's chain bit for bit, from CSR and from sliced rows; argument
// errors, a bad shape among them, named with y untouched.
#include <cmath>
#include <limits>

#include "format_list/format_list.hpp"
#include "sparse/spmv.hpp"
#include "tests/blas/product_checks.hpp"

namespace kamp::test {
namespace {

using spmv_formats = formats::spmv_formats;
using spmv_cases = blas_cases_t<spmv_formats>;

// rows x cols with about 4 % nonzeros, row 3 empty, row 7 dense, a few duplicate triplets.
sparse::csr_host random_matrix(core::random_source& rng, std::int64_t rows, std::int64_t cols) {
  std::vector<std::int64_t> r, c;
  std::vector<double> v;
  for (std::int64_t i = 0; i < rows; ++i) {
    if (i == 3) continue;
    for (std::int64_t j = 0; j < cols; ++j) {
      if (i == 7 || rng.integer(0, 24) == 0) r.push_back(i), c.push_back(j), v.push_back(rng.uniform(-4, 4));
    }
  }
  for (int d = 0; d < 20; ++d) {
    const std::size_t e = static_cast<std::size_t>(rng.integer(0, static_cast<std::int64_t>(r.size()) - 1));
    r.push_back(r[e]), c.push_back(c[e]), v.push_back(rng.uniform(-1, 1));
  }
  return sparse::from_triplets(rows, cols, r, c, v);
}

template <class Case>
void check_spmv(bool beta_zero,
                const sparse::row_shape& shape = sparse::default_row_shape<typename Case::space, typename Case::format>(),
                sparse::row_storage storage = sparse::default_row_storage<typename Case::memory>()) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t rows = 131, cols = 97;
  core::random_source rng(7 + beta_zero);
  const sparse::csr_host host = random_matrix(rng, rows, cols);
  const sparse::csr_matrix<typename Case::memory> A(host, storage);
  auto xs = random_values<F>(rng, cols, -3, 3);
  auto ys = random_values<F>(rng, rows);
  if (beta_zero) ys.assign(rows, traits::from_mpfr(mpfr_value::from_string("nan", 64).get()));
  const auto alpha = random_value<F>(rng), beta = beta_zero ? from_double<F>(0.0) : random_value<F>(rng);
  const auto x = stored<Case>(xs, "x");
  auto y = stored<Case>(ys, "y");
  sparse::spmv(typename Case::space(), alpha, A, x, beta, y, shape);
  Kokkos::fence();
  const auto got = copy_to_host(y);
  const mpfr_prec_t bits = exact_bits<F>();
  const auto xm = exact_values<F>(xs), y0 = exact_values<F>(ys);
  const mpfr_value a = traits::to_mpfr(alpha), b = traits::to_mpfr(beta);
  for (std::int64_t i = 0; i < rows; ++i) {
    std::vector<mpfr_value> entries;
    std::vector<const mpfr_value*> row, col;
    const std::int64_t begin = host.row_ptr[static_cast<std::size_t>(i)],
                       end = host.row_ptr[static_cast<std::size_t>(i + 1)];
    entries.reserve(static_cast<std::size_t>(end - begin));
    for (std::int64_t p = begin; p < end; ++p) {
      entries.emplace_back(host.values[static_cast<std::size_t>(p)], 64);
      row.push_back(&entries.back());
      col.push_back(&xm[static_cast<std::size_t>(host.col_idx[static_cast<std::size_t>(p)])]);
    }
    mpfr_value exact(bits), t(bits);
    for (std::size_t l = 0; l < row.size(); ++l) {
      mpfr_mul(t.get(), row[l]->get(), col[l]->get(), MPFR_RNDN);
      mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    }
    mpfr_mul(exact.get(), exact.get(), a.get(), MPFR_RNDN);
    if (!beta_zero) {
      mpfr_mul(t.get(), b.get(), y0[static_cast<std::size_t>(i)].get(), MPFR_RNDN);
      mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    }
    const mpfr_value scale = magnitude(a, row, col, b, beta_zero ? nullptr : &y0[static_cast<std::size_t>(i)], bits);
    const mpfr_value gamma = core::product_error_factor(2 * (end - begin) + 1, traits::unit_roundoff());
    ASSERT_TRUE(within<F>(got[static_cast<std::size_t>(i)], exact, gamma, scale))
        << "y[" << i << "] with " << shape.lanes << " lanes x " << shape.rows_per_team << " rows"
        << (storage == sparse::row_storage::csr ? " from CSR" : " from slices");
  }
}

// One thread per row is the row's chain in CSR order, the same bits from CSR
// and from sliced rows on every backend: acc = fma_by_double(a_ij, x_j, acc) from zero, then
// alpha acc, then beta y_i + that by fma, formed here on the host.
template <class Case>
void check_row_chain_bits(sparse::row_storage storage) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  core::random_source rng(31);
  const sparse::csr_host host = random_matrix(rng, 75, 61);  // three slices, the last one partial
  const sparse::csr_matrix<typename Case::memory> A(host, storage);
  auto xs = random_values<F>(rng, 61, -3, 3);
  auto ys = random_values<F>(rng, 75);
  const auto alpha = random_value<F>(rng), beta = random_value<F>(rng);
  auto y = stored<Case>(ys, "y");
  sparse::spmv(typename Case::space(), alpha, A, stored<Case>(xs, "x"), beta, y, sparse::row_shape{1, 1});
  Kokkos::fence();
  const auto got = copy_to_host(y);
  for (std::int64_t i = 0; i < host.rows; ++i) {
    auto acc = traits::zero();
    for (std::int64_t p = host.row_ptr[static_cast<std::size_t>(i)]; p < host.row_ptr[static_cast<std::size_t>(i + 1)];
         ++p) {
      const auto& xj = xs[static_cast<std::size_t>(host.col_idx[static_cast<std::size_t>(p)])];
      acc = fma_by_double<F>(ctx, host.values[static_cast<std::size_t>(p)], xj, acc);
    }
    const auto expected = traits::fma(ctx, beta, ys[static_cast<std::size_t>(i)], traits::mul(ctx, alpha, acc));
    ASSERT_TRUE(same_bits<F>(got[static_cast<std::size_t>(i)], expected))
        << "y[" << i << "]" << (storage == sparse::row_storage::csr ? " from CSR" : " from sliced rows") << ": "
        << traits::to_string(got[static_cast<std::size_t>(i)]) << " vs the chain's " << traits::to_string(expected);
  }
}

template <class Case>
void check_spmv_arguments() {
  using F = typename Case::format;
  core::random_source rng(3);
  const sparse::csr_matrix<typename Case::memory> A(random_matrix(rng, 20, 30));
  auto xs = random_values<F>(rng, 29), ys = random_values<F>(rng, 20), ok = random_values<F>(rng, 30);
  const auto x_short = stored<Case>(xs, "x"), x = stored<Case>(ok, "x");
  const auto y = stored<Case>(ys, "y");
  const auto one = from_double<F>(1.0);
  expect_invalid_argument("x", [&] { sparse::spmv(typename Case::space(), one, A, x_short, one, y); });
  auto y_long_values = random_values<F>(rng, 21);
  const auto y_long = stored<Case>(y_long_values, "y");
  expect_invalid_argument("y", [&] { sparse::spmv(typename Case::space(), one, A, x, one, y_long); });
  for (const sparse::row_shape bad : {sparse::row_shape{3, 1}, sparse::row_shape{64, 1}, sparse::row_shape{32, 64},
                                      sparse::row_shape{1, 0}}) {
    expect_invalid_argument("shape", [&] { sparse::spmv(typename Case::space(), one, A, x, one, y, bad); });
  }
  const auto after = copy_to_host(y);
  for (std::size_t i = 0; i < ys.size(); ++i) EXPECT_TRUE(same_bits<F>(after[i], ys[i])) << "y[" << i << "] written";
}

template <class Case>
class spmv_test : public ::testing::Test {};
TYPED_TEST_SUITE(spmv_test, spmv_cases, blas_case_type_name);

TYPED_TEST(spmv_test, WithinBoundOfExact) { check_spmv<TypeParam>(false); }
TYPED_TEST(spmv_test, BetaZeroDoesNotReadY) { check_spmv<TypeParam>(true); }
TYPED_TEST(spmv_test, EveryRowShapeWithinBound) {
  // Odd row lengths against every lane count: partial last steps, lanes with nothing to do; rows
  // read from CSR and from slices.
  for (const auto storage : {sparse::row_storage::csr, sparse::row_storage::csr_and_slices}) {
    for (const sparse::row_shape shape : {sparse::row_shape{1, 1}, sparse::row_shape{2, 16}, sparse::row_shape{4, 8},
                                          sparse::row_shape{8, 16}, sparse::row_shape{32, 4}}) {
      check_spmv<TypeParam>(false, shape, storage);
    }
  }
}
TYPED_TEST(spmv_test, OneThreadPerRowIsTheRowChainBitForBit) {
  for (const auto storage : {sparse::row_storage::csr, sparse::row_storage::csr_and_slices})
    check_row_chain_bits<TypeParam>(storage);
}
TYPED_TEST(spmv_test, ArgumentErrorsWriteNothing) { check_spmv_arguments<TypeParam>(); }

}  // namespace
}  // namespace kamp::test

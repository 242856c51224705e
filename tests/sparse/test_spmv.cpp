// SpMV y = alpha A x + beta y over formats and backends against the exact MPFR result, each
// output within gamma_(2r+3) (|alpha| (|A||x|)_i + |beta| |y_i|) (sparse/spmv.hpp, r the row's
// nonzero count); empty rows, a dense row, duplicates summed on assembly; beta = 0 must not read
// y (NaN there); every row shape (lanes per row, rows per team) within the same bound; one thread
// per row the row's chain bit for bit (dd_real's two-part sums, multi_double/mixed_product_sum.hpp), from
// CSR and from sliced rows, with Inf, NaN and overflowing products the fma chain's; argument
// errors, a bad shape among them, named with y untouched. The same over x in double, whose rows
// the multi-double formats round once (tighter bound, special values the fma chain's).
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "blas/format_list.hpp"
#include "sparse/row_sum_chain.hpp"
#include "sparse/spmv.hpp"
#include "tests/blas/product_checks.hpp"

namespace kamp::test {
namespace {

using spmv_formats = blas::spmv_formats;
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
void check_spmv(
    bool beta_zero,
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

// Row i's sum as the one-thread kernel forms it, on the host: Chain (sparse/row_sum_chain.hpp,
// formats/product_sum_chain.hpp) renormalised between blocks of `segment` entries, redone as the
// Fallback chain of fmas where it asks to be (needs_recompute).
template <class F, class Chain, class Fallback, class X>
value_type_t<F> host_row(const sparse::csr_host& host, const std::vector<X>& x, std::int64_t i) {
  const auto ctx = format_traits<F>::template context<Kokkos::HostSpace>();
  const std::size_t begin = static_cast<std::size_t>(host.row_ptr[static_cast<std::size_t>(i)]),
                    end = static_cast<std::size_t>(host.row_ptr[static_cast<std::size_t>(i + 1)]);
  auto acc = Chain::start(format_traits<F>::zero());
  for (std::size_t p = begin; p < end; ++p) {
    if (p > begin && (p - begin) % Chain::segment == 0) acc = Chain::renormalise(acc);
    acc = Chain::add(ctx, acc, host.values[p], x[static_cast<std::size_t>(host.col_idx[p])]);
  }
  auto sum = Chain::result(acc);
  if (!Chain::needs_recompute(ctx, sum)) return sum;
  sum = format_traits<F>::zero();
  for (std::size_t p = begin; p < end; ++p)
    sum = Fallback::add(ctx, sum, host.values[p], x[static_cast<std::size_t>(host.col_idx[p])]);
  return sum;
}

// Over x in double: the format's row_sum_chain, else fma_by_double on from_double(x_j).
template <class F>
value_type_t<F> host_row_of_doubles(const sparse::csr_host& host, const std::vector<double>& x, std::int64_t i) {
  return host_row<F, sparse::row_sum_chain_t<F>, fma_product_chain<F>>(host, x, i);
}

// Over x in the format: its mixed_row_chain (dd_real's two-part sums), else fma_by_double.
template <class F>
value_type_t<F> host_row_of_values(const sparse::csr_host& host, const std::vector<value_type_t<F>>& x,
                                   std::int64_t i) {
  return host_row<F, mixed_row_chain<F>, fma_by_double_chain<F>>(host, x, i);
}

// One thread per row over x in the format where an entry of x is Inf, NaN or near DBL_MAX (its
// products overflow): the host's row chain bit for bit, and every row whose fma chain is not
// finite has that chain's value (IEEE's, where dd_real's two-part sum redoes the row); a row
// without an Inf or NaN operand is never NaN.
template <class Case>
void check_row_chain_special_values(sparse::row_storage storage) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  core::random_source rng(37);
  const sparse::csr_host host = random_matrix(rng, 75, 61);
  const sparse::csr_matrix<typename Case::memory> A(host, storage);
  auto xs = random_values<F>(rng, 61, -3, 3);
  const auto special = [](const char* text) { return traits::from_mpfr(mpfr_value::from_string(text, 64).get()); };
  xs[5] = special("inf");
  xs[11] = special("nan");
  xs[20] = special("1e308");
  xs[21] = special("-1e308");
  const auto one = from_double<F>(1.0), zero = from_double<F>(0.0);
  std::vector<value_type_t<F>> zeros(75, zero);
  auto y = stored<Case>(zeros, "y");
  sparse::spmv(typename Case::space(), one, A, stored<Case>(xs, "x"), zero, y, sparse::row_shape{1, 1});
  Kokkos::fence();
  const auto got = copy_to_host(y);
  for (std::int64_t i = 0; i < host.rows; ++i) {
    const auto g = got[static_cast<std::size_t>(i)];
    ASSERT_TRUE(same_bits<F>(g, host_row_of_values<F>(host, xs, i)))
        << "y[" << i << "]: " << traits::to_string(g) << " vs the host's chain";
    const auto fma_row = host_row<F, fma_by_double_chain<F>, fma_by_double_chain<F>>(host, xs, i);
    if (!std::isfinite(traits::to_double(ctx, fma_row))) {
      ASSERT_TRUE(same_bits<F>(g, fma_row))
          << "y[" << i << "]: " << traits::to_string(g) << " vs the fma chain's " << traits::to_string(fma_row);
    }
    bool special_operand = false;
    for (std::int64_t p = host.row_ptr[static_cast<std::size_t>(i)]; p < host.row_ptr[static_cast<std::size_t>(i + 1)];
         ++p)
      special_operand = special_operand || host.col_idx[static_cast<std::size_t>(p)] == 5 ||
                        host.col_idx[static_cast<std::size_t>(p)] == 11;
    if (!special_operand) ASSERT_FALSE(std::isnan(traits::to_double(ctx, g))) << "y[" << i << "] is NaN";
  }
}

// One thread per row is the row's chain in CSR order, the same bits from CSR and from sliced rows
// on every backend: the format's mixed_row_chain from zero (dd_real's two-part sum, the others
// acc = fma_by_double(a_ij, x_j, acc)), then alpha acc, then beta y_i + that by fma, formed here
// on the host (host_row_of_values).
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
    const auto acc = host_row_of_values<F>(host, xs, i);
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
  for (const sparse::row_shape bad :
       {sparse::row_shape{3, 1}, sparse::row_shape{64, 1}, sparse::row_shape{32, 64}, sparse::row_shape{1, 0}}) {
    expect_invalid_argument("shape", [&] { sparse::spmv(typename Case::space(), one, A, x, one, y, bad); });
  }
  const auto after = copy_to_host(y);
  for (std::size_t i = 0; i < ys.size(); ++i) EXPECT_TRUE(same_bits<F>(after[i], ys[i])) << "y[" << i << "] written";
}

// Every row of got = alpha A x + beta y0 (x in double; beta null: beta = 0) within the SpMV's
// bound gamma_(2r+1) (|alpha| |A| |x| + |beta y0|) of the exact value.
template <class F>
void expect_rows_of_doubles_within_bound(const sparse::csr_host& host, const std::vector<double>& xs,
                                         const value_type_t<F>& alpha, const value_type_t<F>* beta,
                                         const std::vector<value_type_t<F>>& y0,
                                         const std::vector<value_type_t<F>>& got, const std::string& where) {
  using traits = format_traits<F>;
  const mpfr_prec_t bits = exact_bits<F>();
  const mpfr_value a = traits::to_mpfr(alpha), b = beta ? traits::to_mpfr(*beta) : mpfr_value(0.0, 64);
  for (std::int64_t i = 0; i < host.rows; ++i) {
    std::vector<mpfr_value> entries, xm;
    std::vector<const mpfr_value*> row, col;
    const std::int64_t begin = host.row_ptr[static_cast<std::size_t>(i)],
                       end = host.row_ptr[static_cast<std::size_t>(i + 1)];
    entries.reserve(static_cast<std::size_t>(end - begin));
    xm.reserve(static_cast<std::size_t>(end - begin));
    mpfr_value exact(bits), t(bits);
    for (std::int64_t p = begin; p < end; ++p) {
      entries.emplace_back(host.values[static_cast<std::size_t>(p)], 64);
      xm.emplace_back(xs[static_cast<std::size_t>(host.col_idx[static_cast<std::size_t>(p)])], 64);
      row.push_back(&entries.back());
      col.push_back(&xm.back());
      mpfr_mul(t.get(), entries.back().get(), xm.back().get(), MPFR_RNDN);
      mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    }
    mpfr_mul(exact.get(), exact.get(), a.get(), MPFR_RNDN);
    const mpfr_value yi = beta ? traits::to_mpfr(y0[static_cast<std::size_t>(i)]) : mpfr_value(0.0, 64);
    mpfr_mul(t.get(), b.get(), yi.get(), MPFR_RNDN);
    mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    const mpfr_value scale = magnitude(a, row, col, b, beta ? &yi : nullptr, bits);
    const mpfr_value gamma = core::product_error_factor(2 * (end - begin) + 1, traits::unit_roundoff());
    ASSERT_TRUE(within<F>(got[static_cast<std::size_t>(i)], exact, gamma, scale)) << "y[" << i << "]" << where;
  }
}

// SpMV over x in double (the solver's A z) with every row shape and storage: within the SpMV's
// bound; where the format rounds such rows once (sparse/row_sum_chain.hpp), y = A x within
// u |S_i| + (r / R + 2) 2^-23 u M_i of the exact row sums one thread a row (a chain of fmas misses
// this on cancelling rows), and within the lanes' roundings and their tree of additions with
// lanes; one thread a row, the host's bits, special values (Inf, NaN, products
// past DBL_MAX) the fma chain's; otherwise the bits of spmv over from_double(x).
template <class Case>
void check_spmv_of_doubles(const sparse::row_shape& shape, sparse::row_storage storage) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const std::int64_t rows = 131, cols = 97;
  core::random_source rng(41);
  const sparse::csr_host host = random_matrix(rng, rows, cols);
  const sparse::csr_matrix<typename Case::memory> A(host, storage);
  std::vector<double> xs;
  for (std::int64_t j = 0; j < cols; ++j) xs.push_back(rng.wide_exponent(-40, 40));
  auto ys = random_values<F>(rng, rows);
  const auto alpha = random_value<F>(rng), beta = random_value<F>(rng);
  const auto x = double_vector<typename Case::memory>(xs, "x");
  auto y = stored<Case>(ys, "y");
  sparse::spmv(typename Case::space(), alpha, A, x, beta, y, shape);
  Kokkos::fence();
  const auto got = copy_to_host(y);
  const std::string where = " with " + std::to_string(shape.lanes) + " lanes" +
                            (storage == sparse::row_storage::csr ? " from CSR" : " from slices");
  if constexpr (!sparse::rows_of_doubles_round_once<F>) {
    std::vector<value_type_t<F>> xf;
    for (double v : xs) xf.push_back(traits::from_double(ctx, v));
    auto y_format = stored<Case>(ys, "y");
    sparse::spmv(typename Case::space(), alpha, A, stored<Case>(xf, "x"), beta, y_format, shape);
    Kokkos::fence();
    const auto expected = copy_to_host(y_format);
    for (std::int64_t i = 0; i < rows; ++i)
      ASSERT_TRUE(same_bits<F>(got[static_cast<std::size_t>(i)], expected[static_cast<std::size_t>(i)]))
          << "y[" << i << "]" << where;
  } else {
    // alpha = 1, beta = 0: y is the rounded row sums themselves.
    auto sums = stored<Case>(ys, "sums");
    sparse::spmv(typename Case::space(), from_double<F>(1.0), A, x, from_double<F>(0.0), sums, shape);
    Kokkos::fence();
    const auto row_sums = copy_to_host(sums);
    const mpfr_value u = traits::unit_roundoff();
    for (std::int64_t i = 0; i < rows; ++i) {
      const std::size_t begin = static_cast<std::size_t>(host.row_ptr[static_cast<std::size_t>(i)]),
                        end = static_cast<std::size_t>(host.row_ptr[static_cast<std::size_t>(i + 1)]);
      mpfr_value exact(4400), magnitude(4400), t(4400);
      for (std::size_t p = begin; p < end; ++p) {
        mpfr_set_d(t.get(), host.values[p], MPFR_RNDN);
        mpfr_mul_d(t.get(), t.get(), xs[static_cast<std::size_t>(host.col_idx[p])], MPFR_RNDN);
        mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
        mpfr_abs(t.get(), t.get(), MPFR_RNDN);
        mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDN);
      }
      // One thread a row rounds the row's sum once. L lanes round each lane's sum once and join
      // the L sums by a tree of ceil(log2 L) additions in the format, each within u of its
      // operands' magnitudes: u (1 + ceil(log2 L)) M, M the sum of the products' magnitudes.
      const int lanes = shape.lanes;
      const double segments = static_cast<double>(end - begin) / sparse::row_sum_chain_t<F>::segment + 2 * lanes;
      mpfr_value allowed(4400), part(4400);
      if (lanes == 1) {
        mpfr_abs(allowed.get(), exact.get(), MPFR_RNDU);
      } else {
        mpfr_mul_d(allowed.get(), magnitude.get(), (1 + std::ceil(std::log2(lanes))) * (1 + 0x1p-20), MPFR_RNDU);
      }
      mpfr_mul(allowed.get(), allowed.get(), u.get(), MPFR_RNDU);
      mpfr_mul(part.get(), magnitude.get(), u.get(), MPFR_RNDU);
      mpfr_mul_d(part.get(), part.get(), segments * 0x1p-23, MPFR_RNDU);
      mpfr_add(allowed.get(), allowed.get(), part.get(), MPFR_RNDU);
      const mpfr_value error = core::absolute_error(traits::to_mpfr(row_sums[static_cast<std::size_t>(i)]), exact);
      ASSERT_TRUE(error <= allowed) << "row " << i << where << ": error " << error.to_string(6) << " above "
                                    << allowed.to_string(6);
    }
    if (shape.lanes == 1) {
      std::vector<double> special_x = xs;
      for (const auto& [j, v] : {std::pair<std::size_t, double>{5, std::numeric_limits<double>::infinity()},
                                 {11, std::numeric_limits<double>::quiet_NaN()},
                                 {20, 1e308},
                                 {21, -1e308}})
        special_x[j] = v;
      auto y_special = stored<Case>(ys, "y");
      sparse::spmv(typename Case::space(), alpha, A, double_vector<typename Case::memory>(special_x, "x"), beta,
                   y_special, shape);
      Kokkos::fence();
      const auto special = copy_to_host(y_special);
      for (std::int64_t i = 0; i < rows; ++i) {
        const auto expected = traits::fma(ctx, beta, ys[static_cast<std::size_t>(i)],
                                          traits::mul(ctx, alpha, host_row_of_doubles<F>(host, special_x, i)));
        ASSERT_TRUE(same_bits<F>(special[static_cast<std::size_t>(i)], expected))
            << "y[" << i << "]" << where << ": " << traits::to_string(special[static_cast<std::size_t>(i)])
            << " vs the host's " << traits::to_string(expected);
      }
    }
  }
  // Every format: the SpMV bound with the random alpha and beta.
  expect_rows_of_doubles_within_bound<F>(host, xs, alpha, &beta, ys, got, where);
}

template <class F>
struct is_rns : std::false_type {};
template <int N>
struct is_rns<rns::mp_float<N>> : std::true_type {};

// SpMV over doubles whose products all lie below 2^-969, where TwoProd's error underflows: one
// thread a row, the host's row chain bit for bit (which takes the fma chain where the level sums
// would not be exact); for the RNS formats, whose range reaches far below double's, every row
// within the SpMV's relative bound (the level sums' absolute error, k 2^-1075, would break it).
template <class Case>
void check_spmv_of_tiny_doubles(sparse::row_storage storage) {
  using F = typename Case::format;
  using traits = typename Case::traits;
  const std::int64_t rows = 131, cols = 97;
  core::random_source rng(43);
  const sparse::csr_host host = random_matrix(rng, rows, cols);
  const sparse::csr_matrix<typename Case::memory> A(host, storage);
  std::vector<double> xs;
  for (std::int64_t j = 0; j < cols; ++j) xs.push_back(rng.wide_exponent(-1040, -1000));
  auto ys = random_values<F>(rng, rows);
  auto y = stored<Case>(ys, "y");
  sparse::spmv(typename Case::space(), from_double<F>(1.0), A, double_vector<typename Case::memory>(xs, "x"),
               from_double<F>(0.0), y, sparse::row_shape{1, 1});
  Kokkos::fence();
  const auto got = copy_to_host(y);
  for (std::int64_t i = 0; i < rows; ++i) {
    const auto expected = host_row_of_doubles<F>(host, xs, i);
    ASSERT_TRUE(same_bits<F>(got[static_cast<std::size_t>(i)], expected))
        << "y[" << i << "]: " << traits::to_string(got[static_cast<std::size_t>(i)]) << " vs the host's "
        << traits::to_string(expected);
  }
  if constexpr (is_rns<F>::value)
    expect_rows_of_doubles_within_bound<F>(host, xs, from_double<F>(1.0), nullptr, ys, got, "");
}

template <class Case>
void check_spmv_of_doubles_arguments() {
  using F = typename Case::format;
  core::random_source rng(5);
  const sparse::csr_matrix<typename Case::memory> A(random_matrix(rng, 20, 30));
  auto ys = random_values<F>(rng, 20), y_long_values = random_values<F>(rng, 21);
  const auto y = stored<Case>(ys, "y"), y_long = stored<Case>(y_long_values, "y");
  const auto x_short = double_vector<typename Case::memory>(std::vector<double>(29, 1.0), "x_short"),
             x = double_vector<typename Case::memory>(std::vector<double>(30, 1.0), "x");
  const auto one = from_double<F>(1.0);
  expect_invalid_argument("x", [&] { sparse::spmv(typename Case::space(), one, A, x_short, one, y); });
  expect_invalid_argument("y", [&] { sparse::spmv(typename Case::space(), one, A, x, one, y_long); });
  expect_invalid_argument("shape", [&] {
    sparse::spmv(typename Case::space(), one, A, x, one, y, sparse::row_shape{3, 1});
  });
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
TYPED_TEST(spmv_test, OneThreadPerRowSpecialValuesAreTheFmaChains) {
  for (const auto storage : {sparse::row_storage::csr, sparse::row_storage::csr_and_slices})
    check_row_chain_special_values<TypeParam>(storage);
}
TYPED_TEST(spmv_test, ArgumentErrorsWriteNothing) { check_spmv_arguments<TypeParam>(); }
TYPED_TEST(spmv_test, OverDoublesRoundsEachRowOnce) {
  for (const auto storage : {sparse::row_storage::csr, sparse::row_storage::csr_and_slices})
    for (const sparse::row_shape shape : {sparse::row_shape{1, 1}, sparse::row_shape{2, 16}, sparse::row_shape{8, 16}})
      check_spmv_of_doubles<TypeParam>(shape, storage);
}
TYPED_TEST(spmv_test, OverDoublesTinyProductsKeepTheFormatsRange) {
  for (const auto storage : {sparse::row_storage::csr, sparse::row_storage::csr_and_slices})
    check_spmv_of_tiny_doubles<TypeParam>(storage);
}
TYPED_TEST(spmv_test, OverDoublesArgumentErrorsWriteNothing) { check_spmv_of_doubles_arguments<TypeParam>(); }

}  // namespace
}  // namespace kamp::test

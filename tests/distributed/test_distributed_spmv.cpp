// The distributed matrix on every rank of the mpirun (2 and 3 ranks in CTest): the halo plan
// against the matrix (every ghost read is received, every send requested), SpMV over formats
// and backends bitwise equal to the one-rank SpMV of the whole matrix (each row's chain is the
// same, read from CSR or from sliced rows, the halo moved by every transport the backend has), on
// a nonsymmetric random matrix (one-sided needs) and the curl-curl matrix; dot
// products summed in rank order: the same bits on every rank and within gamma_(n+P-1) of the
// exact value; argument errors named.
#include <set>

#include "blas/format_list.hpp"
#include "parallel/rank_order_sum.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "sparse/spmv.hpp"
#include "tests/blas/blas_checks.hpp"
#include "tests/distributed/distributed_support.hpp"

namespace kamp::test {
namespace {

using distributed_formats = blas::solver_formats;
using distributed_cases = blas_cases_t<distributed_formats>;

// rows x rows, about 6 % nonzeros above the diagonal and 1 % below: rank r needs far more from
// higher ranks than they need from it, and some rows are empty.
sparse::csr_host lopsided_matrix(std::int64_t rows) {
  core::random_source rng(2024);
  std::vector<std::int64_t> r, c;
  std::vector<double> v;
  for (std::int64_t i = 0; i < rows; ++i) {
    if (i % 17 == 5) continue;
    for (std::int64_t j = 0; j < rows; ++j) {
      if (i == j || rng.integer(0, j > i ? 15 : 99) == 0)
        r.push_back(i), c.push_back(j), v.push_back(rng.uniform(-2, 2));
    }
  }
  return sparse::from_triplets(rows, rows, r, c, v);
}

sparse::csr_host small_curl_curl() {
  sparse::structured_mesh mesh;
  mesh.nx = 5, mesh.ny = 4, mesh.nz = 3;
  return sparse::edge_curl_curl(mesh);
}

// Three SpMVs with new x each time through one halo buffer: its buffers reused (with
// device_peers, each of the two send slots, the first one again after the other ranks read it);
// then the same over x in double (the solver's A z) through a halo of doubles.
template <class Case>
void check_spmv_matches_one_rank(const sparse::csr_host& host, sparse::row_storage storage, parallel::transport how) {
  using F = typename Case::format;
  using memory = typename Case::memory;
  const auto comm = world();
  const int me = comm->rank();
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(host, comm->size());
  const sparse::distributed_matrix<memory> dA(sparse::row_slice(host, blocks.begin(me), blocks.end(me)), blocks, comm,
                                              storage, how);
  ASSERT_EQ(dA.halo_transport(), how);
  const sparse::csr_matrix<memory> A(host);
  const sparse::halo_buffer<value_type_t<F>, memory> halo(dA);
  core::random_source rng(99);  // the same values on every rank
  for (int repeat = 0; repeat < 3; ++repeat) {
    auto xs = random_values<F>(rng, static_cast<std::size_t>(host.rows), -2, 2);
    auto ys = random_values<F>(rng, static_cast<std::size_t>(host.rows));
    const auto alpha = random_value<F>(rng), beta = random_value<F>(rng);
    const auto x = stored<Case>(xs, "x");
    auto y = stored<Case>(ys, "y");
    sparse::spmv(typename Case::space(), alpha, A, x, beta, y);
    const auto expected = copy_to_host(y);

    auto x_mine = rank_slice(xs, blocks, me), y_mine = rank_slice(ys, blocks, me);
    const auto xd = stored<Case>(x_mine, "x_mine");
    auto yd = stored<Case>(y_mine, "y_mine");
    sparse::spmv(typename Case::space(), alpha, dA, xd, beta, yd, halo);
    Kokkos::fence();
    const auto got = copy_to_host(yd);
    for (std::size_t i = 0; i < got.size(); ++i) {
      const std::size_t global = static_cast<std::size_t>(blocks.begin(me)) + i;
      ASSERT_TRUE(same_bits<F>(got[i], expected[global]))
          << "rank " << me << " row " << global << " SpMV " << repeat
          << (storage == sparse::row_storage::csr ? " (CSR, " : " (sliced, ") << parallel::to_string(how)
          << "): " << format_traits<F>::to_string(got[i]) << " vs one rank "
          << format_traits<F>::to_string(expected[global]);
    }
  }
  const sparse::halo_buffer<double, memory> double_halo(dA);
  for (int repeat = 0; repeat < 3; ++repeat) {
    std::vector<double> xs;
    for (std::int64_t i = 0; i < host.rows; ++i) xs.push_back(rng.uniform(-2, 2) * (repeat == 2 ? 1e-300 : 1.0));
    auto ys = random_values<F>(rng, static_cast<std::size_t>(host.rows));
    const auto alpha = random_value<F>(rng), beta = random_value<F>(rng);
    auto y = stored<Case>(ys, "y");
    sparse::spmv(typename Case::space(), alpha, A, double_vector<memory>(xs, "x"), beta, y);
    const auto expected = copy_to_host(y);

    const std::vector<double> x_mine(xs.begin() + blocks.begin(me), xs.begin() + blocks.end(me));
    auto y_mine = rank_slice(ys, blocks, me);
    auto yd = stored<Case>(y_mine, "y_mine");
    sparse::spmv(typename Case::space(), alpha, dA, double_vector<memory>(x_mine, "x_mine"), beta, yd, double_halo);
    Kokkos::fence();
    const auto got = copy_to_host(yd);
    for (std::size_t i = 0; i < got.size(); ++i) {
      const std::size_t global = static_cast<std::size_t>(blocks.begin(me)) + i;
      ASSERT_TRUE(same_bits<F>(got[i], expected[global]))
          << "rank " << me << " row " << global << " SpMV of doubles " << repeat << " (" << parallel::to_string(how)
          << "): " << format_traits<F>::to_string(got[i]) << " vs one rank "
          << format_traits<F>::to_string(expected[global]);
    }
  }
}

// Every storage and every transport the backend has (device_peers: CUDA memory).
template <class Case>
void check_every_way_matches_one_rank(const sparse::csr_host& host) {
  for (const auto how : {parallel::transport::host_staged, parallel::transport::device_peers}) {
    if (!parallel::transport_available<typename Case::memory>(how, *world())) continue;
    for (const auto storage : {sparse::row_storage::csr, sparse::row_storage::csr_and_slices})
      check_spmv_matches_one_rank<Case>(host, storage, how);
  }
}

template <class Case>
void check_rank_order_dot() {
  using F = typename Case::format;
  const auto comm = world();
  const int me = comm->rank();
  const std::int64_t n = 601;
  sparse::csr_host diagonal = sparse::from_triplets(n, n, {0}, {0}, {1.0});
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(diagonal, comm->size());
  core::random_source rng(5);
  auto xs = random_values<F>(rng, static_cast<std::size_t>(n), -3, 3),
       ys = random_values<F>(rng, static_cast<std::size_t>(n));
  auto x_mine = rank_slice(xs, blocks, me), y_mine = rank_slice(ys, blocks, me);
  const auto x = stored<Case>(x_mine, "x"), y = stored<Case>(y_mine, "y");
  const value_type_t<F> dot = parallel::sum_in_rank_order<F>(*comm, blas::dot(typename Case::space(), x, y));
  for (const auto& other : comm->allgather_value(dot)) EXPECT_TRUE(same_bits<F>(other, dot)) << "ranks disagree";
  const mpfr_prec_t wide = exact_bits<F>();
  mpfr_value exact(wide), scale(wide), t(wide);
  for (std::int64_t i = 0; i < n; ++i) {
    const auto xi = format_traits<F>::to_mpfr(xs[static_cast<std::size_t>(i)]);
    const auto yi = format_traits<F>::to_mpfr(ys[static_cast<std::size_t>(i)]);
    mpfr_mul(t.get(), xi.get(), yi.get(), MPFR_RNDN);
    mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDN);
    mpfr_add(scale.get(), scale.get(), t.get(), MPFR_RNDU);
  }
  EXPECT_TRUE(
      within<F>(dot, exact, core::dot_error_factor(n + comm->size() - 1, format_traits<F>::unit_roundoff()), scale));
}

template <class T>
class distributed_spmv : public ::testing::Test {};
TYPED_TEST_SUITE(distributed_spmv, distributed_cases, blas_case_type_name);

TYPED_TEST(distributed_spmv, lopsided_matrix_matches_one_rank) {
  check_every_way_matches_one_rank<TypeParam>(lopsided_matrix(173));
}
TYPED_TEST(distributed_spmv, curl_curl_matches_one_rank) {
  check_every_way_matches_one_rank<TypeParam>(small_curl_curl());
}

// A transport the ranks do not allow is refused by name, on every rank alike.
TYPED_TEST(distributed_spmv, unavailable_transport_is_refused) {
  using memory = typename TypeParam::memory;
  const auto comm = world();
  if (parallel::transport_available<memory>(parallel::transport::device_peers, *comm)) return;  // CUDA: allowed
  const sparse::csr_host host = small_curl_curl();
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(host, comm->size());
  const int me = comm->rank();
  try {
    sparse::distributed_matrix<memory>(sparse::row_slice(host, blocks.begin(me), blocks.end(me)), blocks, comm,
                                       sparse::default_row_storage<memory>(), parallel::transport::device_peers);
    ADD_FAILURE() << "device_peers accepted for " << memory::name();
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "halo") << e.what();
    EXPECT_EQ(e.value(), "device_peers") << e.what();
  }
}
TYPED_TEST(distributed_spmv, rank_order_dot_is_global_and_within_bound) { check_rank_order_dot<TypeParam>(); }

TEST(distributed_layout, halo_plan_covers_every_ghost_read_once) {
  const auto comm = world();
  const int me = comm->rank(), P = comm->size();
  const sparse::csr_host host = lopsided_matrix(173);
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(host, P);
  const sparse::local_layout layout =
      sparse::make_local_layout(sparse::row_slice(host, blocks.begin(me), blocks.end(me)), blocks, *comm);
  // The ghosts this rank reads, from the global matrix, and the count the plan receives.
  std::set<std::int32_t> reads;
  for (std::int64_t p = host.row_ptr[static_cast<std::size_t>(blocks.begin(me))];
       p < host.row_ptr[static_cast<std::size_t>(blocks.end(me))]; ++p) {
    const std::int32_t c = host.col_idx[static_cast<std::size_t>(p)];
    if (c < blocks.begin(me) || c >= blocks.end(me)) reads.insert(c);
  }
  EXPECT_EQ(layout.plan.ghosts(), static_cast<std::int64_t>(reads.size()));
  EXPECT_EQ(layout.below, std::distance(reads.begin(), reads.lower_bound(static_cast<std::int32_t>(blocks.begin(me)))));
  sparse::validate(layout.local);  // renumbering kept every row's columns increasing
  EXPECT_EQ(static_cast<std::int64_t>(layout.interior_rows.size() + layout.boundary_rows.size()), layout.local.rows);
  // What all ranks send adds up to what all ranks receive.
  const auto sent = comm->allgather_value(layout.plan.sends()), received = comm->allgather_value(layout.plan.ghosts());
  std::int64_t total_sent = 0, total_received = 0;
  for (int r = 0; r < P; ++r)
    total_sent += sent[static_cast<std::size_t>(r)], total_received += received[static_cast<std::size_t>(r)];
  EXPECT_EQ(total_sent, total_received);
  if (P > 1) EXPECT_GT(total_received, 0);
}

TEST(distributed_layout, argument_errors_are_named) {
  const auto comm = world();
  const int me = comm->rank();
  const sparse::csr_host host = lopsided_matrix(40);
  const sparse::row_blocks wrong_parts = sparse::balanced_row_blocks(host, comm->size() + 1);
  // Checked before any communication, on every rank alike.
  expect_invalid_argument("blocks", [&] { sparse::make_local_layout(host, wrong_parts, *comm); });
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(host, comm->size());
  const auto too_many = sparse::row_slice(host, 0, blocks.end(me) - blocks.begin(me) + 1);
  expect_invalid_argument("my_rows", [&] { sparse::make_local_layout(too_many, blocks, *comm); });
  expect_invalid_argument("parts", [&] { sparse::balanced_row_blocks(host, 0); });
}

}  // namespace
}  // namespace kamp::test

// The edge-element curl-curl generator: symmetric bit for bit, the gradients of interior nodal
// functions in its null space, positive semidefinite, the nonzeros per row of the VPBi-CGSTAB paper's class,
// the hand-computed diagonal 8/3 of an interior x-edge on the unit grid, a right-hand side with
// G^T b = 0 exactly, the unknown count, the bounded cube search, and argument errors (oversized
// meshes among them).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "core/memory_limit.hpp"
#include "core/random.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "sparse/matrix_market.hpp"
#include "tests/backends.hpp"

namespace kamp::test {
namespace {

using sparse::csr_host;

double entry(const csr_host& a, std::int64_t i, std::int64_t j) {
  for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
    if (a.col_idx[static_cast<std::size_t>(p)] == j) return a.values[static_cast<std::size_t>(p)];
  }
  return 0;
}

std::vector<double> multiply(const csr_host& a, const std::vector<double>& x, std::vector<double>* scale = nullptr) {
  std::vector<double> y(static_cast<std::size_t>(a.rows), 0.0);
  if (scale) scale->assign(y.size(), 0.0);
  for (std::int64_t i = 0; i < a.rows; ++i) {
    for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
      const double v =
          a.values[static_cast<std::size_t>(p)] * x[static_cast<std::size_t>(a.col_idx[static_cast<std::size_t>(p)])];
      y[static_cast<std::size_t>(i)] += v;
      if (scale) (*scale)[static_cast<std::size_t>(i)] += std::fabs(v);
    }
  }
  return y;
}

std::vector<double> multiply_transposed(const csr_host& a, const std::vector<double>& x) {
  std::vector<double> y(static_cast<std::size_t>(a.cols), 0.0);
  for (std::int64_t i = 0; i < a.rows; ++i) {
    for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
      y[static_cast<std::size_t>(a.col_idx[static_cast<std::size_t>(p)])] +=
          a.values[static_cast<std::size_t>(p)] * x[static_cast<std::size_t>(i)];
    }
  }
  return y;
}

std::vector<sparse::structured_mesh> meshes() {
  sparse::structured_mesh unit;
  unit.nx = unit.ny = unit.nz = 5;
  sparse::structured_mesh skewed;
  skewed.nx = 3, skewed.ny = 4, skewed.nz = 6, skewed.hx = 1, skewed.hy = 0.5, skewed.hz = 2.5;
  sparse::structured_mesh thin;
  thin.nx = 2, thin.ny = 2, thin.nz = 7, thin.hx = 0.1, thin.hy = 3, thin.hz = 0.7;
  return {unit, skewed, thin};
}

TEST(edge_curl_curl, SymmetricBitForBitAndValid) {
  for (const auto& m : meshes()) {
    const csr_host k = sparse::edge_curl_curl(m);
    EXPECT_NO_THROW(sparse::validate(k));
    EXPECT_EQ(k.rows, sparse::edge_unknowns(m));
    for (std::int64_t i = 0; i < k.rows; ++i) {
      for (std::int64_t p = k.row_ptr[static_cast<std::size_t>(i)]; p < k.row_ptr[static_cast<std::size_t>(i + 1)];
           ++p) {
        const std::int64_t j = k.col_idx[static_cast<std::size_t>(p)];
        ASSERT_EQ(k.values[static_cast<std::size_t>(p)], entry(k, j, i)) << "K(" << i << ", " << j << ")";
      }
    }
  }
}

TEST(edge_curl_curl, GradientsAreInTheNullSpace) {
  core::random_source rng(11);
  for (const auto& m : meshes()) {
    const csr_host k = sparse::edge_curl_curl(m), g = sparse::discrete_gradient(m);
    ASSERT_EQ(g.rows, k.rows);
    std::vector<double> v(static_cast<std::size_t>(g.cols));
    for (auto& x : v) x = rng.uniform(-1, 1);
    const auto gv = multiply(g, v);
    std::vector<double> scale;
    const auto kgv = multiply(k, gv, &scale);
    double largest = 0;
    for (double s : scale) largest = std::max(largest, s);
    for (std::size_t i = 0; i < kgv.size(); ++i) {
      // Exactly zero in exact arithmetic; here the entries and the row sums are rounded.
      ASSERT_LE(std::fabs(kgv[i]), 64 * std::numeric_limits<double>::epsilon() * scale[i]) << "row " << i;
    }
    EXPECT_GT(largest, 0.0);
    // A vector that is not a gradient is not in the null space, and K is positive semidefinite.
    std::vector<double> w(static_cast<std::size_t>(k.rows));
    for (auto& x : w) x = rng.uniform(-1, 1);
    const auto kw = multiply(k, w);
    double quadratic = 0;
    for (std::size_t i = 0; i < w.size(); ++i) quadratic += w[i] * kw[i];
    EXPECT_GT(quadratic, 0.0);
  }
}

TEST(edge_curl_curl, NonzerosPerRowAndInteriorDiagonal) {
  sparse::structured_mesh m;
  m.nx = m.ny = m.nz = 6;
  const csr_host k = sparse::edge_curl_curl(m);
  std::int64_t fewest = k.nnz(), most = 0;
  for (std::int64_t i = 0; i < k.rows; ++i) {
    const std::int64_t n = k.row_ptr[static_cast<std::size_t>(i + 1)] - k.row_ptr[static_cast<std::size_t>(i)];
    fewest = std::min(fewest, n), most = std::max(most, n);
  }
  EXPECT_EQ(most, 33);  // of the four cells around an interior edge: 9 parallel, 12 + 12 crossing edges
  EXPECT_GE(fewest, 9);
  // The x-edge from node (2, 3, 3) is interior: four cells, each contributing
  // int (L_b L_c')^2 + (L_b' L_c)^2 = 1/3 + 1/3 on the unit cube, times the scale 6.
  const std::int64_t e = 2 + m.nx * ((3 - 1) + (m.ny - 1) * (3 - 1));
  EXPECT_EQ(entry(k, e, e), 16.0);
  // Unit spacing: every entry is an integer, so A G = 0 holds exactly.
  for (double v : k.values) ASSERT_EQ(v, std::round(v));
  const csr_host g = sparse::discrete_gradient(m);
  std::vector<double> ones(static_cast<std::size_t>(g.cols));
  for (std::size_t i = 0; i < ones.size(); ++i) ones[i] = static_cast<double>(i % 7) - 3;
  for (double r : multiply(k, multiply(g, ones))) ASSERT_EQ(r, 0.0);
}

TEST(edge_curl_curl, RightHandSideIsInTheRange) {
  for (const auto& m : meshes()) {
    const auto b = sparse::curl_curl_rhs(m, 5);
    const csr_host g = sparse::discrete_gradient(m);
    ASSERT_EQ(static_cast<std::int64_t>(b.size()), g.rows);
    double norm = 0;
    for (double x : b) norm += std::fabs(x);
    EXPECT_GT(norm, 0.0);
    for (double x : multiply_transposed(g, b)) ASSERT_EQ(x, 0.0);  // exact: small integers
  }
}

TEST(edge_curl_curl, UnknownCountsAndSeedSize) {
  sparse::structured_mesh m;
  for (std::int64_t n : {2, 5, 83, 84}) {
    m.nx = m.ny = m.nz = n;
    EXPECT_EQ(sparse::edge_unknowns(m), 3 * n * (n - 1) * (n - 1));
  }
  EXPECT_EQ(sparse::cube_mesh_with_unknowns(1709028).nx, 84);
}

// The largest cube whose matrix 32-bit columns index bounds the search: past it the search for a
// mesh size would overflow int64 and never return.
TEST(edge_curl_curl, CubeSearchIsBounded) {
  const std::int64_t most = sparse::max_cube_unknowns();
  EXPECT_EQ(most, 3 * 895 * 894 * 894);
  EXPECT_GT(std::int64_t{3} * 896 * 895 * 895, std::int64_t{std::numeric_limits<std::int32_t>::max()});
  EXPECT_EQ(sparse::cube_mesh_with_unknowns(most).nx, 895);
  EXPECT_EQ(sparse::cube_mesh_with_unknowns(most - 1).nx, 895);
  for (std::int64_t unknowns : {most + 1, std::int64_t{1} << 40, std::numeric_limits<std::int64_t>::max()}) {
    try {
      sparse::cube_mesh_with_unknowns(unknowns);
      ADD_FAILURE() << "accepted " << unknowns;
    } catch (const kamp::invalid_argument& e) {
      EXPECT_EQ(e.argument(), "unknowns");
      EXPECT_EQ(e.value(), std::to_string(unknowns));
      EXPECT_NE(std::string(e.what()).find("at most 2145948660"), std::string::npos) << e.what();
    }
  }
}

// Meshes beyond 32-bit columns, or beyond memory, are named before anything is allocated.
TEST(edge_curl_curl, OversizedMeshesAreNamed) {
  sparse::structured_mesh m;
  m.nx = m.ny = m.nz = 896;
  expect_invalid_argument("mesh", [&] { sparse::edge_curl_curl(m); });
  expect_invalid_argument("mesh", [&] { sparse::curl_curl_rhs(m, 1); });
  m.nx = std::numeric_limits<std::int64_t>::max();  // its count overflows int64
  try {
    sparse::edge_curl_curl(m);
    ADD_FAILURE() << "accepted";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("9223372036854775807 x 896 x 896 cells"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("at most 2^31 - 1 unknowns"), std::string::npos) << e.what();
  }
  m.nx = m.ny = m.nz = 895;  // 2.1e9 unknowns: 8.7e11 bytes of matrix
  if (!core::memory_shortfall(8.6e11).empty()) {
    try {
      sparse::edge_curl_curl(m);
      ADD_FAILURE() << "accepted";
    } catch (const kamp::invalid_argument& e) {
      EXPECT_EQ(e.argument(), "mesh");
      EXPECT_NE(std::string(e.what()).find("895 x 895 x 895 cells (2145948660 unknowns)"), std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("bytes this process can allocate"), std::string::npos) << e.what();
    }
  }
}

TEST(edge_curl_curl, MatrixMarketRoundTrip) {
  const csr_host k = sparse::edge_curl_curl(meshes()[1]);
  std::stringstream io;
  sparse::write_matrix_market(io, k);
  const csr_host back = sparse::read_matrix_market(io, "curl_curl");
  EXPECT_EQ(back.values, k.values);
  EXPECT_EQ(back.col_idx, k.col_idx);
}

TEST(edge_curl_curl, BadMeshesAreNamed) {
  sparse::structured_mesh m;
  m.nx = 1, m.ny = 3, m.nz = 3;
  expect_invalid_argument("mesh.nx", [&] { sparse::edge_curl_curl(m); });
  m.nx = 3, m.hy = 0;
  expect_invalid_argument("mesh.hy", [&] { sparse::edge_curl_curl(m); });
  m.hy = 1, m.hz = std::numeric_limits<double>::infinity();
  expect_invalid_argument("mesh.hz", [&] { sparse::curl_curl_rhs(m, 1); });
}

}  // namespace
}  // namespace kamp::test

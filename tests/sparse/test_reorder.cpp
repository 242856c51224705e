// Reverse Cuthill-McKee and symmetric permutation: a shuffled path gets back bandwidth 1, a
// shuffled 2-D grid a bandwidth of the order of its side, components are all visited, P A P^T
// holds exactly a(order[i], order[j]) at (i, j), and bad permutations are named.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

#include "sparse/reorder.hpp"
#include "tests/backends.hpp"

namespace kamp::test {
namespace {

// The 5-point stencil on a side x side grid (side = 1 column: a path), then its unknowns shuffled.
sparse::csr_host shuffled_grid(std::int64_t side_x, std::int64_t side_y, std::uint64_t seed) {
  const std::int64_t n = side_x * side_y;
  std::vector<std::int64_t> shuffle(static_cast<std::size_t>(n));
  std::iota(shuffle.begin(), shuffle.end(), 0);
  std::shuffle(shuffle.begin(), shuffle.end(), std::mt19937_64(seed));
  std::vector<std::int64_t> r, c;
  std::vector<double> v;
  const auto add = [&](std::int64_t i, std::int64_t j, double value) {
    r.push_back(shuffle[static_cast<std::size_t>(i)]), c.push_back(shuffle[static_cast<std::size_t>(j)]),
        v.push_back(value);
  };
  for (std::int64_t y = 0; y < side_y; ++y) {
    for (std::int64_t x = 0; x < side_x; ++x) {
      const std::int64_t k = x + side_x * y;
      add(k, k, 4.0 + static_cast<double>(k) / 1024);
      if (x > 0) add(k, k - 1, -1);
      if (x + 1 < side_x) add(k, k + 1, -1);
      if (y > 0) add(k, k - side_x, -1.5);
      if (y + 1 < side_y) add(k, k + side_x, -1.5);
    }
  }
  return sparse::from_triplets(n, n, r, c, v);
}

bool is_permutation(std::vector<std::int64_t> order, std::int64_t n) {
  std::sort(order.begin(), order.end());
  for (std::int64_t i = 0; i < n; ++i) {
    if (order[static_cast<std::size_t>(i)] != i) return false;
  }
  return static_cast<std::int64_t>(order.size()) == n;
}

TEST(reorder, rcm_gives_a_shuffled_path_bandwidth_one) {
  const sparse::csr_host a = shuffled_grid(1, 500, 3);
  EXPECT_GT(sparse::bandwidth(a), 100);
  const auto order = sparse::reverse_cuthill_mckee(a);
  ASSERT_TRUE(is_permutation(order, a.rows));
  EXPECT_EQ(sparse::bandwidth(sparse::permute_symmetric(a, order)), 1);
}

TEST(reorder, rcm_gives_a_shuffled_grid_bandwidth_of_its_side) {
  const sparse::csr_host a = shuffled_grid(30, 40, 5);
  const auto order = sparse::reverse_cuthill_mckee(a);
  ASSERT_TRUE(is_permutation(order, a.rows));
  const sparse::csr_host p = sparse::permute_symmetric(a, order);
  sparse::validate(p);
  EXPECT_GT(sparse::bandwidth(a), 600);
  EXPECT_LE(sparse::bandwidth(p), 2 * 30);  // level sets of the breadth-first search are diagonals
}

TEST(reorder, every_component_is_ordered) {
  // Two grids side by side with no coupling, and an isolated diagonal entry.
  const sparse::csr_host g = shuffled_grid(5, 6, 7);
  std::vector<std::int64_t> r, c;
  std::vector<double> v;
  for (std::int64_t i = 0; i < g.rows; ++i) {
    for (auto q = g.row_ptr[static_cast<std::size_t>(i)]; q < g.row_ptr[static_cast<std::size_t>(i + 1)]; ++q) {
      for (std::int64_t copy = 0; copy < 2; ++copy) {
        r.push_back(i + copy * g.rows), c.push_back(g.col_idx[static_cast<std::size_t>(q)] + copy * g.rows);
        v.push_back(g.values[static_cast<std::size_t>(q)]);
      }
    }
  }
  r.push_back(2 * g.rows), c.push_back(2 * g.rows), v.push_back(1);
  const auto a = sparse::from_triplets(2 * g.rows + 1, 2 * g.rows + 1, r, c, v);
  EXPECT_TRUE(is_permutation(sparse::reverse_cuthill_mckee(a), a.rows));
}

TEST(reorder, permute_symmetric_moves_every_entry) {
  const sparse::csr_host a = shuffled_grid(4, 5, 11);
  const auto order = sparse::reverse_cuthill_mckee(a);
  const sparse::csr_host p = sparse::permute_symmetric(a, order);
  ASSERT_EQ(p.nnz(), a.nnz());
  std::map<std::pair<std::int64_t, std::int64_t>, double> original;
  for (std::int64_t i = 0; i < a.rows; ++i) {
    for (auto q = a.row_ptr[static_cast<std::size_t>(i)]; q < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++q) {
      original[{i, a.col_idx[static_cast<std::size_t>(q)]}] = a.values[static_cast<std::size_t>(q)];
    }
  }
  for (std::int64_t i = 0; i < p.rows; ++i) {
    for (auto q = p.row_ptr[static_cast<std::size_t>(i)]; q < p.row_ptr[static_cast<std::size_t>(i + 1)]; ++q) {
      const auto key = std::make_pair(order[static_cast<std::size_t>(i)],
                                      order[static_cast<std::size_t>(p.col_idx[static_cast<std::size_t>(q)])]);
      ASSERT_EQ(original.count(key), 1u) << "row " << i;
      EXPECT_EQ(original[key], p.values[static_cast<std::size_t>(q)]);
    }
  }
}

TEST(reorder, bad_permutations_are_named) {
  const sparse::csr_host a = shuffled_grid(3, 3, 1);
  expect_invalid_argument("order", [&] { sparse::permute_symmetric(a, {0, 1, 2}); });
  expect_invalid_argument("order", [&] { sparse::permute_symmetric(a, {0, 1, 2, 3, 4, 5, 6, 7, 7}); });
  expect_invalid_argument("order", [&] { sparse::permute_symmetric(a, {0, 1, 2, 3, 4, 5, 6, 7, 9}); });
  const auto wide = sparse::from_triplets(2, 3, {0}, {2}, {1.0});
  expect_invalid_argument("a", [&] { sparse::reverse_cuthill_mckee(wide); });
}

}  // namespace
}  // namespace kamp::test

// Row blocks (equal nonzeros, owners, empty blocks when ranks outnumber rows), row slices, the
// one-rank layout (no ghosts, every row interior, columns untouched) and the serial
// communicator's refusal of messages.
#include <gtest/gtest.h>

#include "core/random.hpp"
#include "parallel/communicator.hpp"
#include "sparse/local_layout.hpp"
#include "sparse/row_blocks.hpp"
#include "tests/backends.hpp"

namespace kamp::test {
namespace {

sparse::csr_host banded(std::int64_t rows, std::int64_t half_width) {
  std::vector<std::int64_t> r, c;
  std::vector<double> v;
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t j = std::max<std::int64_t>(0, i - half_width); j <= std::min(rows - 1, i + half_width); ++j) {
      r.push_back(i), c.push_back(j), v.push_back(1.0 + static_cast<double>(i == j));
    }
  }
  return sparse::from_triplets(rows, rows, r, c, v);
}

TEST(row_blocks, balance_nonzeros_and_find_owners) {
  const sparse::csr_host a = banded(1000, 3);
  for (int parts : {1, 2, 3, 7}) {
    const sparse::row_blocks blocks = sparse::balanced_row_blocks(a, parts);
    ASSERT_EQ(blocks.parts(), parts);
    EXPECT_EQ(blocks.rows(), a.rows);
    const double share = static_cast<double>(a.nnz()) / parts;
    for (int r = 0; r < parts; ++r) {
      const auto nnz =
          a.row_ptr[static_cast<std::size_t>(blocks.end(r))] - a.row_ptr[static_cast<std::size_t>(blocks.begin(r))];
      EXPECT_NEAR(static_cast<double>(nnz), share, 8.0) << parts << " parts, block " << r;
      EXPECT_EQ(blocks.owner(blocks.begin(r)), r);
      EXPECT_EQ(blocks.owner(blocks.end(r) - 1), r);
    }
  }
}

TEST(row_blocks, more_parts_than_rows_leaves_empty_blocks_with_owners_right) {
  const sparse::csr_host a = banded(3, 1);
  const sparse::row_blocks blocks = sparse::balanced_row_blocks(a, 5);
  std::int64_t covered = 0;
  for (int r = 0; r < 5; ++r) covered += blocks.end(r) - blocks.begin(r);
  EXPECT_EQ(covered, 3);
  for (std::int64_t row = 0; row < 3; ++row) {
    const int owner = blocks.owner(row);
    EXPECT_LE(blocks.begin(owner), row);
    EXPECT_LT(row, blocks.end(owner));
  }
  expect_invalid_argument("parts", [&] { sparse::balanced_row_blocks(a, 0); });
}

TEST(row_blocks, row_slice_keeps_global_columns) {
  const sparse::csr_host a = banded(20, 2);
  const sparse::csr_host s = sparse::row_slice(a, 5, 9);
  EXPECT_EQ(s.rows, 4);
  EXPECT_EQ(s.cols, a.cols);
  sparse::validate(s);
  EXPECT_EQ(s.col_idx.front(), 3);  // row 5's first column
  EXPECT_EQ(s.nnz(), 20);
  expect_invalid_argument("last", [&] { sparse::row_slice(a, 5, 21); });
  expect_invalid_argument("first", [&] { sparse::row_slice(a, -1, 3); });
}

TEST(local_layout, one_rank_has_no_ghosts) {
  const sparse::csr_host a = banded(50, 4);
  const auto layout = sparse::make_local_layout(a, sparse::balanced_row_blocks(a, 1), *parallel::serial());
  EXPECT_EQ(layout.plan.ghosts(), 0);
  EXPECT_EQ(layout.plan.sends(), 0);
  EXPECT_EQ(layout.below, 0);
  EXPECT_EQ(layout.local.col_idx, a.col_idx);
  EXPECT_EQ(layout.interior_rows.size(), 50u);
  EXPECT_TRUE(layout.boundary_rows.empty());
}

TEST(serial_communicator, gathers_its_own_value_and_refuses_messages) {
  const auto comm = parallel::serial();
  EXPECT_EQ(comm->allgather_value(42.5), std::vector<double>{42.5});
  int buffer = 0;
  expect_invalid_argument("sends", [&] { comm->start_exchange({{1, &buffer, sizeof buffer}}, {}); });
  expect_invalid_argument("receives", [&] { comm->start_exchange({}, {{1, &buffer, sizeof buffer}}); });
}

}  // namespace
}  // namespace kamp::test

// Sliced rows (sparse/sliced_rows.hpp) against their invariant, read back from the device view:
// slot k's entry j at slice_start(k / 32) + k % 32 + 32 j in the row's CSR order, each slice as
// wide as its longest row, nothing but zeros in the padding; for all rows and for a row list,
// row counts around multiples of 32, empty rows and an empty list.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "sparse/sliced_rows.hpp"
#include "tests/backends.hpp"

namespace kamp::test {
namespace {

// rows x 50, row i with (i * 7) % 13 entries at random columns (some rows empty).
sparse::csr_host ragged(core::random_source& rng, std::int64_t rows) {
  std::vector<std::int64_t> r, c;
  std::vector<double> v;
  for (std::int64_t i = 0; i < rows; ++i) {
    std::vector<std::int64_t> cols(50);
    for (std::int64_t j = 0; j < 50; ++j) cols[static_cast<std::size_t>(j)] = j;
    for (std::int64_t e = 0; e < (i * 7) % 13; ++e) {
      const auto pick = static_cast<std::size_t>(rng.integer(e, 49));
      std::swap(cols[static_cast<std::size_t>(e)], cols[pick]);
      r.push_back(i), c.push_back(cols[static_cast<std::size_t>(e)]), v.push_back(rng.uniform(-1, 1));
    }
  }
  return sparse::from_triplets(rows, 50, r, c, v);
}

void check_slices(const sparse::csr_host& a, const std::vector<std::int32_t>* list) {
  const sparse::sliced_host s = sparse::slice_rows(a, list);
  const std::int64_t slots = list ? static_cast<std::int64_t>(list->size()) : a.rows;
  const std::int64_t slices = (slots + 31) / 32;
  ASSERT_EQ(static_cast<std::int64_t>(s.slice_start.size()), slices + 1);
  ASSERT_EQ(static_cast<std::int64_t>(s.length.size()), slots);
  ASSERT_EQ(s.slice_start.front(), 0);
  std::vector<bool> used(s.values.size(), false);
  for (std::int64_t slice = 0; slice < slices; ++slice) {
    std::int64_t widest = 0;
    for (std::int64_t k = 32 * slice; k < std::min(slots, 32 * slice + 32); ++k) {
      const std::int64_t i = list ? (*list)[static_cast<std::size_t>(k)] : k;
      const std::int64_t begin = a.row_ptr[static_cast<std::size_t>(i)],
                         end = a.row_ptr[static_cast<std::size_t>(i + 1)];
      ASSERT_EQ(s.length[static_cast<std::size_t>(k)], end - begin) << "slot " << k;
      widest = std::max(widest, end - begin);
      for (std::int64_t j = 0; j < end - begin; ++j) {
        const auto at = static_cast<std::size_t>(s.slice_start[static_cast<std::size_t>(slice)] + k % 32 + 32 * j);
        ASSERT_LT(at, s.values.size());
        EXPECT_EQ(s.col_idx[at], a.col_idx[static_cast<std::size_t>(begin + j)]) << "slot " << k << " entry " << j;
        EXPECT_EQ(s.values[at], a.values[static_cast<std::size_t>(begin + j)]) << "slot " << k << " entry " << j;
        used[at] = true;
      }
    }
    EXPECT_EQ(s.slice_start[static_cast<std::size_t>(slice + 1)] - s.slice_start[static_cast<std::size_t>(slice)],
              32 * widest)
        << "slice " << slice;
  }
  for (std::size_t p = 0; p < s.values.size(); ++p) {
    if (!used[p]) EXPECT_TRUE(s.values[p] == 0 && s.col_idx[p] == 0) << "padding at " << p;
  }
}

TEST(sliced_rows, every_row_in_place) {
  core::random_source rng(5);
  for (std::int64_t rows : {0, 1, 31, 32, 33, 64, 100}) check_slices(ragged(rng, rows), nullptr);
}

TEST(sliced_rows, listed_rows_in_list_order) {
  core::random_source rng(6);
  const sparse::csr_host a = ragged(rng, 90);
  std::vector<std::int32_t> odd, none;
  for (std::int32_t i = 89; i >= 0; i -= 2) odd.push_back(i);
  check_slices(a, &odd);
  check_slices(a, &none);
}

// The device copy holds the host arrays: every stored entry and every slot read back through
// the accessors (a free function: CUDA takes no device lambda inside a test's private body).
void check_device_copy(const sparse::csr_host& a) {
  const sparse::sliced_host h = sparse::slice_rows(a, nullptr);
  using space = Kokkos::DefaultExecutionSpace;
  const sparse::sliced_rows<space::memory_space> s(a, nullptr);
  ASSERT_EQ(s.stored(), static_cast<std::int64_t>(h.values.size()));
  Kokkos::View<double*, space::memory_space> values("values", h.values.size());
  Kokkos::View<std::int64_t*, space::memory_space> first("first", h.length.size());
  Kokkos::parallel_for(
      Kokkos::RangePolicy<space>(0, s.stored()), KOKKOS_LAMBDA(std::int64_t p) { values(p) = s.value(p) + s.col(p); });
  Kokkos::parallel_for(
      Kokkos::RangePolicy<space>(0, static_cast<std::int64_t>(h.length.size())),
      KOKKOS_LAMBDA(std::int64_t k) { first(k) = s.first_entry(k) * 1000 + s.length(k); });
  const auto v = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
  const auto f = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), first);
  for (std::size_t p = 0; p < h.values.size(); ++p) EXPECT_EQ(v(p), h.values[p] + h.col_idx[p]) << "entry " << p;
  for (std::size_t k = 0; k < h.length.size(); ++k) {
    EXPECT_EQ(f(k), (h.slice_start[k / 32] + std::int64_t(k % 32)) * 1000 + h.length[k]) << "slot " << k;
  }
}

TEST(sliced_rows, device_copy_matches_host_arrays) {
  core::random_source rng(7);
  check_device_copy(ragged(rng, 70));
}

}  // namespace
}  // namespace kamp::test

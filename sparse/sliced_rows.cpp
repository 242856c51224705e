#include "sparse/sliced_rows.hpp"

#include <algorithm>

namespace kamp::sparse {

sliced_host slice_rows(const csr_host& a, const std::vector<std::int32_t>* list) {
  const std::int64_t slots = list ? static_cast<std::int64_t>(list->size()) : a.rows;
  const auto row_of = [&](std::int64_t k) { return list ? std::int64_t((*list)[static_cast<std::size_t>(k)]) : k; };
  const auto begin = [&](std::int64_t i) { return a.row_ptr[static_cast<std::size_t>(i)]; };
  sliced_host s;
  s.length.resize(static_cast<std::size_t>(slots));
  for (std::int64_t k = 0; k < slots; ++k) {
    const std::int64_t i = row_of(k);
    s.length[static_cast<std::size_t>(k)] = static_cast<std::int32_t>(begin(i + 1) - begin(i));
  }
  for (std::int64_t first = 0; first < slots; first += slice_height) {
    const auto from = s.length.begin() + first, to = s.length.begin() + std::min(first + slice_height, slots);
    s.slice_start.push_back(s.slice_start.back() + std::int64_t(slice_height) * *std::max_element(from, to));
  }
  s.col_idx.assign(static_cast<std::size_t>(s.slice_start.back()), 0);
  s.values.assign(static_cast<std::size_t>(s.slice_start.back()), 0.0);
  for (std::int64_t k = 0; k < slots; ++k) {
    const std::int64_t i = row_of(k);
    const std::int64_t first = s.slice_start[static_cast<std::size_t>(k / slice_height)] + k % slice_height;
    for (std::int64_t j = 0; j < begin(i + 1) - begin(i); ++j) {
      const auto to = static_cast<std::size_t>(first + slice_height * j), from = static_cast<std::size_t>(begin(i) + j);
      s.col_idx[to] = a.col_idx[from];
      s.values[to] = a.values[from];
    }
  }
  return s;
}

}  // namespace kamp::sparse

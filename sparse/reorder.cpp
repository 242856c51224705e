#include "sparse/reorder.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace kamp::sparse {

namespace {

// The symmetrised pattern without the diagonal, as adjacency lists in CSR form.
void symmetric_pattern(const csr_host& a, std::vector<std::int64_t>& start, std::vector<std::int64_t>& next) {
  const auto n = static_cast<std::size_t>(a.rows);
  std::vector<std::int64_t> degree(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::int64_t p = a.row_ptr[i]; p < a.row_ptr[i + 1]; ++p) {
      const auto j = static_cast<std::size_t>(a.col_idx[static_cast<std::size_t>(p)]);
      if (j != i) ++degree[i], ++degree[j];
    }
  }
  start.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) start[i + 1] = start[i] + degree[i];
  next.assign(static_cast<std::size_t>(start[n]), 0);
  std::vector<std::int64_t> fill(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::int64_t p = a.row_ptr[i]; p < a.row_ptr[i + 1]; ++p) {
      const auto j = static_cast<std::size_t>(a.col_idx[static_cast<std::size_t>(p)]);
      if (j == i) continue;
      next[static_cast<std::size_t>(fill[i]++)] = static_cast<std::int64_t>(j);
      next[static_cast<std::size_t>(fill[j]++)] = static_cast<std::int64_t>(i);
    }
  }
  // A symmetric matrix lists each pair twice; duplicates would only repeat neighbours.
  for (std::size_t i = 0; i < n; ++i) {
    const auto b = next.begin() + start[i], e = next.begin() + start[i + 1];
    std::sort(b, e);
    std::fill(std::unique(b, e), e, -1);
  }
}

}  // namespace

std::vector<std::int64_t> reverse_cuthill_mckee(const csr_host& a) {
  require_argument(a.rows == a.cols, "kamp::sparse::reverse_cuthill_mckee", "a",
                   std::to_string(a.rows) + " x " + std::to_string(a.cols), "must be square");
  std::vector<std::int64_t> start, next;
  symmetric_pattern(a, start, next);
  const auto n = static_cast<std::size_t>(a.rows);
  std::vector<std::int64_t> degree(n);
  for (std::size_t i = 0; i < n; ++i) {
    degree[i] =
        std::count_if(next.begin() + start[i], next.begin() + start[i + 1], [](std::int64_t j) { return j >= 0; });
  }
  std::vector<std::int64_t> by_degree(n);
  for (std::size_t i = 0; i < n; ++i) by_degree[i] = static_cast<std::int64_t>(i);
  std::stable_sort(by_degree.begin(), by_degree.end(), [&](std::int64_t x, std::int64_t y) {
    return degree[static_cast<std::size_t>(x)] < degree[static_cast<std::size_t>(y)];
  });
  std::vector<std::int64_t> order;
  order.reserve(n);
  std::vector<char> seen(n, 0);
  std::vector<std::int64_t> neighbours;
  for (const std::int64_t root : by_degree) {  // one breadth-first search per component
    if (seen[static_cast<std::size_t>(root)]) continue;
    seen[static_cast<std::size_t>(root)] = 1;
    order.push_back(root);
    for (std::size_t head = order.size() - 1; head < order.size(); ++head) {
      const auto v = static_cast<std::size_t>(order[head]);
      neighbours.clear();
      for (std::int64_t p = start[v]; p < start[v + 1]; ++p) {
        const std::int64_t w = next[static_cast<std::size_t>(p)];
        if (w >= 0 && !seen[static_cast<std::size_t>(w)])
          seen[static_cast<std::size_t>(w)] = 1, neighbours.push_back(w);
      }
      std::stable_sort(neighbours.begin(), neighbours.end(), [&](std::int64_t x, std::int64_t y) {
        return degree[static_cast<std::size_t>(x)] < degree[static_cast<std::size_t>(y)];
      });
      order.insert(order.end(), neighbours.begin(), neighbours.end());
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

csr_host permute_symmetric(const csr_host& a, const std::vector<std::int64_t>& order) {
  const char* fn = "kamp::sparse::permute_symmetric";
  require_argument(a.rows == a.cols, fn, "a", std::to_string(a.rows) + " x " + std::to_string(a.cols),
                   "must be square");
  require_argument(static_cast<std::int64_t>(order.size()) == a.rows, fn, "order",
                   std::to_string(order.size()) + " entries", "must have one entry per row");
  const auto n = static_cast<std::size_t>(a.rows);
  std::vector<std::int64_t> position(n, -1);
  for (std::size_t k = 0; k < n; ++k) {
    const std::int64_t old = order[k];
    require_argument(old >= 0 && old < a.rows && position[static_cast<std::size_t>(old)] < 0, fn, "order",
                     "entry " + std::to_string(k) + " = " + std::to_string(old), "must be a permutation of 0..rows-1");
    position[static_cast<std::size_t>(old)] = static_cast<std::int64_t>(k);
  }
  csr_host p;
  p.rows = p.cols = a.rows;
  p.row_ptr.assign(1, 0);
  p.col_idx.reserve(a.col_idx.size());
  p.values.reserve(a.values.size());
  std::vector<std::pair<std::int32_t, double>> row;
  for (std::size_t k = 0; k < n; ++k) {
    const auto old = static_cast<std::size_t>(order[k]);
    row.clear();
    for (std::int64_t q = a.row_ptr[old]; q < a.row_ptr[old + 1]; ++q) {
      row.emplace_back(
          static_cast<std::int32_t>(position[static_cast<std::size_t>(a.col_idx[static_cast<std::size_t>(q)])]),
          a.values[static_cast<std::size_t>(q)]);
    }
    std::sort(row.begin(), row.end());
    for (const auto& [c, v] : row) p.col_idx.push_back(c), p.values.push_back(v);
    p.row_ptr.push_back(p.nnz());
  }
  return p;
}

std::int64_t bandwidth(const csr_host& a) {
  std::int64_t b = 0;
  for (std::int64_t i = 0; i < a.rows; ++i) {
    for (std::int64_t q = a.row_ptr[static_cast<std::size_t>(i)]; q < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++q) {
      b = std::max(b, std::abs(i - a.col_idx[static_cast<std::size_t>(q)]));
    }
  }
  return b;
}

}  // namespace kamp::sparse

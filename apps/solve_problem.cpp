#include "apps/solve_problem.hpp"

#include <string>
#include <utility>

#include "core/error.hpp"
#include "sparse/edge_curl_curl.hpp"
#include "sparse/matrix_market.hpp"
#include "sparse/reorder.hpp"

namespace kamp::apps {

namespace {

std::vector<double> times_ones(const sparse::csr_host& a) {
  std::vector<double> b(static_cast<std::size_t>(a.rows), 0.0);
  for (std::int64_t i = 0; i < a.rows; ++i) {
    for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
      b[static_cast<std::size_t>(i)] += a.values[static_cast<std::size_t>(p)];
    }
  }
  return b;
}

std::vector<double> read_rhs(const std::string& path, std::int64_t rows) {
  const sparse::csr_host v = sparse::read_matrix_market_file(path);
  require_argument(v.rows == rows && v.cols == 1, "command line", "--rhs",
                   path + " (" + std::to_string(v.rows) + " x " + std::to_string(v.cols) + ")",
                   "must be a " + std::to_string(rows) + " x 1 matrix");
  std::vector<double> b(static_cast<std::size_t>(rows), 0.0);
  for (std::int64_t i = 0; i < rows; ++i) {
    const auto p = v.row_ptr[static_cast<std::size_t>(i)];
    if (p < v.row_ptr[static_cast<std::size_t>(i + 1)])
      b[static_cast<std::size_t>(i)] = v.values[static_cast<std::size_t>(p)];
  }
  return b;
}

}  // namespace

solve_problem load_problem(const solve_settings& settings, int ranks) {
  solve_problem p;
  if (settings.generate > 0) {
    const sparse::structured_mesh mesh = sparse::cube_mesh_with_unknowns(settings.generate);
    p.matrix = sparse::edge_curl_curl(mesh);
    p.rhs = sparse::curl_curl_rhs(mesh, 11);
    p.description = "edge-element curl-curl, " + std::to_string(mesh.nx) + "^3 cells";
  } else {
    p.matrix = sparse::read_matrix_market_file(settings.matrix);
    require_argument(
        p.matrix.rows == p.matrix.cols, "command line", "MATRIX",
        settings.matrix + " (" + std::to_string(p.matrix.rows) + " x " + std::to_string(p.matrix.cols) + ")",
        "must be square");
    p.rhs = settings.rhs.empty() ? times_ones(p.matrix) : read_rhs(settings.rhs, p.matrix.rows);
    p.description = settings.matrix + (settings.rhs.empty() ? ", b = A * ones" : ", b from " + settings.rhs);
  }
  if (settings.reorder) {
    const std::int64_t before = sparse::bandwidth(p.matrix);
    const std::vector<std::int64_t> order = sparse::reverse_cuthill_mckee(p.matrix);
    p.matrix = sparse::permute_symmetric(p.matrix, order);
    std::vector<double> rhs(p.rhs.size());
    for (std::size_t k = 0; k < order.size(); ++k) rhs[k] = p.rhs[static_cast<std::size_t>(order[k])];
    p.rhs = std::move(rhs);
    p.description +=
        ", RCM order (bandwidth " + std::to_string(before) + " -> " + std::to_string(sparse::bandwidth(p.matrix)) + ")";
  }
  p.blocks = sparse::balanced_row_blocks(p.matrix, ranks);
  return p;
}

}  // namespace kamp::apps

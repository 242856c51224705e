#include "sparse/edge_curl_curl.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/memory_limit.hpp"

namespace kamp::sparse {

namespace {

enum class direction { x, y, z };

// Numbering of the interior edges, level by level in z so that a block of consecutive rows is a
// slab of the mesh and a row-block partition exchanges only the edges next to its cut (about one
// level, 3 n^2 entries on an n^3 mesh; numbering all x-edges first, then y, then z, would make
// rank halos half the vector). Level k holds its x-edges (i fastest), its y-edges, then the z-edges
// from level k to k + 1; levels 0 and nz hold no x- or y-edges (walls), level nz no z-edges.
class edge_numbering {
 public:
  explicit edge_numbering(const structured_mesh& m) : m_(m) {
    x_level_ = m.nx * (m.ny - 1);
    y_level_ = (m.nx - 1) * m.ny;
    z_level_ = (m.nx - 1) * (m.ny - 1);
  }
  std::int64_t count() const { return (x_level_ + y_level_) * (m_.nz - 1) + z_level_ * m_.nz; }

  // The unknown of the edge starting at node (i, j, k) along d, or -1 on a wall or outside.
  std::int64_t operator()(direction d, std::int64_t i, std::int64_t j, std::int64_t k) const {
    switch (d) {
      case direction::x:
        if (i < 0 || i >= m_.nx || j < 1 || j > m_.ny - 1 || k < 1 || k > m_.nz - 1) return -1;
        return level(k) + i + m_.nx * (j - 1);
      case direction::y:
        if (i < 1 || i > m_.nx - 1 || j < 0 || j >= m_.ny || k < 1 || k > m_.nz - 1) return -1;
        return level(k) + x_level_ + (i - 1) + (m_.nx - 1) * j;
      case direction::z:
        if (i < 1 || i > m_.nx - 1 || j < 1 || j > m_.ny - 1 || k < 0 || k >= m_.nz) return -1;
        return level(k) + (k > 0 ? x_level_ + y_level_ : 0) + (i - 1) + (m_.nx - 1) * (j - 1);
    }
    return -1;
  }

  // Edge `local` (0-3 x, 4-7 y, 8-11 z; offsets as in cell_matrix) of cell (i, j, k).
  std::int64_t of_cell(int local, std::int64_t i, std::int64_t j, std::int64_t k) const {
    const int p = local & 1, q = (local >> 1) & 1;
    if (local < 4) return (*this)(direction::x, i, j + p, k + q);
    if (local < 8) return (*this)(direction::y, i + p, j, k + q);
    return (*this)(direction::z, i + p, j + q, k);
  }

 private:
  // The first unknown of level k: level 0 has z-edges only.
  std::int64_t level(std::int64_t k) const {
    return k == 0 ? 0 : z_level_ + (k - 1) * (x_level_ + y_level_ + z_level_);
  }

  structured_mesh m_;
  std::int64_t x_level_, y_level_, z_level_;
};

// A factor of a curl component in one coordinate: 1, the hat L_a or its slope L_a'.
enum class kind { one, hat, slope };
struct factor {
  kind k;
  int a;
};

// int_0^h f g dt for two factors (L_0 = 1 - t/h, L_1 = t/h, slopes -1/h and 1/h), except that a
// pair of hats gives 6 times its integral (2h or h). Every product of two curl terms of one
// component has exactly one pair of hats, in that component's direction, and its other pairs are
// 1 1 = h, 1 L' = +-1 or L' L' = +-1/h: so the cell matrix comes out curl_curl_scale = 6 times the
// integrals with no division by 3, exact in double when the spacings are powers of two.
double scaled_integral(factor f, factor g, double h) {
  if (f.k > g.k) std::swap(f, g);
  const double sf = f.a ? 1.0 : -1.0, sg = g.a ? 1.0 : -1.0;
  switch (f.k) {
    case kind::one:
      if (g.k == kind::hat) break;
      return g.k == kind::one ? h : sg;
    case kind::hat:
      if (g.k != kind::hat) break;
      return f.a == g.a ? 2 * h : h;
    case kind::slope:
      return sf * sg / h;
  }
  throw std::logic_error("kamp::sparse::edge_curl_curl: a hat paired with another factor (no curl product has one)");
}

// One nonzero component of the curl of a basis function: coefficient times a product of factors.
struct curl_term {
  int component;
  double coefficient;
  factor f[3];
};

// The 12 x 12 cell matrix, curl_curl_scale int curl N_m . curl N_n. Local edges: x-edges 0-3 at (y,
// z) offsets (b, c) = (l & 1, l >> 1); y-edges 4-7 at (x, z) offsets; z-edges 8-11 at (x, y)
// offsets.
std::array<std::array<double, 12>, 12> cell_matrix(const structured_mesh& m) {
  std::array<std::array<curl_term, 2>, 12> terms;
  for (int l = 0; l < 4; ++l) {
    const int p = l & 1, q = l >> 1;
    const factor one{kind::one, 0};
    terms[l] = {curl_term{1, 1 / m.hx, {one, {kind::hat, p}, {kind::slope, q}}},
                curl_term{2, -1 / m.hx, {one, {kind::slope, p}, {kind::hat, q}}}};
    terms[4 + l] = {curl_term{0, -1 / m.hy, {{kind::hat, p}, one, {kind::slope, q}}},
                    curl_term{2, 1 / m.hy, {{kind::slope, p}, one, {kind::hat, q}}}};
    terms[8 + l] = {curl_term{0, 1 / m.hz, {{kind::hat, p}, {kind::slope, q}, one}},
                    curl_term{1, -1 / m.hz, {{kind::slope, p}, {kind::hat, q}, one}}};
  }
  const double h[3] = {m.hx, m.hy, m.hz};
  std::array<std::array<double, 12>, 12> k{};
  for (int r = 0; r < 12; ++r) {
    for (int c = 0; c < 12; ++c) {
      double sum = 0;
      for (const auto& s : terms[r]) {
        for (const auto& t : terms[c]) {
          if (s.component != t.component) continue;
          double product = s.coefficient * t.coefficient;
          for (int d = 0; d < 3; ++d) product *= scaled_integral(s.f[d], t.f[d], h[d]);
          sum += product;
        }
      }
      k[r][c] = sum;
    }
  }
  return k;
}

const char* fn = "kamp::sparse::edge_curl_curl";

std::string mesh_text(const structured_mesh& m) {
  return std::to_string(m.nx) + " x " + std::to_string(m.ny) + " x " + std::to_string(m.nz) + " cells";
}

structured_mesh cube(std::int64_t n) {
  structured_mesh m;
  m.nx = m.ny = m.nz = n;
  return m;
}

void check_mesh(const structured_mesh& m) {
  require_argument(m.nx >= 2, fn, "mesh.nx", m.nx, "must be >= 2 (an interior edge needs two cells)");
  require_argument(m.ny >= 2, fn, "mesh.ny", m.ny, "must be >= 2");
  require_argument(m.nz >= 2, fn, "mesh.nz", m.nz, "must be >= 2");
  require_argument(std::isfinite(m.hx) && m.hx > 0, fn, "mesh.hx", m.hx, "must be positive and finite");
  require_argument(std::isfinite(m.hy) && m.hy > 0, fn, "mesh.hy", m.hy, "must be positive and finite");
  require_argument(std::isfinite(m.hz) && m.hz > 0, fn, "mesh.hz", m.hz, "must be positive and finite");
  // The count in double cannot overflow, and is exact while it is below 2^53 (so at the bound).
  const double nx = static_cast<double>(m.nx), ny = static_cast<double>(m.ny), nz = static_cast<double>(m.nz);
  const double unknowns = (nx * (ny - 1) + (nx - 1) * ny) * (nz - 1) + (nx - 1) * (ny - 1) * nz;
  char count[32];
  std::snprintf(count, sizeof count, "%.0f", unknowns);
  require_argument(unknowns <= std::numeric_limits<std::int32_t>::max(), fn, "mesh",
                   mesh_text(m) + " (" + count + " unknowns)",
                   "must have at most 2^31 - 1 unknowns (csr_host's columns are 32-bit)");
}

// Calls visit(direction, i, j, k) for every edge of the mesh, walls included.
template <class Visit>
void for_each_edge(const structured_mesh& m, Visit&& visit) {
  for (std::int64_t k = 0; k <= m.nz; ++k) {
    for (std::int64_t j = 0; j <= m.ny; ++j) {
      for (std::int64_t i = 0; i <= m.nx; ++i) {
        if (i < m.nx) visit(direction::x, i, j, k);
        if (j < m.ny) visit(direction::y, i, j, k);
        if (k < m.nz) visit(direction::z, i, j, k);
      }
    }
  }
}

}  // namespace

std::int64_t edge_unknowns(const structured_mesh& mesh) { return edge_numbering(mesh).count(); }

std::int64_t max_cube_unknowns() {
  std::int64_t n = 2;
  while (edge_unknowns(cube(n + 1)) <= std::numeric_limits<std::int32_t>::max()) ++n;
  return edge_unknowns(cube(n));
}

structured_mesh cube_mesh_with_unknowns(std::int64_t unknowns) {
  // Bounded first: beyond it the search below would run until 3 n (n - 1)^2 overflowed, and never end.
  const std::int64_t most = max_cube_unknowns();
  require_argument(unknowns <= most, "kamp::sparse::cube_mesh_with_unknowns", "unknowns", unknowns,
                   "must be at most " + std::to_string(most) + ", the largest cube mesh's (32-bit columns)");
  std::int64_t n = 2;
  while (edge_unknowns(cube(n)) < unknowns) ++n;
  return cube(n);
}

csr_host edge_curl_curl(const structured_mesh& mesh) {
  check_mesh(mesh);
  const edge_numbering number(mesh);
  // What is reserved below (at most 33 nonzeros a row), checked before it is.
  const std::string shortfall = core::memory_shortfall(
      static_cast<double>(number.count()) * (sizeof(std::int64_t) + 33 * (sizeof(std::int32_t) + sizeof(double))));
  require_argument(shortfall.empty(), fn, "mesh",
                   mesh_text(mesh) + " (" + std::to_string(number.count()) + " unknowns)",
                   "must fit in memory: its matrix " + shortfall);
  const auto cell = cell_matrix(mesh);
  csr_host a;
  a.rows = a.cols = number.count();
  a.row_ptr.assign(1, 0);
  a.row_ptr.reserve(static_cast<std::size_t>(a.rows) + 1);
  a.col_idx.reserve(static_cast<std::size_t>(a.rows) * 33);
  a.values.reserve(static_cast<std::size_t>(a.rows) * 33);
  std::vector<std::pair<std::int64_t, double>> row;
  std::int64_t expected_row = 0;
  // Assemble row by row in unknown order: level by level, x-, y-, then z-edges in each.
  for (std::int64_t k = 0; k <= mesh.nz; ++k) {
    for (const direction d : {direction::x, direction::y, direction::z}) {
      for (std::int64_t j = 0; j <= mesh.ny; ++j) {
        for (std::int64_t i = 0; i <= mesh.nx; ++i) {
          const std::int64_t e = number(d, i, j, k);
          if (e < 0) continue;
          if (e != expected_row++) throw std::logic_error("kamp::sparse::edge_curl_curl: edge numbering out of order");
          row.clear();
          // The four cells around the edge, and the edge's local number in each.
          for (int p = 0; p < 2; ++p) {
            for (int q = 0; q < 2; ++q) {
              std::int64_t ci = i, cj = j, ck = k;
              int local = 0;
              if (d == direction::x) cj -= p, ck -= q, local = p + 2 * q;
              if (d == direction::y) ci -= p, ck -= q, local = 4 + p + 2 * q;
              if (d == direction::z) ci -= p, cj -= q, local = 8 + p + 2 * q;
              if (ci < 0 || ci >= mesh.nx || cj < 0 || cj >= mesh.ny || ck < 0 || ck >= mesh.nz) continue;
              for (int n = 0; n < 12; ++n) {
                const std::int64_t f = number.of_cell(n, ci, cj, ck);
                if (f >= 0) row.emplace_back(f, cell[static_cast<std::size_t>(local)][static_cast<std::size_t>(n)]);
              }
            }
          }
          std::stable_sort(row.begin(), row.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
          for (std::size_t s = 0; s < row.size();) {
            double sum = 0;
            const std::int64_t col = row[s].first;
            for (; s < row.size() && row[s].first == col; ++s) sum += row[s].second;
            if (sum == 0) continue;  // entries that cancel exactly are not stored
            a.col_idx.push_back(static_cast<std::int32_t>(col));
            a.values.push_back(sum);
          }
          a.row_ptr.push_back(a.nnz());
        }
      }
    }
  }
  return a;
}

std::vector<double> curl_curl_rhs(const structured_mesh& mesh, std::uint64_t seed) {
  check_mesh(mesh);
  const edge_numbering number(mesh);
  std::vector<double> b(static_cast<std::size_t>(number.count()), 0.0);
  std::uint64_t state = seed;
  const auto next_weight = [&]() {
    state += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = (state ^ (state >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<double>(static_cast<std::int64_t>((z ^ (z >> 31)) % 17) - 8);  // integer in [-8, 8]
  };
  const auto add = [&](std::int64_t e, double v) {
    if (e >= 0) b[static_cast<std::size_t>(e)] += v;
  };
  // Each face's circulation: +1 along its first two edges, -1 along the other two.
  for (std::int64_t k = 0; k <= mesh.nz; ++k) {
    for (std::int64_t j = 0; j <= mesh.ny; ++j) {
      for (std::int64_t i = 0; i <= mesh.nx; ++i) {
        if (i < mesh.nx && j < mesh.ny) {  // normal z
          const double w = next_weight();
          add(number(direction::x, i, j, k), w), add(number(direction::y, i + 1, j, k), w);
          add(number(direction::x, i, j + 1, k), -w), add(number(direction::y, i, j, k), -w);
        }
        if (j < mesh.ny && k < mesh.nz) {  // normal x
          const double w = next_weight();
          add(number(direction::y, i, j, k), w), add(number(direction::z, i, j + 1, k), w);
          add(number(direction::y, i, j, k + 1), -w), add(number(direction::z, i, j, k), -w);
        }
        if (k < mesh.nz && i < mesh.nx) {  // normal y
          const double w = next_weight();
          add(number(direction::z, i, j, k), w), add(number(direction::x, i, j, k + 1), w);
          add(number(direction::z, i + 1, j, k), -w), add(number(direction::x, i, j, k), -w);
        }
      }
    }
  }
  return b;
}

csr_host discrete_gradient(const structured_mesh& mesh) {
  check_mesh(mesh);
  const edge_numbering number(mesh);
  const auto node = [&](std::int64_t i, std::int64_t j, std::int64_t k) -> std::int64_t {
    if (i < 1 || i > mesh.nx - 1 || j < 1 || j > mesh.ny - 1 || k < 1 || k > mesh.nz - 1) return -1;
    return (i - 1) + (mesh.nx - 1) * ((j - 1) + (mesh.ny - 1) * (k - 1));
  };
  std::vector<std::int64_t> rows, cols;
  std::vector<double> values;
  for_each_edge(mesh, [&](direction d, std::int64_t i, std::int64_t j, std::int64_t k) {
    const std::int64_t e = number(d, i, j, k);
    if (e < 0) return;
    const std::int64_t tail = node(i, j, k);
    const std::int64_t head = node(i + (d == direction::x), j + (d == direction::y), k + (d == direction::z));
    if (tail >= 0) rows.push_back(e), cols.push_back(tail), values.push_back(-1);
    if (head >= 0) rows.push_back(e), cols.push_back(head), values.push_back(1);
  });
  return from_triplets(number.count(), (mesh.nx - 1) * (mesh.ny - 1) * (mesh.nz - 1), rows, cols, values);
}

}  // namespace kamp::sparse

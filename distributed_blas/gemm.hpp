#pragma once
// C <- alpha op(A) op(B) + beta C over block_matrix operands on one process grid (a collective:
// every rank calls it with the same arguments; a mismatch raises kamp::invalid_argument on every
// rank). Rank (I, J) computes C's block (I, J) from op(A)'s rows I and op(B)'s columns J, taken
// in panels of the inner dimension (SUMMA): for each panel every rank gathers the slices it
// needs from their owners (gather_rectangle) and adds their product into its block with the
// single-process GEMM, blas::gemm (every format) or blas::gemm_ozaki (dd_real, the expansions and
// the RNS formats). The panel width bounds the gathered bytes each rank holds at once
// (options.panel_bytes).
//
// Bits and bounds: with the whole inner dimension in one panel every output is computed by the
// single-process GEMM from the same row and column, so C has its bits (the Ozaki path agrees on
// the exponent spreads across ranks first, so that every rank scales as one process would).
// Panels change the order of the sum: output (i, j) is then alpha s_1 + beta c, then + alpha s_t
// for each later panel, s_t the panel's chain. A term of panel t passes at most
// kb + 1 + (panels - t + 1) roundings, kb the panel width, and kb + panels <= k + 1 for any
// split, so every output stays within the single-process bound gamma_(k+2) (|alpha| |op(A)|
// |op(B)| + |beta| |C|) (the Ozaki path within its own bound per panel plus those additions).
#include <algorithm>
#include <chrono>
#include <exception>
#include <vector>

#include "blas/gemm_ozaki.hpp"
#include "core/allocation.hpp"
#include "distributed_blas/gather_rectangle.hpp"

namespace kamp::distributed_blas {

enum class product_engine { fma, ozaki };

struct gemm_options {
  // The most bytes of op(A) and op(B) panels one rank gathers at once; 0 takes half of what the
  // memory space has free. The narrowest rank's choice holds for all.
  double panel_bytes = 0;
  product_engine engine = product_engine::fma;  // ozaki: the formats of blas::gemm_ozaki only
  blas::ozaki::options ozaki;
  // Panels travel device to device where the memory space and the ranks allow (every rank's GPU
  // on one node), else through host memory; true: through host memory always (to compare).
  bool host_staged = false;
};

struct gemm_report {
  std::int64_t panel_width = 0;  // columns of op(A) per panel
  int panels = 0;
  double gather_seconds = 0, multiply_seconds = 0;  // this rank's, fenced
  std::size_t bytes_received = 0;                   // from other ranks
  transport panels_moved = transport::host_staged;
  std::vector<blas::ozaki::report> ozaki;  // each panel's, engine ozaki
};

namespace detail {

// What every rank must agree on, gathered once to check it and to take the narrowest panel.
struct gemm_call {
  char trans_a, trans_b;
  std::int64_t m, n, k, panel_width;
  int engine;
  bool accepted;  // the rank's own checks passed
  bool operator==(const gemm_call& o) const {
    return trans_a == o.trans_a && trans_b == o.trans_b && m == o.m && n == o.n && k == o.k && engine == o.engine;
  }
};

template <class ExecSpace, class Value, class Array>
blas::ozaki::report ozaki_panel(const ExecSpace& exec, const parallel::communicator& comm, char ta, char tb,
                                std::int64_t m, std::int64_t n, std::int64_t k, const Value& alpha, const Array& A,
                                std::int64_t lda, const Array& B, std::int64_t ldb, const Value& beta, const Array& C,
                                std::int64_t ldc, blas::ozaki::options opts) {
  if constexpr (blas::ozaki::gemm_plan<ExecSpace, Value>::available) {
    // Every rank's spreads first (an empty block contributes none), then the product with the
    // largest as floors.
    blas::ozaki::gemm_plan<ExecSpace, Value> plan;
    int spreads[2] = {0, 0};
    if (m > 0 && n > 0 && k > 0) {
      const auto first = plan.analyse(exec, ta == 'T', tb == 'T', m, n, k, A, lda, B, ldb, opts);
      spreads[0] = first.range_a;
      spreads[1] = first.range_b;
    }
    std::vector<int> all(2 * static_cast<std::size_t>(comm.size()));
    comm.allgather(spreads, all.data(), sizeof spreads);
    for (int r = 0; r < comm.size(); ++r) {
      opts.least_spread_a = std::max(opts.least_spread_a, all[2 * r]);
      opts.least_spread_b = std::max(opts.least_spread_b, all[2 * r + 1]);
    }
    return blas::gemm_ozaki(exec, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, opts, &plan);
  } else {
    return blas::gemm_ozaki(exec, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, opts);
  }
}

}  // namespace detail

template <class ExecSpace, class Format, class MemorySpace>
gemm_report gemm(const ExecSpace& exec, char trans_a, char trans_b, const value_type_t<Format>& alpha,
                 const block_matrix<Format, MemorySpace>& A, const block_matrix<Format, MemorySpace>& B,
                 const value_type_t<Format>& beta, const block_matrix<Format, MemorySpace>& C,
                 const gemm_options& opts = {}) {
  using value = value_type_t<Format>;
  using clock = std::chrono::steady_clock;
  const char* fn = "kamp::distributed_blas::gemm";
  const process_grid& grid = C.grid;
  // The checks of one rank's arguments; a rank whose arguments fail still joins the agreement
  // below before raising, so that no other rank waits for it forever.
  bool ta = false, tb = false;
  std::int64_t m = 0, n = 0, k = 0;
  std::exception_ptr rejected;
  try {
    ta = core::checked_trans(fn, "trans_a", trans_a) == 'T';
    tb = core::checked_trans(fn, "trans_b", trans_b) == 'T';
    require_argument(same_grid(A.grid, C.grid), fn, "A", "on another process grid", "must share C's grid");
    require_argument(same_grid(B.grid, C.grid), fn, "B", "on another process grid", "must share C's grid");
    m = ta ? A.cols : A.rows;
    k = ta ? A.rows : A.cols;
    n = tb ? B.rows : B.cols;
    const std::int64_t b_rows = tb ? B.cols : B.rows;
    require_argument(b_rows == k, fn, "B", std::to_string(B.rows) + " x " + std::to_string(B.cols),
                     "(its shape) must give op(B) " + std::to_string(k) + " rows, the columns of op(A)");
    require_argument(C.rows == m && C.cols == n, fn, "C", std::to_string(C.rows) + " x " + std::to_string(C.cols),
                     "(its shape) must be " + std::to_string(m) + " x " + std::to_string(n));
    require_argument(opts.panel_bytes >= 0, fn, "opts.panel_bytes", opts.panel_bytes, "must be >= 0");
    require_argument(opts.engine == product_engine::fma || blas::ozaki::scheme_format<Format>::supported, fn,
                     "opts.engine", "ozaki",
                     "needs operands of a format of the Ozaki scheme (double, dd_real, expansion<N>, RNS)");
  } catch (const invalid_argument&) {
    rejected = std::current_exception();
  }
  const bool ozaki = opts.engine == product_engine::ozaki;
  require_space_memory<ExecSpace, MemorySpace>();

  const index_range rows_mine{C.row_blocks.begin(grid.row()), C.row_blocks.end(grid.row())};
  const index_range cols_mine{C.col_blocks.begin(grid.col()), C.col_blocks.end(grid.col())};
  const std::int64_t m_mine = rows_mine.size(), n_mine = cols_mine.size();

  // The widest panel this rank's budget holds, then the narrowest over the ranks.
  const double budget = opts.panel_bytes > 0
                            ? opts.panel_bytes
                            : 0.5 * static_cast<double>(core::memory_status_of<MemorySpace>().free_bytes);
  const double column_bytes = static_cast<double>(m_mine + n_mine) * sizeof(value);
  std::int64_t width = std::max<std::int64_t>(k, 1);
  if (column_bytes > 0 && budget / column_bytes < static_cast<double>(width))
    width = std::max<std::int64_t>(1, static_cast<std::int64_t>(budget / column_bytes));
  const detail::gemm_call mine{static_cast<char>(ta ? 'T' : 'N'),
                               static_cast<char>(tb ? 'T' : 'N'),
                               m,
                               n,
                               k,
                               width,
                               static_cast<int>(opts.engine),
                               !rejected};
  const auto calls = grid.comm->allgather_value(mine);
  if (rejected) std::rethrow_exception(rejected);
  gemm_report out;
  out.panel_width = width;
  for (int r = 0; r < grid.size(); ++r) {
    require_argument(calls[r].accepted, fn, "arguments", "rank " + std::to_string(r) + "'s",
                     "were rejected there (its exception names the argument)");
    require_argument(calls[r] == mine, fn, "arguments", "rank " + std::to_string(r) + "'s",
                     "must be every rank's (trans, shapes and engine)");
    out.panel_width = std::min(out.panel_width, calls[r].panel_width);
  }

  out.panels_moved = opts.host_staged ? transport::host_staged : parallel::fastest_transport<MemorySpace>(*grid.comm);
  if (m == 0 || n == 0) return out;
  const bool alpha_zero = k == 0 || equals_double<Format>(alpha, 0.0);
  if (alpha_zero) {  // C <- beta C: nothing to gather
    const array_t<Format, MemorySpace> none;
    blas::gemm(exec, 'N', 'N', m_mine, n_mine, 0, alpha, none, std::max<std::int64_t>(m_mine, 1), none, 1, beta,
               C.local.values, C.local.ld);
    return out;
  }
  for (std::int64_t first = 0; first < k; first += out.panel_width, ++out.panels) {
    const index_range inner{first, std::min(k, first + out.panel_width)};
    const std::int64_t kb = inner.size();
    auto rows_of = [&](int r) {
      return index_range{C.row_blocks.begin(r / grid.cols), C.row_blocks.end(r / grid.cols)};
    };
    auto cols_of = [&](int r) {
      return index_range{C.col_blocks.begin(r % grid.cols), C.col_blocks.end(r % grid.cols)};
    };
    const auto start = clock::now();
    // op(A)'s rows I and op(B)'s columns J over the panel, as A and B store them; a rank whose
    // own block is exactly its panel (one rank, or a grid of one row or column) multiplies it
    // in place.
    auto want_a = [&](int r) { return ta ? rectangle{inner, rows_of(r)} : rectangle{rows_of(r), inner}; };
    auto want_b = [&](int r) { return tb ? rectangle{cols_of(r), inner} : rectangle{inner, cols_of(r)}; };
    auto panel_of = [&](const block_matrix<Format, MemorySpace>& X, const rectangle& wanted, const char* label) {
      return X.owned() == wanted ? X.local : matrix<Format, MemorySpace>(wanted.rows.size(), wanted.cols.size(), label);
    };
    const auto a_panel = panel_of(A, want_a(grid.comm->rank()), "kamp::distributed_blas::gemm (A panel)");
    const auto b_panel = panel_of(B, want_b(grid.comm->rank()), "kamp::distributed_blas::gemm (B panel)");
    out.bytes_received += gather_rectangle(exec, A, want_a, a_panel, out.panels_moved);
    out.bytes_received += gather_rectangle(exec, B, want_b, b_panel, out.panels_moved);
    const auto gathered = clock::now();
    const value beta_panel = first == 0 ? beta
                                        : format_traits<Format>::from_double(
                                              format_traits<Format>::template context<Kokkos::HostSpace>(), 1.0);
    if constexpr (blas::ozaki::scheme_format<Format>::supported) {
      if (ozaki) {
        out.ozaki.push_back(detail::ozaki_panel(exec, *grid.comm, trans_a, trans_b, m_mine, n_mine, kb, alpha,
                                                a_panel.values, a_panel.ld, b_panel.values, b_panel.ld, beta_panel,
                                                C.local.values, C.local.ld, opts.ozaki));
      }
    }
    if (!ozaki) {
      blas::gemm(exec, trans_a, trans_b, m_mine, n_mine, kb, alpha, a_panel.values, a_panel.ld, b_panel.values,
                 b_panel.ld, beta_panel, C.local.values, C.local.ld);
    }
    exec.fence();
    const auto multiplied = clock::now();
    out.gather_seconds += std::chrono::duration<double>(gathered - start).count();
    out.multiply_seconds += std::chrono::duration<double>(multiplied - gathered).count();
  }
  return out;
}

}  // namespace kamp::distributed_blas

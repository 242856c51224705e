#pragma once
// y <- alpha A x + beta y for a CSR matrix A with double values and vectors x, y of any format
// (kamp::array_t<Format, MemorySpace>), written once through format_traits. Each row is a chain
// of fused multiply-adds in the format (or, on a GPU, one chain per lane joined by a tree of
// additions: detail::spmv_rows) with a_ij exact in the format (fma_by_double: fma's bound), or for
// dd_real a sum of the products in two parts rounded once, within that chain's bound; so every
// output obeys the GEMV bound of Isupov and Knyazkov with the row's nonzero count r in place of the inner
// dimension and two roundings per fma: |y_i - y*_i| <= gamma_(2r+3) (|alpha| (|A||x|)_i + |beta|
// |y_i|) (core::product_error_factor(2r + 1, u)). beta = 0 does not read y (NaN there is
// overwritten). Argument errors (x not of length cols, y not of length rows) raise
// kamp::invalid_argument naming the argument before anything is written. The distributed
// overload (sparse/distributed_matrix.hpp) runs the same chains with the halo exchanged.
#include <cstdint>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "core/kernel_arguments.hpp"
#include "formats/fma_by_double.hpp"
#include "formats/format_traits.hpp"
#include "formats/host_values.hpp"
#include "formats/product_sum_chain.hpp"
#include "formats/value_array.hpp"
#include "sparse/csr_matrix.hpp"
#include "sparse/distributed_matrix.hpp"
#include "sparse/halo.hpp"
#include "sparse/row_shape.hpp"
#include "sparse/row_sum_chain.hpp"

namespace kamp::sparse {

namespace detail {

// The lanes' partial sums of a row, added in the format (a tree of log2(lanes) additions).
template <class Format>
struct format_sum {
  using traits = format_traits<Format>;
  using reducer = format_sum;
  using value_type = value_type_t<Format>;
  using result_view_type = Kokkos::View<value_type, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  value_type& value;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const {
    dest = traits::add(context, dest, src);
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const { v = traits::zero(); }
  KOKKOS_INLINE_FUNCTION value_type& reference() const { return value; }
  KOKKOS_INLINE_FUNCTION result_view_type view() const { return result_view_type(&value); }
  KOKKOS_INLINE_FUNCTION bool references_scalar() const { return true; }
};

// One lane's chain: acc = step(p, acc) for p = begin, begin + stride, ... < end, four entries
// per step so that their loads are in flight together, then the rest one by one; in blocks of
// Chain::segment entries with Chain::renormalise between them (a chain in the format has one
// block), so that no per-entry test stands between an entry's loads and the next's (a short last
// step with guarded entries instead is slower). The order, and so the bits, are those of the plain
// loop.
template <class Chain, class Value, class Step>
KOKKOS_INLINE_FUNCTION Value lane_chain(const Step& step, std::int64_t begin, std::int64_t end, std::int64_t stride,
                                        Value acc) {
  const std::int64_t block = Chain::segment * stride;
  for (std::int64_t first = begin; first < end; first += block) {
    const std::int64_t last = end - first > block ? first + block : end;
    std::int64_t p = first;
    for (; p + 3 * stride < last; p += 4 * stride) {
      acc = step(p, acc);
      acc = step(p + stride, acc);
      acc = step(p + 2 * stride, acc);
      acc = step(p + 3 * stride, acc);
    }
    for (; p < last; p += stride) acc = step(p, acc);
    if (last < end) acc = Chain::renormalise(acc);
  }
  return acc;
}

// Where slot k's row (row i of the matrix) lies in a storage: entries begin, begin + unit, ...
// before end, in the row's order, and each entry's value and column.
template <class MemorySpace>
struct csr_entries {
  csr_matrix<MemorySpace> A;
  static constexpr std::int64_t unit = 1;
  KOKKOS_INLINE_FUNCTION std::int64_t begin(std::int64_t, std::int64_t i) const { return A.row_begin(i); }
  KOKKOS_INLINE_FUNCTION std::int64_t end(std::int64_t, std::int64_t i) const { return A.row_end(i); }
  KOKKOS_INLINE_FUNCTION double value(std::int64_t p) const { return A.value(p); }
  KOKKOS_INLINE_FUNCTION std::int32_t col(std::int64_t p) const { return A.col(p); }
};
template <class MemorySpace>
struct sliced_entries {
  sliced_rows<MemorySpace> slices;
  static constexpr std::int64_t unit = slice_height;
  KOKKOS_INLINE_FUNCTION std::int64_t begin(std::int64_t k, std::int64_t) const { return slices.first_entry(k); }
  KOKKOS_INLINE_FUNCTION std::int64_t end(std::int64_t k, std::int64_t) const {
    return slices.first_entry(k) + unit * slices.length(k);
  }
  KOKKOS_INLINE_FUNCTION double value(std::int64_t p) const { return slices.value(p); }
  KOKKOS_INLINE_FUNCTION std::int32_t col(std::int64_t p) const { return slices.col(p); }
};

// accumulate(a_ip, col p, acc) for the entry at p.
template <class Entries, class Accumulate>
struct entry_step {
  Entries entries;
  Accumulate accumulate;
  template <class Value>
  KOKKOS_INLINE_FUNCTION Value operator()(std::int64_t p, const Value& acc) const {
    return accumulate(entries.value(p), entries.col(p), acc);
  }
};

// The one-thread row kernel's launch bounds, chosen by timing E11's matrix with the bits unchanged
// (experiments/comparisons/spmv_row_launch_bounds_h200.csv.gz and the files named below). Left to
// itself, Kokkos sizes the blocks from the registers nvcc gives the rows, and picks small ones.
// - The double SpMV (fma_by_double_chain<double>): at most 256 threads and at least 6 blocks a
//   multiprocessor, a cap of 42 registers it does not reach; scheduled under it the kernel moves
//   more of the copy bandwidth (<256, 1> lets it take more registers and 32-thread blocks, and
//   moves less).
// - mixed_product_chain rows (dd_real's two parts): at most 256 threads and no minimum, so nvcc
//   keeps more registers and more loads in flight per row, which pays although Kokkos then runs
//   32-thread blocks at a low occupancy (a minimum of 6 blocks pays less).
// - JOR's sweeps (value_chain<double>: the row sum, then v, D^-1 and z read and the next z
//   written): at most 256 threads and no minimum; <128, 8> does as well, and minimums of 6 or 8
//   blocks at 256 threads worse (experiments/comparisons/jor_sweep_launch_bounds_h200.csv.gz, z's
//   bits the same).
// - The SpMV over doubles (the VP solver's A z and A w): the multi-doubles' summed-product rows
//   (product_sum_chain) under <128, 8>, a cap of 64 registers, where nvcc alone gives the longer
//   expansions so many that few warps fit; the RNS level sums of doubles under <256, 4> at 212
//   bits (64) and <256, 2> at 106 (128). Every format timed runs faster so, with y's bits the same
//   (experiments/comparisons/spmv_of_doubles_launch_bounds_h200.csv.gz; expansion<6> untimed).
// - Other chains (the SpMV over qd_real and RNS vectors): Kokkos' default.
template <class Chain>
struct row_launch_bounds {
  using type = Kokkos::LaunchBounds<>;
};
template <>
struct row_launch_bounds<fma_by_double_chain<double>> {
  using type = Kokkos::LaunchBounds<256, 6>;
};
template <class Format>
struct row_launch_bounds<mixed_product_chain<Format>> {
  using type = Kokkos::LaunchBounds<256, 1>;
};
template <>
struct row_launch_bounds<value_chain<double>> {
  using type = Kokkos::LaunchBounds<256, 1>;
};
template <class Format>
struct row_launch_bounds<product_sum_chain<Format, true>> {
  using type = Kokkos::LaunchBounds<128, 8>;
};
template <int N>
struct row_launch_bounds<rns::level_sum_chain<N>> {
  using type = Kokkos::LaunchBounds<256, N <= 8 ? 2 : 4>;
};

// reduce_rows over one storage, one thread per row.
template <class ExecSpace, class Format, class Chain, class Entries, class Accumulate, class Finish>
void rows_one_thread_each(const std::string& label, const ExecSpace& exec, const Entries& entries,
                          const row_set<typename ExecSpace::memory_space>& rows, const Accumulate& accumulate,
                          const Finish& finish) {
  using traits = format_traits<Format>;
  using policy = Kokkos::RangePolicy<ExecSpace, core::kernel_arguments, typename row_launch_bounds<Chain>::type>;
  constexpr std::int64_t unit = Entries::unit;
  const entry_step<Entries, Accumulate> step{entries, accumulate};
  Kokkos::parallel_for(
      label, policy(exec, 0, rows.count), KOKKOS_LAMBDA(std::int64_t k) {
        const std::int64_t i = rows(k);
        const auto start = Chain::start(traits::zero());
        finish(i, Chain::result(lane_chain<Chain>(step, entries.begin(k, i), entries.end(k, i), unit, start)));
      });
}

// reduce_rows over one storage, shape.lanes lanes per row (a GPU's).
template <class ExecSpace, class Format, class Chain, class Entries, class Accumulate, class Finish>
void rows_with_lanes(const std::string& label, const ExecSpace& exec, const Entries& entries,
                     const row_set<typename ExecSpace::memory_space>& rows, const Accumulate& accumulate,
                     const Finish& finish, const row_shape& shape) {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  using policy = Kokkos::TeamPolicy<ExecSpace, core::kernel_arguments>;
  constexpr std::int64_t unit = Entries::unit;
  const entry_step<Entries, Accumulate> step{entries, accumulate};
  const int lanes = shape.lanes, rows_per_team = shape.rows_per_team;
  const auto context = traits::template context<typename ExecSpace::memory_space>();
  Kokkos::parallel_for(
      label + "_lanes", policy(exec, (rows.count + rows_per_team - 1) / rows_per_team, rows_per_team, lanes),
      KOKKOS_LAMBDA(const typename policy::member_type& team) {
        const std::int64_t k = static_cast<std::int64_t>(team.league_rank()) * rows_per_team + team.team_rank();
        if (k >= rows.count) return;
        const std::int64_t i = rows(k), begin = entries.begin(k, i), end = entries.end(k, i);
        value sum = traits::zero();
        Kokkos::parallel_reduce(
            Kokkos::ThreadVectorRange(team, lanes),
            [&](int lane, value& acc) {
              acc = Chain::result(lane_chain<Chain>(step, begin + lane * unit, end, lanes * unit, Chain::start(acc)));
            },
            format_sum<Format>{sum, context});
        Kokkos::single(Kokkos::PerThread(team), [&] { finish(i, sum); });
      });
}

// A host backend runs one thread per row whatever the shape, so its lanes kernel is never
// compiled (it would double the row loops' instantiations in every host test and app).
template <class ExecSpace, class Format, class Chain, class Entries, class Accumulate, class Finish>
void reduce_rows_of(const std::string& label, const ExecSpace& exec, const Entries& entries,
                    const row_set<typename ExecSpace::memory_space>& rows, const Accumulate& accumulate,
                    const Finish& finish, const row_shape& shape) {
  if constexpr (Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible) {
    rows_one_thread_each<ExecSpace, Format, Chain>(label, exec, entries, rows, accumulate, finish);
  } else if (shape.lanes == 1) {
    rows_one_thread_each<ExecSpace, Format, Chain>(label, exec, entries, rows, accumulate, finish);
  } else {
    rows_with_lanes<ExecSpace, Format, Chain>(label, exec, entries, rows, accumulate, finish, shape);
  }
}

// For every row i of `rows`: s = Chain::start(zero), s = accumulate(a_ij, j, s) over the row's
// entries in order, then finish(i, Chain::result(s)). The SpMV and the JOR sweep are both this
// loop; a Chain other than the value itself (formats/product_sum_chain.hpp) accumulates in a
// wider form and rounds to the format at the end of each lane. Rows kept sliced
// (rows.slices) are read from the slices, the rows of a warp side by side; otherwise from CSR.
// - shape.lanes = 1: one thread per row, its chain the plain loop.
// - shape.lanes = L > 1 (GPUs): lane l folds the row's entries l, l + L, ..., and the lanes'
//   sums are joined by a tree of additions in the format. In slices, the L lanes of a row read
//   L runs of 32 / L rows' entries: whole sectors, as one thread per row does.
template <class ExecSpace, class Format, class Chain = value_chain<Format>, class Accumulate, class Finish>
void reduce_rows(const std::string& label, const ExecSpace& exec, const csr_matrix<typename ExecSpace::memory_space>& A,
                 const row_set<typename ExecSpace::memory_space>& rows, const Accumulate& accumulate,
                 const Finish& finish, const row_shape& shape = default_row_shape<ExecSpace, Format>()) {
  using memory = typename ExecSpace::memory_space;
  if (rows.count == 0) return;
  if (!rows.slices.empty()) {
    return reduce_rows_of<ExecSpace, Format, Chain>(label + "_sliced", exec, sliced_entries<memory>{rows.slices}, rows,
                                                    accumulate, finish, shape);
  }
  reduce_rows_of<ExecSpace, Format, Chain>(label, exec, csr_entries<memory>{A}, rows, accumulate, finish, shape);
}

// y_i <- alpha s_i + beta y_i, s_i a row's sum (alpha = 1: s_i itself, the product's value
// without its rounding, which costs an RNS format a full one; beta = 0: y is not read).
template <class Format, class Array>
KOKKOS_INLINE_FUNCTION void store_row(const context_t<Format>& context, bool alpha_one,
                                      const value_type_t<Format>& alpha, const value_type_t<Format>& sum,
                                      bool beta_zero, const value_type_t<Format>& beta, const Array& y,
                                      std::int64_t i) {
  using traits = format_traits<Format>;
  value_type_t<Format> result = alpha_one ? sum : traits::mul(context, alpha, sum);
  if (!beta_zero) result = traits::fma(context, beta, y.load(static_cast<std::size_t>(i)), result);
  y.store(static_cast<std::size_t>(i), result);
}

// y_i <- alpha sum_p a_ip x_(col p) + beta y_i for the rows of `rows`, each row's sum by Chain
// and, where Chain's result is not finite, redone as one chain of Fallback over CSR (the special
// values and the overflow retries of the format's fma). x is read through X::load(column), so the
// same loop serves a csr_matrix and a distributed one.
template <class ExecSpace, class Format, class Chain, class Fallback, class X, class Array>
void rows_times_vector(const std::string& label, const ExecSpace& exec, const value_type_t<Format>& alpha,
                       const csr_matrix<typename Array::memory_space>& A, const X& x, const value_type_t<Format>& beta,
                       const Array& y, const row_set<typename Array::memory_space>& rows, const row_shape& shape) {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  const bool alpha_one = equals_double<Format>(alpha, 1.0), beta_zero = equals_double<Format>(beta, 0.0);
  const auto context = traits::template context<typename Array::memory_space>();
  reduce_rows<ExecSpace, Format, Chain>(
      label, exec, A, rows,
      KOKKOS_LAMBDA(double a, std::int32_t col, const typename Chain::accumulator& acc) {
        return Chain::add(context, acc, a, x.load(col));
      },
      KOKKOS_LAMBDA(std::int64_t i, const value& row_sum) {
        value sum = row_sum;
        if (Chain::needs_recompute(context, row_sum)) {
          sum = traits::zero();
          for (std::int64_t p = A.row_begin(i); p < A.row_end(i); ++p)
            sum = Fallback::add(context, sum, A.value(p), x.load(A.col(p)));
        }
        store_row<Format>(context, alpha_one, alpha, sum, beta_zero, beta, y, i);
      },
      shape);
}

// The SpMV over x in the format: each row is the format's mixed_row_chain
// (formats/product_sum_chain.hpp): for dd_real the products summed in two parts and rounded once
// (multi_double/mixed_product_sum.hpp: within 6.51 r + 4.02 units of u^2 |A||x| a row, where the fma
// chain's 2r + 1 roundings of 5u^2 allow 10 r + 5), else the chain of fma_by_double. With L lanes
// a row is L chains joined by a tree of additions: no term passes through more roundings than in
// the one chain (dd_real: 6.51 ceil(r / L) + 4.02 + 3.01 min(log2 L, r - 1) units,
// AccurateDWPlusDW erring by 3.01 u^2 a level; inside 10 r + 5 for every r and L <= 32), so the
// bound above holds.
template <class ExecSpace, class Format, class X, class Array>
void spmv_rows(const ExecSpace& exec, const value_type_t<Format>& alpha,
               const csr_matrix<typename Array::memory_space>& A, const X& x, const value_type_t<Format>& beta,
               const Array& y, const row_set<typename Array::memory_space>& rows, const row_shape& shape) {
  rows_times_vector<ExecSpace, Format, mixed_row_chain<Format>, fma_by_double_chain<Format>>(
      "kamp::sparse::spmv", exec, alpha, A, x, beta, y, rows, shape);
}

// The SpMV over x in double (X::load(column) gives a double): each row's products a_ij x_j are
// exact, so the multi-doubles and the RNS formats up to 212 bits add them unnormalised and round
// once (sparse/row_sum_chain.hpp: within one rounding of the format and 2^-23 of one per block of
// R products, multi_double/level_sum.hpp); the others run the fma chain of spmv_rows on from_double(x_j), bit
// for bit.
template <class ExecSpace, class Format, class X, class Array>
void spmv_rows_of_doubles(const ExecSpace& exec, const value_type_t<Format>& alpha,
                          const csr_matrix<typename Array::memory_space>& A, const X& x,
                          const value_type_t<Format>& beta, const Array& y,
                          const row_set<typename Array::memory_space>& rows, const row_shape& shape) {
  rows_times_vector<ExecSpace, Format, row_sum_chain_t<Format>, fma_product_chain<Format>>(
      "kamp::sparse::spmv_of_doubles", exec, alpha, A, x, beta, y, rows, shape);
}

template <class Array>
struct plain_vector {
  Array x;
  KOKKOS_INLINE_FUNCTION auto load(std::int64_t c) const { return x.load(static_cast<std::size_t>(c)); }
};

inline void require_length(const char* fn, const char* name, std::int64_t size, std::int64_t expected,
                           const char* what) {
  require_argument(size == expected, fn, name, std::to_string(size) + " elements",
                   "must have " + std::to_string(expected) + " (" + what + ")");
}

template <class X, class Array>
void require_lengths(const char* fn, std::int64_t x_expected, std::int64_t y_expected, const X& x, const Array& y) {
  require_length(fn, "x", static_cast<std::int64_t>(x.size()), x_expected, "the matrix's columns on this rank");
  require_length(fn, "y", static_cast<std::int64_t>(y.size()), y_expected, "the matrix's rows on this rank");
}

// x in double as an array of its format (what the halo's packing and the rows read).
template <class MemorySpace>
value_array<double, double, MemorySpace> double_array_of(const Kokkos::View<double*, MemorySpace>& x) {
  value_array<double, double, MemorySpace> a;
  a.values = x;
  return a;
}

}  // namespace detail

// `shape` chooses how rows map to threads (row_shape; the default is the measured best).
template <class ExecSpace, class Array, class Format = typename Array::format>
void spmv(const ExecSpace& exec, const value_type_t<Format>& alpha, const csr_matrix<typename Array::memory_space>& A,
          const Array& x, const value_type_t<Format>& beta, const Array& y,
          const row_shape& shape = default_row_shape<ExecSpace, Format>()) {
  require_space_memory<ExecSpace, typename Array::memory_space>();
  check_row_shape("kamp::sparse::spmv", shape);
  detail::require_lengths("kamp::sparse::spmv", A.cols(), A.rows(), x, y);
  detail::spmv_rows<ExecSpace, Format>(exec, alpha, A, detail::plain_vector<Array>{x}, beta, y, A.all_rows(), shape);
}

// The distributed SpMV (collective): x and y hold this rank's rows. The halo is exchanged while
// the interior rows are computed; every row's chain is the one-rank chain, so y is bitwise the
// same on any number of ranks. `halo` is the caller's buffer for this matrix and value type.
template <class ExecSpace, class Array, class Format = typename Array::format>
void spmv(const ExecSpace& exec, const value_type_t<Format>& alpha,
          const distributed_matrix<typename Array::memory_space>& A, const Array& x, const value_type_t<Format>& beta,
          const Array& y, const halo_buffer<value_type_t<Format>, typename Array::memory_space>& halo) {
  require_space_memory<ExecSpace, typename Array::memory_space>();
  detail::require_lengths("kamp::sparse::spmv", A.owned_rows(), A.owned_rows(), x, y);
  const auto xs = extended(A, x, halo);
  for_rows_with_halo(exec, A, x, halo, [&](const row_set<typename Array::memory_space>& rows) {
    detail::spmv_rows<ExecSpace, Format>(exec, alpha, A.local(), xs, beta, y, rows,
                                         default_row_shape<ExecSpace, Format>());
  });
}

// y <- alpha A x + beta y for x in double (a vector the format holds exactly, such as an inner
// solve's result): the products are exact, and formats with a product_sum round each row's sum
// once (detail::spmv_rows_of_doubles), within the bound above and far inside it; the others give
// the bits of spmv on from_double(x).
template <class ExecSpace, class Array, class Format = typename Array::format>
void spmv(const ExecSpace& exec, const value_type_t<Format>& alpha, const csr_matrix<typename Array::memory_space>& A,
          const Kokkos::View<double*, typename Array::memory_space>& x, const value_type_t<Format>& beta,
          const Array& y, const row_shape& shape = default_row_shape_of_doubles<ExecSpace, Format>()) {
  require_space_memory<ExecSpace, typename Array::memory_space>();
  check_row_shape("kamp::sparse::spmv", shape);
  const auto xs = detail::double_array_of(x);
  detail::require_lengths("kamp::sparse::spmv", A.cols(), A.rows(), xs, y);
  detail::spmv_rows_of_doubles<ExecSpace, Format>(exec, alpha, A, detail::plain_vector<decltype(xs)>{xs}, beta, y,
                                                  A.all_rows(), shape);
}

// The distributed SpMV over x in double (collective), as the one above with a halo of doubles.
template <class ExecSpace, class Array, class Format = typename Array::format>
void spmv(const ExecSpace& exec, const value_type_t<Format>& alpha,
          const distributed_matrix<typename Array::memory_space>& A,
          const Kokkos::View<double*, typename Array::memory_space>& x, const value_type_t<Format>& beta,
          const Array& y, const halo_buffer<double, typename Array::memory_space>& halo) {
  require_space_memory<ExecSpace, typename Array::memory_space>();
  const auto owned = detail::double_array_of(x);
  detail::require_lengths("kamp::sparse::spmv", A.owned_rows(), A.owned_rows(), owned, y);
  const auto xs = extended(A, owned, halo);
  for_rows_with_halo(exec, A, owned, halo, [&](const row_set<typename Array::memory_space>& rows) {
    detail::spmv_rows_of_doubles<ExecSpace, Format>(exec, alpha, A.local(), xs, beta, y, rows,
                                                    default_row_shape_of_doubles<ExecSpace, Format>());
  });
}

}  // namespace kamp::sparse

#pragma once
// The three parallel stages of the Ozaki scheme II GEMM that kamp computes itself (the residue
// GEMMs between them are the vendor's, residue_products.hpp). A "panel" is op(A) read by rows
// or op(B) read by columns: `rows` vectors of `depth` elements, element (r, h) of the format's
// array (format_traits' array_type: a View of values, or RNS's structure of arrays) at
// offset + r * row_stride + h * depth_stride.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "blas/ozaki/crt_words.hpp"
#include "blas/ozaki/residues.hpp"
#include "blas/ozaki/rns_value_format.hpp"
#include "blas/ozaki/value_format.hpp"
#include "formats/format_traits.hpp"

namespace kamp::blas::ozaki {

// Markers of the exponent scan: a row with no nonzero element, and a row with Inf or NaN (beyond
// every binade, value_format.hpp).
constexpr int empty_top = zero_binade, empty_bottom = non_finite_binade, non_finite_top = non_finite_binade;

// The elements of a panel in the format's array.
template <class Value, class MemorySpace>
struct panel_elements {
  array_t<Value, MemorySpace> array;
  std::int64_t offset;
  KOKKOS_INLINE_FUNCTION Value operator()(std::int64_t index) const {
    return array.load(static_cast<std::size_t>(offset + index));
  }
};

// The CRT tables on the device (crt_basis.hpp).
template <class MemorySpace>
struct crt_tables {
  int count = 0;
  int planes = 0;  // planes_for(count)
  double product_value = 0;  // P 2^(-32 product_shift), crt_basis.hpp
  int product_shift = 0;
  Kokkos::View<int*, MemorySpace> moduli;
  Kokkos::View<double*, MemorySpace> inverses;       // fl(1 / m_l)
  Kokkos::View<double*, MemorySpace> digit_weights; // count x max_digits: 2^(36 j) mod m_l
  Kokkos::View<std::uint32_t*, MemorySpace> weights; // count x crt_words
  Kokkos::View<std::uint32_t*, MemorySpace> product, half;
};

// Per panel vector: the largest and smallest ilogb of its nonzero leading parts (top =
// non_finite_top when it holds Inf or NaN).
template <class ExecSpace, class Value>
struct exponent_scan {
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  panel_elements<Value, typename ExecSpace::memory_space> data;
  typename scheme_format<Value>::context context;
  std::int64_t depth, row_stride, depth_stride;
  Kokkos::View<int*, typename ExecSpace::memory_space> top, bottom;

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t r = team.league_rank();
    Kokkos::MinMaxScalar<int> range;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, depth),
        [&](std::int64_t h, Kokkos::MinMaxScalar<int>& v) {
          const int e = scheme_format<Value>::binade(context, data(r * row_stride + h * depth_stride));
          if (e == non_finite_binade) {
            v.max_val = non_finite_top;
          } else if (e != zero_binade) {
            v.max_val = e > v.max_val ? e : v.max_val;
            v.min_val = e < v.min_val ? e : v.min_val;
          }
        },
        Kokkos::MinMax<int>(range));
    // A vector of zeros leaves the reducer's identities, which are replaced by the empty markers.
    Kokkos::single(Kokkos::PerTeam(team), [&] {
      top(r) = range.max_val < empty_top ? empty_top : range.max_val;
      bottom(r) = range.min_val > empty_bottom ? empty_bottom : range.min_val;
    });
  }
};

// The same scan for a panel whose vectors are adjacent in memory (row_stride 1: op(A) = A, op(B)
// = B^T): one thread per (vector, chunk of the depth), so that a warp reads neighbouring vectors
// together; top and bottom start at the empty markers and are combined atomically.
template <class ExecSpace, class Value>
struct exponent_scan_adjacent {
  panel_elements<Value, typename ExecSpace::memory_space> data;
  typename scheme_format<Value>::context context;
  std::int64_t rows, depth, depth_stride, chunk;
  Kokkos::View<int*, typename ExecSpace::memory_space> top, bottom;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t item) const {
    const std::int64_t r = item % rows, h0 = (item / rows) * chunk;
    const std::int64_t h1 = h0 + chunk < depth ? h0 + chunk : depth;
    int high = empty_top, low = empty_bottom;
    for (std::int64_t h = h0; h < h1; ++h) {
      const int e = scheme_format<Value>::binade(context, data(r + h * depth_stride));
      if (e == non_finite_binade) high = non_finite_top;
      else if (e != zero_binade) {
        high = e > high ? e : high;
        low = e < low ? e : low;
      }
    }
    if (high != empty_top) Kokkos::atomic_fetch_max(&top(r), high);
    if (low != empty_bottom) Kokkos::atomic_fetch_min(&bottom(r), low);
  }
};

// Row l of the digit weights.
template <class View>
struct weights {
  View table;
  int l;
  KOKKOS_INLINE_FUNCTION double operator()(int j) const { return table(static_cast<std::size_t>(l * max_digits + j)); }
};

// The residues of a panel, vector r scaled by 2^scale(r) and rounded to integers (residues.hpp):
// plane p of element (r, h) at out[p * stride + r * padded_depth + h], zeros for the padding
// (rows <= r < padded_rows or depth <= h < padded_depth). A narrow modulus' symmetric residue
// fills its one plane; a wide one's digits high, low and high + low fill its three
// (crt_basis.hpp). A team takes a tile of 32 vectors x 32 elements: it reads the tile along the
// data's contiguous direction into scratch (the value's integer parts) and writes it along h, so
// both sides are coalesced.
// Digits: the capacity of the digit arrays, at least `digits`.
template <class ExecSpace, class Value, class Residue, int Digits>
struct residue_tiles {
  static constexpr int parts = scheme_format<Value>::parts;
  // The tile's parts in at most 48 KiB of scratch (qd_real's five: 42 KiB; RNS 848's 18: 39 KiB).
  static constexpr int tile = parts <= 5 ? 32 : parts <= 18 ? 16 : 8;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using memory = typename ExecSpace::memory_space;
  using weight_row = weights<Kokkos::View<double*, memory>>;
  using scratch = Kokkos::View<double[parts][tile][tile + 1], typename ExecSpace::scratch_memory_space,
                               Kokkos::MemoryUnmanaged>;
  panel_elements<Value, memory> data;
  typename scheme_format<Value>::context context;
  std::int64_t rows, padded_rows, depth, row_stride, depth_stride, padded_depth, tiles_depth;
  int digits;  // of the largest scaled integer, below 2^(36 digits)
  Kokkos::View<const int*, memory> scale;
  crt_tables<memory> tables;
  Kokkos::View<Residue*, memory> out;
  std::int64_t stride;

  static std::size_t scratch_bytes() { return scratch::shmem_size(); }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t r0 = (team.league_rank() / tiles_depth) * tile;
    const std::int64_t h0 = (team.league_rank() % tiles_depth) * tile;
    scratch integers(team.team_scratch(0));
    const bool rows_contiguous = row_stride == 1;
    for (int e = team.team_rank(); e < tile * tile; e += team.team_size()) {
      const int rl = rows_contiguous ? e % tile : e / tile, hl = rows_contiguous ? e / tile : e % tile;
      const std::int64_t r = r0 + rl, h = h0 + hl;
      double value_parts[parts] = {};
      if (r < rows && h < depth)
        scheme_format<Value>::scaled_parts(context, data(r * row_stride + h * depth_stride), scale(r), value_parts);
      KAMP_UNROLL for (int p = 0; p < parts; ++p) integers(p, rl, hl) = value_parts[p];
    }
    team.team_barrier();
    for (int e = team.team_rank(); e < tile * tile; e += team.team_size()) {
      const int rl = e / tile, hl = e % tile;
      const std::int64_t r = r0 + rl, h = h0 + hl;
      if (r >= padded_rows || h >= padded_depth) continue;
      double value_parts[parts];
      KAMP_UNROLL for (int p = 0; p < parts; ++p) value_parts[p] = integers(p, rl, hl);
      const signed_digits<Digits> x = digits_of<Digits>(value_parts, digits);
      const std::size_t at = static_cast<std::size_t>(r * padded_depth + h);
      for (int l = 0; l < tables.count; ++l) {
        const int m = tables.moduli(l);
        const int s = symmetric(residue(x, digits, m, tables.inverses(l), weight_row{tables.digit_weights, l}), m);
        const std::size_t plane = static_cast<std::size_t>(first_plane(l) * stride) + at;
        if (l < narrow_moduli) {
          out(plane) = static_cast<Residue>(s);
        } else {
          const wide_digits d = split_wide(s);
          out(plane) = static_cast<Residue>(d.high);
          out(plane + static_cast<std::size_t>(stride)) = static_cast<Residue>(d.low);
          out(plane + static_cast<std::size_t>(2 * stride)) = static_cast<Residue>(d.high + d.low);
        }
      }
    }
  }
};

// C_ij <- alpha x_ij 2^-(scale_a(i) + scale_b(j)) + beta C_ij, x_ij reconstructed from the
// residue products (plane p of output (i, j) at products[p * stride + i + j * ld]) on W words.
// alpha x by the format's from_integer_times (alpha = 1 exactly skips the product, which would
// return x bit for bit), beta C in the format's arithmetic.
template <class ExecSpace, class Value, class Product, int W>
struct reconstruction {
  using memory = typename ExecSpace::memory_space;
  using traits = format_traits<Value>;
  Kokkos::View<const Product*, memory> products;
  std::int64_t m, ld, stride;
  Kokkos::View<const int*, memory> scale_a, scale_b;
  crt_tables<memory> tables;
  context_t<Value> context;
  typename scheme_format<Value>::factor alpha;
  Value beta;
  bool beta_zero;
  panel_elements<Value, memory> c;  // C from its first selected column
  std::int64_t ldc;

  KOKKOS_INLINE_FUNCTION double product(int plane, std::size_t at) const {
    return static_cast<double>(products(static_cast<std::size_t>(plane * stride) + at));
  }

  // The product's residue modulo m_l from its plane(s): exact integers (below 2^31 in magnitude,
  // or 2^53 from DGEMM) reduced in doubles, which costs a few instructions where the integer %
  // costs about twenty. A wide modulus' product is 2^14 hh + 2^7 (ss - hh - ll) + ll (its planes
  // hh, ll, ss: crt_basis.hpp), and 2^14 mod m = 2^14 - m for 2^13 < m < 2^14.
  KOKKOS_INLINE_FUNCTION std::uint32_t residue_of(int l, std::size_t at) const {
    const double m = tables.moduli(l), inverse = tables.inverses(l);
    const int plane = first_plane(l);
    if (l < narrow_moduli) return static_cast<std::uint32_t>(reduce(product(plane, at), m, inverse));
    const double hh = product(plane, at), ll = product(plane + 1, at), ss = product(plane + 2, at);
    const double middle = reduce_value(ss - hh - ll, m, inverse);
    const double sum = (0x1p14 - m) * reduce_value(hh, m, inverse) + 0x1p7 * middle + reduce_value(ll, m, inverse);
    return static_cast<std::uint32_t>(reduce(sum, m, inverse));
  }

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t index) const {
    const std::int64_t i = index % m, j = index / m;
    wide<W> x;
    KAMP_UNROLL for (int w = 0; w < W; ++w) x.w[w] = 0;
    const std::size_t at = static_cast<std::size_t>(i + j * ld);
    for (int l = 0; l < tables.count; ++l) {
      // 32 x 32 -> 64-bit products (one wide multiply-add on a GPU, where a 64 x 64 one takes three).
      const std::uint32_t r = residue_of(l, at);
      const std::size_t row = static_cast<std::size_t>(l) * crt_words;
      KAMP_UNROLL for (int w = 0; w < W; ++w) x.w[w] += static_cast<std::uint64_t>(r) * tables.weights(row + w);
    }
    carry(x);
    reduce_mod(x, tables.product.data(), tables.product_value, tables.product_shift);
    // x in [0, P) stands for x - P from P / 2 up (|x_ij| < P / 2 by the choice of moduli).
    const bool negative = at_least(x, tables.half.data());
    if (negative) complement(x, tables.product.data());
    const Value scaled = scheme_format<Value>::template from_integer_times<W>(context, alpha, x, negative,
                                                                               -(scale_a(i) + scale_b(j)));
    const std::size_t out = static_cast<std::size_t>(c.offset + i + j * ldc);
    c.array.store(out,
                  beta_zero ? scaled : traits::add(context, scaled, traits::mul(context, beta, c.array.load(out))));
  }
};

}  // namespace kamp::blas::ozaki

#pragma once
// The three parallel stages of the Ozaki scheme II GEMM that kamp computes itself (the residue
// GEMMs between them are the vendor's, residue_products.hpp). A "panel" is op(A) read by rows
// or op(B) read by columns: `rows` vectors of `depth` elements, element (r, h) of the format's
// array (format_traits' array_type: a View of values, or RNS's structure of arrays) at
// offset + r * row_stride + h * depth_stride.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "blas/ozaki/crt_words.hpp"
#include "blas/ozaki/residues.hpp"
#include "blas/ozaki/rns_value_format.hpp"
#include "blas/ozaki/value_format.hpp"
#include "core/index_divider.hpp"
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

// Four words of a CRT weight, one 16-byte load.
struct alignas(16) word_quad {
  std::uint32_t w[4];
};
static_assert(crt_words % 4 == 0, "weight rows of whole quads");

// The CRT tables on the device (crt_basis.hpp). The weights' rows start 16-byte aligned (the
// View's allocation is, and a row is crt_words words).
template <class MemorySpace>
struct crt_tables {
  int count = 0;
  int planes = 0;                 // planes_for(count)
  int pairs = 0;                  // narrow_pairs(count)
  double product_reciprocal = 0;  // of P 2^(-32 product_shift), crt_basis.hpp
  int product_shift = 0;
  Kokkos::View<int*, MemorySpace> moduli;
  Kokkos::View<double*, MemorySpace> inverses;        // fl(1 / m_l)
  Kokkos::View<double*, MemorySpace> digit_weights;   // count x max_digits: 2^(36 j) mod m_l
  Kokkos::View<std::uint32_t*, MemorySpace> weights;  // the wide moduli's, crt_basis.hpp
  Kokkos::View<pair_constants*, MemorySpace> pairs_constants;
  Kokkos::View<std::uint32_t*, MemorySpace> pair_weights;  // pairs x crt_words
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
      if (e == non_finite_binade)
        high = non_finite_top;
      else if (e != zero_binade) {
        high = e > high ? e : high;
        low = e < low ? e : low;
      }
    }
    if (high != empty_top) Kokkos::atomic_fetch_max(&top(r), high);
    if (low != empty_bottom) Kokkos::atomic_fetch_min(&bottom(r), low);
  }
};

// What the scan found over a panel's vectors: any Inf or NaN, any nonzero, any binade beyond
// +-binade_limit (value_format.hpp), the widest top - bottom of one vector, the highest top and
// the lowest top of a nonzero vector.
struct exponent_span {
  bool non_finite = false, empty = true, clamped = false;
  int range = 0, highest = empty_top, lowest_top = empty_bottom;
};

// The span reduced over the vectors on the device, so that the analysis takes one transfer of
// the span, not of both vectors of exponents.
template <class ExecSpace>
struct exponent_span_reduction {
  using memory = typename ExecSpace::memory_space;
  using value_type = exponent_span;
  Kokkos::View<const int*, memory> top, bottom;

  KOKKOS_INLINE_FUNCTION void init(value_type& s) const { s = exponent_span{}; }

  KOKKOS_INLINE_FUNCTION void join(volatile value_type& into, const volatile value_type& from) const {
    into.non_finite = into.non_finite || from.non_finite;
    into.empty = into.empty && from.empty;
    into.clamped = into.clamped || from.clamped;
    into.range = from.range > into.range ? from.range : into.range;
    into.highest = from.highest > into.highest ? from.highest : into.highest;
    into.lowest_top = from.lowest_top < into.lowest_top ? from.lowest_top : into.lowest_top;
  }

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t r, value_type& s) const {
    const int t = top(r), b = bottom(r);
    if (t == non_finite_top) s.non_finite = true;
    if (t == empty_top) return;
    s.empty = false;
    s.clamped = s.clamped || t >= binade_limit || b <= -binade_limit;
    s.range = t - b > s.range ? t - b : s.range;
    s.highest = t > s.highest ? t : s.highest;
    s.lowest_top = t < s.lowest_top ? t : s.lowest_top;
  }
};

// 2^scale(r) puts vector r's largest element at most 2^bits in magnitude: scale = bits - 1 - top
// (0 for a vector of zeros).
template <class ExecSpace>
struct vector_scales {
  using memory = typename ExecSpace::memory_space;
  Kokkos::View<const int*, memory> top;
  Kokkos::View<int*, memory> scale;
  int bits;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t r) const {
    scale(r) = top(r) == empty_top ? 0 : bits - 1 - top(r);
  }
};

// The residues of a panel, vector r scaled by 2^scale(r) and rounded to integers (residues.hpp):
// plane p of element (r, h) at out[p * stride + r * padded_depth + h], zeros for the padding
// (rows <= r < padded_rows or depth <= h < padded_depth). A narrow modulus' residue, in int8's
// range, fills its one plane; a wide one's digits high, low and high + low fill its three
// (crt_basis.hpp). A team takes a tile of 32 vectors x 32 elements: it reads the tile along the
// data's contiguous direction into scratch (the value's integer parts) and writes it along h, so
// both sides are coalesced. Each thread then takes `group` adjacent elements of a vector, so
// that they share each modulus' constants and their int8 residues go out in one store.
// Digits: the capacity of the digit arrays, at least `digits`.
// What a tile keeps of an element: its integer's parts, or its digits where the format writes
// them itself (value_format.hpp's direct_digits: RNS 1696).
template <class Value, int Digits>
constexpr int tile_slots() {
  if constexpr (scheme_format<Value>::direct_digits)
    return Digits;
  else
    return scheme_format<Value>::parts;
}

template <class ExecSpace, class Value, class Residue, int Digits>
struct residue_tiles {
  static constexpr bool direct = scheme_format<Value>::direct_digits;
  static constexpr int slots = tile_slots<Value, Digits>();
  // The tile's slots in at most 48 KiB of scratch (qd_real's five parts: 42 KiB; RNS 848's 18:
  // 39 KiB; RNS 1696's 52 digits: 30 KiB).
  static constexpr int tile = slots <= 5 ? 32 : slots <= 18 ? 16 : 8;
  // The group's digits stay in registers: 4 x 4 for dd_real, 2 x 8 for qd_real.
  static constexpr int group = Digits <= 4 ? 4 : Digits <= 8 ? 2 : 1;
  static_assert(tile % group == 0, "whole groups a tile");
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using memory = typename ExecSpace::memory_space;
  using scratch =
      Kokkos::View<double[slots][tile][tile + 1], typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
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
      const bool present = r < rows && h < depth;
      if constexpr (direct) {
        signed_digits<Digits> d;
        KAMP_UNROLL for (int j = 0; j < Digits; ++j) d.d[j] = 0;
        if (present)
          d = scheme_format<Value>::template scaled_digits<Digits>(context, data(r * row_stride + h * depth_stride),
                                                                   scale(r), digits);
        KAMP_UNROLL for (int j = 0; j < Digits; ++j) integers(j, rl, hl) = d.d[j];
      } else {
        double value_parts[slots] = {};
        if (present)
          scheme_format<Value>::scaled_parts(context, data(r * row_stride + h * depth_stride), scale(r), value_parts);
        KAMP_UNROLL for (int p = 0; p < slots; ++p) integers(p, rl, hl) = value_parts[p];
      }
    }
    team.team_barrier();
    constexpr int groups = tile / group;
    for (int e = team.team_rank(); e < tile * groups; e += team.team_size()) {
      const int rl = e / groups, hl = (e % groups) * group;
      const std::int64_t r = r0 + rl, h = h0 + hl;
      if (r >= padded_rows || h >= padded_depth) continue;
      signed_digits<Digits> x[group];
      KAMP_UNROLL for (int g = 0; g < group; ++g) {
        if constexpr (direct) {
          KAMP_UNROLL for (int j = 0; j < Digits; ++j) x[g].d[j] = integers(j, rl, hl + g);
        } else {
          double value_parts[slots];
          KAMP_UNROLL for (int p = 0; p < slots; ++p) value_parts[p] = integers(p, rl, hl + g);
          x[g] = digits_of<Digits>(value_parts, digits);
        }
      }
      // The group's elements below padded_depth (all of them where padded_depth is a multiple of
      // group, as the INT8 GEMMs' alignment makes it).
      const int present = padded_depth - h < group ? static_cast<int>(padded_depth - h) : group;
      const std::size_t at = static_cast<std::size_t>(r * padded_depth + h);
      // One modulus a step: two, both computed before either is written, need more registers,
      // and the occupancy they cost outweighs the overlap (docs/design.md).
      for (int l = 0; l < tables.count; ++l) {
        const int m = tables.moduli(l);
        const double inverse = tables.inverses(l);
        double w[Digits];
        KAMP_UNROLL for (int j = 0; j < Digits; ++j) w[j] =
            j < digits ? tables.digit_weights(static_cast<std::size_t>(l * max_digits + j)) : 0.0;
        int s[group];
        KAMP_UNROLL for (int g = 0; g < group; ++g) s[g] = exact_int(near_residue(x[g], digits, m, inverse, w));
        const std::size_t plane = static_cast<std::size_t>(first_plane(l) * stride) + at;
        if (l < narrow_moduli) {
          store(plane, s, present);
        } else {
          int high[group], low[group], sum[group];
          KAMP_UNROLL for (int g = 0; g < group; ++g) {
            const wide_digits d = split_wide(s[g]);
            high[g] = d.high;
            low[g] = d.low;
            sum[g] = d.high + d.low;
          }
          store(plane, high, present);
          store(plane + static_cast<std::size_t>(stride), low, present);
          store(plane + static_cast<std::size_t>(2 * stride), sum, present);
        }
      }
    }
  }

  // The first `present` of a group's residues from out[at] on, as int8 (residues.hpp's
  // narrow_residue: a narrow near residue's low byte; the wide digits are their own): a whole
  // group's in one aligned store (at is a multiple of group wherever padded_depth and the planes'
  // stride are).
  KOKKOS_INLINE_FUNCTION void store(std::size_t at, const int (&s)[group], int present) const {
    if constexpr (std::is_same<Residue, std::int8_t>::value && group > 1) {
      using word = std::conditional_t<group == 4, std::uint32_t, std::uint16_t>;
      if (present == group && at % group == 0) {
        word packed = 0;
        KAMP_UNROLL for (int g = 0; g < group; ++g) packed |=
            static_cast<word>(static_cast<word>(static_cast<std::uint8_t>(s[g])) << (8 * g));
        // The residues' array is the GEMM's raw int8 operand; a word store writes the group's bytes
        // in memory order (little-endian, as CUDA's devices and x86 are).
        *reinterpret_cast<word*>(out.data() + at) = packed;
        return;
      }
    }
    KAMP_UNROLL for (int g = 0; g < group; ++g) if (g < present) out(at + static_cast<std::size_t>(g)) =
        static_cast<Residue>(narrow_residue(s[g]));
  }
};

// C_ij <- alpha x_ij 2^-(scale_a(i) + scale_b(j)) + beta C_ij, x_ij reconstructed from the
// residue products (plane p of output (i, j) at products[p * stride + i + j * ld]) on W words.
// alpha x by the format's from_integer_times (alpha = 1 exactly skips the product, which would
// return x bit for bit), beta C in the format's arithmetic. One output a thread: two, sharing
// each modulus' weight loads, need so many more registers that the combine runs slower
// (experiments/comparisons/ozaki_gemm_residue_combine_kernels.txt).
template <class ExecSpace, class Value, class Product, int W>
struct reconstruction {
  using memory = typename ExecSpace::memory_space;
  using traits = format_traits<Value>;
  Kokkos::View<const Product*, memory> products;
  core::index_divider rows;  // m
  std::int64_t ld, stride;
  Kokkos::View<const int*, memory> scale_a, scale_b;
  crt_tables<memory> tables;
  context_t<Value> context;
  typename scheme_format<Value>::factor alpha;
  Value beta;
  bool beta_zero;
  panel_elements<Value, memory> c;  // C from its first selected column
  std::int64_t ldc;

  // Representatives of the product modulo a narrow pair's M, in [0, M) (residues.hpp's
  // pair_residue), or a wide modulus m_l, in [0, 2 m_l), from the planes' exact integers (below
  // 2^31 in magnitude: k < 2^17 products of int8 residues, from INT32 GEMMs or DGEMM) reduced in
  // doubles, which costs a few instructions where the integer % costs about twenty; the sums take
  // a wide modulus' representatives up to 2 m_l (words_for), which saves the exact remainder's
  // corrections. A wide modulus' product is
  // 2^14 hh + 2^7 (ss - hh - ll) + ll (its planes: crt_basis.hpp), and 2^14 mod m = 2^14 - m for
  // 2^13 < m < 2^14; the near remainders' combination stays below 2^29 in magnitude.
  KOKKOS_INLINE_FUNCTION static std::uint32_t pair_residue_of(const pair_constants& c, Product h0, Product h1) {
    return static_cast<std::uint32_t>(exact_int(pair_residue(exact_double(h0), exact_double(h1), c)));
  }

  KOKKOS_INLINE_FUNCTION std::uint32_t wide_residue_of(int l, Product hh, Product ll, Product ss) const {
    const double m = tables.moduli(l), inverse = tables.inverses(l);
    const double h = exact_double(hh), o = exact_double(ll), s = exact_double(ss);
    const double sum = (0x1p14 - m) * near_remainder(h, m, inverse) + 0x1p7 * near_remainder(s - h - o, m, inverse) +
                       near_remainder(o, m, inverse);
    return static_cast<std::uint32_t>(exact_int(near_remainder(sum, m, inverse) + m));
  }

  // x += r W for a weight row (crt_words words, a multiple of four, so the last load stays in the
  // row): four words a load; 32 x 32 -> 64-bit products (one wide multiply-add on a GPU, where a
  // 64 x 64 one takes three).
  KOKKOS_INLINE_FUNCTION static void add_weighted(wide<W>& x, const std::uint32_t* row, std::uint32_t r) {
    const auto* quads = reinterpret_cast<const word_quad*>(row);
    KAMP_UNROLL for (int q = 0; q < (W + 3) / 4; ++q) {
      const word_quad weight = quads[q];
      KAMP_UNROLL for (int w = 0; w < 4; ++w) if (4 * q + w < W) x.w[4 * q + w] +=
          static_cast<std::uint64_t>(r) * weight.w[w];
    }
  }

  // The products of `batch` planes are loaded before any is used, so that their memory latencies
  // overlap: one load at a time leaves the kernel waiting on memory, which its occupancy is too
  // low to hide (experiments/comparisons/ozaki_combine_batched_loads.txt).
  static constexpr int batch = 8;

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t index) const {
    const std::int64_t j = rows.quotient(index), i = index - j * rows.divisor();
    wide<W> x;
    KAMP_UNROLL for (int w = 0; w < W; ++w) x.w[w] = 0;
    // The output in each plane: planes follow each other `stride` apart, a narrow modulus' one,
    // then a wide modulus' three.
    const auto next = static_cast<std::size_t>(stride);
    const Product* plane = products.data() + static_cast<std::size_t>(i + j * ld);
    const int narrow = tables.count < narrow_moduli ? tables.count : narrow_moduli;
    constexpr int pair_batch = batch / 2;
    for (int first = 0; first < tables.pairs; first += pair_batch) {
      Product h[batch];
      KAMP_UNROLL for (int b = 0; b < batch; ++b) h[b] = 2 * first + b < narrow ? plane[b * next] : Product(0);
      KAMP_UNROLL for (int g = 0; g < pair_batch; ++g) if (first + g < tables.pairs)
          add_weighted(x, tables.pair_weights.data() + static_cast<std::size_t>(first + g) * crt_words,
                       pair_residue_of(tables.pairs_constants(first + g), h[2 * g], h[2 * g + 1]));
      plane += batch * next;
    }
    plane = products.data() + static_cast<std::size_t>(i + j * ld) + static_cast<std::size_t>(narrow) * next;
    constexpr int wide_batch = batch / 2;
    for (int first = narrow; first < tables.count; first += wide_batch) {
      Product hh[wide_batch], ll[wide_batch], ss[wide_batch];
      KAMP_UNROLL for (int b = 0; b < wide_batch; ++b) {
        const bool present = first + b < tables.count;
        hh[b] = present ? plane[3 * b * next] : Product(0);
        ll[b] = present ? plane[(3 * b + 1) * next] : Product(0);
        ss[b] = present ? plane[(3 * b + 2) * next] : Product(0);
      }
      KAMP_UNROLL for (int b = 0; b < wide_batch; ++b) if (first + b < tables.count)
          add_weighted(x, tables.weights.data() + static_cast<std::size_t>(first + b - narrow_moduli) * crt_words,
                       wide_residue_of(first + b, hh[b], ll[b], ss[b]));
      plane += 3 * wide_batch * next;
    }
    finish(x, i, j);
  }

  // x's residue class rounded, scaled and stored at C_ij.
  KOKKOS_INLINE_FUNCTION void finish(wide<W>& x, std::int64_t i, std::int64_t j) const {
    carry(x);
    reduce_mod(x, tables.product.data(), tables.product_reciprocal, tables.product_shift);
    // x in [0, P) stands for x - P from P / 2 up (|x_ij| < P / 2 by the choice of moduli).
    const bool negative = at_least(x, tables.half.data());
    if (negative) complement(x, tables.product.data());
    const Value scaled =
        scheme_format<Value>::template from_integer_times<W>(context, alpha, x, negative, -(scale_a(i) + scale_b(j)));
    const std::size_t out = static_cast<std::size_t>(c.offset + i + j * ldc);
    c.array.store(out,
                  beta_zero ? scaled : traits::add(context, scaled, traits::mul(context, beta, c.array.load(out))));
  }
};

}  // namespace kamp::blas::ozaki

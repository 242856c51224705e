#pragma once
// The Ozaki scheme II GEMM for double, dd_real, expansion<N> (qd_real) and the RNS formats, stage by stage
// (blas/gemm_ozaki.hpp is the checked entry point; experiments time the stages apart):
//   analyse   scan the exponents of op(A)'s rows and op(B)'s columns, choose each vector's
//             scale, the integer bits beta_A, beta_B and the number of moduli, or say why the
//             scheme cannot cover the inputs (then the caller runs the FMA kernel or raises);
//   residues  scale each vector to integers of at most beta bits (plus one) and write their
//             symmetric residues modulo each modulus (int8 on the GPU, doubles on the host),
//             in one plane per narrow modulus and three per wide one (crt_basis.hpp);
//   products  one exact GEMM of residues per plane (residue_products.hpp);
//   combine   reconstruct every output from its residues (Chinese remainder theorem on up to
//             2176-bit words), round it to the format, unscale it and form alpha x + beta C.
// The moduli: the product P must exceed 2 k (2^beta_A + 1)(2^beta_B + 1), the largest integer
// sum, so that the symmetric residue class determines it.
// A plan keeps its workspace between calls; it grows, never shrinks. Where the workspace of all n
// columns would not fit the memory space, multiply() runs residues, products and combine on column
// blocks of op(B) and C, each as wide as fits: every output uses the whole analysis (op(A)'s row
// scales, op(B)'s column scales, the moduli), so a blocked C has the bits of an unblocked one.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "blas/ozaki/crt_basis.hpp"
#include "blas/ozaki/kernels.hpp"
#include "blas/ozaki/residue_products.hpp"
#include "core/allocation.hpp"
#include "core/block_launch.hpp"
#include "core/mpfr_exponent_range.hpp"
#include "core/mpfr_value.hpp"
#include "core/view_of.hpp"
#include "multi_double/dd_real.hpp"
#include "formats/format_traits.hpp"

namespace kamp::blas::ozaki {

// What to do when the scheme cannot reach the requested accuracy (or the exponent range).
enum class uncovered { fma_kernel, raise };

// The bound the scheme keeps (error_bound.hpp). componentwise: every element keeps `bits` bits, so
// each vector's exponent spread costs its bits again in moduli, and the error is relative to
// |alpha| (|op(A)| |op(B)|)_ij, within the FMA kernel's bound at the default bits. normwise: each
// element keeps `bits` bits of its vector's largest one (as GEMMul8 and the Ozaki scheme II
// papers scale), so spreads cost nothing, and the error is relative to |alpha| k max_h |op(A)_ih|
// max_h |op(B)_hj|, which exceeds the componentwise magnitude by as much as the vectors spread.
enum class accuracy { componentwise, normwise };

struct options {
  // Significant bits every input element keeps; 0 takes the format's default (53 for double, 104
  // for dd_real, 52N for expansion<N>, the precision less one for RNS: value_format.hpp), which
  // puts the result within the FMA kernel's bound (error_bound.hpp). Fewer bits take fewer moduli;
  // at most the format's max_bits.
  int bits = 0;
  accuracy bound = accuracy::componentwise;
  uncovered on_uncovered = uncovered::fma_kernel;
  // Exponent spreads to assume at least for op(A)'s rows and op(B)'s columns (componentwise only:
  // normwise scales ignore spreads). A distributed GEMM passes the largest over its ranks, so that
  // each rank scales its rows and columns to the integers one process holding the whole product
  // would (and so gets its bits).
  int least_spread_a = 0, least_spread_b = 0;
};

struct report {
  bool scheme = false;  // false: the FMA kernel ran (or nothing was computed)
  std::string reason;   // why the scheme did not run
  std::string engine;   // the residue GEMMs' implementation
  int bits = 0;         // the significant bits each input kept (opts.bits or the default)
  int moduli = 0;
  int planes = 0;                // residue GEMMs (planes_for(moduli))
  int bits_a = 0, bits_b = 0;    // integer bits of op(A)'s rows and op(B)'s columns
  int column_blocks = 0;         // blocks of op(B)'s columns multiply() ran (1: all at once)
  int range_a = 0, range_b = 0;  // their largest exponent spread (ilogb of largest - smallest nonzero)
  double product_bits = 0;       // log2 P
};

// A format of one or two parts (double, dd_real), whose integers take the short digit capacities.
template <class Value>
constexpr bool of_few_parts() {
  if constexpr (scheme_format<Value>::direct_digits)
    return false;
  else
    return scheme_format<Value>::parts <= 2;
}

template <class ExecSpace, class Value = multi_double::dd_real>
class gemm_plan {
 public:
  static constexpr bool available = residue_products<ExecSpace>::available;
  using memory = typename ExecSpace::memory_space;
  using array = array_t<Value, memory>;

  // Reads op(A) (m x k) and op(B) (k x n); returns report.scheme = false with a reason when
  // the scheme cannot cover them. Arguments are checked by the caller.
  report analyse(const ExecSpace& exec, bool transposed_a, bool transposed_b, std::int64_t m, std::int64_t n,
                 std::int64_t k, const array& A, std::int64_t lda, const array& B, std::int64_t ldb,
                 const options& opts) {
    report out;
    out.engine = engine::name();
    m_ = m;
    n_ = n;
    k_ = k;
    if (k > engine::max_depth) {
      out.reason = "k = " + std::to_string(k) + " exceeds the exact accumulation depth " +
                   std::to_string(engine::max_depth) + " of " + engine::name();
      return out;
    }
    // op(A) row i is A(i, :) or A(:, i); op(B) column j is B(:, j) or B(j, :).
    a_ = panel{A, 0, transposed_a ? lda : 1, transposed_a ? 1 : lda};
    b_ = panel{B, 0, transposed_b ? 1 : ldb, transposed_b ? ldb : 1};
    const auto span_a = scan(exec, a_, m, top_a_, bottom_a_);
    const auto span_b = scan(exec, b_, n, top_b_, bottom_b_);
    out.range_a = span_a.range;
    out.range_b = span_b.range;
    if (span_a.non_finite || span_b.non_finite) {
      out.reason = std::string(span_a.non_finite ? "A" : "B") + " holds Inf or NaN";
      return out;
    }
    // (Only RNS values reach the clamp: their exponents do not fit the scales' arithmetic.)
    if (span_a.clamped || span_b.clamped) {
      out.reason =
          std::string(span_a.clamped ? "A" : "B") + " holds magnitudes beyond 2^+-" + std::to_string(binade_limit);
      return out;
    }
    out.bits = opts.bits > 0 ? opts.bits : scheme_format<Value>::default_bits;
    const bool componentwise = opts.bound == accuracy::componentwise;
    out.bits_a = out.bits + (componentwise ? std::max(span_a.range, opts.least_spread_a) : 0);
    out.bits_b = out.bits + (componentwise ? std::max(span_b.range, opts.least_spread_b) : 0);
    const double needed = 1.0 + std::log2(static_cast<double>(k)) + out.bits_a + out.bits_b + 1e-6;
    out.moduli = moduli_for_bits(needed);
    if (out.moduli == 0) {
      out.reason = "the exponent spreads of op(A) (" + std::to_string(span_a.range) + ") and op(B) (" +
                   std::to_string(span_b.range) + ") need " + std::to_string(needed) + " bits of moduli, beyond the " +
                   std::to_string(product_bits(max_moduli)) + " of all " + std::to_string(max_moduli);
      return out;
    }
    constexpr int longest = digit_bits * scheme_format<Value>::max_digits;
    if (std::max(out.bits_a, out.bits_b) + 1 > longest) {
      out.reason = "the exponent spreads of op(A) (" + std::to_string(span_a.range) + ") and op(B) (" +
                   std::to_string(span_b.range) + ") need integers of more than " + std::to_string(longest) + " bits";
      return out;
    }
    if (words_for(out.moduli) > scheme_format<Value>::max_words) {
      out.reason = "the exponent spreads of op(A) (" + std::to_string(span_a.range) + ") and op(B) (" +
                   std::to_string(span_b.range) + ") need " + std::to_string(needed) + " bits of moduli, beyond the " +
                   std::to_string(32 * scheme_format<Value>::max_words) + "-bit sums this format reconstructs";
      return out;
    }
    out.product_bits = product_bits(out.moduli);
    out.planes = planes_for(out.moduli);
    // (An operand of zeros only gives exact zeros, whatever the exponents of the other.)
    if (!span_a.empty && !span_b.empty) {
      // Outputs are below k 2^(top_a + 1) 2^(top_b + 1); the unit of output (i, j) is
      // 2^(top_a(i) + top_b(j) + 2 - beta_A - beta_B), which must be normal for exact scaling.
      const int ceil_log_k = static_cast<int>(std::ceil(std::log2(static_cast<double>(k))));
      if (span_a.highest + span_b.highest + ceil_log_k + 3 > scheme_format<Value>::largest_binade) {
        out.reason = "products of op(A) and op(B) could overflow (largest exponents " + std::to_string(span_a.highest) +
                     " and " + std::to_string(span_b.highest) + ")";
        return out;
      }
      if (span_a.lowest_top + span_b.lowest_top + 2 - out.bits_a - out.bits_b < scheme_format<Value>::smallest_binade) {
        out.reason = "outputs could fall below the normal range (vector exponents down to " +
                     std::to_string(span_a.lowest_top) + " and " + std::to_string(span_b.lowest_top) + ")";
        return out;
      }
    }
    set_scales(exec, top_a_, scale_a_, m, out.bits_a);
    set_scales(exec, top_b_, scale_b_, n, out.bits_b);
    bits_a_ = out.bits_a;
    bits_b_ = out.bits_b;
    set_tables(out.moduli);
    select_columns(0, n);
    out.scheme = true;
    return out;
  }

  // The stages below work on op(B)'s and C's columns [first, first + count); analyse selects all.
  void select_columns(std::int64_t first, std::int64_t count) {
    first_column_ = first;
    column_count_ = count;
  }

  // The widest block of columns (a multiple of the residue GEMM's alignment, or all n) whose
  // workspace fits what the memory space has free beside op(A)'s residues; allocation_error,
  // naming the whole GEMM and its narrowest block, when not even that fits.
  std::int64_t fitting_columns() const {
    const double free = static_cast<double>(core::memory_status_of<memory>().free_bytes);
    if (new_workspace_bytes(n_) <= free) return n_;
    std::int64_t low = 0, high = padded(n_) / engine::alignment;  // in units of the alignment
    while (low < high) {
      const std::int64_t mid = (low + high + 1) / 2;
      if (new_workspace_bytes(mid * engine::alignment) <= free)
        low = mid;
      else
        high = mid - 1;
    }
    if (low == 0) {
      core::require_allocatable<memory>(
          kernel_name, workspace_name() + ", even in blocks of " + std::to_string(engine::alignment) + " column(s)",
          new_workspace_bytes(engine::alignment));
    }
    return std::max<std::int64_t>(low, 1) * engine::alignment;
  }

  // residues, products and combine over all of op(B)'s columns, in blocks as wide as fit; the
  // number of blocks.
  int multiply(const ExecSpace& exec, const Value& alpha, const Value& beta, bool beta_zero, const array& C,
               std::int64_t ldc) {
    const std::int64_t block = fitting_columns();
    int blocks = 0;
    for (std::int64_t first = 0; first < n_; first += block, ++blocks) {
      select_columns(first, std::min(block, n_ - first));
      // op(A)'s residues do not depend on the block: written once (their array, sized by m and k,
      // does not grow after the first block).
      residues(exec, /*with_a=*/first == 0);
      products(exec);
      combine(exec, alpha, beta, beta_zero, C, ldc);
    }
    select_columns(0, n_);
    return blocks;
  }

  // The residue GEMMs run on padded shapes (engine::alignment): m, the selected columns and k
  // rounded up, the padding residues zero.
  void residues(const ExecSpace& exec) { residues(exec, true); }

  // One residue GEMM per plane over the selected columns.
  void products(const ExecSpace& exec) {
    exec.fence();  // the vendor call runs on the library's stream
    engine::multiply(tables_.planes, static_cast<int>(ld_), static_cast<int>(columns_), static_cast<int>(depth_),
                     residues_a_.data(), ld_ * depth_, residues_b_.data(), columns_ * depth_, products_.data(),
                     static_cast<int>(ld_), columns_ * ld_);
    Kokkos::fence();
  }

  void combine(const ExecSpace& exec, const Value& alpha, const Value& beta, bool beta_zero, const array& C,
               std::int64_t ldc) {
    // The fewest words, rounded up to one of the counts the format compiles (word_counts):
    // dd_real's default takes 4 to 12, qd_real's 16 to 20, expansion<8>'s 28 to 40, RNS 848's 60,
    // RNS 1696's 124.
    reconstruct(word_counts{}, words_for(tables_.count), exec, alpha, beta, beta_zero, C, ldc);
  }

 private:
  using engine = typename residue_products<ExecSpace>::type;
  using residue = typename engine::residue_type;
  using product = typename engine::product_type;
  using elements = panel_elements<Value, memory>;

  // The selected columns' residues of op(B), and op(A)'s with `with_a`.
  void residues(const ExecSpace& exec, bool with_a) {
    depth_ = padded(k_);
    ld_ = padded(m_);
    columns_ = padded(column_count_);
    reserve_workspace();
    if (with_a) write_residues(exec, a_, m_, ld_, scale_a_, bits_a_, residues_a_);
    const panel block{b_.data, b_.offset + first_column_ * b_.row_stride, b_.row_stride, b_.depth_stride};
    write_residues(exec, block, column_count_, columns_, from(scale_b_, first_column_), bits_b_, residues_b_);
  }

  struct panel {
    array data;
    std::int64_t offset, row_stride, depth_stride;
  };

  using span = exponent_span;

  span scan(const ExecSpace& exec, const panel& p, std::int64_t rows, Kokkos::View<int*, memory>& top,
            Kokkos::View<int*, memory>& bottom) {
    grow(top, static_cast<std::size_t>(rows), "kamp::ozaki::top");
    grow(bottom, static_cast<std::size_t>(rows), "kamp::ozaki::bottom");
    if (p.row_stride == 1) {
      Kokkos::deep_copy(exec, top, empty_top);
      Kokkos::deep_copy(exec, bottom, empty_bottom);
      // Chunks of 16-256 elements, so that there are about 2^18 threads where the panel allows.
      const std::int64_t chunk = std::max<std::int64_t>(16, std::min<std::int64_t>(256, rows * k_ >> 18));
      const std::int64_t chunks = (k_ + chunk - 1) / chunk;
      const exponent_scan_adjacent<ExecSpace, Value> functor{
          elements{p.data, p.offset}, context_, rows, k_, p.depth_stride, chunk, top, bottom};
      Kokkos::parallel_for("kamp::ozaki::exponent_scan_adjacent",
                           Kokkos::RangePolicy<ExecSpace>(exec, 0, rows * chunks), functor);
    } else {
      const exponent_scan<ExecSpace, Value> functor{
          elements{p.data, p.offset}, context_, k_, p.row_stride, p.depth_stride, top, bottom};
      Kokkos::parallel_for("kamp::ozaki::exponent_scan", Kokkos::TeamPolicy<ExecSpace>(exec, rows, Kokkos::AUTO),
                           functor);
    }
    span s;
    Kokkos::parallel_reduce("kamp::ozaki::exponent_span", Kokkos::RangePolicy<ExecSpace>(exec, 0, rows),
                            exponent_span_reduction<ExecSpace>{top, bottom}, s);
    return s;
  }

  void set_scales(const ExecSpace& exec, const Kokkos::View<int*, memory>& top, Kokkos::View<int*, memory>& scale,
                  std::int64_t rows, int bits) {
    grow(scale, static_cast<std::size_t>(rows), "kamp::ozaki::scale");
    Kokkos::parallel_for("kamp::ozaki::vector_scales", Kokkos::RangePolicy<ExecSpace>(exec, 0, rows),
                         vector_scales<ExecSpace>{top, scale, bits});
  }

  // The instantiated sizes: CRT words of the reconstruction and digit capacities of the residue
  // kernel; a format compiles those up to its max_words and max_digits (value_format.hpp).
  template <int... Counts>
  struct counts {};
  using word_counts = counts<4, 6, 8, 10, 12, 16, 20, 28, 40, 60, crt_words>;
  // Capacities 2 and 3 only for the formats of one or two parts, whose defaults take them (the
  // double's 53 bits 2 digits, dd_real's normwise 104 bits 3): a digit the capacity holds beyond
  // the count still costs registers and predicated instructions.
  using digit_capacities = std::conditional_t<of_few_parts<Value>(), counts<2, 3, 4, 8, 12, 20, 28, max_digits>,
                                              counts<4, 8, 12, 20, 28, max_digits>>;

  template <int First, int... Rest>
  void reconstruct(counts<First, Rest...>, int words, const ExecSpace& exec, const Value& alpha, const Value& beta,
                   bool beta_zero, const array& C, std::int64_t ldc) {
    if constexpr (First <= scheme_format<Value>::max_words) {
      if (words <= First) return reconstruct<First>(exec, alpha, beta, beta_zero, C, ldc);
      if constexpr (sizeof...(Rest) > 0) reconstruct(counts<Rest...>{}, words, exec, alpha, beta, beta_zero, C, ldc);
    }
  }

  template <int W>
  void reconstruct(const ExecSpace& exec, const Value& alpha, const Value& beta, bool beta_zero, const array& C,
                   std::int64_t ldc) {
    bool alpha_one;
    {
      const core::widest_exponent_range range;  // RNS values reach beyond MPFR's default one
      alpha_one = mpfr_cmp_ui(format_traits<Value>::to_mpfr(alpha).get(), 1) == 0;
    }
    const auto factor =
        scheme_format<Value>::factor_of(format_traits<Value>::template context<Kokkos::HostSpace>(), alpha, alpha_one);
    const reconstruction<ExecSpace, Value, product, W> functor{products_, core::index_divider(m_),
                                                               ld_,       columns_ * ld_,
                                                               scale_a_,  from(scale_b_, first_column_),
                                                               tables_,   context_,
                                                               factor,    beta,
                                                               beta_zero, elements{C, first_column_ * ldc},
                                                               ldc};
    // 128-thread blocks: for a register count like qd_real's combine's, Kokkos' range launch picks
    // blocks that fit a multiprocessor once where two would fit (core/block_launch.hpp).
    core::parallel_for_in_blocks("kamp::ozaki::reconstruction", exec, m_ * column_count_, 128, functor);
  }

  // v from element `first` on.
  template <class T>
  static Kokkos::View<T*, memory> from(const Kokkos::View<T*, memory>& v, std::int64_t first) {
    return Kokkos::subview(v, std::make_pair(first, static_cast<std::int64_t>(v.extent(0))));
  }

  static std::int64_t padded(std::int64_t size) {
    return (size + engine::alignment - 1) / engine::alignment * engine::alignment;
  }

  // A scaled integer is below 2^beta + 1 < 2^(beta + 1) in magnitude: (beta + 1) / 36 + 1 digits.
  void write_residues(const ExecSpace& exec, const panel& p, std::int64_t rows, std::int64_t padded_rows,
                      const Kokkos::View<int*, memory>& scale, int beta, const Kokkos::View<residue*, memory>& out) {
    // The capacities the format compiles (digit_capacities): dd_real's componentwise default
    // takes 4, qd_real's 8, expansion<8>'s 20, RNS 848's 28, RNS 1696's 52.
    write_residues(digit_capacities{}, exec, p, rows, padded_rows, scale, (beta + 1) / digit_bits + 1, out);
  }

  template <int First, int... Rest>
  void write_residues(counts<First, Rest...>, const ExecSpace& exec, const panel& p, std::int64_t rows,
                      std::int64_t padded_rows, const Kokkos::View<int*, memory>& scale, int digits,
                      const Kokkos::View<residue*, memory>& out) {
    if constexpr (First <= scheme_format<Value>::max_digits) {
      if (digits <= First) return write_residues<First>(exec, p, rows, padded_rows, scale, digits, out);
      if constexpr (sizeof...(Rest) > 0)
        write_residues(counts<Rest...>{}, exec, p, rows, padded_rows, scale, digits, out);
    }
  }

  template <int Digits>
  void write_residues(const ExecSpace& exec, const panel& p, std::int64_t rows, std::int64_t padded_rows,
                      const Kokkos::View<int*, memory>& scale, int digits, const Kokkos::View<residue*, memory>& out) {
    using functor_type = residue_tiles<ExecSpace, Value, residue, Digits>;
    constexpr int tile = functor_type::tile;
    const std::int64_t tiles_depth = (depth_ + tile - 1) / tile, tiles_rows = (padded_rows + tile - 1) / tile;
    functor_type functor{elements{p.data, p.offset},
                         context_,
                         rows,
                         padded_rows,
                         k_,
                         p.row_stride,
                         p.depth_stride,
                         depth_,
                         tiles_depth,
                         digits,
                         scale,
                         tables_,
                         out,
                         padded_rows * depth_};
    const bool gpu = !std::is_same<memory, Kokkos::HostSpace>::value;
    Kokkos::TeamPolicy<ExecSpace> policy(exec, tiles_rows * tiles_depth, gpu ? std::min(256, tile * tile) : 1);
    Kokkos::parallel_for("kamp::ozaki::residues",
                         policy.set_scratch_size(0, Kokkos::PerTeam(functor_type::scratch_bytes())), functor);
  }

  void set_tables(int count) {
    if (tables_.count == count) return;
    const crt_basis basis = make_crt_basis(count);
    tables_.count = count;
    tables_.planes = planes_for(count);
    tables_.pairs = narrow_pairs(count);
    tables_.product_reciprocal = basis.product_reciprocal;
    tables_.product_shift = basis.product_shift;
    std::vector<double> inverses;
    for (const int m : basis.moduli) inverses.push_back(1.0 / m);
    tables_.moduli = core::view_of<memory>(basis.moduli, "kamp::ozaki::moduli");
    tables_.inverses = core::view_of<memory>(inverses, "kamp::ozaki::inverses");
    tables_.digit_weights = core::view_of<memory>(basis.digit_weights, "kamp::ozaki::digit_weights");
    tables_.weights = core::view_of<memory>(basis.weights, "kamp::ozaki::weights");
    tables_.pairs_constants = core::view_of<memory>(basis.pairs, "kamp::ozaki::pair_constants");
    tables_.pair_weights = core::view_of<memory>(basis.pair_weights, "kamp::ozaki::pair_weights");
    tables_.product = core::view_of<memory>(basis.product, "kamp::ozaki::product");
    tables_.half = core::view_of<memory>(basis.half, "kamp::ozaki::half");
  }

  // The residues of both operands and their products for `columns` of op(B)'s columns: the bytes
  // of the arrays that must grow (those already long enough are kept).
  double new_workspace_bytes(std::int64_t columns) const {
    const auto cells = [](const auto& v, std::int64_t count) {
      return static_cast<std::int64_t>(v.extent(0)) < count ? static_cast<double>(count) : 0.0;
    };
    const std::int64_t depth = padded(k_), ld = padded(m_), width = padded(columns);
    const std::int64_t planes = tables_.planes;
    return (cells(residues_a_, planes * ld * depth) + cells(residues_b_, planes * width * depth)) * sizeof(residue) +
           cells(products_, planes * width * ld) * sizeof(product);
  }

  std::string workspace_name() const {
    return "the workspace of " + std::to_string(tables_.count) + " moduli for m = " + std::to_string(m_) +
           ", n = " + std::to_string(n_) + ", k = " + std::to_string(k_);
  }

  // The selected block's residues and products, checked together before any is allocated, so that
  // a block whose workspace cannot fit raises allocation_error with the whole amount and keeps
  // what it held.
  void reserve_workspace() {
    core::require_allocatable<memory>(kernel_name, workspace_name(), new_workspace_bytes(column_count_));
    const std::int64_t planes = tables_.planes;
    grow(residues_a_, static_cast<std::size_t>(planes * ld_ * depth_), "kamp::ozaki::residues_a");
    grow(residues_b_, static_cast<std::size_t>(planes * columns_ * depth_), "kamp::ozaki::residues_b");
    grow(products_, static_cast<std::size_t>(planes * columns_ * ld_), "kamp::ozaki::products");
  }

  // A View at least `size` long; a shorter one is released first so that its memory counts as free.
  template <class T>
  static void grow(Kokkos::View<T*, memory>& v, std::size_t size, const char* label) {
    if (v.extent(0) >= size) return;
    v = Kokkos::View<T*, memory>();
    v = core::allocate<Kokkos::View<T*, memory>>(kernel_name, label, core::initial_values::unset, size);
  }

  static constexpr const char* kernel_name = "kamp::blas::gemm (Ozaki scheme)";

  std::int64_t m_ = 0, n_ = 0, k_ = 0, depth_ = 0, ld_ = 0, columns_ = 0;
  std::int64_t first_column_ = 0, column_count_ = 0;
  int bits_a_ = 0, bits_b_ = 0;
  context_t<Value> context_ = format_traits<Value>::template context<memory>();
  panel a_, b_;
  Kokkos::View<int*, memory> top_a_, bottom_a_, top_b_, bottom_b_, scale_a_, scale_b_;
  Kokkos::View<residue*, memory> residues_a_, residues_b_;
  Kokkos::View<product*, memory> products_;
  crt_tables<memory> tables_;
};

}  // namespace kamp::blas::ozaki

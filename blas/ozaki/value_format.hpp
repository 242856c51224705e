#pragma once
// What the Ozaki scheme needs of each value format it computes in (double, dd_real and
// expansion<N>, qd_real = expansion<4>, here; the RNS formats in rns_value_format.hpp): the binade of a value
// (the exponent scan), the integer parts of a scaled value (the residue kernel), the rounding of
// a reconstructed integer (the combine kernel), and the constants of the error bound
// (error_bound.hpp). Each function takes the format's context (format_traits: RNS's basis
// constants, nothing for the multi-doubles).
//   binade(c, x)         floor(log2 |x|) exactly for a finite nonzero x, clamped to
//                        [-binade_limit, binade_limit]; zero_binade for a zero, non_finite_binade
//                        for Inf and NaN;
//   scaled_parts(c, x, e, out)
//                        `parts` integer-valued doubles whose sum is within (1/2)(1 +
//                        rounding_excess) of x 2^e, for |x 2^e| below 2^(36 max_digits) (beyond
//                        the binade limit's clamp the scheme never scales: analyse refuses first);
//                        or, with direct_digits, scaled_digits<Capacity>(c, x, e, count): that
//                        integer's signed base-2^36 digits as residues.hpp's digits_of writes the
//                        parts' (the RNS formats, whose integers pass the double range);
//   from_integer<W>(c, x, negative, scale)
//                        (negative ? -x : x) 2^scale rounded to the format within conversion_unit
//                        = conversion_factor 2^conversion_exponent, relative;
//   factor, factor_of(host_c, alpha, one), from_integer_times<W>(c, f, x, negative, scale)
//                        alpha as the combine kernel uses it (made once on the host; `one`: alpha
//                        is exactly 1), and alpha (negative ? -x : x) 2^scale in the format: within
//                        conversion_unit of the integer, then within u of the product by alpha
//                        (the multi-doubles' mul, skipped for alpha = 1), or rounded once within
//                        conversion_unit where the format multiplies its integers exactly (RNS);
//   largest_binade, smallest_binade
//                        the outputs' range: analyse refuses products that could reach
//                        2^(largest_binade + 1) or take units below 2^smallest_binade (the double
//                        range for the multi-doubles, whose parts are doubles);
//   max_digits, max_words
//                        the longest scaled integers (base-2^36 digits) and CRT sums (32-bit
//                        words) the format's kernels are compiled for, each one of the counts the
//                        plan instantiates (gemm_plan.hpp); analyse refuses longer ones. Longer
//                        formats need more, and every count costs compile time;
//   default_bits         the significant bits every input keeps by default: the fewest that put the
//                        result within the FMA kernel's bound (53 for double, 104 for dd_real, 52N
//                        for expansion<N>;
//                        tests/blas/test_gemm_ozaki.cpp checks both ways);
//   max_bits             the largest opts.bits accepted (about three times the precision: more is
//                        a mistake; what the moduli cannot cover is reported by analyse).
// scheme_format<V>::supported is false for every other value type.
#include <Kokkos_Core.hpp>

#include <cmath>

#include "blas/ozaki/crt_words.hpp"
#include "core/unroll.hpp"
#include "multi_double/dd_format.hpp"
#include "multi_double/double_format.hpp"
#include "multi_double/dd_real.hpp"
#include "multi_double/expansion_type.hpp"

namespace kamp::blas::ozaki {

// Every binade the scan sees lies in [-binade_limit, binade_limit] or is one of the markers; sums
// of a few of them stay far inside an int.
constexpr int binade_limit = 1 << 22;
constexpr int zero_binade = -(1 << 24), non_finite_binade = 1 << 24;

template <class Value>
struct scheme_format {
  static constexpr bool supported = false;
};

// The binade of a double, as the multi-doubles' leading components give theirs.
KOKKOS_INLINE_FUNCTION int binade_of_double(double x) {
  if (x == 0) return zero_binade;
  if (!std::isfinite(x)) return non_finite_binade;
  return ::ilogb(x);
}

// The members the multi-doubles and double share: their parts are doubles, so are their outputs'
// ranges; 720-bit integers and 1280-bit sums cover expansion<8>'s products with spreads of 300
// bits. alpha multiplies the rounded integer in the format's arithmetic (one mul, up to a few
// dozen FP64 operations).
template <class Format, class Value>
struct multi_double_members {
  static constexpr bool direct_digits = false;
  static constexpr int largest_binade = 1023;
  static constexpr int smallest_binade = -1022;
  static constexpr int max_digits = 20;
  static constexpr int max_words = 40;

  struct factor {
    Value alpha;
    bool one;
  };
  static factor factor_of(const no_context&, const Value& alpha, bool one) { return {alpha, one}; }

  template <int W>
  KOKKOS_INLINE_FUNCTION static Value from_integer_times(const no_context& c, const factor& f, const wide<W>& x,
                                                         bool negative, int scale) {
    const Value v = Format::template from_integer<W>(c, x, negative, scale);
    return f.one ? v : format_traits<Value>::mul(c, f.alpha, v);
  }
};

// IEEE double: the emulation of a double GEMM on the residue products (the FP64 emulation of
// the Ozaki scheme II papers and GEMMul8). Its one part is the scaled value rounded, within 1/2.
template <>
struct scheme_format<double> : multi_double_members<scheme_format<double>, double> {
  using context = no_context;
  static constexpr bool supported = true;
  static constexpr int parts = 1;
  static constexpr int default_bits = 53;
  static constexpr int max_bits = 160;
  static constexpr double rounding_excess = 0;
  static constexpr int conversion_exponent = -53;  // crt_words.hpp's to_double
  static constexpr double conversion_factor = 1 + 0x1p-52;

  KOKKOS_INLINE_FUNCTION static int binade(const context&, double x) { return binade_of_double(x); }

  KOKKOS_INLINE_FUNCTION static void scaled_parts(const context&, double x, int e, double (&out)[parts]) {
    out[0] = ::rint(::ldexp(x, e));
  }

  template <int W>
  KOKKOS_INLINE_FUNCTION static double from_integer(const context&, const wide<W>& x, bool negative, int scale) {
    return to_double(x, negative, scale);
  }
};

template <>
struct scheme_format<multi_double::dd_real>
    : multi_double_members<scheme_format<multi_double::dd_real>, multi_double::dd_real> {
  using context = no_context;
  static constexpr bool supported = true;
  static constexpr int parts = 2;
  static constexpr int default_bits = 104;
  static constexpr int max_bits = 300;
  static constexpr double rounding_excess = 0x1p-51;
  static constexpr int conversion_exponent = -105;  // crt_words.hpp's to_dd
  static constexpr double conversion_factor = 1 + 0x1p-53;

  KOKKOS_INLINE_FUNCTION static int binade(const context&, const multi_double::dd_real& x) {
    return binade_of_double(x.hi);
  }

  // round(2^e hi) + round(2^e lo + (2^e hi - round(2^e hi))), within 1/2 + 2^-53 of 2^e x: h -
  // high is exact (for |h| >= 2^52 both are equal, below both lie within a factor 2 or high is 0).
  KOKKOS_INLINE_FUNCTION static void scaled_parts(const context&, const multi_double::dd_real& x, int e,
                                                  double (&out)[parts]) {
    const double h = ::ldexp(x.hi, e), l = ::ldexp(x.lo, e);
    out[0] = ::rint(h);
    out[1] = ::rint(l + (h - out[0]));
  }

  template <int W>
  KOKKOS_INLINE_FUNCTION static multi_double::dd_real from_integer(const context&, const wide<W>& x, bool negative,
                                                                   int scale) {
    return to_dd(x, negative, scale);
  }
};

template <int N>
struct scheme_format<multi_double::expansion<N>>
    : multi_double_members<scheme_format<multi_double::expansion<N>>, multi_double::expansion<N>> {
  using context = no_context;
  static constexpr bool supported = true;
  static constexpr int parts = N + 1;
  static constexpr int default_bits = 52 * N;
  static constexpr int max_bits = 150 * N;
  static constexpr double rounding_excess = 0x1p-46;
  static constexpr int conversion_exponent = -52 * N;  // crt_words.hpp's to_expansion
  static constexpr double conversion_factor = 1 + 0x1p-47;

  KOKKOS_INLINE_FUNCTION static int binade(const context&, const multi_double::expansion<N>& x) {
    return binade_of_double(x.c[0]);
  }

  // round(2^e c_i) for each component and the rounded sum of their fractions f_i = 2^e c_i -
  // round(2^e c_i) (each exact, |f_i| <= 1/2): within 1/2 + N^2 2^-54 <= (1/2)(1 + 2^-46) of 2^e x
  // (a component that scaling takes below the normal range loses less than 2^-1074).
  KOKKOS_INLINE_FUNCTION static void scaled_parts(const context&, const multi_double::expansion<N>& x, int e,
                                                  double (&out)[parts]) {
    double fractions = 0;
    KAMP_UNROLL for (int i = N - 1; i >= 0; --i) {
      const double h = ::ldexp(x.c[i], e);
      out[i] = ::rint(h);
      fractions += h - out[i];
    }
    out[N] = ::rint(fractions);
  }

  template <int W>
  KOKKOS_INLINE_FUNCTION static multi_double::expansion<N> from_integer(const context&, const wide<W>& x, bool negative,
                                                                        int scale) {
    return to_expansion<N>(x, negative, scale);
  }
};

}  // namespace kamp::blas::ozaki

#pragma once
// What the Ozaki scheme needs of each value format it computes in (dd_real and expansion<N>,
// qd_real = expansion<4>): the leading component (the exponent scan), the integer parts of a
// scaled value (the residue kernel), the rounding of a reconstructed integer (the combine
// kernel), and the constants of the error bound (error_bound.hpp):
//   default_bits      the significant bits every input keeps by default: the fewest that put the
//                     result within the FMA kernel's bound (104 for dd_real, 52N for expansion<N>;
//                     tests/blas/test_gemm_ozaki.cpp checks both ways);
//   max_bits          the largest opts.bits accepted (about three times the precision: more is
//                     a mistake; what the moduli cannot cover is reported by analyse);
//   rounding_excess   an element's integer is within (1/2)(1 + rounding_excess) of its scaled value;
//   conversion_unit   the relative error of rounding a reconstructed integer to the format:
//                     conversion_factor 2^conversion_exponent.
// scheme_format<V>::supported is false for every other value type.
#include <Kokkos_Core.hpp>

#include <cmath>

#include "blas/ozaki/crt_words.hpp"
#include "core/unroll.hpp"
#include "dd/dd_real.hpp"
#include "dd/expansion_type.hpp"

namespace kamp::blas::ozaki {

template <class Value>
struct scheme_format {
  static constexpr bool supported = false;
};

template <>
struct scheme_format<dd::dd_real> {
  static constexpr bool supported = true;
  static constexpr int parts = 2;
  static constexpr int default_bits = 104;
  static constexpr int max_bits = 300;
  static constexpr double rounding_excess = 0x1p-51;
  static constexpr int conversion_exponent = -105;  // crt_words.hpp's to_dd
  static constexpr double conversion_factor = 1 + 0x1p-53;

  KOKKOS_INLINE_FUNCTION static double leading(const dd::dd_real& x) { return x.hi; }

  // round(2^e hi) + round(2^e lo + (2^e hi - round(2^e hi))), within 1/2 + 2^-53 of 2^e x: h -
  // high is exact (for |h| >= 2^52 both are equal, below both lie within a factor 2 or high is 0).
  KOKKOS_INLINE_FUNCTION static void scaled_parts(const dd::dd_real& x, int e, double (&out)[parts]) {
    const double h = ::ldexp(x.hi, e), l = ::ldexp(x.lo, e);
    out[0] = ::rint(h);
    out[1] = ::rint(l + (h - out[0]));
  }

  template <int W>
  KOKKOS_INLINE_FUNCTION static dd::dd_real from_integer(const wide<W>& x, bool negative, int scale) {
    return to_dd(x, negative, scale);
  }
};

template <int N>
struct scheme_format<dd::expansion<N>> {
  static constexpr bool supported = true;
  static constexpr int parts = N + 1;
  static constexpr int default_bits = 52 * N;
  static constexpr int max_bits = 150 * N;
  static constexpr double rounding_excess = 0x1p-46;
  static constexpr int conversion_exponent = -52 * N;  // crt_words.hpp's to_expansion
  static constexpr double conversion_factor = 1 + 0x1p-47;

  KOKKOS_INLINE_FUNCTION static double leading(const dd::expansion<N>& x) { return x.c[0]; }

  // round(2^e c_i) for each component and the rounded sum of their fractions f_i = 2^e c_i -
  // round(2^e c_i) (each exact, |f_i| <= 1/2): within 1/2 + N^2 2^-54 <= (1/2)(1 + 2^-46) of 2^e x
  // (a component that scaling takes below the normal range loses less than 2^-1074).
  KOKKOS_INLINE_FUNCTION static void scaled_parts(const dd::expansion<N>& x, int e, double (&out)[parts]) {
    double fractions = 0;
    KAMP_UNROLL for (int i = N - 1; i >= 0; --i) {
      const double h = ::ldexp(x.c[i], e);
      out[i] = ::rint(h);
      fractions += h - out[i];
    }
    out[N] = ::rint(fractions);
  }

  template <int W>
  KOKKOS_INLINE_FUNCTION static dd::expansion<N> from_integer(const wide<W>& x, bool negative, int scale) {
    return to_expansion<N>(x, negative, scale);
  }
};

}  // namespace kamp::blas::ozaki

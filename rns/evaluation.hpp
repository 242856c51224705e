#pragma once
// Interval evaluation of X/M from the residues of X (fractional CRT, Isupov and Knyazkov's eq. 4):
// with s_i = x_i w_i mod m_i, X/M is the fractional part of sum_i s_i/m_i. The sum is taken
// twice, rounded down with RD(1/m_i) and up with RU(1/m_i); if both have the same integer
// part that is the CRT rank and the fractions bound X/M. If not, X/M is within the sums'
// error of 0 or of 1, and the top mixed-radix digit says which (it is 0 iff X < M/m_N).
// Values far below 1 are refined by evaluating X 2^k, exact in RNS, and scaling back.
#include <cmath>

#include "rns/basis.hpp"

namespace kamp::rns {

// What the caller knows about X: nothing, or that X < M/2 (then an ambiguous sum means X
// is near 0, and no mixed-radix conversion is needed).
enum class range_hint { none, below_half };

struct fraction_bounds {
  double lo = 0, up = 0;  // bounds of the fractional part, 0 <= lo <= up <= 1
  double rank = 0;        // floor(sum_i s_i/m_i), exact
};

namespace detail {

template <int N>
KOKKOS_INLINE_FUNCTION void directed_sums(const residue* s, const basis_constants<N>& b, double& lo, double& up) {
  lo = 0;
  up = 0;
  for (int i = 0; i < N; ++i) {
    lo = core::add_rd(lo, core::mul_rd(static_cast<double>(s[i]), b.inv_m_rd[i]));
    up = core::add_ru(up, core::mul_ru(static_cast<double>(s[i]), b.inv_m_ru[i]));
  }
}

// True iff the top mixed-radix digit of X is zero, i.e. X < M/m_N (O(N^2) mod-mults).
template <int N>
KOKKOS_INLINE_FUNCTION bool top_mixed_radix_digit_is_zero(const residue* x, const basis_constants<N>& b) {
  residue digit[N];
  for (int i = 0; i < N; ++i) {
    residue t = x[i];
    for (int j = 0; j < i; ++j)
      t = mod_mul(mod_sub(t, digit[j] % b.m[i], b.m[i]), b.mrc_inverse[i][j], b.m[i], b.inv_m[i]);
    digit[i] = t;
  }
  return digit[N - 1] == 0;
}

}  // namespace detail

// Bounds of the fractional part of sum s_i/m_i and its exact integer part, for the s_i of X.
template <int N>
KOKKOS_INLINE_FUNCTION fraction_bounds bound_fraction(const residue* s, const residue* x, const basis_constants<N>& b,
                                                      range_hint hint) {
  fraction_bounds f;
  double lo, up;
  detail::directed_sums<N>(s, b, lo, up);
  const double whole_lo = ::floor(lo), whole_up = ::floor(up);
  if (whole_lo == whole_up) {
    f.rank = whole_lo;
    f.lo = lo - whole_lo;  // exact (Sterbenz)
    f.up = up - whole_up;
  } else if (hint == range_hint::below_half || detail::top_mixed_radix_digit_is_zero<N>(x, b)) {
    f.rank = whole_up;  // X/M is just above 0
    f.lo = 0;
    f.up = up - whole_up;
  } else {
    f.rank = whole_lo;  // X/M is just below 1
    f.lo = lo - whole_lo;
    f.up = 1;
  }
  return f;
}

// Rigorous bounds lo <= X/M <= up for the X with residues x. Zero gives {0, 0}.
template <int N>
KOKKOS_INLINE_FUNCTION void evaluate(const residue* x, const basis_constants<N>& b, core::er_float& lo,
                                     core::er_float& up, range_hint hint = range_hint::none) {
  bool zero = true;
  for (int i = 0; i < N; ++i) zero = zero && x[i] == 0;
  lo = core::er_float{};
  up = core::er_float{};
  if (zero) return;
  residue s[N];
  for (int i = 0; i < N; ++i) s[i] = mod_mul(x[i], b.w[i], b.m[i], b.inv_m[i]);
  fraction_bounds f = bound_fraction<N>(s, x, b, hint);
  // Refine while the lower bound is too small for a good relative accuracy: X 2^k with
  // 2^k <= 1/(2 up) stays below M/2, and its s_i are s_i 2^k mod m_i. Each pass gains
  // about 50 - 2 log2(N) bits, so a q-bit significand needs about q/36 passes at N = 128.
  std::int64_t scaled = 0;
  while (f.lo < 0.125 && f.up < 0.25) {
    // k = floor(-log2(up)) - 1 >= 1 (up < 1/4), from up's binary exponent: exact, where log2's
    // rounding differs between the host's and a GPU's libraries (a different step there would
    // give the two a different, equally valid, interval). up = f 2^e with f in [1/2, 1), so
    // -log2(up) is in (-e, 1 - e] and reaches 1 - e only for f = 1/2.
    int e = 0;
    const double f_up = ::frexp(f.up, &e);
    const int k = (f_up == 0.5 ? 1 - e : -e) - 1;
    const int step = k > basis_constants<N>::max_alignment ? basis_constants<N>::max_alignment : k;
    for (int i = 0; i < N; ++i) s[i] = mod_mul(s[i], b.pow2[step][i], b.m[i], b.inv_m[i]);
    scaled += step;
    f = bound_fraction<N>(s, x, b, range_hint::below_half);
  }
  lo = core::er_float::make(f.lo).scaled(-scaled);
  up = core::er_float::make(f.up).scaled(-scaled);
}

// floor(sum_i s_i/m_i) from a round-to-nearest sum and an approximation of X/M that is
// within 1/4 of it (the sum's own error is below N^2 2^-52 < 1/4).
template <int N>
KOKKOS_INLINE_FUNCTION double crt_rank(const residue* s, const basis_constants<N>& b, double fraction) {
  double sum = 0;
  for (int i = 0; i < N; ++i) sum = core::add_rn(sum, core::mul_rn(static_cast<double>(s[i]), b.inv_m[i]));
  return ::floor(core::sub_rn(sum, fraction) + 0.5);
}

}  // namespace kamp::rns

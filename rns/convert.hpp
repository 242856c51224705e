#pragma once
// Conversions between mp_float and double, host and device. from_double is exact (the
// significand is the double's 53-bit integer significand). to_double rounds correctly to
// nearest for results in the normal range: the significand is truncated to 64 bits in RNS,
// read exactly through the CRT modulo 2^64, a sticky bit records the truncated part, and
// the conversion to double rounds once. Subnormal results may be rounded twice.
#include <cmath>
#include <cstdint>

#include "rns/evaluation.hpp"
#include "rns/mp_float.hpp"
#include "rns/round_stage.hpp"
#include "rns/truncation.hpp"

namespace kamp::rns {

template <int N>
KOKKOS_INLINE_FUNCTION mp_float<N> from_double(double d, const basis_constants<N>& b) {
  if (d != d) return mp_float<N>::nan();
  if (d == INFINITY || d == -INFINITY) return mp_float<N>::inf(d < 0);
  if (d == 0) return mp_float<N>::zero();
  mp_float<N> x;
  x.sign = d < 0;
  int e = 0;
  const double significand = ::ldexp(::frexp(::fabs(d), &e), 53);  // an integer below 2^53
  const auto integer = static_cast<std::uint64_t>(significand);
  x.exp = e - 53;
  for (int i = 0; i < N; ++i) x.digits[i] = mod_u64(integer, b.m[i], b.inv_m[i]);
  const core::er_float value = core::er_float::make(significand);
  x.eval[0] = core::mul_rd(value, b.inv_M_rd);
  x.eval[1] = core::mul_ru(value, b.inv_M_ru);
  return x;
}

template <int N>
KOKKOS_INLINE_FUNCTION double to_double(const mp_float<N>& x, const basis_constants<N>& b) {
  if (x.is_nan()) return NAN;
  if (x.is_inf()) return x.sign ? -INFINITY : INFINITY;
  if (x.is_zero()) return 0.0;
  residue digits[N], s[N];
  for (int i = 0; i < N; ++i) {
    digits[i] = x.digits[i];
    s[i] = mod_mul(digits[i], b.w[i], b.m[i], b.inv_m[i]);
  }
  const auto middle = [](const core::er_float& lo, const core::er_float& up) {
    return 0.5 * (lo.to_double() + up.to_double());
  };
  double rank = crt_rank<N>(s, b, middle(x.eval[0], x.eval[1]));
  const std::int64_t bits = bit_length_bound<N>(x.eval[1], b);
  int k = 0;
  bool sticky = false;
  if (bits > 64) {
    k = static_cast<int>(bits - 64);
    std::uint64_t low[basis_constants<N>::words];
    low_bits<N>(s, static_cast<std::uint64_t>(rank), k, b, low);
    for (int j = 0; j < (k + 63) / 64; ++j) sticky = sticky || low[j] != 0;
    truncate_bits<N>(digits, s, k, static_cast<std::uint64_t>(rank), b);
    for (int i = 0; i < N; ++i) s[i] = mod_mul(digits[i], b.w[i], b.m[i], b.inv_m[i]);
    const core::er_float lo = core::sub_rd(x.eval[0].scaled(-k), b.inv_M_ru), up = x.eval[1].scaled(-k);
    rank = crt_rank<N>(s, b, middle(lo, up));
  }
  std::uint64_t top[basis_constants<N>::words];
  low_bits<N>(s, static_cast<std::uint64_t>(rank), 64, b, top);  // the whole (now < 2^64) significand
  // With k > 0 the significand has 63 or 64 bits, so bit 0 lies below the rounding position.
  const std::uint64_t integer = top[0] | static_cast<std::uint64_t>(sticky);
  const double d = ::ldexp(static_cast<double>(integer), static_cast<int>(x.exp + k));
  return x.sign ? -d : d;
}

}  // namespace kamp::rns

#pragma once
// The RNS formats (rns::mp_float<N>, 106-1696 bits) in the Ozaki scheme (value_format.hpp says
// what each member must do). An element is (-1)^sign X 2^exp with an integer X < 2^q held by its
// residues; the scheme needs X in binary, which the CRT gives exactly (X = sum_i s_i M_i - rank M
// modulo 2^q on 64-bit words, rns/truncation.hpp's low_bits), and it returns each output's
// integer to RNS by truncating it to q bits (as every RNS operation rounds) and reducing its
// words modulo each m_i.
//   binade        exact: the interval gives X's bit length, or the CRT does next to a power of
//                 two (rns::exact_bit_length); clamped to +-binade_limit, which analyse refuses.
//   scaled_parts  round(X 2^(exp + e)) exactly, half away from zero: its 53-bit chunks, each an
//                 exact double, and one part for the rounding's carry (rounding_excess 0); up to
//                 848 bits, whose integers stay below 2^1008.
//   scaled_digits the same integer in the residue kernel's signed base-2^36 digits, straight from
//                 X's binary words (direct_digits): at 1696 bits the integers pass the double range
//                 that parts live in. Below it the parts are faster (docs/design.md).
//   from_integer  truncation to q bits: relative error below 2^(1 - q) (conversion_unit).
//   from_integer_times
//                 the integer times alpha's X exactly (32-bit words), then one truncation to q
//                 bits: alpha x within 2^(1 - q), where from_integer and an RNS product would
//                 truncate twice (and the product costs an RNS rounding, thousands of integer
//                 instructions at 212 bits). Only where the result's exponent cannot leave the
//                 RNS range: for |binade(alpha)| beyond 2^29 (the scheme's integers and scales
//                 lie within 2^+-(binade_limit + 2) of 1) the product is the RNS one, which
//                 overflows to infinity and underflows gradually as every RNS operation does.
// The outputs' range is RNS's own (|exp| <= 2^30): the binade limit keeps every scale and
// output exponent far inside it, so analyse's range checks never refuse an RNS product that the
// clamp did not mark.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "blas/ozaki/crt_words.hpp"
#include "blas/ozaki/residues.hpp"
#include "blas/ozaki/value_format.hpp"
#include "rns/rns_format.hpp"
#include "rns/round_stage.hpp"
#include "rns/truncation.hpp"

namespace kamp::blas::ozaki {

namespace detail {

// floor(X / 2^pos) mod 2^width of X = words[0] + words[1] 2^64 + ... (`Count` words), width <=
// 53; X's bits below bit 0 are zeros (pos may be negative).
template <int Count>
KOKKOS_INLINE_FUNCTION std::uint64_t bits_at(const std::uint64_t (&words)[Count], std::int64_t pos, int width) {
  if (pos <= -width) return 0;
  const int shift_left = pos < 0 ? static_cast<int>(-pos) : 0;
  const std::int64_t bit = pos < 0 ? 0 : pos;
  const std::int64_t word = bit >> 6;
  const int offset = static_cast<int>(bit & 63);
  // Masks, not selects, as crt_words.hpp's window: an indexed load would put the words in local
  // memory.
  std::uint64_t low = 0, high = 0;
  KAMP_UNROLL for (int i = 0; i < Count; ++i) {
    low |= words[i] & (std::uint64_t(0) - (i == word));
    high |= words[i] & (std::uint64_t(0) - (i == word + 1));
  }
  std::uint64_t bits = low >> offset;
  if (offset > 0) bits |= high << (64 - offset);
  return (bits << shift_left) & ((std::uint64_t(1) << width) - 1);
}

}  // namespace detail

template <int N>
struct scheme_format<rns::mp_float<N>> {
  using value = rns::mp_float<N>;
  using constants = rns::basis_constants<N>;
  using context = typename format_traits<value>::context_type;
  static constexpr int q = constants::significand_bits;

  static constexpr bool supported = true;
  static constexpr bool direct_digits = N > 64;
  static constexpr int parts = (q + 52) / 53 + 1;
  // q - 2: 2^(1 - bits) + 2^(1 - q) + 2u <= 5u (gamma_5, the FMA kernel's bound at k = 3) while u =
  // 4 / sqrt(M) >= 2^(1.74 - q), i.e. log2 M <= 2q + 0.52 (tests/blas/test_gemm_ozaki_rns.cpp
  // checks that it is the fewest bits).
  static constexpr int default_bits = constants::precision - 1;
  static constexpr int max_bits = 3 * constants::precision;
  static constexpr double rounding_excess = 0;
  static constexpr int conversion_exponent = 1 - q;
  static constexpr double conversion_factor = 1;
  static constexpr int largest_binade = rns::exponent_limit - q;
  static constexpr int smallest_binade = -rns::exponent_limit;
  // Integers of q bits and spreads of up to 150 bits at 848 bits, 175 at 1696 (products of twice
  // that: at 1696 bits all 305 moduli and 124-word sums).
  static constexpr int max_digits = N <= 32 ? 20 : N <= 64 ? 28 : ozaki::max_digits;
  static constexpr int max_words = N <= 32 ? 40 : N <= 64 ? 60 : crt_words;

  // floor(log2 |x|) of a finite nonzero x, unclamped.
  KOKKOS_INLINE_FUNCTION static std::int64_t exact_binade(const context& c, const value& x) {
    return rns::exact_bit_length<N>(x, x.digits, *c.basis) - 1 + x.exp;
  }

  KOKKOS_INLINE_FUNCTION static int binade(const context& c, const value& x) {
    if (!x.is_finite()) return non_finite_binade;
    if (x.is_zero()) return zero_binade;
    const std::int64_t e = exact_binade(c, x);
    return static_cast<int>(e > binade_limit ? binade_limit : e < -binade_limit ? -binade_limit : e);
  }

  KOKKOS_INLINE_FUNCTION static void scaled_parts(const context& c, const value& x, int e, double (&out)[parts]) {
    KAMP_UNROLL for (int p = 0; p < parts; ++p) out[p] = 0;
    if (!x.is_finite() || x.is_zero()) return;
    std::uint64_t words[constants::words];
    binary_words(c, x, words);
    const double sign = x.sign ? -1.0 : 1.0;
    const std::int64_t t = static_cast<std::int64_t>(x.exp) + e;
    // t >= 0: X 2^t in chunks from bit 0; t < 0: the chunks of floor(X 2^t) from bit -t, and the
    // bit below them rounds (a carry of 1 into the last part).
    const std::int64_t dropped = t < 0 ? -t : 0;
    KAMP_UNROLL for (int p = 0; p + 1 < parts; ++p) {
      const std::int64_t from = dropped + 53 * p;
      if (from < q) {
        const double chunk = static_cast<double>(detail::bits_at(words, from, 53));
        out[p] = sign * ::ldexp(chunk, static_cast<int>(53 * p + t + dropped));
      }
    }
    if (dropped > 0 && dropped <= q)
      out[parts - 1] = sign * static_cast<double>(detail::bits_at(words, dropped - 1, 1));
  }

  // The signed base-2^36 digits of round(X 2^(exp + e)), half away from zero, carries moved up as
  // residues.hpp's digits_of leaves them; |X 2^(exp + e)| < 2^(36 count) is the caller's to ensure.
  template <int Capacity>
  KOKKOS_INLINE_FUNCTION static signed_digits<Capacity> scaled_digits(const context& c, const value& x, int e,
                                                                      int count) {
    signed_digits<Capacity> out;
    KAMP_UNROLL for (int j = 0; j < Capacity; ++j) out.d[j] = 0;
    if (!x.is_finite() || x.is_zero()) return out;
    std::uint64_t words[constants::words];
    binary_words(c, x, words);
    const std::int64_t t = static_cast<std::int64_t>(x.exp) + e;
    // Digit j of floor(X 2^t) holds X's bits from 36 j - t up; for t < 0 the bit below them rounds
    // (a carry into digit 0, which moving the carries up passes on).
    KAMP_UNROLL for (int j = 0; j < Capacity; ++j) if (j < count) out.d[j] =
        static_cast<double>(detail::bits_at(words, digit_bits * j - t, digit_bits));
    if (t < 0 && -t <= q) out.d[0] += static_cast<double>(detail::bits_at(words, -t - 1, 1));
    move_carries_up(out, count);
    if (x.sign) {
      KAMP_UNROLL for (int j = 0; j < Capacity; ++j) out.d[j] = -out.d[j];
    }
    return out;
  }

  // X itself (X < 2^q) in 64-bit words, from the CRT modulo 2^q.
  KOKKOS_INLINE_FUNCTION static void binary_words(const context& c, const value& x,
                                                  std::uint64_t (&words)[constants::words]) {
    rns::residue s[N];
    const std::uint64_t rank = rns::detail::crt_of<N>(x, x.digits, s, *c.basis);
    rns::low_bits<N>(s, rank, q, *c.basis, words);
  }

  // alpha's X in 32-bit words, least significant first, with its sign and exponent.
  static constexpr int factor_words = (q + 31) / 32;
  static constexpr int fold_binade_limit = 1 << 29;
  struct factor {
    value alpha;
    bool one, fold;
    std::uint64_t words[factor_words];
  };

  static factor factor_of(const context& host, const value& alpha, bool one) {
    factor f{alpha, one, false, {}};
    if (one || !alpha.is_finite() || alpha.is_zero()) return f;
    const std::int64_t e = exact_binade(host, alpha);
    f.fold = e < fold_binade_limit && e > -fold_binade_limit;
    if (!f.fold) return f;
    std::uint64_t x[constants::words];
    binary_words(host, alpha, x);
    for (int i = 0; i < factor_words; ++i) f.words[i] = (x[i / 2] >> (32 * (i % 2))) & 0xffffffffu;
    return f;
  }

  template <int W>
  KOKKOS_INLINE_FUNCTION static value from_integer_times(const context& c, const factor& f, const wide<W>& x,
                                                         bool negative, int scale) {
    if (!f.fold) {
      const value v = from_integer<W>(c, x, negative, scale);
      return f.one ? v : format_traits<value>::mul(c, f.alpha, v);
    }
    // Schoolbook, a row per word of alpha: each step's sum stays below 2^64.
    wide<W + factor_words> p;
    KAMP_UNROLL for (int i = 0; i < W + factor_words; ++i) p.w[i] = 0;
    KAMP_UNROLL for (int i = 0; i < factor_words; ++i) {
      std::uint64_t carried = 0;
      KAMP_UNROLL for (int j = 0; j < W; ++j) {
        const std::uint64_t t = p.w[i + j] + f.words[i] * x.w[j] + carried;
        p.w[i + j] = t & 0xffffffffu;
        carried = t >> 32;
      }
      p.w[i + W] = carried;
    }
    return from_integer<W + factor_words>(c, p, negative != (f.alpha.sign != 0), scale + f.alpha.exp);
  }

  template <int W>
  KOKKOS_INLINE_FUNCTION static value from_integer(const context& c, const wide<W>& x, bool negative, int scale) {
    const int length = bit_length(x);
    if (length == 0) return value::zero();
    const constants& b = *c.basis;
    const int k = length > q ? length - q : 0, kept = length - k;
    // X = floor(x / 2^k) on 64-bit words.
    std::uint64_t words[constants::words];
    for (int j = 0; j < constants::words; ++j) {
      const int from = k + 64 * j;
      words[j] = from < length ? (window(x, from) | (from + 53 < length ? window(x, from + 53) << 53 : 0)) : 0;
    }
    value r;
    const int used = (kept + 63) / 64;
    for (int i = 0; i < N; ++i) r.digits[i] = rns::words_mod<N>(words, used, i, b);
    // X/M between top 2^(kept - 53) / M and (top + 1) 2^(kept - 53) / M, top its leading 53 bits.
    const int below = kept > 53 ? kept - 53 : 0;
    const double top = static_cast<double>(detail::bits_at(words, below, 53));
    const core::er_float lower = core::er_float::make(top, below);
    const core::er_float upper = below > 0 ? core::er_float::make(top + 1, below) : lower;
    r.eval[0] = core::mul_rd(lower, b.inv_M_rd);
    r.eval[1] = core::mul_ru(upper, b.inv_M_ru);
    r.sign = negative ? 1 : 0;
    r.exp = scale + k;
    return r;
  }
};

}  // namespace kamp::blas::ozaki

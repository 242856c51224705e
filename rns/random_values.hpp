#pragma once
// Random RNS numbers for tests, benchmarks and experiments (host only): a significand of
// exactly `bits` random bits (q by default), a binary exponent uniform in a range, and a
// random sign, built exactly through MPFR.
#include <gmp.h>

#include <vector>

#include "core/random.hpp"
#include "rns/mpfr_conversion.hpp"

namespace kamp::rns {

template <int N>
mp_float<N> random_mp_float(core::random_source& rng, int min_exponent, int max_exponent, int bits = 0) {
  const int q = basis_constants<N>::significand_bits;
  if (bits <= 0 || bits > q) bits = q;
  mpz_t X;
  mpz_init_set_ui(X, 1);  // the leading bit, so that X has exactly `bits` bits
  for (int done = 1; done < bits; done += 32) {
    const int take = bits - done < 32 ? bits - done : 32;
    mpz_mul_2exp(X, X, static_cast<mp_bitcnt_t>(take));
    mpz_add_ui(X, X, static_cast<unsigned long>(rng.next_u64() & ((std::uint64_t(1) << take) - 1)));
  }
  core::mpfr_value v(q);
  mpfr_set_z_2exp(v.get(), X, rng.integer(min_exponent, max_exponent), MPFR_RNDN);
  if (rng.next_u64() & 1) mpfr_neg(v.get(), v.get(), MPFR_RNDN);
  mpz_clear(X);
  return from_mpfr<N>(v.get());
}

// `count` random q-bit numbers of magnitude about 2^-8..2^8 (exponent -q-8..-q+8).
template <int N>
std::vector<mp_float<N>> random_mp_floats(std::uint64_t seed, std::size_t count) {
  core::random_source rng(seed);
  constexpr int q = basis_constants<N>::significand_bits;
  std::vector<mp_float<N>> values;
  values.reserve(count);
  for (std::size_t i = 0; i < count; ++i) values.push_back(random_mp_float<N>(rng, -q - 8, -q + 8));
  return values;
}

}  // namespace kamp::rns

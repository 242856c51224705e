#pragma once
// round_with_exponent (rns/round_stage.hpp) for one value held by a thread's vector lanes, with
// the same result bit for bit. A kernel with one value per thread spends a rounding's whole
// latency in one thread: O(N) residue passes, and for a significand longer than q bits the
// O(N words) CRT product of low_bits and the O(N words) reduction of its words, each a
// dependent chain (docs/design.md). Here the common case, dropping the low bits that the interval proves
// surplus, runs with the residues spread over the lanes, the words of X mod 2^k one column
// per lane, and only their carry chain on one lane; whatever remains (the rare paths, a
// one-bit correction, the exponent range) is round_with_exponent itself on one lane.
//
// A team is one value: the functions synchronise with team barriers and read the value from
// the team's scratch (lanes_scratch), and every lane holds the same header.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/wide_multiply.hpp"
#include "rns/round_stage.hpp"

namespace kamp::rns {

// What the lanes share: the value's residues, their CRT terms s_i = x_i w_i, the column sums
// of the CRT product modulo 2^(64 words) and the words of X mod 2^k it gives, and the header
// that one lane rounds.
template <int N>
struct lanes_scratch {
  static constexpr int words = basis_constants<N>::words;
  residue digits[N];
  residue s[N];
  // Column j: sum_i s_i (M_i mod 2^64w)_j and rank (M mod 2^64w)_j, each 128 bits (lo, hi).
  std::uint64_t sum_lo[words], sum_hi[words], rank_lo[words], rank_hi[words];
  std::uint64_t low[words];  // X mod 2^k, least significant word first
  mp_header z;

  template <class Member>
  KOKKOS_INLINE_FUNCTION static lanes_scratch* of(const Member& team) {
    return static_cast<lanes_scratch*>(team.team_scratch(0).get_shmem(sizeof(lanes_scratch)));
  }
};

namespace detail {

// X <- floor(X / 2^k) for 1 <= k <= max_shift, with the interval, as drop_low_bits does it.
template <int N, class Member>
KOKKOS_INLINE_FUNCTION void drop_low_bits_on_lanes(const Member& team, mp_header& z, lanes_scratch<N>& sc, int k,
                                                   const basis_constants<N>& b) {
  // The CRT terms and the exact rank (crt_of): any order of the round-to-nearest sum keeps
  // crt_rank's error bound.
  double sum = 0;
  Kokkos::parallel_reduce(
      Kokkos::ThreadVectorRange(team, N),
      [&](int i, double& part) {
        sc.s[i] = mod_mul(sc.digits[i], b.w[i], b.m[i], b.inv_m[i]);
        part = core::add_rn(part, core::mul_rn(static_cast<double>(sc.s[i]), b.inv_m[i]));
      },
      sum);
  const double middle = 0.5 * (z.eval[0].to_double() + z.eval[1].to_double());
  const auto rank = static_cast<std::uint64_t>(::floor(core::sub_rn(sum, middle) + 0.5));
  team.team_barrier();
  // low_bits by columns: word j of sum_i s_i M_i and of rank M, each below 2^(64 + 39).
  const int used = (k + 63) / 64;
  Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, used), [&](int j) {
    std::uint64_t lo = 0, hi = 0;
    for (int i = 0; i < N; ++i) {
      std::uint64_t product_hi;
      const std::uint64_t product_lo = core::mul_wide(static_cast<std::uint64_t>(sc.s[i]), b.mi_low[i][j], product_hi);
      lo += product_lo;
      hi += product_hi + (lo < product_lo ? 1 : 0);
    }
    sc.sum_lo[j] = lo;
    sc.sum_hi[j] = hi;
    sc.rank_lo[j] = core::mul_wide(rank, b.m_low[j], sc.rank_hi[j]);
  });
  team.team_barrier();
  Kokkos::single(Kokkos::PerThread(team), [&] {
    std::uint64_t sum_carry = 0, rank_carry = 0, borrow = 0;
    for (int j = 0; j < used; ++j) {
      const std::uint64_t s = sc.sum_lo[j] + sum_carry;
      sum_carry = sc.sum_hi[j] + (s < sum_carry ? 1 : 0);
      const std::uint64_t r = sc.rank_lo[j] + rank_carry;
      rank_carry = sc.rank_hi[j] + (r < rank_carry ? 1 : 0);
      sc.low[j] = s - r - borrow;
      borrow = (s < r || s - r < borrow) ? 1 : 0;
    }
    const int top = k - 64 * (used - 1);
    if (top < 64) sc.low[used - 1] &= (std::uint64_t(1) << top) - 1;
  });
  team.team_barrier();
  // truncate_bits: x_i <- (x_i - r) 2^-k mod m_i.
  Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) {
    const residue m = b.m[i];
    const double inv = b.inv_m[i];
    sc.digits[i] = mod_mul(mod_sub(sc.digits[i], words_mod<N>(sc.low, used, i, b), m), b.inv_pow2[k][i], m, inv);
  });
  team.team_barrier();
  const core::er_float lowered = core::sub_rd(z.eval[0].scaled(-k), b.inv_M_ru);
  z.eval[0] = lowered.sign() > 0 ? lowered : core::er_float{};
  z.eval[1] = z.eval[1].scaled(-k);
}

}  // namespace detail

// round_with_exponent(z, sc.digits, flags, exp) for the value in sc, z the same in every lane.
template <int N, class Member>
KOKKOS_INLINE_FUNCTION void round_on_lanes(const Member& team, mp_header& z, lanes_scratch<N>& sc, std::int32_t flags,
                                           std::int64_t exp, const basis_constants<N>& b) {
  constexpr int q = basis_constants<N>::significand_bits;
  if (rounds_to_itself<N>(z, flags, exp, b)) {
    z.exp = static_cast<std::int32_t>(exp);
    return;
  }
  // round_in_full's first steps for a plain finite value with a narrow interval: it would
  // drop the same surplus bits, after which its remaining steps see the same value.
  if (flags == round_plain && z.is_finite() && !z.eval[1].is_zero() &&
      bit_length_bound<N>(z.eval[1], b) - bit_length_floor<N>(z.eval[0], b) <= 1) {
    const std::int64_t surplus = bit_length_floor<N>(z.eval[0], b) - q;
    if (surplus > 0 && surplus <= basis_constants<N>::max_shift) {
      detail::drop_low_bits_on_lanes<N>(team, z, sc, static_cast<int>(surplus), b);
      exp += surplus;
    }
  }
  Kokkos::single(Kokkos::PerThread(team), [&] {
    sc.z = z;
    round_with_exponent<N>(sc.z, sc.digits, flags, exp, b);
  });
  team.team_barrier();
  z = sc.z;
}

}  // namespace kamp::rns

#pragma once
// The fused GEMV's last kernel: each output's exact sum rounded once to the format.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "blas/rns/fused/lanes_launch.hpp"
#include "blas/rns/fused/scan.hpp"
#include "rns/evaluation.hpp"
#include "rns/index_maps.hpp"
#include "rns/mp_array.hpp"
#include "rns/round_on_lanes.hpp"
#include "rns/round_stage.hpp"

namespace kamp::rns {

// y(map(o)) = the sum of output o, rounded to q bits and the exponent range at 2^grid as a
// scalar operation rounds; a special value or zero as it is.
template <int N, class ExecSpace, class MemorySpace>
struct fused_finish {
  using member = typename lanes_policy<ExecSpace>::member_type;
  static constexpr int q = basis_constants<N>::significand_bits;
  mp_array<N, MemorySpace> sums;
  Kokkos::View<const std::int64_t*, MemorySpace> sum_grid;
  Kokkos::View<const std::int32_t*, MemorySpace> sum_bits;
  mp_array<N, MemorySpace> y;
  vector_map y_map;
  const basis_constants<N>* b;

  // Bounds f_lo <= frac(X 2^j / M) <= f_up from the directed sums of (X 2^j) w_i / m_i; false
  // when the sums straddle an integer. The terms on the lanes, the sums on each lane in the
  // order of the scalar evaluation, so that every backend's bounds are the same.
  KOKKOS_INLINE_FUNCTION bool scaled_fraction(const member& team, lanes_scratch<N>& sc, std::int64_t j, double& f_lo,
                                              double& f_up) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) {
      sc.s[i] = mod_mul(mod_mul(sc.digits[i], b->w[i], b->m[i], b->inv_m[i]), b->pow2[j][i], b->m[i], b->inv_m[i]);
    });
    team.team_barrier();
    double lo, up;
    detail::directed_sums<N>(sc.s, *b, lo, up);
    team.team_barrier();
    const double whole = ::floor(lo);
    if (::floor(up) != whole) return false;
    f_lo = lo - whole;  // exact
    f_up = up - whole;
    return true;
  }

  // The sign and interval of the sum S from its residues X = S mod M, given |S| < 2^bits: one
  // directed evaluation of X 2^j, with j chosen so that |S| 2^j < M/4, puts its fraction below
  // 1/4 for S >= 0 and above 3/4 for S < 0; digits become |S|. When |S| lies well below 2^bits
  // (a sum of terms of both signs), a second evaluation at a scale that brings the fraction near
  // 1/4 narrows the interval. This replaces the generic exact sign decision, whose evaluation
  // refines a small |S|/M in many passes and, near 0 or 1, runs an O(N^2) mixed-radix
  // conversion. False when the sums cannot tell or the interval stays wider than 2^-30 relative
  // (|S| below 2^(bits - 40): cancellation); the generic decision then runs.
  KOKKOS_INLINE_FUNCTION bool sign_and_interval(const member& team, mp_header& z, lanes_scratch<N>& sc,
                                                std::int32_t bits) const {
    std::int64_t j = 2 * q - 2 - bits;  // 0 <= j <= 2q - 2, and 2^(2q - 2) <= M/4
    double f_lo, f_up;
    if (!scaled_fraction(team, sc, j, f_lo, f_up)) return false;
    z.sign = 0;
    if (f_lo > 0.75) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N),
                           [&](int i) { sc.digits[i] = sc.digits[i] == 0 ? 0 : b->m[i] - sc.digits[i]; });
      team.team_barrier();
      const double negated_lo = 1.0 - f_up;  // exact (Sterbenz)
      f_up = 1.0 - f_lo;
      f_lo = negated_lo;
      z.sign = 1;
    } else if (!(f_up < 0.25)) {
      return false;
    }
    if (f_up - f_lo > f_lo * 0x1p-30) {
      if (!(f_up > 0x1p-40)) return false;
      // 2^k <= 1/(4 f_up): the fraction of |S| 2^(j + k) stays below 1/4.
      j += static_cast<std::int64_t>(::floor(-::log2(f_up))) - 2;
      if (j > basis_constants<N>::max_alignment || !scaled_fraction(team, sc, j, f_lo, f_up) || !(f_up < 0.25) ||
          !(f_lo > 0) || f_up - f_lo > f_lo * 0x1p-30)
        return false;
    }
    z.eval[0] = core::er_float::make(f_lo).scaled(-j);
    z.eval[1] = core::er_float::make(f_up).scaled(-j);
    return true;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t out = team.league_rank();
    const std::int64_t grid = sum_grid(out);
    const std::size_t to = y_map(out);
    if (grid == fused_special_sum || grid == fused_no_sum) {
      Kokkos::single(Kokkos::PerThread(team), [&] {
        y.store(to, grid == fused_special_sum ? sums.load(static_cast<std::size_t>(out)) : mp_float<N>());
      });
      return;
    }
    lanes_scratch<N>& sc = *lanes_scratch<N>::of(team);
    const residue* sum = sums.digits_of(static_cast<std::size_t>(out));  // only the residues are written
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) { sc.digits[i] = sum[i]; });
    team.team_barrier();
    mp_header z;
    const std::int32_t flags = sign_and_interval(team, z, sc, sum_bits(out)) ? round_plain : round_exact_sign;
    round_on_lanes<N>(team, z, sc, flags, grid, *b);
    residue* digits = y.digits_of(to);
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) { digits[i] = sc.digits[i]; });
    Kokkos::single(Kokkos::PerThread(team), [&] { y.set_header(to, z); });
  }
};

}  // namespace kamp::rns

#pragma once
// The fused GEMV's first kernel: the scaled vector d = alpha x and beta in CRT form.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "blas/rns/crt_factors.hpp"
#include "blas/rns/fused/lanes_launch.hpp"
#include "rns/array_stages.hpp"
#include "rns/montgomery.hpp"
#include "rns/mp_array.hpp"
#include "rns/mul.hpp"
#include "rns/round_on_lanes.hpp"

namespace kamp::rns {

// Before the fused kernel: d = alpha x, each element one scalar multiplication exactly as
// Algorithm 1's three-stage kernels compute it, and beta as d's element x_length, all with
// their residues in CRT form (x_i w_i 2^32 mod m_i, blas/rns/crt_factors.hpp).
template <int N, class ExecSpace, class MemorySpace>
struct fused_prepare {
  using member = typename lanes_policy<ExecSpace>::member_type;
  mp_float<N> alpha, beta;
  operand<N, MemorySpace> x;
  mp_array<N, MemorySpace> d;
  std::int64_t x_length;
  const basis_constants<N>* b;
  const crt_factors<N>* f;

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t e = team.league_rank();
    lanes_scratch<N>& sc = *lanes_scratch<N>::of(team);
    mp_header z = beta;
    if (e < x_length) {
      const std::size_t at = x.at(e);
      const std::int32_t active = mul_esi<N>(alpha, x.array.header(at), z, *b);
      const residue* x_digits = x.array.digits_of(at);
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N),
                           [&](int i) { sc.digits[i] = mul_digit<N>(alpha.digits[i], x_digits[i], active, i, *b); });
      team.team_barrier();
      round_on_lanes<N>(team, z, sc, round_plain, z.exp, *b);
    } else {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) { sc.digits[i] = beta.digits[i]; });
    }
    residue* digits = d.digits_of(static_cast<std::size_t>(e));
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) {
      digits[i] = mont_mul(sc.digits[i], f->to_crt_form[i], b->m[i], b->mont_neg_inv[i]);
    });
    Kokkos::single(Kokkos::PerThread(team), [&] { d.set_header(static_cast<std::size_t>(e), z); });
  }
};

}  // namespace kamp::rns

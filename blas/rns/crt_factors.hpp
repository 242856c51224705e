#pragma once
// Factors for products kept as CRT terms (the fused GEMV, blas/rns/fused/team_kernel.hpp). With one
// operand's residues stored as x_i w_i 2^32 mod m_i (w_i = (M/m_i)^-1 mod m_i), one Montgomery
// product gives s_i = p_i w_i mod m_i, the CRT term of the product P that a truncation reads,
// and one factor w_i^-1 2^j mod m_i turns s_i into the residue of P 2^j, for a shift j from a
// truncation's -64 up to an alignment's 2q: a truncated product then costs one modular
// product per residue instead of two.
//
// Built on the host from the basis by 64-bit modular arithmetic (every m_i < 2^28) and copied to
// device memory on first use, like the basis itself.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <memory>

#include "core/constants_in.hpp"
#include "rns/basis.hpp"

namespace kamp::rns {

template <int N>
struct crt_factors {
  static constexpr int lowest_shift = -64;
  static constexpr int highest_shift = basis_constants<N>::max_alignment;

  residue to_crt_form[N];  // w_i 2^64 mod m_i: mont_mul(x_i, to_crt_form[i]) = x_i w_i 2^32 mod m_i
  residue of_shift[highest_shift - lowest_shift + 1][N];  // w_i^-1 2^j mod m_i at [j - lowest_shift]
  // (M/m_i) mod 2^64, the basis' mi_low[i][0] side by side: the CPU's truncation reads it in a
  // vectorised loop, where the basis' stride of `words` words makes GCC assemble each vector of
  // four on the stack (a store-forwarding stall a vector).
  std::uint64_t mi_low_word[N];

  // The factors of shift j for every residue, side by side: a thread that places a term alone
  // loads them together.
  KOKKOS_INLINE_FUNCTION const residue* shifted_row(int j) const { return of_shift[j - lowest_shift]; }
  KOKKOS_INLINE_FUNCTION residue shifted(int j, int i) const { return shifted_row(j)[i]; }
};

template <int N>
class crt_factor_table {
 public:
  static const crt_factors<N>& host() {
    static const std::unique_ptr<const crt_factors<N>> table = build(basis<N>::host());
    return *table;
  }

  template <class MemorySpace>
  static const crt_factors<N>* in() {
    return core::constants_in<MemorySpace>(host(), "kamp::rns::crt_factors");
  }

 private:
  static std::unique_ptr<const crt_factors<N>> build(const basis_constants<N>& b) {
    auto f = std::make_unique<crt_factors<N>>();
    for (int i = 0; i < N; ++i) {
      const std::int64_t m = b.m[i];
      std::int64_t w_inverse = 1;  // M / m_i mod m_i, the inverse of w_i
      for (int j = 0; j < N; ++j)
        if (j != i) w_inverse = w_inverse * (b.m[j] % m) % m;
      f->mi_low_word[i] = b.mi_low[i][0];
      f->to_crt_form[i] = static_cast<residue>(static_cast<std::int64_t>(b.w[i]) * b.mont_r2[i] % m);
      std::int64_t up = w_inverse, down = w_inverse;
      for (int j = 0; j <= crt_factors<N>::highest_shift; ++j, up = up * 2 % m)
        f->of_shift[j - crt_factors<N>::lowest_shift][i] = static_cast<residue>(up);
      for (int j = 0; j >= crt_factors<N>::lowest_shift; --j, down = down * b.inv_two[i] % m)
        f->of_shift[j - crt_factors<N>::lowest_shift][i] = static_cast<residue>(down);
    }
    return f;
  }
};

}  // namespace kamp::rns

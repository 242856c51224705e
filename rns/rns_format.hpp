#pragma once
// format_traits<rns::mp_float<N>>: the RNS format of Isupov and Knyazkov as a kamp format. Storage
// is the structure-of-arrays mp_array (coalesced residue access on the GPU); the arithmetic needs
// the basis constants, which live in each memory space and travel as the context.
#include <gmp.h>

#include <string>

#include "core/mpfr_value.hpp"
#include "formats/format_traits.hpp"
#include "rns/compare.hpp"
#include "rns/invariant.hpp"
#include "rns/mp_array.hpp"
#include "rns/mpfr_conversion.hpp"

namespace kamp {

template <int N>
struct format_traits<rns::mp_float<N>> {
  using value_type = rns::mp_float<N>;
  template <class MemorySpace>
  using array_type = rns::mp_array<N, MemorySpace>;
  struct context_type {
    const rns::basis_constants<N>* basis = nullptr;
  };

  static constexpr int precision = rns::basis_constants<N>::precision;
  static constexpr int moduli = N;

  template <class MemorySpace>
  static context_type context() {
    return {rns::basis<N>::template in<MemorySpace>()};
  }

  KOKKOS_INLINE_FUNCTION static value_type zero() { return value_type::zero(); }
  KOKKOS_INLINE_FUNCTION static value_type from_double(const context_type& c, double d) {
    return rns::from_double<N>(d, *c.basis);
  }
  KOKKOS_INLINE_FUNCTION static double to_double(const context_type& c, const value_type& a) {
    return rns::to_double<N>(a, *c.basis);
  }
  KOKKOS_INLINE_FUNCTION static value_type add(const context_type& c, const value_type& a, const value_type& b) {
    return rns::add<N>(a, b, *c.basis);
  }
  KOKKOS_INLINE_FUNCTION static value_type sub(const context_type& c, const value_type& a, const value_type& b) {
    return rns::sub<N>(a, b, *c.basis);
  }
  KOKKOS_INLINE_FUNCTION static value_type mul(const context_type& c, const value_type& a, const value_type& b) {
    return rns::mul<N>(a, b, *c.basis);
  }
  KOKKOS_INLINE_FUNCTION static value_type fma(const context_type& c, const value_type& a, const value_type& b,
                                               const value_type& d) {
    return rns::add<N>(rns::mul<N>(a, b, *c.basis), d, *c.basis);
  }
  KOKKOS_INLINE_FUNCTION static value_type abs(const context_type&, const value_type& a) {
    value_type r = a;
    if (!r.is_nan()) r.sign = 0;
    return r;
  }

  // Exact by the representation invariant: a nonzero finite value has eval[1] > 0.
  static bool is_zero(const value_type& a) { return a.is_zero(); }
  static value_type from_mpfr(mpfr_srcptr v) { return rns::from_mpfr<N>(v); }
  static core::mpfr_value to_mpfr(const value_type& a) { return rns::to_mpfr<N>(a); }
  static value_type from_string(const std::string& text) { return rns::from_string<N>(text); }
  static std::string to_string(const value_type& a) { return rns::to_string<N>(a); }
  static std::string invariant_violation(const value_type& a) { return rns::invariant_violation<N>(a); }
  static std::string name() { return "rns_" + std::to_string(precision); }

  // 4/sqrt(M) rounded up: Isupov and Knyazkov's eq. (6) gives |delta| < 4/sqrt(M) for every rounded
  // operation.
  static core::mpfr_value unit_roundoff() {
    mpz_t M;
    mpz_init_set_ui(M, 1);
    const auto& b = rns::basis<N>::host();
    for (int i = 0; i < N; ++i) mpz_mul_ui(M, M, static_cast<unsigned long>(b.m[i]));
    core::mpfr_value u(64);
    mpfr_set_z(u.get(), M, MPFR_RNDD);
    mpfr_rec_sqrt(u.get(), u.get(), MPFR_RNDU);
    mpfr_mul_2ui(u.get(), u.get(), 2, MPFR_RNDU);
    mpz_clear(M);
    return u;
  }
};

}  // namespace kamp

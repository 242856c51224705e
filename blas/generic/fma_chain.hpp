#pragma once
// The step of a long fma chain (a GEMM sum): fma_finite where the format offers it
// (formats/format_traits.hpp), so the inner loop skips the per-step special-value tests, and
// chain_needs_recompute to find the few chains whose result must be redone with fma.
#include <type_traits>

#include "formats/format_traits.hpp"

namespace kamp::blas::generic {

template <class Traits, class = void>
struct has_fma_finite : std::false_type {};
template <class Traits>
struct has_fma_finite<Traits, std::void_t<decltype(&Traits::fma_finite), decltype(&Traits::chain_needs_recompute)>>
    : std::true_type {};

template <class Format>
KOKKOS_INLINE_FUNCTION value_type_t<Format> chain_fma(const context_t<Format>& c, const value_type_t<Format>& a,
                                                      const value_type_t<Format>& b, const value_type_t<Format>& s) {
  using traits = format_traits<Format>;
  if constexpr (has_fma_finite<traits>::value) {
    return traits::fma_finite(c, a, b, s);
  } else {
    return traits::fma(c, a, b, s);
  }
}

template <class Format>
KOKKOS_INLINE_FUNCTION bool chain_needs_recompute(const value_type_t<Format>& s) {
  using traits = format_traits<Format>;
  if constexpr (has_fma_finite<traits>::value) {
    return traits::chain_needs_recompute(s);
  } else {
    return false;
  }
}

}  // namespace kamp::blas::generic

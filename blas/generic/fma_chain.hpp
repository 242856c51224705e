#pragma once
// The step of a long fma chain (a GEMM sum): fma_finite where the format offers it
// (formats/format_traits.hpp), so the inner loop skips the per-step special-value tests, and
// chain_needs_recompute to find the few chains whose result must be redone with fma. dot_chain
// is the GEMV's and the GEMM's chain: a value product sum where the format offers one, else
// these fmas.
#include <type_traits>

#include "formats/format_traits.hpp"
#include "formats/product_sum_chain.hpp"

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

// The chain s <- chain_fma(a, b, s) in product_sum_chain's terms (formats/product_sum_chain.hpp).
template <class Format>
struct fused_fma_chain : value_chain<Format> {
  using value = value_type_t<Format>;
  KOKKOS_INLINE_FUNCTION static value add(const context_t<Format>& c, const value& s, const value& a, const value& b) {
    return chain_fma<Format>(c, a, b, s);
  }
  KOKKOS_INLINE_FUNCTION static bool needs_recompute(const context_t<Format>&, const value& s) {
    return chain_needs_recompute<Format>(s);
  }
};

// A dot product's chain over values of the format: the products' terms summed unnormalised and
// rounded once where the format has a value_product_sum (the expansions, whose terms cost fewer
// FP64 instructions summed this way than an fma a term), else fused_fma_chain.
template <class Format>
using dot_chain = std::conditional_t<has_value_product_sum<format_traits<Format>>::value, value_product_chain<Format>,
                                     fused_fma_chain<Format>>;

}  // namespace kamp::blas::generic

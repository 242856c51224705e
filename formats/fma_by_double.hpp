#pragma once
// a x + c for a double a (a sparse matrix's entries times a vector in Format): the format's
// fma_by_double where it offers one, else fma(from_double(a), x, c). Both have fma's bound; an
// expansion's product by a double grows 2N terms where the general product grows N(N-1)+N+1.
#include <Kokkos_Core.hpp>

#include <type_traits>

#include "formats/format_traits.hpp"

namespace kamp {

template <class Traits, class = void>
struct has_fma_by_double : std::false_type {};
template <class Traits>
struct has_fma_by_double<Traits, std::void_t<decltype(&Traits::fma_by_double)>> : std::true_type {};

template <class Format>
KOKKOS_INLINE_FUNCTION value_type_t<Format> fma_by_double(const context_t<Format>& context, double a,
                                                          const value_type_t<Format>& x,
                                                          const value_type_t<Format>& c) {
  using traits = format_traits<Format>;
  if constexpr (has_fma_by_double<traits>::value) {
    return traits::fma_by_double(context, a, x, c);
  } else {
    return traits::fma(context, traits::from_double(context, a), x, c);
  }
}

}  // namespace kamp

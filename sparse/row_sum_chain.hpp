#pragma once
// row_sum_chain_t<Format>: the chain of a sparse row times a vector held in double (the SpMV over
// doubles, sparse/spmv.hpp). The format's product_sum where it has one (the multi-doubles:
// formats/product_sum_chain.hpp); for RNS formats up to 212 bits, level sums of doubles rounded
// once to the format (blas/rns/level_sum_chain.hpp); otherwise the fma chain over from_double(x_j).
#include <type_traits>

#include "blas/rns/level_sum_chain.hpp"
#include "formats/product_sum_chain.hpp"
#include "rns/mp_float.hpp"

namespace kamp::sparse {

template <class Format>
struct row_sum_chain {
  using type = product_sum_chain<Format>;
};

template <int N>
struct row_sum_chain<rns::mp_float<N>> {
  using type =
      std::conditional_t<rns::level_sum_chain<N>::fits, rns::level_sum_chain<N>, product_sum_chain<rns::mp_float<N>>>;
};

template <class Format>
using row_sum_chain_t = typename row_sum_chain<Format>::type;

// Whether a row over doubles is rounded once to the format, rather than by the fma chain over
// from_double(x_j) with its bits.
template <class Format>
constexpr bool rows_of_doubles_round_once = !std::is_base_of<fma_product_chain<Format>, row_sum_chain_t<Format>>::value;

}  // namespace kamp::sparse

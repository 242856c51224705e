#pragma once
// The RNS precisions of the format list (blas/format_list.hpp), in order: calls
// f(std::integral_constant<int, N>{}) for each RNS format's moduli count N.
#include <type_traits>

#include "blas/format_list.hpp"

namespace kamp::experiments {

template <class F>
void for_each_precision(F&& f) {
  formats::for_each_type(blas::rns_formats{}, [&](auto format) {
    f(std::integral_constant<int, format_traits<typename decltype(format)::type>::moduli>{});
  });
}

}  // namespace kamp::experiments

#pragma once
// Whether a format's fma has a branch-free common path (format_traits' optional
// fma_takes_common_path and fma_common_path; the expansions have one, their bins): host loops
// over independent elements then compute that path for all of them side by side, which the
// compiler vectorises, and redo with fma the elements outside it (blas/generic/level1_kernels.hpp).
#include <type_traits>

#include "formats/format_traits.hpp"

namespace kamp {

template <class Traits, class = void>
struct has_fma_common_path : std::false_type {};
template <class Traits>
struct has_fma_common_path<Traits,
                           std::void_t<decltype(&Traits::fma_common_path), decltype(&Traits::fma_takes_common_path)>>
    : std::true_type {};

}  // namespace kamp

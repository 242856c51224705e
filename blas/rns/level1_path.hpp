#pragma once
// Which form the RNS SCAL and AXPY take (blas/rns/level1.hpp): seed 000's split stages (esi,
// digits and round, a kernel and a pass over the arrays each, AXPY's product through a
// workspace) or one element a thread with the scalar operations (one pass, no workspace). The
// results are the same bits. `automatic` takes the faster form, measured by E12 (rows
// split_axpy and per_element_axpy, `kamp_run E12`): one element a thread on the host (AXPY
// 1.0-1.4x faster at 106-424 bits, 2 cores) and on a GPU at 106 bits (1.39-1.46x, H100); the split
// stages on a GPU from 212 bits, where one thread's whole rounding holds too many registers
// for enough threads (per element 0.55-0.92x of split).
#include <type_traits>

#include <Kokkos_Core.hpp>

namespace kamp::rns {

enum class level1_path { automatic, split, per_element };

template <class ExecSpace, int N>
constexpr level1_path resolve(level1_path path) {
  if (path != level1_path::automatic) return path;
  constexpr bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  return host || N <= 8 ? level1_path::per_element : level1_path::split;
}

inline const char* to_string(level1_path path) {
  switch (path) {
    case level1_path::split: return "split";
    case level1_path::per_element: return "per_element";
    default: return "automatic";
  }
}

}  // namespace kamp::rns

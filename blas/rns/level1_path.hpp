#pragma once
// Which form the RNS SCAL and AXPY take (blas/rns/level1.hpp): seed 000's split stages (esi,
// digits and round, a kernel and a pass over the arrays each, AXPY's product through an
// n-element workspace) or one element a thread with the scalar operations (one pass, no
// workspace). The results are the same bits. `automatic` takes, by E12 (rows split_axpy and
// per_element_axpy, `kamp_run E12`): on the host one element a thread, which needs no workspace
// (the two run within 0.96-1.10x of each other at 106-1696 bits, 10^6 elements, 2 cores); on a
// GPU one element a thread at 106 bits (1.42-1.46x the split stages, H100) and the split stages
// from 212 bits, where a thread's whole rounding holds 210 registers and leaves 9 % occupancy
// (one element a thread 0.57-0.94x of split).
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

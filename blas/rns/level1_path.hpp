#pragma once
// Which form the RNS level-1 kernels take (blas/rns/level1.hpp).
// SCAL and AXPY: seed 000's split stages (esi,
// digits and round, a kernel and a pass over the arrays each, AXPY's product through an
// n-element workspace) or one element a thread with the scalar operations (one pass, no
// workspace). The results are the same bits. `automatic` takes, by E12 (rows split_axpy and
// per_element_axpy, `kamp_run E12`): on the host one element a thread, which needs no workspace
// (the two run within 0.96-1.10x of each other at 106-1696 bits, 10^6 elements, 2 cores); on a
// GPU one element a thread at 106 bits (1.42-1.46x the split stages, H100) and the split stages
// from 212 bits, where a thread's whole rounding holds 210 registers and leaves 9 % occupancy
// (one element a thread 0.57-0.94x of split).
// DOT: the split stages (each product rounded, then summed with a rounding per addition) or the
// fused kernel's exact block sums (blas/rns/fused/level1.hpp: R + 1 roundings in all). `automatic`
// takes fused wherever it applies, unit strides; E12 (rows split_dot and fused_dot) measures both.
#include <cstdint>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include "core/error.hpp"

namespace kamp::rns {

enum class level1_path { automatic, split, per_element, fused };

inline const char* to_string(level1_path path) {
  switch (path) {
    case level1_path::split: return "split";
    case level1_path::per_element: return "per_element";
    case level1_path::fused: return "fused";
    default: return "automatic";
  }
}

// SCAL and AXPY's path (split or per_element; `fused` raises kamp::invalid_argument naming
// `path`).
template <class ExecSpace, int N>
level1_path resolve(level1_path path) {
  require_argument(path != level1_path::fused, "kamp::rns::scal/axpy", "path", to_string(path),
                   "must be automatic, split or per_element");
  if (path != level1_path::automatic) return path;
  constexpr bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  return host || N <= 8 ? level1_path::per_element : level1_path::split;
}

// DOT's path (split or fused; `per_element` raises kamp::invalid_argument naming `path`, and
// `fused` with a stride other than 1 names the stride).
inline level1_path resolve_dot(level1_path path, std::int64_t incx, std::int64_t incy) {
  require_argument(path != level1_path::per_element, "kamp::rns::dot", "path", to_string(path),
                   "must be automatic, split or fused");
  const bool unit = incx == 1 && incy == 1;
  if (path == level1_path::fused) {
    require_argument(incx == 1, "kamp::rns::dot", "incx", incx, "must be 1 on the fused path");
    require_argument(incy == 1, "kamp::rns::dot", "incy", incy, "must be 1 on the fused path");
  }
  if (path != level1_path::automatic) return path;
  return unit ? level1_path::fused : level1_path::split;
}

}  // namespace kamp::rns

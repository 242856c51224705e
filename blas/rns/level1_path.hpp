#pragma once
// Which form the RNS level-1 kernels take (blas/rns/level1.hpp).
// SCAL: Isupov and Knyazkov's split stages (esi, digits and round, a kernel and a pass over the
// array each) or one element a thread with the scalar mul (one pass); the same bits. `automatic`, by
// E12 (rows split_axpy and per_element_axpy, which run the same arithmetic as SCAL plus an add):
// one element a thread on the host and on a GPU at 106 bits, the split stages on a GPU from 212
// bits, where a thread's whole rounding holds more registers than the stages do.
// AXPY: the split stages or one element a thread (mul then add: two roundings, the same bits
// either way), or fused: one element a thread through rns::fma, one rounding (rns/fma.hpp, a
// tighter bound, the same bits on every backend). Both one-element kernels do one large and one
// small truncation an element, as the split stages do, in one pass. `automatic`: fused on the
// host and on a GPU up to 212 bits, per_element on a GPU above, whichever ran faster there
// (experiments/comparisons/rns_axpy_element_launch_bounds.csv); E12 measures all three (rows
// split_axpy, per_element_axpy, fused_axpy).
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
    case level1_path::split:
      return "split";
    case level1_path::per_element:
      return "per_element";
    case level1_path::fused:
      return "fused";
    default:
      return "automatic";
  }
}

// SCAL's path (split or per_element; `fused` raises kamp::invalid_argument naming `path`: a
// product is one rounding either way).
template <class ExecSpace, int N>
level1_path resolve_scal(level1_path path) {
  require_argument(path != level1_path::fused, "kamp::rns::scal", "path", to_string(path),
                   "must be automatic, split or per_element");
  if (path != level1_path::automatic) return path;
  constexpr bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  return host || N <= 8 ? level1_path::per_element : level1_path::split;
}

// AXPY's path: any of the three; `automatic` takes fused on the host and on a GPU up to 212
// bits, per_element on a GPU above.
template <class ExecSpace, int N>
level1_path resolve_axpy(level1_path path) {
  if (path != level1_path::automatic) return path;
  constexpr bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  return host || N <= 16 ? level1_path::fused : level1_path::per_element;
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

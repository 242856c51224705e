#pragma once
// The launch of the one-value-per-team kernels around the fused GEMV kernel.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/kernel_arguments.hpp"
#include "rns/round_on_lanes.hpp"

namespace kamp::rns {

// The one-value-per-team kernels around the fused kernel (fused_prepare, fused_finish): a
// rounding each, its residues spread over the lanes (rns/round_on_lanes.hpp). One warp per
// block spreads them over as many multiprocessors as possible; the functors go as kernel
// arguments, as the fused kernel's does.
template <class ExecSpace>
using lanes_policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<32, 1>, core::kernel_arguments>;

template <int N, class ExecSpace>
lanes_policy<ExecSpace> lanes_launch(const ExecSpace& exec, std::int64_t values) {
  int lanes = N < 32 ? N : 32;
  while (lanes > lanes_policy<ExecSpace>::vector_length_max()) lanes /= 2;
  return lanes_policy<ExecSpace>(exec, values, 1, lanes).set_scratch_size(0, Kokkos::PerTeam(sizeof(lanes_scratch<N>)));
}

}  // namespace kamp::rns

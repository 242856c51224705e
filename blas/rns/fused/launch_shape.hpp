#pragma once
// The fused GEMV kernel's team shape, from the request, the backend's limits and the scratch
// budget.
#include <Kokkos_Core.hpp>

#include <cstddef>
#include <type_traits>

#include "blas/rns/fused/team_kernel.hpp"

namespace kamp::rns {

// The fused kernel's team shape: lanes per term, threads per output and outputs per team. As
// requested, zero meaning "derive": a lane per four residues and 128 threads per output on a
// GPU, one thread per output on a CPU; for row sums on a GPU, as many outputs per team as a
// 512-thread team holds, at most 4 (the requested ones clamped to the backend's limits and the
// scratch budget).
struct fused_shape {
  int team_size = 0, vector_length = 0, outputs_per_team = 0;
};

template <int N, class ExecSpace, class MemorySpace, bool PairedTerms>
fused_shape fused_launch_shape(const gemv_fused_kernel<N, ExecSpace, MemorySpace, PairedTerms>& kernel,
                               const fused_shape& requested) {
  using policy = fused_policy<ExecSpace>;
  fused_shape shape;
  const int lanes_max = policy::vector_length_max();
  int lanes = requested.vector_length > 0 ? requested.vector_length : (N / 4 < 32 ? N / 4 : 32);
  if (lanes > lanes_max) lanes = lanes_max;
  shape.vector_length = 1;
  while (shape.vector_length * 2 <= lanes) shape.vector_length *= 2;
  const bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  int threads = requested.team_size > 0 ? requested.team_size : (host ? 1 : 128 / shape.vector_length);
  int outputs = requested.outputs_per_team;
  if (kernel.transposed) outputs = 1;
  if (outputs <= 0) outputs = host ? 1 : 512 / (threads * shape.vector_length);
  if (outputs > 4 && requested.outputs_per_team <= 0) outputs = 4;
  if (outputs < 1) outputs = 1;
  const int backend_limit = policy(1, 1, shape.vector_length).team_size_max(kernel, Kokkos::ParallelForTag());
  if (outputs > backend_limit) outputs = backend_limit;
  if (threads * outputs > backend_limit) threads = backend_limit / outputs;
  if (threads < 1) threads = 1;
  const auto scratch_limit = static_cast<std::size_t>(policy::scratch_size_max(0));
  const int stride = kernel.row_stride(shape.vector_length);
  while (threads > 1 && kernel.scratch_bytes(threads * outputs, stride, outputs) > scratch_limit) threads /= 2;
  while (outputs > 1 && kernel.scratch_bytes(threads * outputs, stride, outputs) > scratch_limit) outputs /= 2;
  shape.team_size = threads * outputs;
  shape.outputs_per_team = outputs;
  return shape;
}

}  // namespace kamp::rns

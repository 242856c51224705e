#pragma once
// core::range(exec, count): [0, count) with 64-bit indices, the functor passed as a kernel
// argument (core/kernel_arguments.hpp); core::value_range<Value> the same under a register cap
// sized for the value. The row loops over sliced rows and the fused vector
// steps have functors of 512 bytes and more: from constant memory each launch would wait on
// the host for the previous one to finish.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

#include "core/kernel_arguments.hpp"

namespace kamp::core {

template <class ExecSpace>
using argument_range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>, kernel_arguments>;

template <class ExecSpace>
argument_range<ExecSpace> range(const ExecSpace& exec, std::int64_t count) {
  return argument_range<ExecSpace>(exec, 0, count);
}

// The same range for kernels that run a format's arithmetic on one element (or one chain of a
// sum) a thread: values of up to 32 bytes (double to qd_real) under LaunchBounds<128, 8>, a cap
// of 64 registers on a GPU; larger values keep the compiler's choice (untested under a cap).
// Uncapped, nvcc gives qd_real's VP steps so many registers that a multiprocessor holds few
// warps; capped, they spill a little, run faster and give the same bits
// (experiments/comparisons/vp_steps_launch_bounds_h200.csv).
template <class ExecSpace, class Value>
using value_range_policy = std::conditional_t<
    (sizeof(Value) <= 32),
    Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>, kernel_arguments, Kokkos::LaunchBounds<128, 8>>,
    argument_range<ExecSpace>>;

template <class Value, class ExecSpace>
value_range_policy<ExecSpace, Value> value_range(const ExecSpace& exec, std::int64_t count) {
  return value_range_policy<ExecSpace, Value>(exec, 0, count);
}

}  // namespace kamp::core

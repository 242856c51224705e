#pragma once
// core::range(exec, count): [0, count) with 64-bit indices, the functor passed as a kernel
// argument (core/kernel_arguments.hpp). The row loops over sliced rows and the fused vector
// steps have functors of 512 bytes and more: from constant memory each launch waited on the
// host for the previous one to finish.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/kernel_arguments.hpp"

namespace kamp::core {

template <class ExecSpace>
using argument_range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>, kernel_arguments>;

template <class ExecSpace>
argument_range<ExecSpace> range(const ExecSpace& exec, std::int64_t count) {
  return argument_range<ExecSpace>(exec, 0, count);
}

}  // namespace kamp::core

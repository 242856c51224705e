#pragma once
// Launch policies whose functor travels as a kernel argument.
//
// Kokkos 3.4's CUDA backend copies a functor of 512 bytes or more into constant memory, and
// before every such launch it waits on the host until the previous one has finished with that
// buffer. Most RNS functors are that large (an mp_float's residues, or several mp_arrays of five
// Views each), so consecutive RNS kernels would never queue: the GPU would sit idle for one host
// launch latency between them. Marked light-weight, a functor below 4 KiB is passed as a kernel argument
// instead and launches queue as usual. Host backends ignore the hint.
#include <Kokkos_Core.hpp>

namespace kamp::core {

using kernel_arguments = Kokkos::Experimental::WorkItemProperty::HintLightWeight_t;

}  // namespace kamp::core

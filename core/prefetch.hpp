#pragma once
// A hint that the data at p will be read soon: on a GPU, a prefetch of its 128-byte line into
// L1, which holds no register while the load is in flight; elsewhere nothing (the host's
// hardware prefetchers follow the strided loops that read it).
#include <Kokkos_Core.hpp>

namespace kamp::core {

KOKKOS_FORCEINLINE_FUNCTION void prefetch_l1(const void* p) {
#ifdef __CUDA_ARCH__
  asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
#else
  (void)p;
#endif
}

}  // namespace kamp::core

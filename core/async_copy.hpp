#pragma once
// Copies from global to shared memory that run while the thread goes on computing (cp.async, on
// GPUs of compute capability 8.0 and later), so that a loop can fetch its next operand while it
// works on the current one without holding it in registers. A thread groups its copies with
// async_copy_commit and waits for all but the newest `Pending` groups with async_copy_wait; it
// waits for its own copies only, so a thread that reads only what it copied needs no barrier.
// Elsewhere (the host, older GPUs) the copy is made at once and the waits do nothing.
//
// Sizes are 4, 8 or 16 bytes; both addresses must be aligned to the size.
#include <Kokkos_Macros.hpp>

#include <cstring>

namespace kamp::core {

template <int Bytes>
KOKKOS_FORCEINLINE_FUNCTION void async_copy(void* shared_to, const void* global_from) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp.async copies 4, 8 or 16 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const auto to = static_cast<unsigned>(__cvta_generic_to_shared(shared_to));
  if constexpr (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to), "l"(global_from) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(to), "l"(global_from), "n"(Bytes) : "memory");
#else
  std::memcpy(shared_to, global_from, Bytes);
#endif
}

KOKKOS_FORCEINLINE_FUNCTION void async_copy_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

template <int Pending>
KOKKOS_FORCEINLINE_FUNCTION void async_copy_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
#endif
}

}  // namespace kamp::core

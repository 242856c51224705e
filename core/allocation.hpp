#pragma once
// Every array and workspace kamp allocates goes through allocate(): an allocation its memory
// space cannot hold raises kamp::allocation_error naming the routine, the array, the bytes
// requested and the bytes free, never Kokkos' bare "out of memory" (which names neither) and
// never an abort. The request is compared with what is free before anything is allocated, in
// double so that huge extents cannot wrap; a failure that still happens (another process took
// the memory, fragmentation) is translated the same way.
//
// What is free: for CudaSpace, cudaMemGetInfo's free bytes on the current device; for host
// spaces, core::allocatable_bytes() (physical memory, ulimit -v): Linux overcommits, so a host
// request above it would be granted and then killed, not refused. The process's cap
// (core/memory_limit.hpp) bounds both.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <new>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "core/memory_limit.hpp"

namespace kamp::core {

struct memory_status {
  std::uint64_t free_bytes;
  std::uint64_t total_bytes;
};

template <class MemorySpace>
memory_status memory_status_of() {
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same<MemorySpace, Kokkos::CudaSpace>::value) {
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) == cudaSuccess) return {std::min<std::uint64_t>(free, allocatable_cap()), total};
    cudaGetLastError();  // clear the error; report nothing free rather than guess
    return {0, 0};
  }
#endif
  const std::uint64_t limit = allocatable_bytes();
  return {limit, limit};
}

// The message of an allocation_error: "FUNCTION: cannot allocate ARRAY (B bytes) in SPACE:
// F bytes free of T".
template <class MemorySpace>
allocation_error allocation_failure(const char* function, const std::string& array, double bytes) {
  const memory_status status = memory_status_of<MemorySpace>();
  char amounts[200];
  std::snprintf(amounts, sizeof amounts, " (%.4g bytes) in %s: %.4g bytes free of %.4g", bytes, MemorySpace::name(),
                static_cast<double>(status.free_bytes), static_cast<double>(status.total_bytes));
  return allocation_error(std::string(function) + ": cannot allocate " + array + amounts, bytes, status.free_bytes);
}

// Throws allocation_error unless `bytes` (the sum over the arrays one object allocates together)
// fit in what MemorySpace has free.
template <class MemorySpace>
void require_allocatable(const char* function, const std::string& array, double bytes) {
  if (bytes > static_cast<double>(memory_status_of<MemorySpace>().free_bytes)) {
    throw allocation_failure<MemorySpace>(function, array, bytes);
  }
}

// n, once `bytes_each * n` is known to fit: an array made of several Views checks the whole amount
// in its first member's initialiser, so that it fails before any of them is allocated.
template <class MemorySpace>
std::size_t checked_length(const char* function, const std::string& array, std::size_t n, double bytes_each) {
  require_allocatable<MemorySpace>(function, "'" + array + "'", bytes_each * static_cast<double>(n));
  return n;
}

enum class initial_values { zero, unset };

// A View of the given extents labelled `label`, zeroed or not, or allocation_error.
template <class View, class... Extents>
View allocate(const char* function, const std::string& label, initial_values initial, Extents... extents) {
  using space = typename View::memory_space;
  static_assert(sizeof...(Extents) == View::rank_dynamic, "core::allocate takes one extent per dynamic rank");
  const double bytes = (static_cast<double>(sizeof(typename View::value_type)) * ... * static_cast<double>(extents));
  require_allocatable<space>(function, "'" + label + "'", bytes);
  try {
    if (initial == initial_values::unset)
      return View(Kokkos::view_alloc(label, Kokkos::WithoutInitializing), extents...);
    return View(label, extents...);
  } catch (const std::bad_alloc&) {  // what every Kokkos release throws when a space is full
    throw allocation_failure<space>(function, "'" + label + "'", bytes);
  }
}

}  // namespace kamp::core

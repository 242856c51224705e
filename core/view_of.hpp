#pragma once
// A new View of MemorySpace holding a copy of a host vector (tables, CSR arrays).
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "core/allocation.hpp"

namespace kamp::core {

template <class MemorySpace, class T>
Kokkos::View<T*, MemorySpace> view_of(const std::vector<T>& host, const std::string& label) {
  auto v = allocate<Kokkos::View<T*, MemorySpace>>("kamp::core::view_of", label, initial_values::unset, host.size());
  Kokkos::deep_copy(v, Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host.data(), host.size()));
  return v;
}

}  // namespace kamp::core

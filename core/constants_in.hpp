#pragma once
// Where kernels read a table of constants built once on the host: the host table itself, or
// its copy in MemorySpace, made on first use and released before Kokkos finalizes.
#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>

namespace kamp::core {

// host: the one table of its type (a function-local static), label: the copy's View label.
template <class MemorySpace, class Constants>
const Constants* constants_in(const Constants& host, const char* label) {
  if constexpr (std::is_same<MemorySpace, Kokkos::HostSpace>::value) {
    return &host;
  } else {
    static Kokkos::View<Constants, MemorySpace>* const copy = [&] {
      auto* v = new Kokkos::View<Constants, MemorySpace>(std::string(label));
      auto staging = Kokkos::create_mirror_view(*v);
      staging() = host;
      Kokkos::deep_copy(*v, staging);
      Kokkos::push_finalize_hook([v] { delete v; });
      return v;
    }();
    return copy->data();
  }
}

}  // namespace kamp::core

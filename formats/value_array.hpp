#pragma once
// value_array<Format, MemorySpace>: the array storage of a format whose value_type is its own
// storage (double, dd_real, expansions): a Kokkos View of value_type. Element i of a BLAS
// vector with increment inc is element i * inc. Copies are shallow, like Views.
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "core/allocation.hpp"
#include "core/error.hpp"
#include "formats/format_traits.hpp"

namespace kamp {

template <class Format, class Value, class MemorySpace>
struct value_array {
  using format = Format;
  using value_type = Value;
  using memory_space = MemorySpace;

  Kokkos::View<Value*, MemorySpace> values;

  value_array() = default;
  explicit value_array(std::size_t n, const std::string& label = "kamp::value_array")
      : values(core::allocate<Kokkos::View<Value*, MemorySpace>>("kamp::value_array", label, core::initial_values::zero,
                                                                 n)) {}

  KOKKOS_INLINE_FUNCTION std::size_t size() const { return values.extent(0); }
  KOKKOS_INLINE_FUNCTION Value load(std::size_t i) const { return values(i); }
  KOKKOS_INLINE_FUNCTION void store(std::size_t i, const Value& v) const { values(i) = v; }
};

template <class Format, class Value, class MemorySpace>
void copy_from_host(const value_array<Format, Value, MemorySpace>& a, const std::vector<Value>& host) {
  require_argument(host.size() == a.size(), "kamp::copy_from_host", "values.size()", host.size(),
                   "must equal the array length " + std::to_string(a.size()));
  auto mirror = Kokkos::create_mirror_view(a.values);
  for (std::size_t i = 0; i < host.size(); ++i) mirror(i) = host[i];
  Kokkos::deep_copy(a.values, mirror);
}

template <class Format, class Value, class MemorySpace>
std::vector<Value> copy_to_host(const value_array<Format, Value, MemorySpace>& a) {
  const auto mirror = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.values);
  return std::vector<Value>(mirror.data(), mirror.data() + mirror.extent(0));
}

}  // namespace kamp

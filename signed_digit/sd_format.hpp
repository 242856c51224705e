#pragma once
// The signed-digit format as a kamp format. Its numbers have a digit count chosen at run time,
// so it has no fixed-size device value and no elementwise arithmetic for the generic BLAS
// kernels: its BLAS is sum and dot on its own kernels (blas/sd/format_kernels.hpp).
#include <string>

#include "formats/format_traits.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/sd_array.hpp"

namespace kamp {

namespace sd {
struct signed_digit {};
}  // namespace sd

template <>
struct format_traits<sd::signed_digit> {
  using value_type = sd::number;
  template <class MemorySpace>
  using array_type = sd::array<MemorySpace>;
  using context_type = no_context;
  static value_type zero() { return sd::number(1); }
  static std::string name() { return "rsd"; }
};

}  // namespace kamp

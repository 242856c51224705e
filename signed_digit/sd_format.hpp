#pragma once
// The signed-digit format as a kamp format. Its numbers have a digit count chosen at run time,
// so it has no fixed-size device value and no elementwise arithmetic for the generic BLAS
// kernels: its BLAS is sum and dot on its own kernels (blas/signed_digit/format_kernels.hpp).
#include <string>

#include "formats/format_traits.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/sd_array.hpp"

namespace kamp {

namespace signed_digit {
struct format {};  // the tag that names the format to format_traits and the BLAS
}  // namespace signed_digit

template <>
struct format_traits<signed_digit::format> {
  using value_type = signed_digit::number;
  template <class MemorySpace>
  using array_type = signed_digit::array<MemorySpace>;
  using context_type = no_context;
  static value_type zero() { return signed_digit::number(1); }
  static std::string name() { return "rsd"; }
};

}  // namespace kamp

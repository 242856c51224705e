#pragma once
// format_traits for the D+S storage formats (multi_double/ds_storage.hpp): values in registers are
// dd_real with its arithmetic; arrays store {double, float}.
// unit_roundoff() = 2^-77 (1 + 2^-26): a dd operation (<= 5u^2 = 5 * 2^-106) followed by the
// store rounding (<= 2^-77 (1 + 2^-52), derived in ds_storage.hpp) gives
// (1 + d1)(1 + d2) - 1 <= 2^-77 (1 + 2^-52) + 5 * 2^-106 + 2^-180 < 2^-77 (1 + 2^-26): the store
// dominates, 77 bits = 53 (hi) + 24 (float lo).
#include <string>

#include "multi_double/dd_format.hpp"
#include "multi_double/ds_storage.hpp"

namespace kamp {

template <>
struct format_traits<multi_double::ds_soa> : multi_double::detail::dd_arithmetic {
  template <class MemorySpace>
  using array_type = multi_double::ds_soa_array<MemorySpace>;
  static core::mpfr_value unit_roundoff() { return multi_double::detail::scaled(1.0 + 0x1p-26, -77); }
  static constexpr int precision = 77;
  static std::string name() { return "ds_soa"; }
};

template <>
struct format_traits<multi_double::ds_aos> : multi_double::detail::dd_arithmetic {
  template <class MemorySpace>
  using array_type = multi_double::ds_aos_array<MemorySpace>;
  static core::mpfr_value unit_roundoff() { return multi_double::detail::scaled(1.0 + 0x1p-26, -77); }
  static constexpr int precision = 77;
  static std::string name() { return "ds_aos"; }
};

}  // namespace kamp

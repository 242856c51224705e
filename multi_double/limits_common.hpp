#pragma once
// The std::numeric_limits members that dd_real and expansion<N> share: signed binary floating
// point with IEEE-like specials living in the leading double, no trapping, and the double's
// exponent range at the top (multi_double/dd_limits.hpp and multi_double/expansion_limits.hpp add
// the members that depend on the number of components).
#include <limits>

namespace kamp::multi_double::detail {

template <class T>
struct multi_double_limits {
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = false;
  static constexpr std::float_denorm_style has_denorm = std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_indeterminate;  // faithful-ish, not RN
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int radix = 2;
  static constexpr int max_exponent = std::numeric_limits<double>::max_exponent;
  static constexpr int max_exponent10 = std::numeric_limits<double>::max_exponent10;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr T round_error() noexcept { return T(0.5); }
  static constexpr T infinity() noexcept { return T(std::numeric_limits<double>::infinity()); }
  static constexpr T quiet_NaN() noexcept { return T(std::numeric_limits<double>::quiet_NaN()); }
  static constexpr T signaling_NaN() noexcept { return T(std::numeric_limits<double>::signaling_NaN()); }
  static constexpr T denorm_min() noexcept { return T(std::numeric_limits<double>::denorm_min()); }
};

}  // namespace kamp::multi_double::detail

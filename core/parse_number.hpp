#pragma once
// Numbers from text, read whole and range-checked: the one parser of every integer and real that
// kamp takes from a user (command-line options, Matrix Market tokens). strtoll/strtod and
// std::stoll/std::stod each fail in one of the ways this avoids: a value beyond the type clamped
// or wrapped silently (4294967297 read as 1), or a subnormal double rejected as out of range
// (glibc's strtod reports ERANGE for 1e-310).
//
// Accepted: an optional sign ('+' or '-'), then base-10 digits; for reals also a decimal point and
// an exponent (1e-12, .5, 2.). Nothing else: no spaces, no hexadecimal, no trailing characters,
// and for reals no inf or nan. A real is rounded to the nearest double; a subnormal result is a
// number like any other, but a magnitude that overflows, or a nonzero one that rounds to zero, is
// out of range rather than silently changed to Inf or 0.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace kamp::core {

enum class number_error { none, malformed, out_of_range };

// The whole of `text` as an integer; `value` is written only when the result is none.
number_error to_integer(std::string_view text, std::int64_t& value);
// The whole of `text` as a finite double; `value` is written only when the result is none.
number_error to_real(std::string_view text, double& value);

// Whether a bound of a range belongs to it.
enum class bound { inclusive, exclusive };

// Option values: raise kamp::invalid_argument(function, option, text, requirement) unless `text`
// is a number in the range, so the message names the option and the text exactly as given.
std::int64_t parse_integer(const char* function, const std::string& option, const std::string& text, std::int64_t low,
                           std::int64_t high = std::numeric_limits<std::int64_t>::max());
double parse_real(const char* function, const std::string& option, const std::string& text, double low,
                  bound low_bound = bound::inclusive, double high = std::numeric_limits<double>::max(),
                  bound high_bound = bound::inclusive);

}  // namespace kamp::core

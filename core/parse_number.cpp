#include "core/parse_number.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

#include "core/error.hpp"

namespace kamp::core {

namespace {

// std::from_chars takes a '-' but no '+'; one '+' before the digits is dropped here, so that
// "+-1" and "++1" stay malformed.
std::string_view without_plus(std::string_view text) {
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  return text;
}

template <class Number>
number_error read_whole(std::string_view text, Number& value) {
  text = without_plus(text);
  Number v{};
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, v);
  if (error == std::errc::result_out_of_range && stop == end) return number_error::out_of_range;
  if (error != std::errc() || stop != end) return number_error::malformed;
  value = v;
  return number_error::none;
}

// The shortest text that reads back as `v`, so a printed bound is the bound itself.
std::string shortest(double v) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, v);
  return std::string(text, result.ptr);
}

}  // namespace

number_error to_integer(std::string_view text, std::int64_t& value) { return read_whole(text, value); }

number_error to_real(std::string_view text, double& value) {
  double v = 0;
  const number_error error = read_whole(text, v);
  if (error != number_error::none) return error;
  if (!std::isfinite(v)) return number_error::malformed;  // the text was inf or nan
  value = v;
  return number_error::none;
}

std::int64_t parse_integer(const char* function, const std::string& option, const std::string& text, std::int64_t low,
                           std::int64_t high) {
  std::int64_t v = 0;
  const number_error error = to_integer(text, v);
  if (error != number_error::none || v < low || v > high) {
    const std::string range = high == std::numeric_limits<std::int64_t>::max()
                                  ? ">= " + std::to_string(low)
                                  : "in [" + std::to_string(low) + ", " + std::to_string(high) + "]";
    const std::string why = error == number_error::out_of_range ? " (this one is beyond the 64-bit integers)" : "";
    throw invalid_argument(function, option, text, "must be an integer " + range + why);
  }
  return v;
}

double parse_real(const char* function, const std::string& option, const std::string& text, double low, bound low_bound,
                  double high, bound high_bound) {
  double v = 0;
  const number_error error = to_real(text, v);
  const bool above = low_bound == bound::inclusive ? v >= low : v > low;
  const bool below = high_bound == bound::inclusive ? v <= high : v < high;
  if (error != number_error::none || !above || !below) {
    const double largest = std::numeric_limits<double>::max();
    const bool low_only = high == largest && high_bound == bound::inclusive;
    const bool unbounded = low_only && low == -largest && low_bound == bound::inclusive;
    std::string range;
    if (!low_only) {
      range = std::string(low_bound == bound::inclusive ? " in [" : " in (") + shortest(low) + ", " + shortest(high) +
              (high_bound == bound::inclusive ? "]" : ")");
    } else if (!unbounded) {
      range = (low_bound == bound::inclusive ? " >= " : " > ") + shortest(low);
    }
    const std::string why =
        error == number_error::out_of_range ? " (this one overflows or rounds to zero in double)" : "";
    throw invalid_argument(function, option, text, "must be a finite real number" + range + why);
  }
  return v;
}

}  // namespace kamp::core

// core/parse_number, the reader of every number a user gives kamp. On any text, to_integer and
// to_real read a number or say why not; a number read is what strtoll / strtod make of the same
// whole text (they accept more syntax, never less, and glibc's strtod rounds correctly,
// subnormals included), a real is finite, and an out-of-range text is one they overflow or
// underflow on. parse_integer and parse_real accept exactly the numbers in their range and raise
// kamp::invalid_argument naming the option and the text as given otherwise.
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/parse_number.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

using kamp::core::number_error;
using kamp::fuzz::require;

// strtoll or strtod over the whole of `text` (false when it stops early or the text holds a NUL).
template <class Number, class Reader>
bool read_whole_c(const std::string& text, Reader reader, Number& value, bool& range_error) {
  char* end = nullptr;
  errno = 0;
  value = reader(text.c_str(), &end);
  range_error = errno == ERANGE;
  return end == text.c_str() + text.size() && !text.empty();
}

void check_integer(const std::string& text) {
  std::int64_t v = 0;
  const number_error error = kamp::core::to_integer(text, v);
  long long c = 0;
  bool range_error = false;
  const bool whole = read_whole_c(
      text, [](const char* s, char** e) { return std::strtoll(s, e, 10); }, c, range_error);
  if (error == number_error::none) require(whole && !range_error && c == v, "to_integer disagrees with strtoll");
  if (error == number_error::out_of_range) require(whole && range_error, "to_integer: out of range, strtoll not");

  const bool in_range = error == number_error::none && v >= 1 && v <= 1000;
  try {
    require(kamp::core::parse_integer("fuzz", "--count", text, 1, 1000) == v && in_range,
            "parse_integer accepted a text outside [1, 1000]");
  } catch (const kamp::invalid_argument& e) {
    require(!in_range, "parse_integer rejected a number in [1, 1000]");
    require(e.argument() == "--count" && e.value() == text, "parse_integer's error does not name the option and text");
  }
}

void check_real(const std::string& text) {
  double v = 0;
  const number_error error = kamp::core::to_real(text, v);
  double c = 0;
  bool range_error = false;
  const bool whole = read_whole_c(
      text, [](const char* s, char** e) { return std::strtod(s, e); }, c, range_error);
  if (error == number_error::none) {
    require(std::isfinite(v), "to_real read a non-finite value");
    require(whole && std::memcmp(&c, &v, sizeof v) == 0, "to_real disagrees with strtod");
  }
  if (error == number_error::out_of_range) {
    require(whole && range_error && (std::isinf(c) || c == 0), "to_real: out of range, strtod not");
  }

  const bool in_range = error == number_error::none && v > 0;
  try {
    const double parsed = kamp::core::parse_real("fuzz", "--tolerance", text, 0, kamp::core::bound::exclusive);
    require(in_range && std::memcmp(&parsed, &v, sizeof v) == 0, "parse_real accepted a text outside (0, max]");
  } catch (const kamp::invalid_argument& e) {
    require(!in_range, "parse_real rejected a number in (0, max]");
    require(e.argument() == "--tolerance" && e.value() == text, "parse_real's error does not name the option and text");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check_integer(text);
  check_real(text);
  return 0;
}

// The signed-digit format's conversions (signed_digit/conversions.hpp): decimal text and doubles
// into signed_digit::number at digit counts from -32768 to 32767, back to text, doubles and MPFR.
// On any input a conversion gives a number or raises kamp::invalid_argument (a bad digit count,
// malformed text, a value the digits cannot hold). A number from text has the requested digit count
// and the fewest-digit representation (digits in [-3, 6], negated for a negative value); to_string
// reads back to the same digits and exponent (zero, written "0", to zero); to_double is strtod's
// correctly rounded double of the same text and to_mpfr at 113 bits is MPFR's reading of it. A
// number from a double converts back to it.
//
// Input bytes: [digit count, int16 little-endian] [a double, 8 bytes] [text...]; missing bytes
// read as zero. The count stops short of the format's 2^20: the conversions are linear in it,
// and near a million digits every input would be slow under the sanitizers (the unit tests check
// 2^20).
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"
#include "fuzz/fuzz_support.hpp"
#include "signed_digit/conversions.hpp"

namespace {

namespace signed_digit = kamp::signed_digit;

using kamp::fuzz::require;

// The same double, where the two zeros are one: the format has a single zero, so "-0" is +0.
bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0 || (a == 0 && b == 0); }

void check_fewest_digits(const signed_digit::number& x, int digit_count, const std::string& what) {
  require(x.digit_count() == digit_count, what + ": digit count " + std::to_string(x.digit_count()));
  const int low = x.sign() < 0 ? -signed_digit::max_digit : -3, high = x.sign() < 0 ? 3 : signed_digit::max_digit;
  for (int i = 0; i < x.digit_count(); ++i) {
    require(x.digit(i) >= low && x.digit(i) <= high, what + ": digit " + std::to_string(x.digit(i)) + " at " +
                                                         std::to_string(i) + " is not the fewest-digit form");
  }
}

void check_text(const std::string& text, int digit_count) {
  signed_digit::number x;
  try {
    x = signed_digit::from_string(text, digit_count);
  } catch (const kamp::invalid_argument&) {
    return;
  }
  check_fewest_digits(x, digit_count, "from_string(\"" + text + "\")");
  const std::string written = signed_digit::to_string(x);
  const signed_digit::number back = signed_digit::from_string(written, digit_count);
  const bool same = x.is_zero() ? back.is_zero() : back.digits() == x.digits() && back.exponent() == x.exponent();
  require(same, "\"" + written + "\" reads back differently");

  char* end = nullptr;
  const double expected = std::strtod(text.c_str(), &end);
  require(end == text.c_str() + text.size(), "strtod does not read \"" + text + "\" whole");
  require(same_double(signed_digit::to_double(x), expected), "to_double differs from strtod for \"" + text + "\"");

  const kamp::core::widest_exponent_range wide;
  kamp::core::mpfr_value reference(113);
  mpfr_strtofr(reference.get(), text.c_str(), nullptr, 10, MPFR_RNDN);
  require(mpfr_equal_p(signed_digit::to_mpfr(x, 113).get(), reference.get()),
          "to_mpfr differs from MPFR for \"" + text + "\"");
}

void check_double(double d, int digit_count) {
  signed_digit::number x;
  try {
    x = signed_digit::from_double(d, digit_count);
  } catch (const kamp::invalid_argument&) {
    return;
  }
  require(signed_digit::to_double(x) == d, "from_double(" + std::to_string(d) + ") does not convert back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto digit_count = static_cast<int>(static_cast<std::int16_t>(kamp::fuzz::little_endian(data, size, 0, 2)));
  const std::uint64_t bits = kamp::fuzz::little_endian(data, size, 2, 8);
  double d = 0;
  std::memcpy(&d, &bits, sizeof d);
  const std::string text = size > 10 ? std::string(reinterpret_cast<const char*>(data) + 10, size - 10) : "";
  check_text(text, digit_count);
  check_double(d, digit_count);
  return 0;
}

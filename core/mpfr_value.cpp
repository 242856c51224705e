#include "core/mpfr_value.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"

namespace kamp::core {

namespace {
void require_precision(const char* function, mpfr_prec_t precision, mpfr_prec_t least) {
  require_argument(precision >= least && precision <= MPFR_PREC_MAX, function, "precision", precision,
                   "must be at least " + std::to_string(least) + " bits for an exact conversion");
}

// MPFR 4.2's strtofr overflows on an exponent beyond long when the digits have leading fraction
// zeros: ".01e-99999999999999999999" read as +Inf. Every decimal whose exponent is beyond +-2e18
// is 0 or Inf even in MPFR's widest range (2^(2^62) is about 10^(1.39e18)), so such an exponent,
// ending the text, is given to MPFR as +-2e18.
std::string with_bounded_exponent(const std::string& text) {
  std::size_t digits = text.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(text[digits - 1]))) --digits;
  const std::size_t sign = digits > 0 && (text[digits - 1] == '+' || text[digits - 1] == '-') ? digits - 1 : digits;
  if (digits == text.size() || sign == 0 || (text[sign - 1] != 'e' && text[sign - 1] != 'E' && text[sign - 1] != '@')) {
    return text;
  }
  const std::string bound = "2000000000000000000";
  const std::size_t first = std::min(text.find_first_not_of('0', digits), text.size());
  const std::size_t length = text.size() - first;
  if (length < bound.size() || (length == bound.size() && text.compare(first, length, bound) <= 0)) return text;
  return text.substr(0, digits) + bound;
}

// The whole of `text` rounded into x in `rounding`; returns MPFR's ternary value. Throws
// kamp::invalid_argument naming `function` and the text when it is not a number.
int read_decimal(mpfr_ptr x, const std::string& text, const char* function, mpfr_rnd_t rounding = MPFR_RNDN) {
  const std::string bounded = with_bounded_exponent(text);
  char* end = nullptr;
  const int ternary = mpfr_strtofr(x, bounded.c_str(), &end, 10, rounding);
  // Up to the text's end, not to the first NUL byte: "4\0=" is not the number 4.
  const bool consumed = !text.empty() && end == bounded.c_str() + bounded.size();
  require_argument(consumed, function, "text", "\"" + text + "\"", "must be a decimal number");
  return ternary;
}
}  // namespace

mpfr_value::mpfr_value(mpfr_prec_t precision) {
  require_argument(precision >= MPFR_PREC_MIN && precision <= MPFR_PREC_MAX, "kamp::core::mpfr_value", "precision",
                   precision, "must be a valid MPFR precision");
  mpfr_init2(value_, precision);
  mpfr_set_zero(value_, 1);
}

mpfr_value::mpfr_value(double x, mpfr_prec_t precision) {
  require_precision("kamp::core::mpfr_value(double)", precision, 53);
  mpfr_init2(value_, precision);
  mpfr_set_d(value_, x, MPFR_RNDN);
}

mpfr_value::mpfr_value(std::int64_t x, mpfr_prec_t precision) {
  require_precision("kamp::core::mpfr_value(int64_t)", precision, 64);
  mpfr_init2(value_, precision);
  static_assert(sizeof(long) == sizeof(std::int64_t), "mpfr_set_si takes a long");
  mpfr_set_si(value_, static_cast<long>(x), MPFR_RNDN);
}

mpfr_value::mpfr_value(const mpfr_value& other) {
  mpfr_init2(value_, other.precision());
  mpfr_set(value_, other.value_, MPFR_RNDN);
}

mpfr_value::mpfr_value(mpfr_value&& other) noexcept {
  // Leave `other` as a valid minimal-precision zero so its destructor has work to do.
  mpfr_init2(value_, MPFR_PREC_MIN);
  mpfr_swap(value_, other.value_);
}

mpfr_value& mpfr_value::operator=(const mpfr_value& other) {
  if (this != &other) {
    mpfr_set_prec(value_, other.precision());
    mpfr_set(value_, other.value_, MPFR_RNDN);
  }
  return *this;
}

mpfr_value& mpfr_value::operator=(mpfr_value&& other) noexcept {
  mpfr_swap(value_, other.value_);
  return *this;
}

mpfr_value::~mpfr_value() { mpfr_clear(value_); }

mpfr_value mpfr_value::from_string(const std::string& text, mpfr_prec_t precision, bool* exact, mpfr_rnd_t rounding) {
  mpfr_value result(precision);
  const int ternary = read_decimal(result.value_, text, "kamp::core::mpfr_value::from_string", rounding);
  if (exact) *exact = ternary == 0;
  return result;
}

double nearest_double(const std::string& text) {
  // MPFR's emulation of IEEE double: double's precision and exponent range, then the subnormal
  // rounding from the ternary value. Reading at 1200 bits and then rounding to 53 would round twice
  // when the text lies within 2^-1200 of a midpoint between doubles (a 451-digit text just above
  // 1 + 2^-53 would read as 1). The caller's exponent range is put back on return.
  const widest_exponent_range saved;
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_value x(53);
  const int ternary = read_decimal(x.get(), text, "kamp::core::nearest_double");
  mpfr_subnormalize(x.get(), ternary, MPFR_RNDN);
  return x.to_double(MPFR_RNDN);
}

std::string mpfr_value::to_string(int digits) const {
  if (mpfr_nan_p(value_)) return "nan";
  if (mpfr_inf_p(value_)) return mpfr_signbit(value_) ? "-inf" : "inf";
  const std::size_t n = digits > 0 ? static_cast<std::size_t>(digits) : mpfr_get_str_ndigits(10, precision());
  std::vector<char> buffer(n + 64);
  mpfr_snprintf(buffer.data(), buffer.size(), "%.*RNe", static_cast<int>(n - 1), value_);
  return buffer.data();
}

std::string mpfr_value::to_exact_string() const {
  if (!mpfr_regular_p(value_)) return to_string(1);
  // value = 0.b_1 b_2 ... 2^E with its last 1 at 2^(E - min_prec): the decimal needs at most
  // floor(E log10 2) + 1 integer-part digits and one fractional digit per bit below 2^0.
  const long e = mpfr_get_exp(value_), lowest = e - static_cast<long>(mpfr_min_prec(value_));
  const long digits =
      static_cast<long>(std::floor(static_cast<double>(e) * 0.30102999566398120)) + 2 + std::max(0L, -lowest);
  std::string text = to_string(static_cast<int>(std::max(1L, digits)));
  const std::size_t exponent = text.find('e'), point = text.find('.');
  if (point == std::string::npos || exponent == std::string::npos) return text;
  std::size_t last = exponent;
  while (last > point + 1 && text[last - 1] == '0') --last;
  if (last == point + 1) last = point;  // no fractional digit left: drop the point too
  return text.substr(0, last) + text.substr(exponent);
}

mpfr_value absolute_error(const mpfr_value& computed, const mpfr_value& exact) {
  mpfr_value diff(std::max(computed.precision(), exact.precision()) + 2);
  // Rounding away from zero makes the magnitude an upper bound.
  mpfr_sub(diff.get(), computed.get(), exact.get(), MPFR_RNDA);
  mpfr_abs(diff.get(), diff.get(), MPFR_RNDU);
  return diff;
}

mpfr_value relative_error(const mpfr_value& computed, const mpfr_value& exact) {
  mpfr_value err = absolute_error(computed, exact);
  if (mpfr_zero_p(exact.get())) return err;
  mpfr_value magnitude(exact.precision());
  mpfr_abs(magnitude.get(), exact.get(), MPFR_RNDD);
  mpfr_div(err.get(), err.get(), magnitude.get(), MPFR_RNDU);
  return err;
}

bool operator<(const mpfr_value& a, const mpfr_value& b) { return mpfr_less_p(a.get(), b.get()); }
bool operator<=(const mpfr_value& a, const mpfr_value& b) { return mpfr_lessequal_p(a.get(), b.get()); }
bool operator==(const mpfr_value& a, const mpfr_value& b) { return mpfr_equal_p(a.get(), b.get()); }

}  // namespace kamp::core

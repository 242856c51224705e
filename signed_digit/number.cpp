#include "signed_digit/number.hpp"

#include <string>
#include <utility>

#include "core/error.hpp"

namespace kamp::signed_digit {

namespace {

void check_digit_count(const char* fn, int digit_count) {
  require_argument(digit_count >= 1 && digit_count <= max_digit_count, fn, "digit_count", digit_count,
                   "must be in [1, " + std::to_string(max_digit_count) + "]");
}

void check_exponent(const char* fn, std::int32_t exponent) {
  require_argument(exponent >= -max_exponent && exponent <= max_exponent, fn, "exponent", exponent,
                   "must be in [-" + std::to_string(max_exponent) + ", " + std::to_string(max_exponent) + "]");
}

}  // namespace

number::number(int digit_count, std::int32_t exponent) : exponent_(exponent) {
  check_digit_count("kamp::signed_digit::number", digit_count);
  check_exponent("kamp::signed_digit::number", exponent);
  digits_.assign(static_cast<std::size_t>(digit_count), 0);
}

number::number(std::vector<std::int8_t> digits, std::int32_t exponent) : exponent_(exponent) {
  const char* fn = "kamp::signed_digit::number";
  require_argument(!digits.empty() && digits.size() <= static_cast<std::size_t>(max_digit_count), fn, "digits",
                   std::to_string(digits.size()) + " digits",
                   "must hold 1 to " + std::to_string(max_digit_count) + " digits");
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (digits[i] < -max_digit || digits[i] > max_digit) {  // the message is built only on failure
      throw invalid_argument(fn, "digits",
                             "digit " + std::to_string(int(digits[i])) + " at position " + std::to_string(i),
                             "every digit must be in [-6, 6]");
    }
  }
  check_exponent(fn, exponent);
  digits_ = std::move(digits);
}

int number::used_digits() const {
  for (int i = digit_count(); i > 0; --i) {
    if (digits_[static_cast<std::size_t>(i - 1)] != 0) return i;
  }
  return 0;
}

int number::sign() const {
  const int used = used_digits();
  if (used == 0) return 0;
  return digits_[static_cast<std::size_t>(used - 1)] > 0 ? 1 : -1;
}

number number::negated() const {
  number result = *this;
  for (auto& d : result.digits_) d = static_cast<std::int8_t>(-d);
  return result;
}

number number::resized(int digit_count) const {
  check_digit_count("kamp::signed_digit::number::resized", digit_count);
  if (used_digits() > digit_count) {
    throw overflow_error("kamp::signed_digit::number::resized: the value " + std::to_string(used_digits()) +
                         " digits long does not fit in " + std::to_string(digit_count) + " digits");
  }
  number result = *this;
  result.digits_.resize(static_cast<std::size_t>(digit_count), 0);
  return result;
}

ordinary_form normalise(const number& x) {
  ordinary_form form;
  form.exponent = x.exponent();
  form.sign = x.sign();
  if (form.sign == 0) return form;
  // The magnitude's digits, least significant first, borrowing from the next position: every
  // position value is in [-7, 6] before the borrow is taken, so one borrow of 1 is enough.
  std::string reversed;
  int borrow = 0;
  const int used = x.used_digits();
  for (int i = 0; i < used; ++i) {
    int v = form.sign * x.digit(i) + borrow;
    borrow = 0;
    if (v < 0) {
      v += 10;
      borrow = -1;
    }
    reversed.push_back(static_cast<char>('0' + v));
  }
  while (reversed.size() > 1 && reversed.back() == '0') reversed.pop_back();
  form.digits.assign(reversed.rbegin(), reversed.rend());
  return form;
}

std::string largest_significand(int digit_count) {
  check_digit_count("kamp::signed_digit::largest_significand", digit_count);
  return std::string(static_cast<std::size_t>(digit_count), '6');
}

}  // namespace kamp::signed_digit

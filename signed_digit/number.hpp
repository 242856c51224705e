#pragma once
// signed_digit::number: one redundant signed-digit decimal number on the host, [(d_0 ... d_{n-1}), t].
//
// Invariant: value = sum_i d_i 10^(i + t) with every digit d_i in [-6, 6], d_0 the least
// significant; the digit count n = digits().size() is at least 1 and at most max_digit_count, and
// |t| <= max_exponent. A value has many representations; sign() and the conversions depend on
// the value only (the sign of a nonzero value is the sign of its most significant nonzero digit,
// because the digits below it sum to less than 10^i in magnitude).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace kamp::signed_digit {

constexpr int max_digit = 6;  // digits lie in [-max_digit, max_digit]
constexpr int max_digit_count = 1 << 20;
constexpr std::int32_t max_exponent = 100000000;  // |t|: 10^t stays within MPFR's default range

// A result that its fixed digit count cannot hold. The message names the operation, the digit
// count and the value (or the element) that did not fit.
class overflow_error : public std::overflow_error {
 public:
  explicit overflow_error(const std::string& what) : std::overflow_error(what) {}
};

class number {
 public:
  // Zero with `digit_count` digits and exponent `exponent` (checked as in the next constructor).
  explicit number(int digit_count = 1, std::int32_t exponent = 0);
  // Throws kamp::invalid_argument naming "digits" (empty, too long or a digit outside [-6, 6],
  // with its position) or "exponent".
  number(std::vector<std::int8_t> digits, std::int32_t exponent);

  int digit_count() const { return static_cast<int>(digits_.size()); }
  std::int32_t exponent() const { return exponent_; }
  int digit(int i) const { return digits_[static_cast<std::size_t>(i)]; }
  const std::vector<std::int8_t>& digits() const { return digits_; }

  int sign() const;  // -1, 0 or +1
  bool is_zero() const { return sign() == 0; }
  // The number of digits up to the most significant nonzero one (0 for zero).
  int used_digits() const;
  number negated() const;
  // The same value with `digit_count` digits (zeros added or leading zeros dropped); throws
  // signed_digit::overflow_error when the nonzero digits do not fit.
  number resized(int digit_count) const;

 private:
  std::vector<std::int8_t> digits_;
  std::int32_t exponent_;
};

// Ordinary decimal form of a value: sign in {-1, 0, 1}, digits '0'..'9' most significant first
// without leading zeros ("0" for zero), value = sign * digits * 10^exponent.
struct ordinary_form {
  int sign = 0;
  std::string digits = "0";
  std::int32_t exponent = 0;
};

// Normalisation to ordinary digits 0..9 with a sign (exact; the exponent is kept).
ordinary_form normalise(const number& x);

// The largest magnitude n digits hold, 66...6 (n sixes): a value K 10^t fits in n digits at
// exponent t exactly when |K| is at most this.
std::string largest_significand(int digit_count);

}  // namespace kamp::signed_digit

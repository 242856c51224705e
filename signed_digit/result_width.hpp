#pragma once
// Digit counts that always hold a result, from the bound |value| <= (2/3) 10^n of n signed
// digits: a representation whose most significant nonzero digit sits at position P has
// |value| > 10^P / 3, so a value bounded by B needs at most floor(log10(3 B)) + 1 digits.
#include <cstdint>

namespace kamp::signed_digit {

// The decimal digits of k >= 1 (1 for k = 0).
inline int decimal_digits(std::int64_t k) {
  int d = 1;
  while (k >= 10) {
    k /= 10;
    ++d;
  }
  return d;
}

// k numbers of `aligned_digits` digits at a common exponent: |sum| <= k (2/3) 10^W.
inline std::int64_t sum_digit_count(std::int64_t aligned_digits, std::int64_t k) {
  return aligned_digits + decimal_digits(2 * k);
}

// |x y| <= (4/9) 10^(nx + ny).
inline std::int64_t product_digit_count(std::int64_t nx, std::int64_t ny) { return nx + ny + 1; }

// k products of aligned width W = nx + ny + (largest exponent shift): |sum| <= k (4/9) 10^W.
inline std::int64_t dot_digit_count(std::int64_t aligned_product_digits, std::int64_t k) {
  return aligned_product_digits + decimal_digits(2 * k);
}

}  // namespace kamp::signed_digit

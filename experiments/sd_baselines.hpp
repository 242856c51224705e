#pragma once
// The CPU baselines of the signed-digit experiments (E8, E9): GMP on one core and with OpenMP
// over all cores, and Otsokov and Magomedov's own CPU reference, ordinary decimal digits added with carries.
#include <gmp.h>

#include <cstdint>
#include <vector>

#include "signed_digit/number.hpp"

namespace kamp::experiments {

// Owning vector of GMP integers.
class mpz_vector {
 public:
  explicit mpz_vector(std::size_t count);
  ~mpz_vector();
  mpz_vector(const mpz_vector&) = delete;
  mpz_vector& operator=(const mpz_vector&) = delete;
  std::size_t size() const { return values_.size(); }
  mpz_ptr operator[](std::size_t i) { return &values_[i]; }
  mpz_srcptr operator[](std::size_t i) const { return &values_[i]; }

 private:
  std::vector<__mpz_struct> values_;
};

// The significands of numbers that all have exponent 0 (throws std::invalid_argument otherwise).
void significands(const std::vector<signed_digit::number>& numbers, mpz_vector& out);

// sum_j x_j and sum_j x_j y_j on `threads` threads: each thread adds a contiguous slice into its
// own integer, and the slices' sums are added in order.
void gmp_sum(const mpz_vector& x, mpz_ptr result, int threads);
void gmp_dot(const mpz_vector& x, const mpz_vector& y, mpz_ptr result, int threads);

// Nonnegative integers as ordinary digits 0..9, number-major, least significant digit first.
struct ordinary_integers {
  int digits = 0;  // per number
  std::vector<std::uint8_t> data;
};
ordinary_integers to_ordinary(const mpz_vector& x, int digits);
// Otsokov and Magomedov's CPU summation: every number added digit by digit with carries into an accumulator
// of `result_digits` ordinary digits, one core. Returns the accumulator.
std::vector<std::uint8_t> ordinary_sum(const ordinary_integers& x, int result_digits);
void ordinary_to_mpz(const std::vector<std::uint8_t>& digits, mpz_ptr out);

}  // namespace kamp::experiments

#include "experiments/sd_baselines.hpp"

#include <omp.h>

#include <stdexcept>
#include <string>

#include "signed_digit/conversions.hpp"

namespace kamp::experiments {

mpz_vector::mpz_vector(std::size_t count) : values_(count) {
  for (auto& v : values_) mpz_init(&v);
}

mpz_vector::~mpz_vector() {
  for (auto& v : values_) mpz_clear(&v);
}

void significands(const std::vector<signed_digit::number>& numbers, mpz_vector& out) {
  if (out.size() != numbers.size()) throw std::invalid_argument("kamp::experiments::significands: size mismatch");
  const auto count = static_cast<std::int64_t>(numbers.size());
  bool all_integers = true;
#pragma omp parallel for reduction(&& : all_integers)
  for (std::int64_t j = 0; j < count; ++j) {
    all_integers = all_integers && numbers[j].exponent() == 0;
    signed_digit::to_mpz(out[j], numbers[j]);
  }
  if (!all_integers) throw std::invalid_argument("kamp::experiments::significands: a number has a nonzero exponent");
}

namespace {

// Each thread's slice [begin, end) of `count` items.
template <class Body>
void over_slices(std::int64_t count, int threads, mpz_ptr result, Body&& body) {
  mpz_vector partial(static_cast<std::size_t>(threads));
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num(), used = omp_get_num_threads();
    const std::int64_t begin = count * t / used, end = count * (t + 1) / used;
    for (std::int64_t j = begin; j < end; ++j) body(partial[static_cast<std::size_t>(t)], j);
  }
  mpz_set_ui(result, 0);
  for (std::size_t t = 0; t < partial.size(); ++t) mpz_add(result, result, partial[t]);
}

}  // namespace

void gmp_sum(const mpz_vector& x, mpz_ptr result, int threads) {
  over_slices(static_cast<std::int64_t>(x.size()), threads, result,
              [&](mpz_ptr acc, std::int64_t j) { mpz_add(acc, acc, x[static_cast<std::size_t>(j)]); });
}

void gmp_dot(const mpz_vector& x, const mpz_vector& y, mpz_ptr result, int threads) {
  over_slices(static_cast<std::int64_t>(x.size()), threads, result, [&](mpz_ptr acc, std::int64_t j) {
    mpz_addmul(acc, x[static_cast<std::size_t>(j)], y[static_cast<std::size_t>(j)]);
  });
}

ordinary_integers to_ordinary(const mpz_vector& x, int digits) {
  ordinary_integers out;
  out.digits = digits;
  out.data.assign(x.size() * static_cast<std::size_t>(digits), 0);
  const auto count = static_cast<std::int64_t>(x.size());
  bool fits = true;
#pragma omp parallel for reduction(&& : fits)
  for (std::int64_t j = 0; j < count; ++j) {
    if (mpz_sgn(x[j]) < 0 || mpz_sizeinbase(x[j], 10) > static_cast<std::size_t>(digits) + 1) {
      fits = false;
      continue;
    }
    std::string text(mpz_sizeinbase(x[j], 10) + 2, '\0');
    mpz_get_str(text.data(), 10, x[j]);
    const std::size_t length = std::char_traits<char>::length(text.c_str());
    std::uint8_t* number = out.data.data() + static_cast<std::size_t>(j) * digits;
    for (std::size_t i = 0; i < length && i < static_cast<std::size_t>(digits); ++i) {
      number[i] = static_cast<std::uint8_t>(text[length - 1 - i] - '0');
    }
    fits = fits && length <= static_cast<std::size_t>(digits);
  }
  if (!fits) throw std::invalid_argument("kamp::experiments::to_ordinary: a value is negative or too long");
  return out;
}

std::vector<std::uint8_t> ordinary_sum(const ordinary_integers& x, int result_digits) {
  std::vector<std::uint8_t> acc(static_cast<std::size_t>(result_digits), 0);
  const std::size_t count = x.data.size() / static_cast<std::size_t>(x.digits);
  for (std::size_t j = 0; j < count; ++j) {
    const std::uint8_t* number = x.data.data() + j * static_cast<std::size_t>(x.digits);
    int carry = 0;
    int i = 0;
    for (; i < x.digits; ++i) {
      const int s = acc[static_cast<std::size_t>(i)] + number[i] + carry;
      carry = s >= 10;
      acc[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(s - 10 * carry);
    }
    for (; carry && i < result_digits; ++i) {
      const int s = acc[static_cast<std::size_t>(i)] + carry;
      carry = s >= 10;
      acc[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(s - 10 * carry);
    }
  }
  return acc;
}

void ordinary_to_mpz(const std::vector<std::uint8_t>& digits, mpz_ptr out) {
  std::string text;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) text.push_back(static_cast<char>('0' + *it));
  mpz_set_str(out, text.c_str(), 10);
}

}  // namespace kamp::experiments

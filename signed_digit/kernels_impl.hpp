#pragma once
// Definitions of signed_digit/kernels.hpp, compiled once per enabled space (kernels.cpp).
#include <string>

#include "core/error.hpp"
#include "signed_digit/dot_product.hpp"
#include "signed_digit/elementwise_add.hpp"
#include "signed_digit/elementwise_mul.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/random_fill.hpp"
#include "signed_digit/summation.hpp"

namespace kamp::signed_digit {

template <class ExecSpace>
std::int64_t kernels<ExecSpace>::add(const ExecSpace& exec, const digits& x, const digits& y, bool negate_y,
                                     const digits& z) {
  return detail::add(exec, x, y, negate_y, z);
}

template <class ExecSpace>
std::int64_t kernels<ExecSpace>::mul(const ExecSpace& exec, const digits& x, const digits& y, const digits& z,
                                     partial_products products) {
  return products == partial_products::grouped ? detail::mul<4>(exec, x, y, z) : detail::mul<1>(exec, x, y, z);
}

template <class ExecSpace>
number kernels<ExecSpace>::sum(const ExecSpace& exec, const digits& x, summation_method method) {
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  const auto range = detail::value_range(exec, k, x.exponents());
  const std::int64_t max_shift = range.second - range.first;
  const std::int64_t result_digits = sum_digit_count(x.digit_count() + max_shift, k);
  if (result_digits > max_digit_count) {
    throw invalid_argument(
        "kamp::signed_digit::sum", "x",
        "numbers with exponents " + std::to_string(range.first) + " to " + std::to_string(range.second),
        "the exact sum would need more than " + std::to_string(max_digit_count) + " digits");
  }
  if (method == summation_method::method1) {
    return detail::sum_method1(exec, x, range.first, static_cast<int>(result_digits));
  }
  return detail::sum_method2(exec, x, range.first, max_shift, static_cast<int>(result_digits));
}

template <class ExecSpace>
number kernels<ExecSpace>::dot(const ExecSpace& exec, std::int64_t n, const digits& x, std::int64_t incx,
                               const digits& y, std::int64_t incy, partial_products products) {
  return products == partial_products::grouped ? detail::dot<4>(exec, n, x, incx, y, incy)
                                               : detail::dot<1>(exec, n, x, incx, y, incy);
}

template <class ExecSpace>
void kernels<ExecSpace>::fill_integers(const ExecSpace& exec, const digits& x, std::uint64_t seed, int ordinary_digits,
                                       bool random_signs) {
  detail::fill_integers(exec, x, seed, ordinary_digits, random_signs);
}

template <class ExecSpace>
void kernels<ExecSpace>::fill_digits(const ExecSpace& exec, const digits& x, std::uint64_t seed,
                                     std::int32_t min_exponent, std::int32_t max_exponent) {
  detail::fill_digits(exec, x, seed, min_exponent, max_exponent);
}

}  // namespace kamp::signed_digit

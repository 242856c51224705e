#pragma once
// The public signed-digit operations on arrays (kamp::signed_digit), exact, with their argument checks:
//
//   add(exec, x, y, z), sub(exec, x, y, z)   z_j = x_j +- y_j at exponent min(t_x, t_y)
//   mul(exec, x, y, z[, products])           z_j = x_j y_j at exponent t_x + t_y
//   sum(exec, x[, method])                   sum_j x_j (summation method 1 or 2)
//   dot(exec, x, y[, products])              sum_j x_j y_j (partial products summed by method 2)
//   fill_random_integers(exec, x, seed, d[, random_signs]), fill_random_digits(exec, x, seed[, t_lo, t_hi])
//
// Arrays of different lengths raise kamp::invalid_argument naming the argument; a result that z's
// digit count cannot hold raises signed_digit::overflow_error naming the element and its operands, and
// leaves z untouched. z holds every sum when it has max(n_x + s_x, n_y + s_y) + 1 digits (s the
// exponent shifts) and every product with n_x + n_y + 1 (product_digit_count); with fewer, the
// check is on the computed representation, which another representation of the same value may
// beat by a digit. sum and dot return an signed_digit::number with enough digits to be exact
// (signed_digit/result_width.hpp). Arrays live in the execution space's memory space.
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "formats/format_traits.hpp"
#include "signed_digit/conversions.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/result_width.hpp"

namespace kamp::signed_digit {

// Element j of an array, on the host (for messages and spot checks).
template <class MemorySpace>
number element(const array<MemorySpace>& a, std::size_t j) {
  require_argument(j < a.size(), "kamp::signed_digit::element", "j", j,
                   "must be below the array's size " + std::to_string(a.size()));
  // A number's digits are a strided column of the digit-major array, and Kokkos copies a strided
  // view between memory spaces only through a contiguous one: gather it in the array's space.
  Kokkos::View<std::int8_t*, MemorySpace> gathered("kamp::signed_digit::element::digits",
                                                   static_cast<std::size_t>(a.digit_count()));
  Kokkos::deep_copy(gathered, Kokkos::subview(a.digits(), Kokkos::ALL, j));
  auto column = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), gathered);
  auto exponent = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), Kokkos::subview(a.exponents(), j));
  std::vector<std::int8_t> digits(static_cast<std::size_t>(a.digit_count()));
  for (int i = 0; i < a.digit_count(); ++i) digits[static_cast<std::size_t>(i)] = column(i);
  return number(std::move(digits), exponent());
}

namespace detail {

template <class MemorySpace>
void check_same_size(const char* fn, const char* name, const array<MemorySpace>& a, const array<MemorySpace>& x) {
  require_argument(a.size() == x.size(), fn, name, std::to_string(a.size()) + " numbers",
                   "must hold as many numbers as x (" + std::to_string(x.size()) + ")");
}

template <class MemorySpace>
[[noreturn]] void throw_overflow(const char* fn, const char* op, std::int64_t j, const array<MemorySpace>& x,
                                 const array<MemorySpace>& y, const array<MemorySpace>& z) {
  const auto index = static_cast<std::size_t>(j);
  throw overflow_error(std::string(fn) + ": element " + std::to_string(j) + ", " + to_string(element(x, index)) + " " +
                       op + " " + to_string(element(y, index)) + ", does not fit z's " +
                       std::to_string(z.digit_count()) + " digits (or its exponent range)");
}

template <class ExecSpace, class MemorySpace>
void add_or_sub(const char* fn, const ExecSpace& exec, const array<MemorySpace>& x, const array<MemorySpace>& y,
                const array<MemorySpace>& z, bool subtract) {
  require_space_memory<ExecSpace, MemorySpace>();
  check_same_size(fn, "y", y, x);
  check_same_size(fn, "z", z, x);
  const std::int64_t j = kernels<ExecSpace>::add(exec, x, y, subtract, z);
  if (j >= 0) throw_overflow(fn, subtract ? "-" : "+", j, x, y, z);
}

}  // namespace detail

template <class ExecSpace, class MemorySpace>
void add(const ExecSpace& exec, const array<MemorySpace>& x, const array<MemorySpace>& y, const array<MemorySpace>& z) {
  detail::add_or_sub("kamp::signed_digit::add", exec, x, y, z, false);
}

template <class ExecSpace, class MemorySpace>
void sub(const ExecSpace& exec, const array<MemorySpace>& x, const array<MemorySpace>& y, const array<MemorySpace>& z) {
  detail::add_or_sub("kamp::signed_digit::sub", exec, x, y, z, true);
}

template <class ExecSpace, class MemorySpace>
void mul(const ExecSpace& exec, const array<MemorySpace>& x, const array<MemorySpace>& y, const array<MemorySpace>& z,
         partial_products products = partial_products::grouped) {
  const char* fn = "kamp::signed_digit::mul";
  require_space_memory<ExecSpace, MemorySpace>();
  detail::check_same_size(fn, "y", y, x);
  detail::check_same_size(fn, "z", z, x);
  const std::int64_t j = kernels<ExecSpace>::mul(exec, x, y, z, products);
  if (j >= 0) detail::throw_overflow(fn, "*", j, x, y, z);
}

template <class ExecSpace, class MemorySpace>
number sum(const ExecSpace& exec, const array<MemorySpace>& x, summation_method method = summation_method::method2) {
  require_space_memory<ExecSpace, MemorySpace>();
  if (x.size() == 0) return number(1);
  return kernels<ExecSpace>::sum(exec, x, method);
}

template <class ExecSpace, class MemorySpace>
number dot(const ExecSpace& exec, const array<MemorySpace>& x, const array<MemorySpace>& y,
           partial_products products = partial_products::grouped) {
  require_space_memory<ExecSpace, MemorySpace>();
  detail::check_same_size("kamp::signed_digit::dot", "y", y, x);
  if (x.size() == 0) return number(1);
  return kernels<ExecSpace>::dot(exec, static_cast<std::int64_t>(x.size()), x, 1, y, 1, products);
}

template <class ExecSpace, class MemorySpace>
void fill_random_integers(const ExecSpace& exec, const array<MemorySpace>& x, std::uint64_t seed, int ordinary_digits,
                          bool random_signs = false) {
  require_space_memory<ExecSpace, MemorySpace>();
  require_argument(ordinary_digits >= 1 && ordinary_digits < x.digit_count(),
                   "kamp::signed_digit::fill_random_integers", "ordinary_digits", ordinary_digits,
                   "must be in [1, digit count - 1 = " + std::to_string(x.digit_count() - 1) + "]");
  kernels<ExecSpace>::fill_integers(exec, x, seed, ordinary_digits, random_signs);
}

template <class ExecSpace, class MemorySpace>
void fill_random_digits(const ExecSpace& exec, const array<MemorySpace>& x, std::uint64_t seed,
                        std::int32_t min_exponent = 0, std::int32_t max_exponent = 0) {
  const char* fn = "kamp::signed_digit::fill_random_digits";
  require_space_memory<ExecSpace, MemorySpace>();
  require_argument(min_exponent >= -signed_digit::max_exponent, fn, "min_exponent", min_exponent,
                   "must be >= -max_exponent");
  require_argument(max_exponent >= min_exponent && max_exponent <= signed_digit::max_exponent, fn, "max_exponent",
                   max_exponent, "must be in [min_exponent, max_exponent of the format]");
  kernels<ExecSpace>::fill_digits(exec, x, seed, min_exponent, max_exponent);
}

}  // namespace kamp::signed_digit

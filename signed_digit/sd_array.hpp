#pragma once
// signed_digit::array<MemorySpace>: k signed-digit numbers of n digits each, with one decimal exponent per
// number, in MemorySpace.
//
// Layout: digit-major across the numbers, digits(i, j) = digit i of number j with j contiguous
// (one row of `stride` bytes per digit position, stride = k rounded up to a multiple of 16).
// The kernels that do the work (column sums of summation method 2, the dot product's partial
// products, elementwise add) give consecutive threads consecutive numbers at one digit position,
// so a warp reads whole 32-byte sectors, and the column sums read 16 digits per 16-byte load.
// Number-major storage would suit summation method 1 (one number's digits per step) instead;
// docs/design.md has the measurement.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "signed_digit/number.hpp"

namespace kamp::signed_digit {

struct format;  // the format tag (signed_digit/sd_format.hpp)

constexpr std::int64_t row_alignment = 16;

template <class MemorySpace>
class array {
 public:
  using format = kamp::signed_digit::format;
  using memory_space = MemorySpace;
  using digit_view = Kokkos::View<std::int8_t**, Kokkos::LayoutRight, MemorySpace>;
  using exponent_view = Kokkos::View<std::int32_t*, MemorySpace>;

  array() = default;
  // k zeros of `digit_count` digits, exponent 0. Throws kamp::invalid_argument for k < 0 or a
  // digit count outside [1, max_digit_count].
  array(std::int64_t k, int digit_count, const std::string& label);

  KOKKOS_INLINE_FUNCTION std::size_t size() const { return exponents_.extent(0); }
  KOKKOS_INLINE_FUNCTION int digit_count() const { return static_cast<int>(digits_.extent(0)); }
  KOKKOS_INLINE_FUNCTION std::int64_t stride() const { return static_cast<std::int64_t>(digits_.extent(1)); }
  KOKKOS_INLINE_FUNCTION int digit(int i, std::size_t j) const { return digits_(i, j); }
  KOKKOS_INLINE_FUNCTION void set_digit(int i, std::size_t j, int d) const {
    digits_(i, j) = static_cast<std::int8_t>(d);
  }
  KOKKOS_INLINE_FUNCTION std::int32_t exponent(std::size_t j) const { return exponents_(j); }
  KOKKOS_INLINE_FUNCTION void set_exponent(std::size_t j, std::int32_t t) const { exponents_(j) = t; }

  const digit_view& digits() const { return digits_; }
  const exponent_view& exponents() const { return exponents_; }

 private:
  digit_view digits_;
  exponent_view exponents_;
};

template <class MemorySpace>
array<MemorySpace>::array(std::int64_t k, int digit_count, const std::string& label) {
  const char* fn = "kamp::signed_digit::array";
  if (k < 0) throw invalid_argument(fn, "k", std::to_string(k), "must be >= 0");
  if (digit_count < 1 || digit_count > max_digit_count) {
    throw invalid_argument(fn, "digit_count", std::to_string(digit_count),
                           "must be in [1, " + std::to_string(max_digit_count) + "]");
  }
  const std::int64_t stride = (k + row_alignment - 1) / row_alignment * row_alignment;
  digits_ = digit_view(label + "::digits", static_cast<std::size_t>(digit_count), static_cast<std::size_t>(stride));
  exponents_ = exponent_view(label + "::exponents", static_cast<std::size_t>(k));
}

// Bulk transfers. copy_from_host takes numbers of at most the array's digit count (fewer are
// padded with zero digits) and exactly size() of them, or throws kamp::invalid_argument naming
// "values" before anything is copied.
template <class MemorySpace>
void copy_from_host(const array<MemorySpace>& a, const std::vector<number>& values) {
  const char* fn = "kamp::signed_digit::copy_from_host";
  if (values.size() != a.size()) {
    throw invalid_argument(fn, "values", std::to_string(values.size()) + " numbers",
                           "must hold the array's " + std::to_string(a.size()));
  }
  for (std::size_t j = 0; j < values.size(); ++j) {
    if (values[j].used_digits() > a.digit_count()) {
      throw invalid_argument(
          fn, "values", "number " + std::to_string(j) + " with " + std::to_string(values[j].used_digits()) + " digits",
          "must fit the array's " + std::to_string(a.digit_count()) + " digits");
    }
  }
  auto digits = Kokkos::create_mirror_view(a.digits());
  auto exponents = Kokkos::create_mirror_view(a.exponents());
  Kokkos::deep_copy(digits, std::int8_t(0));
  for (std::size_t j = 0; j < values.size(); ++j) {
    const int used = values[j].used_digits();
    for (int i = 0; i < used; ++i) digits(i, j) = static_cast<std::int8_t>(values[j].digit(i));
    exponents(j) = values[j].exponent();
  }
  Kokkos::deep_copy(a.digits(), digits);
  Kokkos::deep_copy(a.exponents(), exponents);
}

template <class MemorySpace>
std::vector<number> copy_to_host(const array<MemorySpace>& a) {
  auto digits = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.digits());
  auto exponents = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.exponents());
  std::vector<number> values;
  values.reserve(a.size());
  std::vector<std::int8_t> row(static_cast<std::size_t>(a.digit_count()));
  for (std::size_t j = 0; j < a.size(); ++j) {
    for (int i = 0; i < a.digit_count(); ++i) row[static_cast<std::size_t>(i)] = digits(i, j);
    values.emplace_back(row, exponents(j));
  }
  return values;
}

}  // namespace kamp::signed_digit

#pragma once
// z_j = x_j + y_j or x_j - y_j for every j: exponents aligned to t = min(t_x, t_y), then one
// carry-limited addition, every (digit position, number) pair independent. A first kernel finds
// the elements whose result has a nonzero digit at or above z's digit count; only when there is
// none does the second write z (through a temporary when z shares storage with x or y, since a
// digit reads its neighbour below).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "signed_digit/digit_rules.hpp"
#include "signed_digit/kernels.hpp"

namespace kamp::signed_digit::detail {

// The digits of one aligned, signed addition of element j.
template <class Array>
struct aligned_sum {
  Array x, y;
  int sign_y;

  // x's digit at aligned position p given its shift (0 outside its digits).
  KOKKOS_INLINE_FUNCTION static int aligned_digit(const Array& a, std::int64_t p, std::int64_t shift, std::size_t j) {
    const std::int64_t i = p - shift;
    return (i >= 0 && i < a.digit_count()) ? a.digit(static_cast<int>(i), j) : 0;
  }
  KOKKOS_INLINE_FUNCTION int position_sum(std::int64_t p, std::int64_t sx, std::int64_t sy, std::size_t j) const {
    return aligned_digit(x, p, sx, j) + sign_y * aligned_digit(y, p, sy, j);
  }
  KOKKOS_INLINE_FUNCTION int digit(std::int64_t p, std::int64_t sx, std::int64_t sy, std::size_t j) const {
    return transfer_step(position_sum(p, sx, sy, j), p > 0 ? position_sum(p - 1, sx, sy, j) : 0);
  }
  // Whether a digit at or above `width` is nonzero. Digit p can be nonzero only when position p
  // or p - 1 holds a digit of x or of y, i.e. p in [sx, sx + nx] or [sy, sy + ny].
  KOKKOS_INLINE_FUNCTION bool any_digit(std::int64_t from, std::int64_t to, std::int64_t sx, std::int64_t sy,
                                        std::size_t j) const {
    for (std::int64_t p = from; p <= to; ++p) {
      if (digit(p, sx, sy, j) != 0) return true;
    }
    return false;
  }
  KOKKOS_INLINE_FUNCTION bool overflows(int width, std::int64_t sx, std::int64_t sy, std::size_t j) const {
    return any_digit(sx > width ? sx : width, sx + x.digit_count(), sx, sy, j) ||
           any_digit(sy > width ? sy : width, sy + y.digit_count(), sx, sy, j);
  }
};

template <class ExecSpace>
std::int64_t add(const ExecSpace& exec, const array<typename ExecSpace::memory_space>& x,
                 const array<typename ExecSpace::memory_space>& y, bool negate_y,
                 const array<typename ExecSpace::memory_space>& z) {
  using digits = array<typename ExecSpace::memory_space>;
  const std::int64_t k = static_cast<std::int64_t>(x.size());
  if (k == 0) return -1;
  const aligned_sum<digits> op{x, y, negate_y ? -1 : 1};
  const int width = z.digit_count();
  std::int64_t first = k;
  Kokkos::parallel_reduce(
      "kamp::signed_digit::add::overflow_check", Kokkos::RangePolicy<ExecSpace>(exec, 0, k),
      KOKKOS_LAMBDA(std::int64_t j, std::int64_t & f) {
        const std::int64_t tx = x.exponent(j), ty = y.exponent(j), t = tx < ty ? tx : ty;
        if (j < f && op.overflows(width, tx - t, ty - t, static_cast<std::size_t>(j))) f = j;
      },
      Kokkos::Min<std::int64_t>(first));
  if (first < k) return first;

  const bool aliased = z.digits().data() == x.digits().data() || z.digits().data() == y.digits().data();
  const digits out = aliased ? digits(k, width, "kamp::signed_digit::add::result") : z;
  Kokkos::parallel_for(
      "kamp::signed_digit::add", Kokkos::RangePolicy<ExecSpace>(exec, 0, k * width), KOKKOS_LAMBDA(std::int64_t idx) {
        const std::int64_t p = idx / k;
        const std::size_t j = static_cast<std::size_t>(idx - p * k);
        const std::int64_t tx = x.exponent(j), ty = y.exponent(j), t = tx < ty ? tx : ty;
        out.set_digit(static_cast<int>(p), j, op.digit(p, tx - t, ty - t, j));
        if (p == 0) out.set_exponent(j, static_cast<std::int32_t>(t));
      });
  if (aliased) {
    Kokkos::deep_copy(exec, z.digits(), out.digits());
    Kokkos::deep_copy(exec, z.exponents(), out.exponents());
  }
  return -1;
}

}  // namespace kamp::signed_digit::detail

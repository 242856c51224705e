#pragma once
// Partial products of signed-digit numbers, shared by multiplication and the dot product. A
// number's digits are read as limbs of G digits (G = 1: the digits themselves, as Otsokov and
// Magomedov use them; G = 4: limbs in [-6666, 6666], sixteen times fewer products); limb column q
// of x y is sum_a x_a y_(q-a), placed at digit position G q. Limbs of both operands fit int16.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

#include "signed_digit/kernels.hpp"

namespace kamp::signed_digit::detail {

template <int G>
struct limb_rule {
  static_assert(G == 1 || G == 4, "limbs of 1 or 4 digits");
  static constexpr std::int64_t max_limb = G == 1 ? 6 : 6666;
  // One pair's column: at most min(Lx, Ly) products of two limbs.
  using column_type = typename std::conditional<G == 1, std::int32_t, std::int64_t>::type;
};

KOKKOS_INLINE_FUNCTION int limb_count(int digit_count, int G) { return (digit_count + G - 1) / G; }

// Limb l of number j: its digits l G .. l G + G - 1.
template <int G, class Array>
KOKKOS_INLINE_FUNCTION std::int16_t limb(const Array& a, int l, std::size_t j) {
  int value = 0;
  for (int g = G - 1; g >= 0; --g) {
    const int i = l * G + g;
    value = value * 10 + (i < a.digit_count() ? a.digit(i, j) : 0);
  }
  return static_cast<std::int16_t>(value);
}

// Column q of the product of limb vectors xs[0, lx) and ys[0, ly).
template <int G>
KOKKOS_INLINE_FUNCTION typename limb_rule<G>::column_type limb_column(const std::int16_t* xs, int lx,
                                                                      const std::int16_t* ys, int ly, int q) {
  using column = typename limb_rule<G>::column_type;
  const int a_begin = q - ly + 1 > 0 ? q - ly + 1 : 0;
  const int a_end = q + 1 < lx ? q + 1 : lx;
  column sum = 0;
  for (int a = a_begin; a < a_end; ++a) sum += column(xs[a]) * column(ys[q - a]);
  return sum;
}

// The bound on one column of a sum of `pairs` products of numbers of lx and ly limbs.
template <int G>
std::int64_t column_bound(int lx, int ly, std::int64_t pairs) {
  const std::int64_t per_pair = (lx < ly ? lx : ly) * limb_rule<G>::max_limb * limb_rule<G>::max_limb;
  return per_pair * pairs;
}

}  // namespace kamp::signed_digit::detail

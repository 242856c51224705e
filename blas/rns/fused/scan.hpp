#pragma once
// What the fused GEMV's scan learns of an output's products from their headers alone: the top
// bit of the largest finite product, the lowest exponent, and the special values that decide
// the result (blas/rns/fused/team_kernel.hpp).
#include <Kokkos_Core.hpp>

#include <climits>
#include <cstdint>

namespace kamp::rns {

// What the fused kernel leaves in sum_grid besides a grid exponent (which lies within a few
// 2^31 of zero): a zero output (every term zero), or a special value in sums.
constexpr std::int64_t fused_no_sum = LLONG_MIN, fused_special_sum = LLONG_MAX;

// What the headers of a row (or column) say: the top bit of its largest finite product
// and whether special values decide the result.
struct fused_scan {
  enum : std::int32_t { has_nan = 1, has_positive_inf = 2, has_negative_inf = 4 };
  // Not a special value: a product whose bit-length bounds straddle the overflow limit, which
  // only its rounding can settle (gemv_fused_kernel::settle_overflows).
  enum : std::int32_t { may_overflow = 8 };
  static constexpr std::int32_t special_values = has_nan | has_positive_inf | has_negative_inf;
  std::int64_t top = LLONG_MIN;  // LLONG_MIN: no nonzero finite product
  std::int64_t low = LLONG_MAX;  // the least exponent (last bit) of a nonzero finite product
  std::int32_t specials = 0;
};

struct fused_scan_reducer {
  using reducer = fused_scan_reducer;
  using value_type = fused_scan;
  using result_view_type = Kokkos::View<value_type, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  value_type& value;
  KOKKOS_INLINE_FUNCTION explicit fused_scan_reducer(value_type& v) : value(v) {}
  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const {
    if (src.top > dest.top) dest.top = src.top;
    if (src.low < dest.low) dest.low = src.low;
    dest.specials |= src.specials;
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& dest, const volatile value_type& src) const {
    if (src.top > dest.top) dest.top = src.top;
    if (src.low < dest.low) dest.low = src.low;
    dest.specials |= src.specials;
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const { v = value_type(); }
  KOKKOS_INLINE_FUNCTION value_type& reference() const { return value; }
  KOKKOS_INLINE_FUNCTION result_view_type view() const { return result_view_type(&value); }
  KOKKOS_INLINE_FUNCTION bool references_scalar() const { return true; }
};

// A product's place: its exponent, its bit length bound (X_a X_d < 2^bits) and its sign; and
// X_a X_d / M <= fraction 2^fraction_exp, which a truncation needs.
struct fused_term {
  std::int64_t exp = 0;
  std::int64_t bits = 0;
  std::int32_t sign = 0;
  double fraction = 0;
  std::int64_t fraction_exp = 0;
};

}  // namespace kamp::rns

#pragma once
// format_traits for dd_real and expansion<N> (formats/format_traits.hpp lists the members).
// unit_roundoff(): the largest of the add, sub and mul bounds.
//   dd_real: 5u^2 (DWTimesDW3), u = 2^-53; it dominates the accurate addition's 3u^2 + 13u^3.
//   expansion<N>: u_N = 2^-52N (1 + 2^-46) (proof in multi_double/expansion.hpp).
// fma(a, b, c): dd_real add(mul(a, b), c), two roundings, each within u, as the contract states;
// expansion<N> one rounding where its bins take the operands (multi_double::fma,
// multi_double/expansion.hpp proves the contract), else the same two.
#include <mpfr.h>

#include <string>
#include <type_traits>

#include "core/mpfr_value.hpp"
#include "multi_double/anchored_level_sum.hpp"
#include "multi_double/dd_arithmetic.hpp"
#include "multi_double/dd_limits.hpp"
#include "multi_double/expansion.hpp"
#include "multi_double/expansion_limits.hpp"
#include "multi_double/invariant.hpp"
#include "multi_double/level_sum.hpp"
#include "multi_double/mixed_product_sum.hpp"
#include "multi_double/mpfr_conversion.hpp"
#include "formats/format_traits.hpp"
#include "formats/value_array.hpp"

namespace kamp {

namespace multi_double::detail {
// c 2^e as an mpfr_value (exact: c has fewer than 64 bits).
inline core::mpfr_value scaled(double c, long e) {
  core::mpfr_value r(c, 64);
  mpfr_mul_2si(r.get(), r.get(), e, MPFR_RNDN);
  return r;
}

KOKKOS_INLINE_FUNCTION double leading_component(const dd_real& x) { return x.hi; }
template <int N>
KOKKOS_INLINE_FUNCTION double leading_component(const expansion<N>& x) {
  return x.c[0];
}

// The members of format_traits that dd_real and expansion<N> share: the arithmetic of
// multi_double/dd_arithmetic.hpp and multi_double/expansion.hpp (found by overloading on Value),
// exact conversion to MPFR and strings. dd_real's is also the arithmetic of the D+S storage
// formats.
template <class Value>
struct multi_double_arithmetic {
  using value_type = Value;
  using context_type = no_context;
  template <class MemorySpace>
  static context_type context() {
    return {};
  }
  KOKKOS_INLINE_FUNCTION static value_type zero() { return value_type(); }
  KOKKOS_INLINE_FUNCTION static value_type from_double(const context_type&, double x) { return value_type(x); }
  KOKKOS_INLINE_FUNCTION static double to_double(const context_type&, const value_type& x) {
    return leading_component(x);
  }
  KOKKOS_INLINE_FUNCTION static value_type add(const context_type&, const value_type& a, const value_type& b) {
    return multi_double::add(a, b);
  }
  KOKKOS_INLINE_FUNCTION static value_type sub(const context_type&, const value_type& a, const value_type& b) {
    return multi_double::sub(a, b);
  }
  KOKKOS_INLINE_FUNCTION static value_type mul(const context_type&, const value_type& a, const value_type& b) {
    return multi_double::mul(a, b);
  }
  KOKKOS_INLINE_FUNCTION static value_type fma(const context_type&, const value_type& a, const value_type& b,
                                               const value_type& c) {
    return multi_double::add(multi_double::mul(a, b), c);
  }
  KOKKOS_INLINE_FUNCTION static value_type abs(const context_type&, const value_type& a) {
    return multi_double::abs(a);
  }
  static core::mpfr_value to_mpfr(const value_type& x) { return multi_double::to_mpfr(x); }
  static std::string to_string(const value_type& x) { return multi_double::to_string(x); }
  static std::string invariant_violation(const value_type& x) { return multi_double::invariant_violation(x); }
};

struct dd_arithmetic : multi_double_arithmetic<dd_real> {
  // Long fma chains without the per-step special-value tests (formats/format_traits.hpp).
  KOKKOS_INLINE_FUNCTION static value_type fma_finite(const context_type&, const value_type& a, const value_type& b,
                                                      const value_type& c) {
    return multi_double::fma_finite(a, b, c);
  }
  KOKKOS_INLINE_FUNCTION static bool chain_needs_recompute(const value_type& s) {
    return multi_double::chain_needs_recompute(s);
  }
  // Sums of exact products of doubles: level_sum<2> (multi_double/level_sum.hpp), rounded to the canonical
  // pair by FastTwoSum (exact: |c1| <= ulp(c0)); Inf or NaN where the sum is not finite.
  struct product_sum : multi_double::level_sum<2> {
    product_sum() = default;
    // {hi, lo} keeps the expansion invariant (|lo| <= ulp(hi) / 2).
    KOKKOS_INLINE_FUNCTION explicit product_sum(const dd_real& start)
        : multi_double::level_sum<2>(multi_double::expansion<2>()) {
      a[0] = start.hi;
      a[1] = start.lo;
    }
  };
  KOKKOS_INLINE_FUNCTION static value_type product_sum_result(const product_sum& s) {
    const multi_double::expansion<2> r = s.result();
    double lo = 0;
    const double hi = core::fast_two_sum(r.c[0], r.c[1], lo);
    return std::isfinite(hi) ? value_type(hi, lo) : value_type(hi);
  }
  // Sums of products of doubles and dd_reals (a sparse row times a vector in dd_real): two parts,
  // 11 FP64 instructions a product (multi_double/mixed_product_sum.hpp); Inf or NaN where not finite.
  using mixed_product_sum = multi_double::mixed_product_sum;
  KOKKOS_INLINE_FUNCTION static value_type mixed_product_sum_result(const mixed_product_sum& s) { return s.result(); }
  static value_type from_mpfr(mpfr_srcptr x) { return multi_double::dd_from_mpfr(x); }
  static value_type from_string(const std::string& text) { return multi_double::dd_from_string(text); }
};
}  // namespace multi_double::detail

template <>
struct format_traits<multi_double::dd_real> : multi_double::detail::dd_arithmetic {
  template <class MemorySpace>
  using array_type = value_array<multi_double::dd_real, multi_double::dd_real, MemorySpace>;
  static core::mpfr_value unit_roundoff() { return multi_double::detail::scaled(5.0, -106); }  // 5u^2
  static constexpr int precision = 106;
  static std::string name() { return "dd_real"; }
};

template <int N>
struct format_traits<multi_double::expansion<N>>
    : multi_double::detail::multi_double_arithmetic<multi_double::expansion<N>> {
  using typename multi_double::detail::multi_double_arithmetic<multi_double::expansion<N>>::value_type;
  template <class MemorySpace>
  using array_type = value_array<multi_double::expansion<N>, multi_double::expansion<N>, MemorySpace>;
  static value_type from_mpfr(mpfr_srcptr x) { return multi_double::expansion_from_mpfr<N>(x); }
  static value_type from_string(const std::string& text) { return multi_double::expansion_from_string<N>(text); }
  KOKKOS_INLINE_FUNCTION static value_type fma(const no_context&, const value_type& a, const value_type& b,
                                               const value_type& c) {
    return multi_double::fma(a, b, c);
  }
  // fma's branch-free common path, the bins (formats/fma_common_path.hpp).
  KOKKOS_FORCEINLINE_FUNCTION static bool fma_takes_common_path(const no_context&, const value_type& a,
                                                                const value_type& b, const value_type& c) {
    return multi_double::fma_takes_bins(a, b, c);
  }
  KOKKOS_FORCEINLINE_FUNCTION static value_type fma_common_path(const no_context&, const value_type& a,
                                                                const value_type& b, const value_type& c) {
    return multi_double::fma_in_bins(a, b, c);
  }
  // a x + c for a double a: the product by a double grows 2N terms, not N(N-1)+N+1.
  KOKKOS_INLINE_FUNCTION static value_type fma_by_double(const no_context&, double a, const value_type& x,
                                                         const value_type& c) {
    return multi_double::fma(x, a, c);
  }
  // Sums of exact products of doubles, unnormalised and rounded once (multi_double/level_sum.hpp).
  using product_sum = multi_double::level_sum<N>;
  KOKKOS_INLINE_FUNCTION static value_type product_sum_result(const product_sum& s) { return s.result(); }
  // Sums of products of two expansions rounded once (the GEMV's and GEMM's chains): anchored levels
  // (FastTwoSum cascades) where they reach the precision, N <= 4, else the level sum.
  using value_product_sum =
      std::conditional_t<multi_double::anchored_levels_fit<N>, multi_double::anchored_level_sum<N>,
                         multi_double::level_sum<N, multi_double::expansion<N>>>;
  KOKKOS_INLINE_FUNCTION static value_type value_product_sum_result(const value_product_sum& s) { return s.result(); }
  // 2^-52N (1 + 2^-46)
  static core::mpfr_value unit_roundoff() { return multi_double::detail::scaled(1.0 + 0x1p-46, -52L * N); }
  static constexpr int precision = 53 * N;
  static std::string name() { return N == 4 ? std::string("qd_real") : "expansion_" + std::to_string(N); }
};

}  // namespace kamp

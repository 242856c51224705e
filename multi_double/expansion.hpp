#pragma once
// The expansion<N> arithmetic (multi_double/expansion_type.hpp has the type and its invariant):
// add, sub, mul, fma, compare, with their bounds.
//
// Algorithm (add, sub, mul): form the terms of the result (all of them for add and sub; for mul
// the TwoProd pairs down to diagonal N - 2, then rounded terms, see below), accumulate them into
// a nonoverlapping expansion, EXACTLY for add and sub (multi_double/exact_sum.hpp: Shewchuk's
// Grow-Expansion in fixed slots, branch-free, registers only on a GPU) and for mul within
// 2^-(52N + 50) of the leading product (multi_double/binned_cores.hpp: fixed-point bins, the grown form
// outside their range), then extract N times the leading double of Shewchuk's Compress of what
// is left. fma(x, y, c) puts c's components in the product's bins and rounds once.
//
// Proof sketch. Let T_0 = S be the accumulated value and T_k = T_{k-1} - r_k the exact
// remainder after the k-th output r_k. Compress gives |T_{k-1} - r_k| < ulp(r_k) <= 2^-52 |r_k|,
// and |r_k| <= |T_{k-1}| + ulp(r_k), so |T_k| < e |T_{k-1}| with e = 2^-52 / (1 - 2^-52): after N
// outputs |S - sum r_k| = |T_N| < e^N |S|. Since |T_k| < ulp(r_k), a power of two, and
// |r_{k+1}| - ulp(r_{k+1}) < |T_k|, r_{k+1} cannot exceed ulp(r_k): the outputs satisfy the
// representation invariant. Add/sub: S is the exact result, so their relative error is
// < e^N <= 2^-52N (1 + 2^-49) for N <= 8.
// Mul: with |x_k| <= 2^-52k |x_0| (the invariant), the products x_i y_j with i + j = s are at
// most 2^-52s P, P = |x_0 y_0|; let a = 2^-52N P. The terms' exact sum S_t is that of: the exact
// TwoProd pairs of the diagonals s <= N - 2; the rounded products of diagonal N - 1; and one
// tail, the rounded sum of diagonal N - 1's TwoProd errors (N terms of at most 2^-53 2^-52(N-1) P
// = a/2 each) and then of diagonal N's rounded products (N - 1 terms of at most a (1 + 2^-53)).
// Diagonals above N are dropped. S_t differs from x y by the tail's additions (each errs by at
// most 2^-53 of its partial sum; the partial sums add up to at most ((N(N+1)/2 - 1)/2 + N(N-1)) a,
// 73.5 a for N = 8), diagonal N's roundings ((N - 1) 2^-53 a) and the dropped diagonals (at most
// (N - 2) 2^-52 a), all up to a factor 1 + 2^-50: |S_t - x y| <= d a with d < 2^-46.6 for N <= 8.
// The bins' S differs from S_t by at most 2^(E - 52N - 50) <= 2^-50 a (1 + 2^-52) (2^E, the
// binade of fl(x_0 y_0)); the grown form has S = S_t. With |x y| >= P (1 - 2^-51), |x y - result|
// <= (d + 2^-49.9) a + e^N (|x y| + d a), and e^N <= 2^-52N (1 + N 2^-51.9): the total is below
// 2^-52N (1 + 0.93 2^-46) |x y| for N <= 8.
// So u_N = 2^-52N (1 + 2^-46) (format_traits' unit_roundoff) bounds add, sub and mul.
// Fma: the bins are anchored at 2^E, the binade of the larger of fl(x_0 y_0) and c_0, so 2^E <=
// max(|x y|, |c|) (1 + 2^-50) <= (2 |x y| + |x y + c|)(1 + 2^-50), and S = S_t + c within
// 2^(E - 52N - 50). Then |r - (x y + c)| <= e^N |S| + d a + 2^(E - 52N - 50) <= 2^-52N ((1 +
// 2^-48.5) |x y + c| + 2^-46.3 |x y|), below u_N (|x y| + |r| / (1 + u_N)): there are d_2, |d_2|
// <= u_N, moving r / (1 + d_2) to within u_N |x y| of x y + c, i.e. r = (x y (1 + d_1) + c)(1 + d_2)
// with |d_1|, |d_2| <= u_N, the fma contract (formats/format_traits.hpp) that add(mul(x, y), c)
// meets with two roundings.
//
// Why not the cheaper "output fl(e_top + e_second) and re-grow the error": a nonoverlapping
// expansion (Shewchuk's sense) does not keep the components below e_top under ulp(e_top): 1 and
// -(1 - 2^-53) are nonoverlapping, so e.g. {2^-60, -(1 - 2^-53), 1} has e_top + e_second = 2^-53
// exactly and leaves a remainder of 2^-7 relative; the outputs then lose the 2^-52 spacing and
// the error is no longer e^N. Compress is what makes the leading component accurate.
//
// The ends of the range (multi_double/range_edges.hpp has the rules shared with dd_real):
// - Overflow: a finite result is within u_N and never above max(); the result is +-Inf, other
//   components 0, only when the exact |result| >= max() (1 - u_N), never NaN. Grow-Expansion and
//   Compress can pass DBL_MAX on the way to a finite result (a partial sum of the largest
//   components, or TwoSum(q, +-DBL_MAX)); the operation is then redone on operands scaled down
//   by a power of two and its result scaled back. A result led by +-DBL_MAX is compared exactly
//   with max() (the lower components only, which cannot overflow). The bins take only leads
//   below 2^1000.
// - Underflow: add and sub are exact in every step (TwoSum), and an extraction whose output is
//   below 2^-1021 leaves an exact remainder of 0 (|T_k| < ulp(r_k) = 2^-1074), so u_N holds down
//   to the subnormals. mul's TwoProd errors are exact only for |x_i y_j| >= 2^-969: each of its
//   N(N+1)/2 TwoProds and N - 1 rounded products adds at most 2^-1075 in absolute terms, so
//   |error| <= u_N |x y| + (N(N+3)/2 - 1) 2^-1075 (1 + 2^-50). The bins take only leads whose
//   every bin is a normal double (product_bins::fits); fma goes through add(mul) elsewhere.
// - Inf and NaN operands: IEEE on the leading components (x_0 op y_0, other components 0).
// - Signed zero: an exact zero is +0 (or -0 as IEEE gives it for x_0 op y_0).
// - compare is exact everywhere: an intermediate of x - y can pass DBL_MAX only when x and y
//   differ by at least 2^968, and then the signs of x/4 - y/4 and x - y agree (scaling loses
//   less than 2N 2^-1075).
// The common path of add and mul tests the leading components before the algorithm (finite and
// far below overflow: below 2^1020, or fl(x_0 y_0) below it) and the result after it (zero gets
// its sign); the rest runs out of line (detail::edge), with the same results.
#include <Kokkos_Core.hpp>

#include <cfloat>
#include <cmath>
#include <type_traits>

#include "core/out_of_line.hpp"
#include "multi_double/binned_cores.hpp"
#include "multi_double/expansion_type.hpp"
#include "multi_double/grown_cores.hpp"
#include "multi_double/range_edges.hpp"

namespace kamp::multi_double {

namespace detail {

// The largest expansion<N> (std::numeric_limits' max(), or lowest() for sign -1): DBL_MAX, then
// components just short of half an ulp of the one before, so that c[0] is the value rounded to
// nearest.
template <int N>
constexpr KOKKOS_INLINE_FUNCTION expansion<N> largest_expansion(double sign) {
  expansion<N> r;
  r.c[0] = sign * DBL_MAX;
  double next = sign * 0x1.fffffffffffffp+969;  // just below ulp(DBL_MAX)/2 = 2^970
  for (int k = 1; k < N; ++k) {
    r.c[k] = next;
    next *= 0x1p-53;  // just below half an ulp of the component before (exact scaling)
  }
  return r;
}

// The exact x - y as a nonoverlapping expansion.
template <int N>
KOKKOS_INLINE_FUNCTION exact_sum<2 * N> difference(const expansion<N>& x, const expansion<N>& y) {
  double t[2 * N];
  sum_terms(x, -y, t);
  return exact_sum<2 * N>(t);
}

// Whether r, finite, lies above max() in magnitude: only where |c[0]| = DBL_MAX, and then by an
// exact comparison of the lower components with max()'s (all below 2^972: nothing overflows).
template <int N>
KOKKOS_INLINE_FUNCTION bool above_largest(const expansion<N>& r) {
  if (std::fabs(r.c[0]) != DBL_MAX) return false;
  const double sign = r.c[0] > 0 ? 1.0 : -1.0;
  const expansion<N> largest = largest_expansion<N>(1.0);
  expansion<N> tail, largest_tail;
  for (int k = 1; k < N; ++k) {
    tail.c[k - 1] = sign * r.c[k];
    largest_tail.c[k - 1] = largest.c[k];
  }
  return difference(tail, largest_tail).sign() == 1;
}

// add and mul for edge(): the exact algorithm, the plain leading operation and the operands' scale in the
// retry (each operand a quarter for a sum, half for a product, so the result is a quarter).
struct sum_op {
  static constexpr double operand_scale = 0.25;
  KOKKOS_INLINE_FUNCTION static double lead(double a, double b) { return core::add_rn(a, b); }
  // Leading components below 2^1020 (NaN and Inf fail the test): every partial sum of the exact
  // sum is below (|x_0| + |y_0|)(1 + 2^-51) < 2^1022, so nothing overflows and the result is far
  // below max().
  KOKKOS_INLINE_FUNCTION static bool far_from_overflow(double a, double b, double) {
    return std::fabs(a) < 0x1p1020 && std::fabs(b) < 0x1p1020;
  }
  template <int N>
  KOKKOS_INLINE_FUNCTION static expansion<N> compute(const expansion<N>& x, const expansion<N>& y) {
    return sum_core(x, y);
  }
};
struct product_op {
  static constexpr double operand_scale = 0.5;
  KOKKOS_INLINE_FUNCTION static double lead(double a, double b) { return core::mul_rn(a, b); }
  // fl(x_0 y_0) below 2^1020 (NaN, from 0 x Inf, and Inf fail the test): every product and
  // partial sum is below |x_0 y_0| (1 + 2^-51)^2 < 2^1021, so nothing overflows.
  KOKKOS_INLINE_FUNCTION static bool far_from_overflow(double, double, double lead) {
    return std::fabs(lead) < 0x1p1020;
  }
  template <int N>
  KOKKOS_INLINE_FUNCTION static expansion<N> compute(const expansion<N>& x, const expansion<N>& y) {
    return product(x, y);
  }
};

// product_op with a double y (y.c[0]; the other components 0, also in edge()'s rescaled retry).
struct product_by_double_op : product_op {
  template <int N>
  KOKKOS_INLINE_FUNCTION static expansion<N> compute(const expansion<N>& x, const expansion<N>& y) {
    return product_by_double(x, y.c[0]);
  }
};

// Op on operands that are not far from overflow (or not finite): special values, a result that
// passes DBL_MAX inside the exact algorithm or ends above max().
template <class Op, int N>
KAMP_OUT_OF_LINE_FUNCTION expansion<N> edge(expansion<N> x, expansion<N> y) {
  const double lead = Op::lead(x.c[0], y.c[0]);  // decides special values and signs
  if (!std::isfinite(x.c[0]) || !std::isfinite(y.c[0])) return expansion<N>(lead);
  expansion<N> r = Op::compute(x, y);
  if (r.c[0] == 0) return expansion<N>(lead == 0 ? lead : 0.0);
  const expansion<N> overflow(overflow_with_sign_of(lead));
  if (!std::isfinite(r.c[0])) {
    // Finite operands past DBL_MAX inside: at a quarter of the scale nothing overflows unless
    // the result does.
    r = Op::compute(times_power_of_two(x, Op::operand_scale), times_power_of_two(y, Op::operand_scale));
    if (!std::isfinite(r.c[0])) return overflow;
    r = times_power_of_two(r, 4.0);
    if (!std::isfinite(r.c[0])) return overflow;
  }
  return above_largest(r) ? overflow : r;
}

// Op's common path: operands far from overflow need no test but the zero result's sign. The
// test comes before the exact algorithm, so that x and y are dead once it has read them (kept
// for a test after it, they would hold registers through the whole algorithm).
template <class Op, int N>
KOKKOS_INLINE_FUNCTION expansion<N> apply(const expansion<N>& x, const expansion<N>& y) {
  const double lead = Op::lead(x.c[0], y.c[0]);
  if (!Op::far_from_overflow(x.c[0], y.c[0], lead)) return edge<Op>(x, y);
  const expansion<N> r = Op::compute(x, y);
  return r.c[0] != 0 ? r : expansion<N>(lead == 0 ? lead : 0.0);
}

}  // namespace detail

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> add(const expansion<N>& x, const expansion<N>& y) {
  return detail::apply<detail::sum_op>(x, y);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator-(const expansion<N>& x) {
  expansion<N> r;
  for (int k = 0; k < N; ++k) r.c[k] = -x.c[k];
  return r;
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> sub(const expansion<N>& x, const expansion<N>& y) {
  return add(x, -y);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> mul(const expansion<N>& x, const expansion<N>& y) {
  return detail::apply<detail::product_op>(x, y);
}

// x b for a double b: mul(x, expansion<N>(b))'s bound and special values at a third of its cost.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> mul(const expansion<N>& x, double b) {
  return detail::apply<detail::product_by_double_op>(x, expansion<N>(b));
}

// Whether fma(x, y, c) rounds once in the bins: finite operands, fl(x_0 y_0) in the bins' range,
// |c_0| < 2^1000, neither factor a power of two (so that fma(x, 1, c) is add(x, c)).
template <int N>
KOKKOS_FORCEINLINE_FUNCTION bool fma_takes_bins(const expansion<N>& x, const expansion<N>& y, const expansion<N>& c) {
  const bool scaling = detail::is_power_of_two(x) || detail::is_power_of_two(y);
  return !scaling && detail::fused_fits<detail::fma_bins_of<N>>(core::mul_rn(x.c[0], y.c[0]), c.c[0]);
}

// fma(x, y, c)'s bits where fma_takes_bins(x, y, c) holds, any value elsewhere; no branch, so a
// host loop of it over independent operands vectorises (blas/generic/level1_kernels.hpp).
template <int N>
KOKKOS_FORCEINLINE_FUNCTION expansion<N> fma_in_bins(const expansion<N>& x, const expansion<N>& y,
                                                     const expansion<N>& c) {
  return detail::binned_fma(x, y, c, core::mul_rn(x.c[0], y.c[0]));
}

// x y + c with one rounding where the bins take it (fma_takes_bins), else add(mul(x, y), c);
// both within the fma contract (the proof above).
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> fma(const expansion<N>& x, const expansion<N>& y, const expansion<N>& c) {
  if (fma_takes_bins(x, y, c)) return fma_in_bins(x, y, c);
  return add(mul(x, y), c);
}

// x b + c for a double b, as fma (the product by a double's 2N terms), b = +-2^k included: its
// terms are then the exact x_i b with TwoProd errors 0, the same proof. A power of two in the
// bins, rather than add(mul), keeps a row of a matrix with such entries (E11's) on one path: on a
// GPU two paths would diverge within a warp, and the SpMV would run both.
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> fma(const expansion<N>& x, double b, const expansion<N>& c) {
  const double p = core::mul_rn(x.c[0], b);
  if (detail::fused_fits<detail::fma_by_double_bins_of<N>>(p, c.c[0])) return detail::binned_fma_by_double(x, b, c, p);
  return add(mul(x, b), c);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> abs(const expansion<N>& x) {
  return x.c[0] < 0 ? -x : x;
}

template <int N>
KOKKOS_INLINE_FUNCTION double to_double(const expansion<N>& x) {
  return x.c[0];
}

// Exact three-way comparison: the sign of the exact x - y (0 when equal, 2 when unordered).
// Expansions are not unique (c[0] is only within ulp(c[0]) of the value), so comparing
// components lexicographically would be wrong.
template <int N>
KOKKOS_INLINE_FUNCTION int compare(const expansion<N>& x, const expansion<N>& y) {
  if (std::isnan(x.c[0]) || std::isnan(y.c[0])) return 2;
  if (!std::isfinite(x.c[0]) || !std::isfinite(y.c[0])) {
    return x.c[0] < y.c[0] ? -1 : (x.c[0] > y.c[0] ? 1 : 0);
  }
  detail::exact_sum<2 * N> s = detail::difference(x, y);
  // Rare: an intermediate passed DBL_MAX (x and y then differ by at least 2^968).
  if (!s.finite()) s = detail::difference(detail::times_power_of_two(x, 0.25), detail::times_power_of_two(y, 0.25));
  return s.sign();
}

template <int N>
KOKKOS_INLINE_FUNCTION bool operator==(const expansion<N>& a, const expansion<N>& b) {
  return compare(a, b) == 0;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator!=(const expansion<N>& a, const expansion<N>& b) {
  return compare(a, b) != 0;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator<(const expansion<N>& a, const expansion<N>& b) {
  return compare(a, b) == -1;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator>(const expansion<N>& a, const expansion<N>& b) {
  return compare(a, b) == 1;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator<=(const expansion<N>& a, const expansion<N>& b) {
  const int c = compare(a, b);
  return c == -1 || c == 0;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator>=(const expansion<N>& a, const expansion<N>& b) {
  const int c = compare(a, b);
  return c == 1 || c == 0;
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator<(const volatile expansion<N>& a, const volatile expansion<N>& b) {
  return load(a) < load(b);
}
template <int N>
KOKKOS_INLINE_FUNCTION bool operator>(const volatile expansion<N>& a, const volatile expansion<N>& b) {
  return load(a) > load(b);
}

template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator+(const expansion<N>& a, const expansion<N>& b) {
  return add(a, b);
}
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator-(const expansion<N>& a, const expansion<N>& b) {
  return sub(a, b);
}
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N> operator*(const expansion<N>& a, const expansion<N>& b) {
  return mul(a, b);
}
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N>& operator+=(expansion<N>& a, const expansion<N>& b) {
  return a = add(a, b);
}
template <int N>
KOKKOS_INLINE_FUNCTION expansion<N>& operator*=(expansion<N>& a, const expansion<N>& b) {
  return a = mul(a, b);
}
template <int N>
KOKKOS_INLINE_FUNCTION void operator+=(volatile expansion<N>& a, const volatile expansion<N>& b) {
  a = add(load(a), load(b));
}
template <int N>
KOKKOS_INLINE_FUNCTION void operator*=(volatile expansion<N>& a, const volatile expansion<N>& b) {
  a = mul(load(a), load(b));
}

}  // namespace kamp::multi_double

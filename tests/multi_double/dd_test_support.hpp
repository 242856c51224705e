#pragma once
// Shared pieces of the multi-double tests: the format list, typed (backend x format)
// configurations, random and adversarial operands, exact MPFR references and the invariant and
// bound checks. Every tolerance comes from format_traits<F>::unit_roundoff().
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "multi_double/dd_format.hpp"
#include "multi_double/double_format.hpp"
#include "multi_double/invariant.hpp"
#include "blas/format_list.hpp"
#include "tests/backends.hpp"
#include "tests/sweep_count.hpp"
#include "tests/tested_formats.hpp"

namespace kamp::test {

template <class Space, class Format>
struct dd_config {
  using space = Space;
  using format = Format;
};

// (format, space) pairs of the format list's arithmetic formats: every backend, or the host only
// (for checks of host code: conversions, host identities).
template <class Pairs>
struct dd_configs_of;
template <class... Pairs>
struct dd_configs_of<formats::type_list<Pairs...>> {
  using type = ::testing::Types<dd_config<typename Pairs::second, typename Pairs::first>...>;
};
using dd_configs =
    dd_configs_of<formats::cartesian_t<tested_formats_t<blas::multi_double_arithmetic_formats>, space_list>>::type;
using dd_host_configs = dd_configs_of<formats::cartesian_t<tested_formats_t<blas::multi_double_arithmetic_formats>,
                                                           formats::type_list<reference_space>>>::type;

// The expansions the costlier expansion suites run: the two smallest, qd_real and the largest.
using sampled_expansions =
    formats::apply_t<tested_formats_t<formats::type_list<multi_double::expansion<2>, multi_double::expansion<3>,
                                                         multi_double::qd_real, multi_double::expansion<8>>>,
                     ::testing::Types>;

struct dd_config_name {
  template <class T>
  static std::string GetName(int) {
    return std::string(T::space::name()) + "_" + format_traits<typename T::format>::name();
  }
};

// Components of a value, largest first.
inline int component_count(double) { return 1; }
inline int component_count(const multi_double::dd_real&) { return 2; }
template <int N>
int component_count(const multi_double::expansion<N>&) {
  return N;
}
inline double component(double x, int) { return x; }
inline double component(const multi_double::dd_real& x, int k) { return k == 0 ? x.hi : x.lo; }
template <int N>
double component(const multi_double::expansion<N>& x, int k) {
  return x.c[k];
}

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
std::string show(const T& x) {
  std::string s = "{";
  char buf[40];
  for (int k = 0; k < component_count(x); ++k) {
    std::snprintf(buf, sizeof buf, "%a", component(x, k));
    s += (k ? ", " : "") + std::string(buf);
  }
  return s + "}";
}

using multi_double::detail::ulp;

// The representation invariants: multi_double::invariant_violation (multi_double/invariant.hpp) for
// dd_real and the expansions, found by argument-dependent lookup; a double has none.
inline std::string invariant_violation(double) { return ""; }

// Exact a + b and a * b in MPFR (precision chosen so that nothing rounds).
inline core::mpfr_value exact_sum(const core::mpfr_value& a, const core::mpfr_value& b) {
  if (!mpfr_regular_p(a.get()) || !mpfr_regular_p(b.get())) {
    core::mpfr_value r(std::max(a.precision(), b.precision()));
    mpfr_add(r.get(), a.get(), b.get(), MPFR_RNDN);
    return r;
  }
  const long top = std::max(mpfr_get_exp(a.get()), mpfr_get_exp(b.get()));
  const long bottom = std::min(mpfr_get_exp(a.get()) - a.precision(), mpfr_get_exp(b.get()) - b.precision());
  core::mpfr_value r(top - bottom + 2);
  mpfr_add(r.get(), a.get(), b.get(), MPFR_RNDN);
  return r;
}
inline core::mpfr_value exact_product(const core::mpfr_value& a, const core::mpfr_value& b) {
  core::mpfr_value r(a.precision() + b.precision());
  mpfr_mul(r.get(), a.get(), b.get(), MPFR_RNDN);
  return r;
}

enum class op { add, sub, mul };
inline const char* op_name(op which) { return which == op::add ? "add" : which == op::sub ? "sub" : "mul"; }

template <class F>
value_type_t<F> apply(op which, const value_type_t<F>& x, const value_type_t<F>& y) {
  using traits = format_traits<F>;
  const no_context ctx;
  return which == op::add ? traits::add(ctx, x, y) : which == op::sub ? traits::sub(ctx, x, y) : traits::mul(ctx, x, y);
}

// a[i] op b[i] in a kernel on the space.
template <class Space, class F>
std::vector<value_type_t<F>> apply_on(op which, const std::vector<value_type_t<F>>& a,
                                      const std::vector<value_type_t<F>>& b) {
  using traits = format_traits<F>;
  using V = value_type_t<F>;
  auto va = to_space<Space>(a, "a");
  auto vb = to_space<Space>(b, "b");
  Kokkos::View<V*, typename Space::memory_space> vr("r", a.size());
  const int w = static_cast<int>(which);
  Kokkos::parallel_for(
      "kamp::test::dd_apply", Kokkos::RangePolicy<Space>(0, a.size()), KOKKOS_LAMBDA(std::size_t i) {
        const no_context ctx;
        vr(i) = w == 0   ? traits::add(ctx, va(i), vb(i))
                : w == 1 ? traits::sub(ctx, va(i), vb(i))
                         : traits::mul(ctx, va(i), vb(i));
      });
  return to_host(vr);
}

// The exact x op y in MPFR.
template <class F>
core::mpfr_value exact_result(op which, const value_type_t<F>& x, const value_type_t<F>& y) {
  using traits = format_traits<F>;
  const core::mpfr_value mx = traits::to_mpfr(x);
  core::mpfr_value my = traits::to_mpfr(y);
  if (which == op::mul) return exact_product(mx, my);
  if (which == op::sub) mpfr_neg(my.get(), my.get(), MPFR_RNDN);
  return exact_sum(mx, my);
}

// Empty when |computed - exact| <= bound |exact| (evaluated in MPFR, rounded up).
inline std::string bound_violation(const core::mpfr_value& computed, const core::mpfr_value& exact,
                                   const core::mpfr_value& bound) {
  const core::mpfr_value err = core::relative_error(computed, exact);
  if (err <= bound) return "";
  return "relative error " + err.to_string(6) + " > bound " + bound.to_string(6) + " (exact " + exact.to_string(40) +
         ", computed " + computed.to_string(40) + ")";
}

// A level-sum chain (formats/product_sum_chain.hpp) from `start` over the (a, b) pairs of
// `terms`, renormalised after each full segment that more products follow, as the kernels run it.
template <class Chain, class Value, class Terms>
Value segmented_chain_sum(const Value& start, const Terms& terms) {
  auto acc = Chain::start(start);
  for (std::size_t j = 0; j < terms.size(); ++j) {
    if (j > 0 && j % Chain::segment == 0) acc = Chain::renormalise(acc);
    acc = Chain::add({}, acc, terms[j].first, terms[j].second);
  }
  return Chain::result(acc);
}

// The level sums' bound (multi_double/level_sum.hpp) on a result r of exact sum `exact` and magnitude
// `magnitude` (M): "" when r is finite, keeps the invariant and is within u |exact| + slack u M +
// floor (u the format's unit roundoff), else what it breaks.
template <class F>
std::string sum_bound_violation(const core::mpfr_value& exact, const core::mpfr_value& magnitude, double slack,
                                double floor, const value_type_t<F>& r) {
  using traits = format_traits<F>;
  const mpfr_prec_t bits = mpfr_get_prec(exact.get());
  core::mpfr_value allowed(bits), part(bits), error(bits);
  const core::mpfr_value u = traits::unit_roundoff();
  mpfr_abs(allowed.get(), exact.get(), MPFR_RNDU);
  mpfr_mul(allowed.get(), allowed.get(), u.get(), MPFR_RNDU);
  mpfr_mul(part.get(), magnitude.get(), u.get(), MPFR_RNDU);
  mpfr_mul_d(part.get(), part.get(), slack, MPFR_RNDU);
  mpfr_add(allowed.get(), allowed.get(), part.get(), MPFR_RNDU);
  mpfr_set_d(part.get(), floor, MPFR_RNDU);
  mpfr_add(allowed.get(), allowed.get(), part.get(), MPFR_RNDU);
  const core::mpfr_value got = traits::to_mpfr(r);
  if (mpfr_nan_p(got.get()) || mpfr_inf_p(got.get())) return "not finite: " + show(r);
  mpfr_sub(error.get(), got.get(), exact.get(), MPFR_RNDN);
  mpfr_abs(error.get(), error.get(), MPFR_RNDU);
  if (mpfr_cmp(error.get(), allowed.get()) > 0)
    return "error " + error.to_string(6) + " above " + allowed.to_string(6) + " for " + show(r);
  const std::string broken = traits::invariant_violation(r);
  return broken.empty() ? "" : "invariant: " + broken + " in " + show(r);
}

// A random value of the format: leading double 2^e with e in [min_exponent, max_exponent], then
// lower parts added with the format's own add so the result is a normalised value.
template <class F>
value_type_t<F> random_value(core::random_source& rng, int min_exponent, int max_exponent) {
  using traits = format_traits<F>;
  const no_context ctx;
  const double lead = rng.wide_exponent(min_exponent, max_exponent);
  auto v = traits::from_double(ctx, lead);
  const int parts = component_count(v);
  int e = std::ilogb(lead);
  for (int k = 1; k < parts + 1; ++k) {
    e -= 53 + static_cast<int>(rng.integer(-2, 3));
    if (rng.integer(0, 7) == 0) e -= static_cast<int>(rng.integer(0, 60));  // an exponent gap
    v = traits::add(ctx, v, traits::from_double(ctx, rng.wide_exponent(e, e)));
  }
  return v;
}

// An expansion that loads the binned products (multi_double/binned_cores.hpp): lead +-(2 - 2^-52) 2^e or
// random, then components at their largest (kind 0: |x_k| just below ulp(x_(k-1)), one sign;
// kind 1: alternating signs) or far below it (kind 2: 1 to 300 bits), added with the format's add.
template <class E>
E stressed_expansion(core::random_source& rng, int kind, int exponent) {
  const double lead =
      (rng.next_u64() & 1 ? -1 : 1) * std::ldexp(kind == 0 ? 2 - 0x1p-52 : 1 + rng.uniform(0, 1), exponent);
  E v(lead);
  for (int k = 1; k < E::size; ++k) {
    if (!std::isnormal(v.c[k - 1])) break;  // ulp() needs a finite nonzero component
    const double top = ulp(v.c[k - 1]);
    double part = 0;
    switch (kind) {
      case 0:
        part = std::copysign(top * (1 - 0x1p-53), v.c[k - 1]);
        break;
      case 1:
        part = (k % 2 ? -1 : 1) * top * (1 - 0x1p-53);
        break;
      default:
        part = std::ldexp(rng.uniform(), std::ilogb(top) - static_cast<int>(rng.integer(1, 300)));
    }
    if (!std::isnormal(part)) break;
    v = multi_double::add(v, E(part));
  }
  return v;
}

// A value whose leading component is `lead` scaled: x * 2^-gap built from another random value.
template <class F>
value_type_t<F> scaled_random(core::random_source& rng, double reference, int gap) {
  const int e = std::ilogb(reference) - gap;
  return random_value<F>(rng, e, e);
}

// Values at the ends of the exponent range, built in MPFR (the format's own arithmetic is what
// the tests check there): +-2^exponent times a significand of the format's precision + 64
// random bits, a third of them with a gap of up to 200 zero bits below the leading 53, rounded
// into the format by from_mpfr. A draw above max() is made again.
template <class F>
value_type_t<F> exact_random_value(core::random_source& rng, int exponent) {
  using traits = format_traits<F>;
  const mpfr_prec_t bits = traits::precision + 64;
  for (;;) {
    core::mpfr_value r(bits + 300), chunk(64);
    mpfr_set_ui(r.get(), 1, MPFR_RNDN);
    const long gap = rng.integer(0, 2) == 0 ? static_cast<long>(rng.integer(1, 200)) : 0;
    for (mpfr_prec_t done = 0; done < bits; done += 52) {
      mpfr_set_ui(chunk.get(), static_cast<unsigned long>(rng.next_u64() >> 12), MPFR_RNDN);
      const long shift = done < 53 ? done : done + gap;
      mpfr_mul_2si(chunk.get(), chunk.get(), -52 - shift, MPFR_RNDN);
      mpfr_add(r.get(), r.get(), chunk.get(), MPFR_RNDN);  // exact: the precision spans the bits
    }
    mpfr_mul_2si(r.get(), r.get(), exponent, MPFR_RNDN);
    if (rng.next_u64() & 1) mpfr_neg(r.get(), r.get(), MPFR_RNDN);
    const auto v = traits::from_mpfr(r.get());
    if (std::isfinite(component(v, 0))) return v;
  }
}

// A value next to +-DBL_MAX: +-(DBL_MAX + t), t random below 2^971 in magnitude (with the
// format's precision), or max() itself where that lies above it. TwoSum(a, +-DBL_MAX) and the
// renormalisations overflow inside on such operands.
template <class F>
value_type_t<F> near_largest(core::random_source& rng) {
  using traits = format_traits<F>;
  const int e = 970 - static_cast<int>(rng.integer(0, 120));
  core::mpfr_value v(DBL_MAX, traits::precision + 1200);
  const core::mpfr_value t = traits::to_mpfr(exact_random_value<F>(rng, e));
  mpfr_add(v.get(), v.get(), t.get(), MPFR_RNDN);  // exact
  const auto largest = std::numeric_limits<value_type_t<F>>::max();
  if (mpfr_cmp(v.get(), traits::to_mpfr(largest).get()) > 0) return rng.next_u64() & 1 ? largest : -largest;
  if (rng.next_u64() & 1) mpfr_neg(v.get(), v.get(), MPFR_RNDN);
  return traits::from_mpfr(v.get());
}

// |computed - exact| <= bound |exact| + floor, in MPFR rounded up; empty when it holds.
inline std::string error_violation(const core::mpfr_value& computed, const core::mpfr_value& exact,
                                   const core::mpfr_value& bound, const core::mpfr_value& floor) {
  const core::mpfr_value err = core::absolute_error(computed, exact);
  core::mpfr_value allowed(exact.precision() + 64);
  mpfr_abs(allowed.get(), exact.get(), MPFR_RNDU);
  mpfr_mul(allowed.get(), allowed.get(), bound.get(), MPFR_RNDU);
  mpfr_add(allowed.get(), allowed.get(), floor.get(), MPFR_RNDU);
  if (err <= allowed) return "";
  return "error " + err.to_string(6) + " > " + allowed.to_string(6) + " (exact " + exact.to_string(40) + ", computed " +
         computed.to_string(40) + ")";
}

// The contract of a result at the ends of the range (multi_double/range_edges.hpp): never NaN from
// operands that are not; a finite result satisfies the invariant, lies at most max() in
// magnitude and within bound |exact| + floor of the exact result; +-Inf has every other
// component 0, the exact result's sign, and |exact| >= max() (1 - overflow_from) (the bound
// itself, or leading_overflow_from for dd_real's operations that are IEEE on the leading parts).
// Empty when it holds.
template <class F>
std::string edge_violation(const value_type_t<F>& r, const core::mpfr_value& exact, const core::mpfr_value& bound,
                           const core::mpfr_value& floor, const core::mpfr_value& overflow_from) {
  using traits = format_traits<F>;
  const core::mpfr_value largest = traits::to_mpfr(std::numeric_limits<value_type_t<F>>::max());
  const double lead = component(r, 0);
  if (std::isnan(lead)) return "NaN";
  if (std::isinf(lead)) {
    for (int k = 1; k < component_count(r); ++k)
      if (component(r, k) != 0) return "Inf with a nonzero lower component";
    core::mpfr_value threshold(largest.precision() + 64), one(1.0, 64);
    mpfr_sub(one.get(), one.get(), overflow_from.get(), MPFR_RNDD);
    mpfr_mul(threshold.get(), largest.get(), one.get(), MPFR_RNDD);
    if (mpfr_cmpabs(exact.get(), threshold.get()) < 0) return "Inf for the finite " + exact.to_string(40);
    if (std::signbit(lead) != (mpfr_signbit(exact.get()) != 0)) return "Inf of the wrong sign";
    return "";
  }
  const std::string invariant = invariant_violation(r);
  if (!invariant.empty()) return invariant;
  const core::mpfr_value value = traits::to_mpfr(r);
  if (mpfr_cmpabs(value.get(), largest.get()) > 0) return "finite above max(): " + value.to_string(40);
  return error_violation(value, exact, bound, floor);
}
template <class F>
std::string edge_violation(const value_type_t<F>& r, const core::mpfr_value& exact, const core::mpfr_value& bound,
                           const core::mpfr_value& floor) {
  return edge_violation<F>(r, exact, bound, floor, bound);
}

// dd_real's add, sub, add_sloppy and mul are IEEE on the leading parts: +-Inf where hi op hi
// overflows, the exact result then within 2^-52 of Omega (multi_double/dd_arithmetic.hpp).
inline core::mpfr_value leading_overflow_from() {
  core::mpfr_value r(1.0, 64);
  mpfr_mul_2si(r.get(), r.get(), -51, MPFR_RNDN);
  return r;
}

// 2^e as an mpfr_value.
inline core::mpfr_value power_of_two(long e) {
  core::mpfr_value r(1.0, 64);
  mpfr_mul_2si(r.get(), r.get(), e, MPFR_RNDN);
  return r;
}

// The absolute error that underflow may add to a product (multi_double/dd_arithmetic.hpp,
// multi_double/expansion.hpp): 2^-1075 for each rounding that may fall into the subnormals.
inline core::mpfr_value product_underflow_floor(double) { return power_of_two(-1075); }
inline core::mpfr_value product_underflow_floor(const multi_double::dd_real&) {
  core::mpfr_value r(1.0 + 0x1p-50, 64);
  mpfr_mul_2si(r.get(), r.get(), -1073, MPFR_RNDN);
  return r;
}
template <int N>
core::mpfr_value product_underflow_floor(const multi_double::expansion<N>&) {
  core::mpfr_value r(1.0 + 0x1p-50, 64);
  mpfr_mul_ui(r.get(), r.get(), N * (N + 3) / 2 - 1, MPFR_RNDU);
  mpfr_mul_2si(r.get(), r.get(), -1075, MPFR_RNDN);
  return r;
}

}  // namespace kamp::test

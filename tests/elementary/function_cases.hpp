#pragma once
// The elementary functions under test, each with its MPFR reference, its stated bound
// (elementary/*.hpp) and its arguments: random ones over the function's whole range and the hard
// cases (special values, the ends of the range, the algorithms' branch points, near-zeros and
// cancellations), built in MPFR at the format's precision.
#include <mpfr.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "elementary/function_id.hpp"
#include "elementary/mpfr_functions.hpp"
#include "tests/multi_double/dd_test_support.hpp"

namespace kamp::test {

using elementary::function_id;

// The formats with elementary functions, on every space.
using elementary_formats = formats::concat_t<formats::type_list<multi_double::dd_real>, blas::expansion_formats>;
using elementary_configs = dd_configs_of<formats::cartesian_t<tested_formats_t<elementary_formats>, space_list>>::type;

// The reference's own rounding (MPFR at the format's precision + 128 bits) added to a relative
// bound: a result may carry more bits than that (an expansion with gaps between components).
template <class V>
void add_reference_rounding(core::mpfr_value& bound) {
  core::mpfr_value r(1.0, 64);
  mpfr_mul_2si(r.get(), r.get(), -(format_traits<V>::precision + 127), MPFR_RNDN);
  mpfr_add(bound.get(), bound.get(), r.get(), MPFR_RNDU);
}

// Empty when r is the MPFR result exact within bound_u times V's u (plus the reference's own
// rounding, plus floor below the normal range); special values, zeros and infinities exactly, with
// their signs; r a valid value of V.
template <class V>
std::string violation_of(const core::mpfr_value& exact, const V& r, double bound_u, const core::mpfr_value& floor) {
  using traits = format_traits<V>;
  const double lead = component(r, 0);
  if (mpfr_nan_p(exact.get())) return std::isnan(lead) ? "" : "a number where the result is NaN";
  if (std::isnan(lead)) return "NaN for " + exact.to_string(40);
  if (mpfr_zero_p(exact.get()) || mpfr_inf_p(exact.get())) {
    if (mpfr_cmp(traits::to_mpfr(r).get(), exact.get()) != 0 || std::signbit(lead) != (mpfr_signbit(exact.get()) != 0))
      return "not the exact " + exact.to_string(10);
    return "";
  }
  core::mpfr_value bound = traits::unit_roundoff();
  mpfr_mul_d(bound.get(), bound.get(), bound_u, MPFR_RNDU);
  add_reference_rounding<V>(bound);
  return edge_violation<V>(r, exact, bound, floor);
}

// exact rounded to V, plus k units of V's nominal last place (2^(e - precision) for a leading
// exponent e; k may be negative).
template <class V>
V nudged(const core::mpfr_value& exact, long k) {
  const V v = format_traits<V>::from_mpfr(exact.get());
  if (k == 0) return v;
  core::mpfr_value sum(format_traits<V>::precision + 1200), step(static_cast<double>(k), 64);
  mpfr_mul_2si(step.get(), step.get(), std::ilogb(component(v, 0)) - format_traits<V>::precision, MPFR_RNDN);
  mpfr_add(sum.get(), format_traits<V>::to_mpfr(v).get(), step.get(), MPFR_RNDN);
  return format_traits<V>::from_mpfr(sum.get());
}

template <class V>
V from_double_value(double d) {
  return format_traits<V>::from_mpfr(core::mpfr_value(d, 64).get());
}

// ln(c) for a constant c given as a double (an exact binary value), rounded to V.
template <class V>
core::mpfr_value log_of(double c) {
  core::mpfr_value r(format_traits<V>::precision + 128), x(c, 64);
  mpfr_log(r.get(), x.get(), MPFR_RNDN);
  return r;
}

// k pi/2 in MPFR at V's precision + 128 bits.
template <class V>
core::mpfr_value quarter_turns(double k) {
  core::mpfr_value r(format_traits<V>::precision + 128), factor(k, 64);
  mpfr_const_pi(r.get(), MPFR_RNDN);
  mpfr_mul(r.get(), r.get(), factor.get(), MPFR_RNDN);
  mpfr_mul_2si(r.get(), r.get(), -1, MPFR_RNDN);
  return r;
}

// The hard cases of f for V.
template <class V>
std::vector<V> hard_cases(function_id f) {
  std::vector<V> v;
  const double inf = HUGE_VAL, nan = std::nan("");
  for (double d : {0.0, -0.0, inf, -inf, nan, 1.0, -1.0, 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1p-600, -0x1p-600, 0.5,
                   2.0, 10.0, 1e300, -1e300, DBL_MAX, -DBL_MAX})
    v.push_back(V(d));
  const auto around = [&](const core::mpfr_value& c) {
    for (long k : {-3L, -1L, 0L, 1L, 3L}) v.push_back(nudged<V>(c, k));
  };
  const int p = elementary::detail::shape<V>::precision;
  switch (f) {
    case function_id::exp:
    case function_id::expm1:
    case function_id::sinh:
    case function_id::cosh:
      around(log_of<V>(DBL_MAX));                                                       // overflow
      around(log_of<V>(0x1p-1022));                                                     // into the subnormals
      around(log_of<V>(0x1p-1074));                                                     // underflow to zero
      for (int k : {-1000, -3, -1, 1, 5, 1000}) around(log_of<V>(std::ldexp(1.0, k)));  // r near 0
      for (int k : {-7, 0, 7}) around(log_of<V>(std::ldexp(1.4142135623730951, k)));    // r near ln 2 / 2
      around(core::mpfr_value(0.3465, 64));                                             // expm1's branch
      around(core::mpfr_value(elementary::detail::exp_dominates_from<V>(), 64));        // sinh's, cosh's
      {
        core::mpfr_value half_overflow = log_of<V>(DBL_MAX), ln2(format_traits<V>::precision + 128);
        mpfr_const_log2(ln2.get(), MPFR_RNDN);
        mpfr_add(half_overflow.get(), half_overflow.get(), ln2.get(), MPFR_RNDN);
        around(half_overflow);  // sinh and cosh overflow at ln(2 max())
      }
      v.push_back(from_double_value<V>(std::ldexp(1.0, -(p / 2 + 4))));  // the tiny-argument branch
      break;
    case function_id::cbrt:
      for (double d : {8.0, -27.0, 0x1p-1074, 0x1p-1073, 0x1p-1072, 0x1p1023, 7.999999999999999, 1.0000000000000002})
        v.push_back(V(d));
      for (int k : {1, 52, 100, 200}) v.push_back(multi_double::sub(V(8.0), V(std::ldexp(1.0, -k))));
      break;
    case function_id::sin:
    case function_id::cos:
    case function_id::tan:
      // Near the zeros and poles (k pi/2: the reduction's cancellation), the reduction's switch
      // at 0.785, its largest arguments, and the double that comes nearest a multiple of pi/2
      // (6381956970095103 2^797, within 2^-61 of it relative).
      for (double k : {1.0, 2.0, 3.0, 4.0, -1.0, -2.0, 7.0, 1e6, 0x1p52, 0x1p100, 1e300}) around(quarter_turns<V>(k));
      around(core::mpfr_value(0.785, 64));
      for (double d : {0x1.6a09e667f3bcdp-1, 0x1.921fb54442d18p-1, 6381956970095103.0 * 0x1p797,
                       -6381956970095103.0 * 0x1p797, 1e22, 0x1p1023, 0x1p-30})
        v.push_back(V(d));
      v.push_back(from_double_value<V>(std::ldexp(1.0, -(p / 2 + 4))));
      break;
    case function_id::asin:
    case function_id::acos:
      for (int k : {1, 2, 10, 52, 53, 100, 200, 400}) {  // near +-1, where the root's argument cancels
        v.push_back(multi_double::sub(V(1.0), V(std::ldexp(1.0, -k))));
        v.push_back(multi_double::sub(V(std::ldexp(1.0, -k)), V(1.0)));
      }
      for (double d : {0.7071067811865476, -0.7071067811865476, 0.5, -0.5, 1.5, -1.5})  // the octants' switch
        v.push_back(V(d));
      v.push_back(from_double_value<V>(std::ldexp(1.0, -(p / 2 + 4))));
      break;
    case function_id::atan:
      for (int k : {1, 10, 52, 100, 200}) {  // the octants' switch at 1
        v.push_back(multi_double::add(V(1.0), V(std::ldexp(1.0, -k))));
        v.push_back(multi_double::sub(V(-1.0), V(std::ldexp(1.0, -k))));
        v.push_back(multi_double::sub(V(1.0), V(std::ldexp(1.0, -k))));
      }
      for (double d : {0x1p-1022, 0x1p1000, -0x1p600, std::ldexp(1.0, p / 2 + 4), std::ldexp(1.0, -(p / 2 + 3))})
        v.push_back(V(d));
      v.push_back(from_double_value<V>(std::ldexp(1.0, -(p / 2 + 4))));
      break;
    case function_id::tanh:
      around(core::mpfr_value(0.35 * (p + 4), 64));
      v.push_back(from_double_value<V>(std::ldexp(1.0, -(p / 2 + 4))));
      break;
    case function_id::log:
    case function_id::log2:
    case function_id::log10:
      for (int k = 1; k <= p + 8; k += 7) {  // 1 +- 2^-k: the cancellation log1p avoids
        v.push_back(multi_double::add(V(1.0), V(std::ldexp(1.0, -k))));
        v.push_back(multi_double::sub(V(1.0), V(std::ldexp(1.0, -k))));
      }
      around(core::mpfr_value(1.4142135623730951, 64));  // the reduction's branch at sqrt 2
      around(core::mpfr_value(0.7071067811865476, 64));
      for (double d : {1e10, 1e-10, 1e22, 0x1p-1060, 3.0}) v.push_back(V(d));
      break;
    case function_id::log1p:
      for (int k : {1, 2, 10, 52, 53, 60, 100, 200, 400, 800}) {
        v.push_back(multi_double::add(V(-1.0), V(std::ldexp(1.0, -k))));  // near the pole
        v.push_back(V(std::ldexp(1.0, -k)));
        v.push_back(V(-std::ldexp(1.0, -k)));
      }
      around(core::mpfr_value(-0.2928, 64));
      around(core::mpfr_value(0.4142, 64));
      v.push_back(V(-2.0));
      break;
    case function_id::asinh:
    case function_id::acosh:
      around(core::mpfr_value(std::ldexp(1.0, p / 2 + 2), 64));  // the log(2x) branch
      for (int k : {1, 10, 52, 100, 200}) v.push_back(multi_double::add(V(1.0), V(std::ldexp(1.0, -k))));
      break;
    default:  // atanh
      for (int k : {1, 10, 52, 53, 100, 200, 400}) {
        v.push_back(multi_double::sub(V(1.0), V(std::ldexp(1.0, -k))));
        v.push_back(multi_double::sub(V(std::ldexp(1.0, -k)), V(1.0)));
      }
      v.push_back(V(1.5));
      v.push_back(V(-1.5));
  }
  return v;
}

// Random arguments over f's range: leading exponents spread over the range with full-precision
// lower components (random_value), and arguments near where each algorithm switches branch.
template <class V>
std::vector<V> random_arguments(function_id f, std::size_t count, std::uint64_t seed) {
  core::random_source rng(seed);
  std::vector<V> v;
  const auto uniform = [&](double lo, double hi) {
    // w in [0, 1) with random lower parts
    const V w = multi_double::mul(multi_double::abs(random_value<V>(rng, -1, -1)), rng.uniform(0, 1));
    return multi_double::add(V(lo), multi_double::mul(w, hi - lo));
  };
  for (std::size_t i = 0; i < count; ++i) {
    V x;
    const bool wide = i % 2 == 0;
    switch (f) {
      case function_id::exp:
      case function_id::sinh:
      case function_id::cosh:
        x = wide ? uniform(-745, 710) : random_value<V>(rng, -200, 2);
        break;
      case function_id::expm1:
        x = wide ? uniform(-60, 60) : random_value<V>(rng, -200, -1);
        break;
      case function_id::tanh:
        x = wide ? uniform(-45, 45) : random_value<V>(rng, -200, 0);
        break;
      case function_id::log:
      case function_id::log2:
      case function_id::log10:
        x = wide ? multi_double::abs(random_value<V>(rng, -1070, 1020)) : uniform(0.5, 2);
        break;
      case function_id::log1p:
        x = wide ? multi_double::abs(random_value<V>(rng, -300, 300)) : uniform(-0.999, 1);
        break;
      case function_id::cbrt:
        x = wide ? random_value<V>(rng, -1074, 1023) : uniform(-10, 10);
        break;
      case function_id::sin:
      case function_id::cos:
      case function_id::tan:
        x = wide ? random_value<V>(rng, -40, 1023) : uniform(-7, 7);
        break;
      case function_id::asin:
      case function_id::acos:
        x = wide ? uniform(-1, 1) : random_value<V>(rng, -200, -1);
        break;
      case function_id::atan:
        x = random_value<V>(rng, wide ? -300 : -10, wide ? 1000 : 10);
        break;
      case function_id::asinh:
        x = random_value<V>(rng, wide ? -300 : -10, wide ? 1000 : 10);
        break;
      case function_id::acosh:
        x = multi_double::add(V(1.0), multi_double::abs(random_value<V>(rng, wide ? -300 : -10, wide ? 1000 : 4)));
        break;
      default:
        x = wide ? uniform(-1, 1) : random_value<V>(rng, -200, -1);
    }
    v.push_back(x);
  }
  return v;
}

}  // namespace kamp::test

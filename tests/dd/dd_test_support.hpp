#pragma once
// Shared pieces of the multi-double tests: the format list, typed (backend x format)
// configurations, random and adversarial operands, exact MPFR references and the invariant and
// bound checks. Every tolerance comes from format_traits<F>::unit_roundoff().
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "dd/dd_format.hpp"
#include "dd/double_format.hpp"
#include "dd/invariant.hpp"
#include "format_list/format_list.hpp"
#include "tests/backends.hpp"
#include "tests/sweep_count.hpp"

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
    dd_configs_of<formats::cartesian_t<formats::multi_double_arithmetic_formats, space_list>>::type;
using dd_host_configs = dd_configs_of<
    formats::cartesian_t<formats::multi_double_arithmetic_formats, formats::type_list<Kokkos::Serial>>>::type;

struct dd_config_name {
  template <class T>
  static std::string GetName(int) {
    return std::string(T::space::name()) + "_" + format_traits<typename T::format>::name();
  }
};

// Components of a value, largest first.
inline int component_count(double) { return 1; }
inline int component_count(const dd::dd_real&) { return 2; }
template <int N>
int component_count(const dd::expansion<N>&) {
  return N;
}
inline double component(double x, int) { return x; }
inline double component(const dd::dd_real& x, int k) { return k == 0 ? x.hi : x.lo; }
template <int N>
double component(const dd::expansion<N>& x, int k) {
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

using dd::detail::ulp;

// The representation invariants: dd::invariant_violation (dd/invariant.hpp) for dd_real and the
// expansions, found by argument-dependent lookup; a double has none.
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

// Empty when |computed - exact| <= bound |exact| (evaluated in MPFR, rounded up).
inline std::string bound_violation(const core::mpfr_value& computed, const core::mpfr_value& exact,
                                   const core::mpfr_value& bound) {
  const core::mpfr_value err = core::relative_error(computed, exact);
  if (err <= bound) return "";
  return "relative error " + err.to_string(6) + " > bound " + bound.to_string(6) + " (exact " +
         exact.to_string(40) + ", computed " + computed.to_string(40) + ")";
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

// A value whose leading component is `lead` scaled: x * 2^-gap built from another random value.
template <class F>
value_type_t<F> scaled_random(core::random_source& rng, double reference, int gap) {
  const int e = std::ilogb(reference) - gap;
  return random_value<F>(rng, e, e);
}

}  // namespace kamp::test

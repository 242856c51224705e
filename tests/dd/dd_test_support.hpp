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

inline double ulp(double x) { return std::ldexp(1.0, std::ilogb(x) - 52); }

// Empty when x satisfies its format's representation invariant.
inline std::string invariant_violation(double) { return ""; }
inline std::string invariant_violation(const dd::dd_real& x) {
  if (!std::isfinite(x.hi)) return x.lo == 0 ? "" : "non-finite hi with lo != 0";
  if (x.hi == 0) return x.lo == 0 ? "" : "hi = 0 with lo != 0";
  if (std::fabs(x.lo) > ulp(x.hi) / 2) return "|lo| > ulp(hi)/2";
  if (x.hi + x.lo != x.hi) return "hi != fl(hi + lo)";
  return "";
}
template <int N>
std::string invariant_violation(const dd::expansion<N>& x) {
  for (int k = 0; k + 1 < N; ++k) {
    if (!std::isfinite(x.c[k]) || x.c[k] == 0) {
      for (int j = k + 1; j < N; ++j)
        if (x.c[j] != 0) return "nonzero component after a zero or non-finite one";
      return "";
    }
    if (std::fabs(x.c[k + 1]) > ulp(x.c[k])) return "|c[" + std::to_string(k + 1) + "]| > ulp(c[k])";
  }
  return "";
}

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
        vr(i) = w == 0 ? traits::add(ctx, va(i), vb(i)) : w == 1 ? traits::sub(ctx, va(i), vb(i)) : traits::mul(ctx, va(i), vb(i));
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

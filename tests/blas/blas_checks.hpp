#pragma once
// BLAS checks written once for every format and backend: each routine's results against the
// exact MPFR reference (core/mpfr_reference.hpp) with the bound from core/error_bounds.hpp and
// the format's unit roundoff; reference-BLAS argument errors with nothing written; quick
// returns that must not read their operands (NaN there must not leak); backends agreeing bit
// for bit where the generic (deterministic) kernels run. Inputs are random full-precision
// values of the format, read back from the arrays after storing, so formats that round on
// store (D+S) are checked against what they actually hold.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <string>
#include <vector>

#include "blas/gemm.hpp"
#include "blas/gemv.hpp"
#include "blas/level1.hpp"
#include "core/error_bounds.hpp"
#include "core/mpfr_reference.hpp"
#include "core/random.hpp"
#include "blas/format_list.hpp"
#include "tests/backends.hpp"

namespace kamp::test {

using core::mpfr_value;

// Test cases are (format, execution space) pairs.
template <class Pair>
struct blas_case {
  using format = typename Pair::first;
  using space = typename Pair::second;
  using memory = typename space::memory_space;
  using traits = format_traits<format>;
  using value = value_type_t<format>;
  using array = array_t<format, memory>;
};

struct blas_case_name {
  template <class Pair>
  static std::string GetName(int) {
    return format_traits<typename Pair::first>::name() + "_" + Pair::second::name();
  }
};

// gtest Types of blas_case for every format of a list on every enabled backend, and their names.
template <class Pairs>
struct blas_cases_of;
template <class... Pairs>
struct blas_cases_of<formats::type_list<Pairs...>> {
  using type = ::testing::Types<blas_case<Pairs>...>;
};
template <class FormatList>
using blas_cases_t = typename blas_cases_of<formats::cartesian_t<FormatList, space_list>>::type;

struct blas_case_type_name {
  template <class Case>
  static std::string GetName(int) {
    return format_traits<typename Case::format>::name() + "_" + Case::space::name();
  }
};

// Enough bits to hold every product and sum of the tests exactly before the final rounding.
template <class Format>
mpfr_prec_t exact_bits() {
  return 8 * format_traits<Format>::precision + 512;
}

// A random value of the format in +-[2^(e-1), 2^e) for e in [lo, hi], with (about) all of its
// precision's bits random.
template <class Format>
value_type_t<Format> random_value(core::random_source& rng, int lo = 0, int hi = 0) {
  const mpfr_prec_t bits = format_traits<Format>::precision + 64;
  mpfr_value r(bits), chunk(64);
  mpfr_set_ui(r.get(), 1, MPFR_RNDN);
  for (mpfr_prec_t done = 0; done < bits; done += 52) {
    mpfr_set_ui(chunk.get(), static_cast<unsigned long>(rng.next_u64() >> 12), MPFR_RNDN);
    mpfr_mul_2si(chunk.get(), chunk.get(), -52 - static_cast<long>(done), MPFR_RNDN);
    mpfr_add(r.get(), r.get(), chunk.get(), MPFR_RNDN);  // exact: bits of precision suffice
  }
  mpfr_mul_2si(r.get(), r.get(), static_cast<long>(rng.integer(lo, hi)) - 1, MPFR_RNDN);
  if (rng.next_u64() & 1) mpfr_neg(r.get(), r.get(), MPFR_RNDN);
  return format_traits<Format>::from_mpfr(r.get());
}

template <class Format>
std::vector<value_type_t<Format>> random_values(core::random_source& rng, std::size_t n, int lo = 0, int hi = 0) {
  std::vector<value_type_t<Format>> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(random_value<Format>(rng, lo, hi));
  return out;
}

// `values` in a new View of doubles in `Memory` (a vector the formats read in double, such as
// the SpMV's x from an inner solve).
template <class Memory>
Kokkos::View<double*, Memory> double_vector(const std::vector<double>& values, const char* label) {
  Kokkos::View<double*, Memory> v(std::string(label), values.size());
  const auto mirror = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < values.size(); ++i) mirror(i) = values[i];
  Kokkos::deep_copy(v, mirror);
  return v;
}

// Stores `values` in a new array of the case's memory space and returns what it holds.
template <class Case>
typename Case::array stored(std::vector<typename Case::value>& values, const char* label) {
  typename Case::array a(values.size(), label);
  copy_from_host(a, values);
  values = copy_to_host(a);
  return a;
}

template <class Format>
std::vector<mpfr_value> exact_values(const std::vector<value_type_t<Format>>& v) {
  std::vector<mpfr_value> out;
  for (const auto& x : v) out.push_back(format_traits<Format>::to_mpfr(x));
  return out;
}

template <class Format>
value_type_t<Format> from_double(double d) {
  return format_traits<Format>::from_double(format_traits<Format>::template context<Kokkos::HostSpace>(), d);
}

// |got - exact| <= factor * scale, in MPFR; the message gives both sides.
template <class Format>
::testing::AssertionResult within(const value_type_t<Format>& got, const mpfr_value& exact, const mpfr_value& factor,
                                  const mpfr_value& scale) {
  const mpfr_value error = core::absolute_error(format_traits<Format>::to_mpfr(got), exact);
  mpfr_value allowed(mpfr_get_prec(scale.get()) + 64);
  mpfr_mul(allowed.get(), factor.get(), scale.get(), MPFR_RNDU);
  mpfr_abs(allowed.get(), allowed.get(), MPFR_RNDU);
  if (error <= allowed) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "error " << error.to_string(6) << " exceeds the bound "
                                       << allowed.to_string(6) << " (got " << format_traits<Format>::to_string(got)
                                       << ", exact " << exact.to_string(30) << ")";
}

template <class Format>
bool same_bits(const value_type_t<Format>& a, const value_type_t<Format>& b) {
  const auto x = format_traits<Format>::to_mpfr(a), y = format_traits<Format>::to_mpfr(b);
  if (mpfr_nan_p(x.get()) || mpfr_nan_p(y.get())) return mpfr_nan_p(x.get()) && mpfr_nan_p(y.get());
  return mpfr_equal_p(x.get(), y.get()) && mpfr_signbit(x.get()) == mpfr_signbit(y.get());
}

}  // namespace kamp::test

#pragma once
// Host conversions of dd_real and expansion<N> to and from MPFR and decimal strings.
// to_mpfr is exact (the components summed at a precision spanning their exponents); from_mpfr
// rounds by successive extraction (each component is the nearest double to what is left), so
// its relative error is at most (2^-53)^N (1 + 2^-50), well within the formats' unit roundoff
// though not always correctly rounded to the nominal precision. Both work over MPFR's full
// exponent range whatever the caller set (values beyond double's range become +-Inf or 0, and
// finite values above the format's numeric_limits max() become it).
// Malformed text raises kamp::invalid_argument naming the text.
#include <mpfr.h>

#include <string>

#include "core/mpfr_value.hpp"
#include "dd/dd_limits.hpp"
#include "dd/dd_real.hpp"
#include "dd/expansion.hpp"
#include "dd/expansion_limits.hpp"

namespace kamp::dd {

namespace detail {
core::mpfr_value components_to_mpfr(const double* c, int n);
// Writes n components; the leading one is the double nearest x. A finite x beyond the largest
// n-component value, whose components are `largest`, gives those (with x's sign).
void components_from_mpfr(mpfr_srcptr x, double* c, int n, const double* largest);
void components_from_string(const std::string& text, double* c, int n, const double* largest);
std::string components_to_string(const double* c, int n, int digits);
}  // namespace detail

core::mpfr_value to_mpfr(const dd_real& x);
dd_real dd_from_mpfr(mpfr_srcptr x);
dd_real dd_from_string(const std::string& text);
// Enough significant digits (34) that reading the text back is within the dd unit roundoff.
std::string to_string(const dd_real& x);

template <int N>
core::mpfr_value to_mpfr(const expansion<N>& x) {
  return detail::components_to_mpfr(x.c, N);
}

template <int N>
expansion<N> expansion_from_mpfr(mpfr_srcptr x) {
  expansion<N> r;
  detail::components_from_mpfr(x, r.c, N, std::numeric_limits<expansion<N>>::max().c);
  return r;
}

template <int N>
expansion<N> expansion_from_string(const std::string& text) {
  expansion<N> r;
  detail::components_from_string(text, r.c, N, std::numeric_limits<expansion<N>>::max().c);
  return r;
}

template <int N>
std::string to_string(const expansion<N>& x) {
  return detail::components_to_string(x.c, N, 16 * N + 2);  // ceil(53N log10 2) + 1
}

}  // namespace kamp::dd

#pragma once
// Host conversions of dd_real and expansion<N> to and from MPFR and decimal strings.
// - to_mpfr is exact (the components summed at a precision spanning their exponents).
// - from_mpfr rounds by successive extraction (each component is the double nearest what the
//   ones before leave), so its relative error is at most (2^-53)^N (1 + 2^-50), well within the
//   formats' unit roundoff though not always correctly rounded to the nominal precision. A value
//   above max() in magnitude gives +-Inf with every other component 0, as an overflow does; one
//   below half the smallest subnormal gives a zero of its sign; -0 stays -0; NaN gives NaN.
// - from_string converts the decimal as from_mpfr would convert its exact value (it rounds it to
//   odd at 2162 bits first, 64 beyond the span of any finite value of these formats, 2^1023 down
//   to 2^-1074, which no later rounding to nearest and no comparison with max() can tell from
//   the decimal itself).
// - to_string prints the exact decimal value of the sum of the components (a binary fraction
//   always has one; core::mpfr_value::to_exact_string), in scientific notation without trailing
//   zeros: "3.25e+00", "1.0000000000000002220446049250313080847263336181640625e+00" for 1 +
//   2^-52, up to about 0.3 digits per bit from the leading bit to the lowest (751 for 2^-1074).
//   Shorter text would not do: from_string reads every bit a dd_real can hold, down to 2^-1074.
//   from_string reads it back exactly: the same dd_real (hi bit for bit, a zero lo maybe of the
//   other sign), the same expansion value (from_string's components are the successive nearest
//   doubles, which an arithmetic result need not have). Inf and NaN print as "inf", "-inf",
//   "nan".
// All work over MPFR's full exponent range whatever the caller set. Malformed text raises
// kamp::invalid_argument naming the text.
#include <mpfr.h>

#include <string>

#include "core/mpfr_value.hpp"
#include "multi_double/dd_limits.hpp"
#include "multi_double/dd_real.hpp"
#include "multi_double/expansion.hpp"
#include "multi_double/expansion_limits.hpp"

namespace kamp::multi_double {

namespace detail {
// Exact; zero components add nothing, so -0 keeps its sign.
core::mpfr_value components_to_mpfr(const double* c, int n);
// Writes n components, each the double nearest what the ones before leave of x; +-Inf (the
// rest 0) when |x| exceeds `largest`, the format's max() in n components.
void components_from_mpfr(mpfr_srcptr x, double* c, int n, const double* largest);
void components_from_string(const std::string& text, double* c, int n, const double* largest);
}  // namespace detail

core::mpfr_value to_mpfr(const dd_real& x);
dd_real dd_from_mpfr(mpfr_srcptr x);
dd_real dd_from_string(const std::string& text);
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
  return to_mpfr(x).to_exact_string();
}

}  // namespace kamp::multi_double

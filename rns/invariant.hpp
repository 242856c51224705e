#pragma once
// The representation invariant of mp_float (rns/mp_float.hpp, mp_header) as a host check:
// empty when x holds it, otherwise the condition it breaks. format_traits' invariant_violation,
// which the tests and the fuzz targets apply to results.
#include <string>

#include "rns/mp_float.hpp"

namespace kamp::rns {

// Checks X < 2^q, |exp| <= 2^30, zero in its one form, eval[0] <= X/M <= eval[1] with the bounds
// less than a factor of two apart, and zero digits in NaN and the infinities.
template <int N>
std::string invariant_violation(const mp_float<N>& x);

}  // namespace kamp::rns

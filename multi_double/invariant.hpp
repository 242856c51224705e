#pragma once
// The representation invariants of dd_real (multi_double/dd_real.hpp) and expansion<N>
// (multi_double/expansion.hpp) as host checks: empty when a value holds its invariant, otherwise
// the condition it breaks. format_traits' invariant_violation, which the tests and the fuzz targets
// apply to results.
#include <algorithm>
#include <cmath>
#include <string>

#include "multi_double/dd_real.hpp"
#include "multi_double/expansion.hpp"

namespace kamp::multi_double {

namespace detail {
// The spacing of the doubles at x (2^-1074 for subnormals); x finite and nonzero.
inline double ulp(double x) { return std::ldexp(1.0, std::max(std::ilogb(x) - 52, -1074)); }
}  // namespace detail

inline std::string invariant_violation(const dd_real& x) {
  if (!std::isfinite(x.hi)) return x.lo == 0 ? "" : "non-finite hi with lo != 0";
  if (x.hi == 0) return x.lo == 0 ? "" : "hi = 0 with lo != 0";
  if (std::fabs(x.lo) > detail::ulp(x.hi) / 2) return "|lo| > ulp(hi)/2";
  if (x.hi + x.lo != x.hi) return "hi != fl(hi + lo)";
  return "";
}

template <int N>
std::string invariant_violation(const expansion<N>& x) {
  for (int k = 0; k + 1 < N; ++k) {
    if (!std::isfinite(x.c[k]) || x.c[k] == 0) {
      for (int j = k + 1; j < N; ++j) {
        if (x.c[j] != 0) return "nonzero c[" + std::to_string(j) + "] after a zero or non-finite component";
      }
      return "";
    }
    if (std::fabs(x.c[k + 1]) > detail::ulp(x.c[k])) {
      return "|c[" + std::to_string(k + 1) + "]| > ulp(c[" + std::to_string(k) + "])";
    }
  }
  return "";
}

}  // namespace kamp::multi_double

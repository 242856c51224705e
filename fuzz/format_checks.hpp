#pragma once
// The checks that format_text and format_mpfr apply to a value converted into every format of
// blas::value_formats, so that a format is fuzzed by being listed. For a value v of format F
// converted from `source` (the input's exact value):
//   - v holds F's representation invariant (format_traits<F>::invariant_violation);
//   - v is NaN or an infinity of source's sign when source is, and within F's unit roundoff u of
//     source inside the window below;
//   - from_mpfr(to_mpfr(v)) has v's value (to_mpfr is exact);
//   - from_string(to_string(v)) reads back (any exception is a crash), holds the invariant and is
//     within u of v inside the window;
//   - v stored in F's host array and loaded holds the invariant, and is within u of v inside the
//     window (D+S rounds its lo to a float).
#include <Kokkos_Core.hpp>
#include <mpfr.h>

#include <cstdlib>
#include <string>

#include "core/mpfr_exponent_range.hpp"
#include "core/kokkos_settings.hpp"
#include "core/mpfr_value.hpp"
#include "blas/format_list.hpp"
#include "fuzz/fuzz_support.hpp"

namespace kamp::fuzz {

// One host thread is enough: only host arrays are used. Kokkos finalizes when libFuzzer exits.
inline void initialize_kokkos() {
  Kokkos::initialize(core::kokkos_settings(-1, 1));
  std::atexit([] { Kokkos::finalize(); });
}

// Where every listed format's unit roundoff bounds its conversions and its storage: no component
// of a multi-double value underflows (an expansion<8>'s last is 2^-364 below its first) and D+S
// keeps its lo a normal float (multi_double/ds_storage.hpp: 2^-73 <= |x| <= 2^180).
inline bool in_window(mpfr_srcptr x) {
  return mpfr_regular_p(x) && mpfr_get_exp(x) - 1 >= -73 && mpfr_get_exp(x) <= 180;
}

// Both NaN, or equal (+0 and -0 are).
inline bool same_value(mpfr_srcptr a, mpfr_srcptr b) { return (mpfr_nan_p(a) && mpfr_nan_p(b)) || mpfr_equal_p(a, b); }

// `value` is a faithful copy of `reference`: special values carried over, within u inside the
// window. Nothing is checked of finite values outside it.
inline void require_close(mpfr_srcptr value, mpfr_srcptr reference, const core::mpfr_value& u,
                          const std::string& what) {
  if (mpfr_nan_p(reference)) require(mpfr_nan_p(value), what + ": NaN became a number");
  if (mpfr_inf_p(reference)) {
    require(mpfr_inf_p(value) && mpfr_signbit(value) == mpfr_signbit(reference), what + ": an infinity changed");
  }
  if (!in_window(reference)) return;
  core::mpfr_value exact(mpfr_get_prec(reference)), got(mpfr_get_prec(value));
  mpfr_set(exact.get(), reference, MPFR_RNDN);
  mpfr_set(got.get(), value, MPFR_RNDN);
  const core::mpfr_value error = core::relative_error(got, exact);
  require(error <= u, what + ": relative error " + error.to_string(6) + " above u = " + u.to_string(6) + " (value " +
                          got.to_string() + ", reference " + exact.to_string() + ")");
}

template <class F>
void check_value(const value_type_t<F>& v, mpfr_srcptr source, const std::string& origin) {
  using traits = format_traits<F>;
  const core::widest_exponent_range wide;  // values and references may lie beyond MPFR's default range
  const std::string where = traits::name() + " from " + origin;
  const core::mpfr_value u = traits::unit_roundoff();
  const auto holds_invariant = [&](const value_type_t<F>& x, const std::string& step) {
    const std::string violation = traits::invariant_violation(x);
    require(violation.empty(), where + ", " + step + ": " + violation);
  };

  holds_invariant(v, "converted");
  const core::mpfr_value exact = traits::to_mpfr(v);
  require_close(exact.get(), source, u, where);

  const core::mpfr_value again = traits::to_mpfr(traits::from_mpfr(exact.get()));
  require(same_value(again.get(), exact.get()), where + ": from_mpfr(to_mpfr(v)) changed the value");

  const std::string text = traits::to_string(v);
  const auto read = traits::from_string(text);
  holds_invariant(read, "to_string and back (" + text + ")");
  require_close(traits::to_mpfr(read).get(), exact.get(), u, where + ", to_string and back (" + text + ")");

  const array_t<F, Kokkos::HostSpace> storage(1);
  storage.store(0, v);
  const auto loaded = storage.load(0);
  holds_invariant(loaded, "stored and loaded");
  require_close(traits::to_mpfr(loaded).get(), exact.get(), u, where + ", stored and loaded");
}

}  // namespace kamp::fuzz

#pragma once
// MPFR's exponent range is per-thread global state, and its default (|e| < 2^30) is narrower
// than some formats need. A conversion holds a widest_exponent_range while it computes, so its
// result does not depend on what the caller set; the caller's range is put back on scope exit.
#include <mpfr.h>

namespace kamp::core {

class widest_exponent_range {
 public:
  widest_exponent_range() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
  }
  ~widest_exponent_range() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }
  widest_exponent_range(const widest_exponent_range&) = delete;
  widest_exponent_range& operator=(const widest_exponent_range&) = delete;

 private:
  mpfr_exp_t emin_, emax_;
};

}  // namespace kamp::core

#pragma once
// mpfr_value: an owning RAII wrapper of mpfr_t (host only). Conversions from double and
// integers are exact whenever the precision allows it and refuse to round otherwise;
// decimal strings are rounded correctly and say whether that was exact.
#include <mpfr.h>

#include <cstdint>
#include <string>

namespace kamp::core {

class mpfr_value {
 public:
  explicit mpfr_value(mpfr_prec_t precision = 53);
  // Exact: precision must be at least 53 (throws kamp::invalid_argument otherwise).
  mpfr_value(double x, mpfr_prec_t precision);
  // Exact: precision must be at least 64.
  mpfr_value(std::int64_t x, mpfr_prec_t precision);
  mpfr_value(const mpfr_value& other);
  mpfr_value(mpfr_value&& other) noexcept;
  mpfr_value& operator=(const mpfr_value& other);
  mpfr_value& operator=(mpfr_value&& other) noexcept;
  ~mpfr_value();

  // Parses a decimal (or "inf"/"nan") string rounded to nearest at `precision`; throws
  // kamp::invalid_argument naming the text when it is not a number. `exact`, when given,
  // tells whether no rounding happened.
  static mpfr_value from_string(const std::string& text, mpfr_prec_t precision,
                                bool* exact = nullptr);

  mpfr_prec_t precision() const { return mpfr_get_prec(value_); }
  double to_double(mpfr_rnd_t rounding = MPFR_RNDN) const { return mpfr_get_d(value_, rounding); }
  // Scientific notation with `digits` significant digits (0: enough to round-trip).
  std::string to_string(int digits = 0) const;

  mpfr_ptr get() { return value_; }
  mpfr_srcptr get() const { return value_; }

 private:
  mpfr_t value_;
};

// The double nearest a decimal (or "inf"/"nan") text, rounded once, subnormals included: strtod's
// value for a decimal. Throws kamp::invalid_argument naming the text when it is not a number.
double nearest_double(const std::string& text);

// |computed - exact| / |exact| evaluated in MPFR (|computed| when exact is zero), rounded up,
// so a tolerance check against it is never optimistic.
mpfr_value relative_error(const mpfr_value& computed, const mpfr_value& exact);
// |computed - exact|, rounded up.
mpfr_value absolute_error(const mpfr_value& computed, const mpfr_value& exact);

bool operator<(const mpfr_value& a, const mpfr_value& b);
bool operator<=(const mpfr_value& a, const mpfr_value& b);
bool operator==(const mpfr_value& a, const mpfr_value& b);

}  // namespace kamp::core

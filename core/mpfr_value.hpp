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

  // Parses a decimal (or "inf"/"nan") string rounded at `precision` (to nearest unless told);
  // throws kamp::invalid_argument naming the text when it is not a number. `exact`, when given,
  // tells whether no rounding happened.
  static mpfr_value from_string(const std::string& text, mpfr_prec_t precision, bool* exact = nullptr,
                                mpfr_rnd_t rounding = MPFR_RNDN);

  mpfr_prec_t precision() const { return mpfr_get_prec(value_); }
  double to_double(mpfr_rnd_t rounding = MPFR_RNDN) const { return mpfr_get_d(value_, rounding); }
  // Scientific notation with `digits` significant digits (0: enough to round-trip at this
  // precision).
  std::string to_string(int digits = 0) const;
  // The exact decimal value, which every binary fraction has (m 2^-k = m 5^k 10^-k), in
  // scientific notation without trailing zeros: up to 767 significant digits for a double,
  // about 0.3 per bit of the span from the leading bit to 2^-k.
  std::string to_exact_string() const;

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

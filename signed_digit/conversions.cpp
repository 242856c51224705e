#include "signed_digit/conversions.hpp"

#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"

namespace kamp::signed_digit {

namespace {

// An mpz_t that frees itself.
class integer {
 public:
  integer() { mpz_init(value_); }
  ~integer() { mpz_clear(value_); }
  integer(const integer&) = delete;
  integer& operator=(const integer&) = delete;
  mpz_ptr get() { return value_; }

 private:
  mpz_t value_;
};

// The fewest-digit representation of |K|: from the least significant decimal digit up, a
// position value above 6 becomes value - 10 with a transfer of 1 upwards. Digits end in [-3, 6].
std::vector<std::int8_t> recode_magnitude(mpz_srcptr significand) {
  std::vector<char> text(mpz_sizeinbase(significand, 10) + 2);
  mpz_get_str(text.data(), 10, significand);
  std::string decimal(text.data());
  if (!decimal.empty() && decimal[0] == '-') decimal.erase(0, 1);
  std::vector<std::int8_t> digits;
  int carry = 0;
  for (auto it = decimal.rbegin(); it != decimal.rend(); ++it) {
    const int v = (*it - '0') + carry;
    carry = v > max_digit ? 1 : 0;
    digits.push_back(static_cast<std::int8_t>(v - 10 * carry));
  }
  if (carry) digits.push_back(1);
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  return digits;
}

}  // namespace

int digits_needed(mpz_srcptr significand) {
  if (mpz_sgn(significand) == 0) return 1;
  return static_cast<int>(recode_magnitude(significand).size());
}

number from_mpz(mpz_srcptr significand, std::int32_t exponent, int digit_count) {
  const char* fn = "kamp::signed_digit::from_mpz";
  require_argument(digit_count >= 1 && digit_count <= max_digit_count, fn, "digit_count", digit_count,
                   "must be in [1, " + std::to_string(max_digit_count) + "]");
  number zero(digit_count, exponent);  // checks the exponent
  if (mpz_sgn(significand) == 0) return zero;
  auto digits = recode_magnitude(significand);
  require_argument(digits.size() <= static_cast<std::size_t>(digit_count), fn, "digit_count", digit_count,
                   "the value needs " + std::to_string(digits.size()) + " signed digits");
  if (mpz_sgn(significand) < 0) {
    for (auto& d : digits) d = static_cast<std::int8_t>(-d);
  }
  digits.resize(static_cast<std::size_t>(digit_count), 0);
  return number(std::move(digits), exponent);
}

void to_mpz(mpz_ptr significand, const number& x) {
  const ordinary_form form = normalise(x);
  mpz_set_str(significand, form.digits.c_str(), 10);
  if (form.sign < 0) mpz_neg(significand, significand);
}

number from_string(const std::string& text, int digit_count) {
  const char* fn = "kamp::signed_digit::from_string";
  const auto malformed = [&](const std::string& why) { throw invalid_argument(fn, "text", "\"" + text + "\"", why); };
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  std::string significand;
  long long fraction_digits = 0;
  bool point = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      significand.push_back(c);
      if (point) ++fraction_digits;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (significand.empty()) malformed("must be [+|-]digits[.digits][e[+|-]digits]: no digits");
  long long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exponent_negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exponent_negative = text[i++] == '-';
    if (i == text.size()) malformed("the exponent has no digits");
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
      exponent = exponent * 10 + (text[i] - '0');
      if (exponent > 4LL * max_exponent) malformed("the exponent is out of range");
    }
    if (exponent_negative) exponent = -exponent;
  }
  if (i != text.size()) malformed("unexpected character '" + std::string(1, text[i]) + "'");
  exponent -= fraction_digits;
  if (exponent < -max_exponent || exponent > max_exponent) {
    malformed("the exponent " + std::to_string(exponent) + " is outside [-" + std::to_string(max_exponent) + ", " +
              std::to_string(max_exponent) + "]");
  }
  integer k;
  mpz_set_str(k.get(), significand.c_str(), 10);
  if (negative) mpz_neg(k.get(), k.get());
  return from_mpz(k.get(), static_cast<std::int32_t>(exponent), digit_count);
}

std::string to_string(const number& x) {
  const ordinary_form form = normalise(x);
  if (form.sign == 0) return "0";
  std::string text = (form.sign < 0 ? "-" : "") + form.digits;
  if (form.exponent != 0) text += "e" + std::to_string(form.exponent);
  return text;
}

number from_double(double x, int digit_count) {
  require_argument(std::isfinite(x), "kamp::signed_digit::from_double", "x", x, "must be finite");
  integer k;
  if (x == 0) return from_mpz(k.get(), 0, digit_count);
  int e = 0;
  const double fraction = std::frexp(std::fabs(x), &e);
  auto m = static_cast<long long>(std::ldexp(fraction, 53));  // exact: 53 bits
  e -= 53;
  while (m % 2 == 0) {
    m /= 2;
    ++e;
  }
  mpz_set_si(k.get(), m);
  std::int32_t exponent = 0;
  if (e >= 0) {
    mpz_mul_2exp(k.get(), k.get(), static_cast<mp_bitcnt_t>(e));
    while (mpz_divisible_ui_p(k.get(), 10)) {
      mpz_divexact_ui(k.get(), k.get(), 10);
      ++exponent;
    }
  } else {
    integer five;
    mpz_ui_pow_ui(five.get(), 5, static_cast<unsigned long>(-e));
    mpz_mul(k.get(), k.get(), five.get());
    exponent = e;
  }
  if (x < 0) mpz_neg(k.get(), k.get());
  return from_mpz(k.get(), exponent, digit_count);
}

namespace {

// K 10^t exactly, rounded to nearest into `result`; returns MPFR's ternary value.
int set_exact(mpfr_ptr result, mpz_srcptr k, std::int32_t t) {
  integer power, product;
  mpz_ui_pow_ui(power.get(), 10, static_cast<unsigned long>(std::abs(static_cast<long>(t))));
  if (t >= 0) {
    mpz_mul(product.get(), k, power.get());
    return mpfr_set_z(result, product.get(), MPFR_RNDN);
  }
  mpq_t q;
  mpq_init(q);
  mpq_set_num(q, k);
  mpq_set_den(q, power.get());
  mpq_canonicalize(q);
  const int inexact = mpfr_set_q(result, q, MPFR_RNDN);
  mpq_clear(q);
  return inexact;
}

// x rounded to nearest into `result` in the current exponent range; returns MPFR's ternary value.
// 10^|t| exactly has 3.3 |t| bits (over 3 10^8 at the limit |t| = 10^8), so when x cannot be exact
// or halfway at the result's precision p it is approximated at w > p bits instead (Ziv's
// strategy): K and 10^|t| rounded, then their product or quotient, three roundings of at most
// 2^-w each, so the error is below 2^(e - w + 3) for |x| < 2^e; mpfr_can_round tells when that
// decides the rounding and the ternary value, else w doubles. x cannot be exact or halfway when
// t >= 0 and 5^t > 2^(p+1) (2t > p + 1 suffices), or when t < 0 and 5^|t| cannot divide K
// (|K| < 4^|t|). The approximation is computed and rounded in the widest exponent range, and
// mpfr_check_range then brings it into the caller's, with overflow and underflow as in the
// exact path.
int set_rounded(mpfr_ptr result, const number& x) {
  integer k;
  to_mpz(k.get(), x);
  const long t = x.exponent();
  const mpfr_prec_t p = mpfr_get_prec(result);
  const bool never_exact = mpz_sgn(k.get()) != 0 &&
                           (t >= 0 ? 2 * t > p + 1 : mpz_sizeinbase(k.get(), 2) <= static_cast<std::size_t>(-2 * t));
  if (!never_exact) return set_exact(result, k.get(), x.exponent());
  int ternary = 0;
  {
    const core::widest_exponent_range wide;
    for (mpfr_prec_t w = p + 32;; w *= 2) {
      core::mpfr_value power(w), approximation(w);
      mpfr_ui_pow_ui(power.get(), 10, static_cast<unsigned long>(std::abs(t)), MPFR_RNDN);
      mpfr_set_z(approximation.get(), k.get(), MPFR_RNDN);
      if (t >= 0) {
        mpfr_mul(approximation.get(), approximation.get(), power.get(), MPFR_RNDN);
      } else {
        mpfr_div(approximation.get(), approximation.get(), power.get(), MPFR_RNDN);
      }
      if (mpfr_can_round(approximation.get(), w - 3, MPFR_RNDN, MPFR_RNDZ, p + 1)) {
        ternary = mpfr_set(result, approximation.get(), MPFR_RNDN);
        break;
      }
    }
  }
  return mpfr_check_range(result, ternary, MPFR_RNDN);
}

}  // namespace

core::mpfr_value to_mpfr(const number& x, mpfr_prec_t precision) {
  const core::widest_exponent_range wide;
  core::mpfr_value result(precision);
  set_rounded(result.get(), x);
  return result;
}

double to_double(const number& x) {
  // One rounding into double's precision and exponent range, subnormals included (MPFR's
  // emulation of IEEE double): rounding to 53 bits first and then to a subnormal's fewer bits
  // would round twice. The caller's exponent range is put back on return.
  const core::widest_exponent_range saved;
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  core::mpfr_value result(53);
  const int inexact = set_rounded(result.get(), x);
  mpfr_subnormalize(result.get(), inexact, MPFR_RNDN);
  return mpfr_get_d(result.get(), MPFR_RNDN);
}

}  // namespace kamp::signed_digit

// MPFR values into every format of blas::value_formats (format_traits<F>::from_mpfr): any
// precision up to 4096 bits and any exponent of MPFR's widest range, NaN, the infinities and the
// zeros. Every format gives a value that passes format_checks.hpp against the input (or raises
// kamp::invalid_argument, which the RNS formats document for values beyond their exponent range).
//
// Input bytes: [kind and sign] [precision, 2 bytes] [exponent, 8 bytes] [significand bytes...],
// little-endian; missing bytes read as zero. Kind (low 2 bits): 0 NaN, 1 infinity, 2 zero, 3 a
// number; bit 2 the sign. A number is the significand bytes as an integer, rounded to the
// precision, scaled to the exponent (clamped to MPFR's widest range).
#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"
#include "fuzz/format_checks.hpp"

namespace {

kamp::core::mpfr_value decode(const std::uint8_t* data, std::size_t size) {
  const kamp::core::widest_exponent_range wide;
  const unsigned kind = size > 0 ? data[0] & 3 : 0;
  const int sign = size > 0 && (data[0] & 4) ? -1 : 1;
  kamp::core::mpfr_value x(2 + static_cast<mpfr_prec_t>(kamp::fuzz::little_endian(data, size, 1, 2) % 4095));
  if (kind == 0) mpfr_set_nan(x.get());
  if (kind == 1) mpfr_set_inf(x.get(), sign);
  if (kind == 2) mpfr_set_zero(x.get(), sign);
  if (kind != 3) return x;
  mpz_t significand;
  mpz_init(significand);
  if (size > 11) mpz_import(significand, size - 11, -1, 1, 0, 0, data + 11);
  if (mpz_sgn(significand) == 0) mpz_set_ui(significand, 1);
  if (sign < 0) mpz_neg(significand, significand);
  mpfr_set_z(x.get(), significand, MPFR_RNDN);
  mpz_clear(significand);
  const auto exponent = static_cast<std::int64_t>(kamp::fuzz::little_endian(data, size, 3, 8));
  mpfr_set_exp(x.get(), std::clamp<std::int64_t>(exponent, mpfr_get_emin(), mpfr_get_emax()));
  return x;
}

template <class F>
void convert(const kamp::core::mpfr_value& x, const std::string& origin) {
  kamp::value_type_t<F> v;
  try {
    v = kamp::format_traits<F>::from_mpfr(x.get());
  } catch (const kamp::invalid_argument&) {
    return;
  }
  kamp::fuzz::check_value<F>(v, x.get(), origin);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  kamp::fuzz::initialize_kokkos();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kamp::core::mpfr_value x = decode(data, size);
  const std::string origin = "MPFR " + x.to_string(20) + " (" + std::to_string(x.precision()) + " bits)";
  kamp::formats::for_each_type(kamp::blas::value_formats{},
                               [&](auto format) { convert<typename decltype(format)::type>(x, origin); });
  return 0;
}

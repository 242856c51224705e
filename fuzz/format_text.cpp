// Decimal text into every format of blas::value_formats (format_traits<F>::from_string). A
// text is a number when MPFR reads it whole; then every format gives a value that passes
// format_checks.hpp against the text's value at 4096 bits (or raises kamp::invalid_argument,
// which the RNS formats document for values beyond their exponent range), and otherwise every
// format raises kamp::invalid_argument. A text holding a NUL byte is not a number. double, the
// one format with an outside reference, reads a decimal as strtod does (both round once).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "core/mpfr_exponent_range.hpp"
#include "fuzz/format_checks.hpp"

namespace {

using kamp::fuzz::require;

template <class F>
void convert(const std::string& text, const kamp::core::mpfr_value* exact) {
  using traits = kamp::format_traits<F>;
  kamp::value_type_t<F> v;
  try {
    v = traits::from_string(text);
  } catch (const kamp::invalid_argument&) {
    return;
  }
  require(exact != nullptr, traits::name() + " read a text that is not a number");
  kamp::fuzz::check_value<F>(v, exact->get(), "text");
  if constexpr (std::is_same<F, double>::value) {
    char* end = nullptr;
    const double c = std::strtod(text.c_str(), &end);
    const bool same = std::memcmp(&c, &v, sizeof v) == 0 || (std::isnan(c) && std::isnan(v));
    require(end != text.c_str() + text.size() || same, "double differs from strtod");
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  kamp::fuzz::initialize_kokkos();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  kamp::core::mpfr_value exact(2);
  bool number = false;
  try {
    // The widest range: the RNS formats reach 2^(2^30 + q), beyond MPFR's default.
    const kamp::core::widest_exponent_range wide;
    exact = kamp::core::mpfr_value::from_string(text, 4096);
    number = true;
  } catch (const kamp::invalid_argument&) {
  }
  require(!number || text.find('\0') == std::string::npos, "a text holding a NUL byte was read as a number");
  kamp::formats::for_each_type(kamp::blas::value_formats{}, [&](auto format) {
    convert<typename decltype(format)::type>(text, number ? &exact : nullptr);
  });
  return 0;
}

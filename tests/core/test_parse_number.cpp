// core/parse_number: whole-text integers and reals (subnormals read exactly, overflow and
// underflow to zero out of range, every malformed form rejected), and the option parsers'
// errors, which name the option and the text exactly as given.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "core/parse_number.hpp"

namespace kamp::test {
namespace {

using core::bound;
using core::number_error;

constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t int64_min = std::numeric_limits<std::int64_t>::min();

std::int64_t integer(const std::string& text) {
  std::int64_t v = 0;
  EXPECT_EQ(core::to_integer(text, v), number_error::none) << text;
  return v;
}

double real(const std::string& text) {
  double v = 0;
  EXPECT_EQ(core::to_real(text, v), number_error::none) << text;
  return v;
}

TEST(parse_number, IntegersReadWhole) {
  EXPECT_EQ(integer("0"), 0);
  EXPECT_EQ(integer("-0"), 0);
  EXPECT_EQ(integer("+7"), 7);
  EXPECT_EQ(integer("0012"), 12);
  EXPECT_EQ(integer("9223372036854775807"), int64_max);
  EXPECT_EQ(integer("-9223372036854775808"), int64_min);
  for (const char* text :
       {"9223372036854775808", "-9223372036854775809", "99999999999999999999", "4294967297000000000000"}) {
    std::int64_t v = 5;
    EXPECT_EQ(core::to_integer(text, v), number_error::out_of_range) << text;
    EXPECT_EQ(v, 5) << "written on failure: " << text;
  }
  for (const char* text : {"", " 1", "1 ", "1e3", "1.0", "0x10", "+-1", "++1", "-+1", "+", "-", "abc", "12a", "١"}) {
    std::int64_t v = 5;
    EXPECT_EQ(core::to_integer(text, v), number_error::malformed) << "'" << text << "'";
    EXPECT_EQ(v, 5) << "written on failure: " << text;
  }
}

TEST(parse_number, RealsRoundToNearestAndKeepSubnormals) {
  const double denorm_min = std::numeric_limits<double>::denorm_min();
  const double normal_min = std::numeric_limits<double>::min();
  EXPECT_EQ(real("0.1"), 0.1);
  EXPECT_EQ(real("+1.5"), 1.5);
  EXPECT_EQ(real(".5"), 0.5);
  EXPECT_EQ(real("2."), 2.0);
  EXPECT_EQ(real("-2e3"), -2000.0);
  EXPECT_EQ(real("1.7976931348623157e308"), std::numeric_limits<double>::max());
  EXPECT_TRUE(std::signbit(real("-0")));
  EXPECT_EQ(real("0e999999"), 0.0);  // zero is zero at any exponent
  // Subnormals, exactly: the smallest, the largest, and 1e-310 as the correctly rounded strtod gives it.
  EXPECT_EQ(real("4.9406564584124654e-324"), denorm_min);
  EXPECT_EQ(real("2.4703282292062328e-324"), denorm_min);  // just above half of it rounds up
  EXPECT_EQ(real("2.2250738585072009e-308"), std::nextafter(normal_min, 0.0));
  EXPECT_EQ(real("1e-310"), std::strtod("1e-310", nullptr));
  EXPECT_EQ(real("-1e-310"), -std::strtod("1e-310", nullptr));
  EXPECT_LT(real("1e-310"), normal_min);
  for (const char* text : {"1e400", "-1e400", "1.8e308", "1e-400", "-1e-400", "2.4703282292062327e-324"}) {
    double v = 5;
    EXPECT_EQ(core::to_real(text, v), number_error::out_of_range) << text;
    EXPECT_EQ(v, 5) << "written on failure: " << text;
  }
  for (const char* text : {"", " 1", "1 ", "inf", "-inf", "infinity", "nan", "0x1p3", "1e", "1,5", "--1", "+-1", "e5",
                           ".", "1.5.2", "1e5x"}) {
    double v = 5;
    EXPECT_EQ(core::to_real(text, v), number_error::malformed) << "'" << text << "'";
    EXPECT_EQ(v, 5) << "written on failure: " << text;
  }
}

// Runs `call`, expects kamp::invalid_argument naming `option` and `text`, and returns its message.
template <class Call>
std::string option_error(const std::string& option, const std::string& text, Call&& call) {
  try {
    call();
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), option) << e.what();
    EXPECT_EQ(e.value(), text) << e.what();
    const std::string message = e.what();
    EXPECT_NE(message.find("'" + option + "' = " + text + " is invalid"), std::string::npos) << message;
    return message;
  }
  ADD_FAILURE() << "no kamp::invalid_argument for " << option << " " << text;
  return "";
}

std::int64_t sweeps(const std::string& text) {
  return core::parse_integer("kamp_solve", "--inner-sweeps", text, 1, std::numeric_limits<int>::max());
}

TEST(parse_number, IntegerOptionsAreRangeChecked) {
  EXPECT_EQ(sweeps("5"), 5);
  EXPECT_EQ(sweeps("2147483647"), 2147483647);
  EXPECT_EQ(core::parse_integer("f", "--k", "9223372036854775807", 0), int64_max);
  for (const char* text : {"4294967297", "2147483648", "0", "-1", "", "5x", "1e3"}) {
    const std::string message = option_error("--inner-sweeps", text, [&] { sweeps(text); });
    EXPECT_NE(message.find("must be an integer in [1, 2147483647]"), std::string::npos) << message;
  }
  const std::string huge = "99999999999999999999";
  const std::string message =
      option_error("--max-iterations", huge, [&] { core::parse_integer("kamp_solve", "--max-iterations", huge, 0); });
  EXPECT_NE(message.find("must be an integer >= 0 (this one is beyond the 64-bit integers)"), std::string::npos)
      << message;
  EXPECT_EQ(message.rfind("kamp_solve: ", 0), 0u) << message;
}

TEST(parse_number, RealOptionsAreRangeChecked) {
  const auto tolerance = [](const std::string& text) {
    return core::parse_real("kamp_solve", "--tolerance", text, 0, bound::exclusive);
  };
  EXPECT_EQ(tolerance("1e-30"), 1e-30);
  EXPECT_EQ(tolerance("1e-310"), std::strtod("1e-310", nullptr));
  for (const char* text : {"0", "-0", "-1e-12", "nan", "inf", "", "1e-12 "}) {
    const std::string message = option_error("--tolerance", text, [&] { tolerance(text); });
    EXPECT_NE(message.find("must be a finite real number > 0"), std::string::npos) << message;
  }
  for (const char* text : {"1e-400", "1e400"}) {
    const std::string message = option_error("--tolerance", text, [&] { tolerance(text); });
    EXPECT_NE(message.find("> 0 (this one overflows or rounds to zero in double)"), std::string::npos) << message;
  }
  EXPECT_EQ(core::parse_real("f", "--x", "0", 0), 0.0);
  const std::string at_least = option_error("--x", "-1", [] { core::parse_real("f", "--x", "-1", 0); });
  EXPECT_NE(at_least.find("must be a finite real number >= 0"), std::string::npos) << at_least;
  const auto omega = [](const std::string& text) {
    return core::parse_real("f", "--omega", text, 0, bound::exclusive, 2, bound::exclusive);
  };
  EXPECT_EQ(omega("1.5"), 1.5);
  const std::string interval = option_error("--omega", "2", [&] { omega("2"); });
  EXPECT_NE(interval.find("must be a finite real number in (0, 2)"), std::string::npos) << interval;
  const std::string bounds =
      option_error("--w", "0.3", [] { core::parse_real("f", "--w", "0.3", 0.1, bound::inclusive, 0.2); });
  EXPECT_NE(bounds.find("in [0.1, 0.2]"), std::string::npos) << bounds;  // the bounds as written
  const std::string anything =
      option_error("--y", "x", [] { core::parse_real("f", "--y", "x", -std::numeric_limits<double>::max()); });
  EXPECT_NE(anything.find("is invalid: must be a finite real number"), std::string::npos) << anything;
}

}  // namespace
}  // namespace kamp::test

// kamp_solve's command line (apps/solve_settings.hpp): every option read into the settings, the
// bounds accepted, and every bad input rejected with kamp::invalid_argument naming the option and
// the text exactly as given; among them inputs that a lax parser would run silently changed
// (4294967297 sweeps as 1, 10^20 iterations as 2^63 - 1) or never return from (--generate of
// 2^63 - 1).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "apps/solve_settings.hpp"
#include "core/error.hpp"

namespace kamp::test {
namespace {

using apps::parse_solve_settings;
using args = std::vector<std::string>;

TEST(solve_settings, DefaultsAndEveryOption) {
  const auto d = parse_solve_settings({"m.mtx"});
  EXPECT_FALSE(d.help);
  EXPECT_EQ(d.matrix, "m.mtx");
  EXPECT_EQ(d.generate, 0);
  EXPECT_EQ(d.format, "dd");
  EXPECT_EQ(d.space, "device");
  EXPECT_TRUE(d.solver.precondition);
  EXPECT_EQ(d.solver.tolerance, 1e-12);
  EXPECT_EQ(d.solver.max_iterations, 1000);
  EXPECT_EQ(d.solver.inner.sweeps, 5);
  EXPECT_FALSE(d.halo.has_value());

  const auto s = parse_solve_settings({"--generate",
                                       "1709028",
                                       "--rhs",
                                       "b.mtx",
                                       "--format",
                                       "rns212",
                                       "--solver",
                                       "bicgstab",
                                       "--tolerance",
                                       "1e-30",
                                       "--max-iterations",
                                       "250",
                                       "--inner-sweeps",
                                       "7",
                                       "--omega",
                                       "0.75",
                                       "--inner-tolerance",
                                       "1e-3",
                                       "--true-residual-every",
                                       "0",
                                       "--history",
                                       "h.csv",
                                       "--space",
                                       "host",
                                       "--reorder",
                                       "rcm",
                                       "--profile",
                                       "--halo",
                                       "device_peers"});
  EXPECT_EQ(s.generate, 1709028);
  EXPECT_EQ(s.matrix, "");
  EXPECT_EQ(s.rhs, "b.mtx");
  EXPECT_EQ(s.format, "rns212");
  EXPECT_FALSE(s.solver.precondition);
  EXPECT_EQ(s.solver.tolerance, 1e-30);
  EXPECT_EQ(s.solver.max_iterations, 250);
  EXPECT_EQ(s.solver.inner.sweeps, 7);
  EXPECT_EQ(s.solver.inner.omega, 0.75);
  EXPECT_EQ(s.solver.inner.inner_tolerance, 1e-3);
  EXPECT_EQ(s.solver.true_residual_every, 0);
  EXPECT_EQ(s.history, "h.csv");
  EXPECT_EQ(s.space, "host");
  EXPECT_TRUE(s.reorder);
  EXPECT_TRUE(s.profile);
  EXPECT_EQ(s.halo, parallel::transport::device_peers);
  EXPECT_EQ(parse_solve_settings({"m", "--halo", "host_staged"}).halo, parallel::transport::host_staged);

  EXPECT_TRUE(parse_solve_settings({"--help"}).help);  // no matrix needed
  EXPECT_TRUE(parse_solve_settings({"-h"}).help);
}

TEST(solve_settings, BoundsAreAccepted) {
  EXPECT_EQ(parse_solve_settings({"--generate", "2145948660"}).generate, 2145948660);
  EXPECT_EQ(parse_solve_settings({"--generate", "1"}).generate, 1);
  EXPECT_EQ(parse_solve_settings({"m", "--inner-sweeps", "2147483647"}).solver.inner.sweeps, 2147483647);
  EXPECT_EQ(parse_solve_settings({"m", "--max-iterations", "9223372036854775807"}).solver.max_iterations,
            9223372036854775807);
  EXPECT_EQ(parse_solve_settings({"m", "--max-iterations", "0"}).solver.max_iterations, 0);
  EXPECT_EQ(parse_solve_settings({"m", "--tolerance", "1e-310"}).solver.tolerance, std::strtod("1e-310", nullptr));
  EXPECT_EQ(parse_solve_settings({"m", "--inner-tolerance", "0"}).solver.inner.inner_tolerance, 0.0);
}

// Expects kamp::invalid_argument naming `argument` and `value`, with `requirement` in its message.
void expect_rejected(const args& given, const std::string& argument, const std::string& value,
                     const std::string& requirement) {
  try {
    parse_solve_settings(given);
    ADD_FAILURE() << "accepted " << argument << " " << value;
  } catch (const kamp::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_EQ(e.argument(), argument) << message;
    EXPECT_EQ(e.value(), value) << message;
    const std::string head = "command line: argument '" + argument + "' = " + value + " is invalid: ";
    EXPECT_EQ(message.rfind(head, 0), 0u) << message;
    EXPECT_NE(message.find(requirement), std::string::npos) << message;
  }
}

TEST(solve_settings, IntegersOutOfRangeNameTheOptionAndText) {
  expect_rejected({"m", "--inner-sweeps", "4294967297"}, "--inner-sweeps", "4294967297", "in [1, 2147483647]");
  expect_rejected({"m", "--inner-sweeps", "2147483648"}, "--inner-sweeps", "2147483648", "in [1, 2147483647]");
  expect_rejected({"m", "--inner-sweeps", "0"}, "--inner-sweeps", "0", "in [1, 2147483647]");
  expect_rejected({"m", "--max-iterations", "99999999999999999999"}, "--max-iterations", "99999999999999999999",
                  ">= 0 (this one is beyond the 64-bit integers)");
  expect_rejected({"m", "--max-iterations", "-1"}, "--max-iterations", "-1", "must be an integer >= 0");
  expect_rejected({"m", "--max-iterations", "1e3"}, "--max-iterations", "1e3", "must be an integer >= 0");
  expect_rejected({"m", "--true-residual-every", "-10"}, "--true-residual-every", "-10", ">= 0");
  expect_rejected({"m", "--true-residual-every", " 10"}, "--true-residual-every", " 10", ">= 0");
  for (const char* text : {"99999999999999999999", "9223372036854775807", "2145948661", "0", "-5", "12x", ""}) {
    expect_rejected({"--generate", text}, "--generate", text, "must be an integer in [1, 2145948660]");
  }
}

TEST(solve_settings, RealsOutOfRangeNameTheOptionAndText) {
  for (const char* text : {"0", "-1e-12", "abc", "nan", "inf", "1e-12x"}) {
    expect_rejected({"m", "--tolerance", text}, "--tolerance", text, "must be a finite real number > 0");
  }
  expect_rejected({"m", "--tolerance", "1e-400"}, "--tolerance", "1e-400", "overflows or rounds to zero in double");
  expect_rejected({"m", "--omega", "0"}, "--omega", "0", "must be a finite real number > 0");
  expect_rejected({"m", "--omega", "1e999"}, "--omega", "1e999", "overflows or rounds to zero");
  expect_rejected({"m", "--inner-tolerance", "-1"}, "--inner-tolerance", "-1", "must be a finite real number >= 0");
}

TEST(solve_settings, OtherBadInputsAreNamed) {
  expect_rejected({"m", "--tolerance"}, "--tolerance", "(nothing)", "needs a value");
  expect_rejected({"m", "--bogus"}, "argument", "--bogus", "is not an option of kamp_solve");
  expect_rejected({"m", "n"}, "argument", "n", "a second matrix file");
  expect_rejected({}, "MATRIX", "(none)", "exactly one of");
  expect_rejected({"m", "--generate", "10"}, "MATRIX", "m", "exactly one of");
  expect_rejected({"m", "--format", "float"}, "--format", "float", "must be double, dd, qd or rns212");
  expect_rejected({"m", "--solver", "cg"}, "--solver", "cg", "must be vpbicgstab or bicgstab");
  expect_rejected({"m", "--space", "gpu"}, "--space", "gpu", "must be device or host");
  expect_rejected({"m", "--reorder", "amd"}, "--reorder", "amd", "must be rcm or none");
  expect_rejected({"m", "--halo", "nccl"}, "--halo", "nccl", "must be host_staged or device_peers");
}

}  // namespace
}  // namespace kamp::test

// kamp_gemm's command line (apps/gemm_settings.hpp): every option read into the settings, the
// defaults (the FMA kernels for formats other than dd_real), the bounds accepted, and every bad
// input rejected with kamp::invalid_argument naming the option and the text exactly as given.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "apps/gemm_settings.hpp"
#include "core/error.hpp"

namespace kamp::test {
namespace {

using apps::parse_gemm_settings;
using args = std::vector<std::string>;

TEST(gemm_settings, DefaultsAndEveryOption) {
  const auto d = parse_gemm_settings({});
  EXPECT_FALSE(d.help);
  EXPECT_EQ(d.size, 4096);
  EXPECT_EQ(d.format, "dd");
  EXPECT_EQ(d.engine, "ozaki");
  EXPECT_EQ(d.grid_rows, 0);
  EXPECT_EQ(d.repeat, 3);
  EXPECT_EQ(d.panel_bytes, 0);
  EXPECT_EQ(d.check, 16);
  EXPECT_EQ(d.space, "device");
  EXPECT_EQ(parse_gemm_settings({"--format", "qd"}).engine, "ozaki");
  EXPECT_EQ(parse_gemm_settings({"--format", "double"}).engine, "fma");

  const auto s = parse_gemm_settings({"--size", "1048576", "--format", "double", "--engine", "fma", "--grid", "4x1",
                                      "--repeat", "1000", "--panel-bytes", "2.5e9", "--check", "0", "--space", "host",
                                      "--host-staged", "--help"});
  EXPECT_TRUE(s.help);
  EXPECT_EQ(s.size, 1048576);
  EXPECT_EQ(s.format, "double");
  EXPECT_EQ(s.engine, "fma");
  EXPECT_EQ(s.grid_rows, 4);
  EXPECT_EQ(s.grid_cols, 1);
  EXPECT_EQ(s.repeat, 1000);
  EXPECT_EQ(s.panel_bytes, 2.5e9);
  EXPECT_EQ(s.check, 0);
  EXPECT_EQ(s.space, "host");
  EXPECT_TRUE(s.host_staged);
  EXPECT_FALSE(d.host_staged);
}

void expect_rejected(const args& a, const std::string& option, const std::string& text) {
  try {
    parse_gemm_settings(a);
    ADD_FAILURE() << "accepted " << option << " " << text;
  } catch (const invalid_argument& e) {
    EXPECT_EQ(e.argument(), option) << e.what();
    EXPECT_EQ(e.value(), text) << e.what();
  }
}

TEST(gemm_settings, BadInputIsNamed) {
  expect_rejected({"--size", "0"}, "--size", "0");
  expect_rejected({"--size", "1048577"}, "--size", "1048577");
  expect_rejected({"--size", "12x"}, "--size", "12x");
  expect_rejected({"--size"}, "--size", "(nothing)");
  expect_rejected({"--format", "rns212"}, "--format", "rns212");
  expect_rejected({"--engine", "tensor"}, "--engine", "tensor");
  expect_rejected({"--format", "double", "--engine", "ozaki"}, "--engine", "ozaki");
  expect_rejected({"--grid", "2"}, "--grid", "2");
  expect_rejected({"--grid", "2x"}, "--grid", "2x");
  expect_rejected({"--grid", "0x4"}, "--grid", "0x4");
  expect_rejected({"--grid", "2x2x2"}, "--grid", "2x2x2");
  expect_rejected({"--grid", "4097x1"}, "--grid", "4097x1");
  expect_rejected({"--repeat", "0"}, "--repeat", "0");
  expect_rejected({"--panel-bytes", "-1"}, "--panel-bytes", "-1");
  expect_rejected({"--panel-bytes", "nan"}, "--panel-bytes", "nan");
  expect_rejected({"--check", "1025"}, "--check", "1025");
  expect_rejected({"--space", "gpu"}, "--space", "gpu");
  expect_rejected({"--ranks", "4"}, "argument", "--ranks");
}

}  // namespace
}  // namespace kamp::test

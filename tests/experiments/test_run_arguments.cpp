// kamp_run's command line (experiments/run_arguments.hpp): every option read into the arguments,
// Kokkos' own options left alone, and every bad value rejected with kamp::invalid_argument naming
// the option and the text as given.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "experiments/run_arguments.hpp"

namespace kamp::test {
namespace {

using experiments::parse_run_arguments;

TEST(run_arguments, DefaultsAndEveryOption) {
  const auto d = parse_run_arguments({});
  EXPECT_EQ(d.options.size, experiments::problem_size::quick);
  EXPECT_EQ(d.options.data, experiments::all_data_classes());
  EXPECT_TRUE(d.options.host_rows);
  EXPECT_EQ(d.out_dir, "results");
  EXPECT_FALSE(d.list);
  EXPECT_FALSE(d.profile);
  EXPECT_TRUE(d.ids.empty());
  EXPECT_EQ(d.options.command, "kamp_run");

  const auto a = parse_run_arguments({"--size", "paper", "--data", "full", "--no-host", "--profile", "--out", "r",
                                      "--kokkos-threads=2", "--list", "E3", "E0"});
  EXPECT_EQ(a.options.size, experiments::problem_size::paper);
  EXPECT_EQ(a.options.data, std::vector<experiments::data_class>{experiments::data_class::full});
  EXPECT_FALSE(a.options.host_rows);
  EXPECT_EQ(a.out_dir, "r");
  EXPECT_TRUE(a.list);
  EXPECT_TRUE(a.profile);
  EXPECT_EQ(a.ids, (std::vector<std::string>{"E3", "E0"}));
  EXPECT_EQ(a.options.command,
            "kamp_run --size paper --data full --no-host --profile --out r --kokkos-threads=2 --list E3 E0");
  EXPECT_EQ(parse_run_arguments({"--data", "p/4-bit"}).options.data,
            std::vector<experiments::data_class>{experiments::data_class::quarter});
  EXPECT_EQ(parse_run_arguments({"--data", "both"}).options.data, experiments::all_data_classes());
}

void expect_rejected(const std::vector<std::string>& given, const std::string& argument, const std::string& value,
                     const std::string& requirement) {
  try {
    parse_run_arguments(given);
    ADD_FAILURE() << "accepted " << argument << " " << value;
  } catch (const kamp::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_EQ(e.argument(), argument) << message;
    EXPECT_EQ(e.value(), value) << message;
    EXPECT_EQ(message.rfind("command line: argument '" + argument + "' = " + value + " is invalid: ", 0), 0u)
        << message;
    EXPECT_NE(message.find(requirement), std::string::npos) << message;
  }
}

TEST(run_arguments, BadValuesNameTheOptionAndText) {
  expect_rejected({"--size", "huge"}, "--size", "huge", "must be quick or paper");
  expect_rejected({"--size", ""}, "--size", "", "must be quick or paper");
  expect_rejected({"--data", "half"}, "--data", "half", "must be p/4-bit, full or both");
  expect_rejected({"E3", "--out"}, "--out", "(nothing)", "needs a value");
  expect_rejected({"--size"}, "--size", "(nothing)", "needs a value");
}

}  // namespace
}  // namespace kamp::test

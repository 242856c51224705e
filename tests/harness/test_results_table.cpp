// The results writer: tidy CSV with the context columns, CSV quoting, the Markdown table
// with the paper's figure and ratio, and rejection of rows outside the vocabulary.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "harness/results_table.hpp"

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

kamp::harness::run_context fixed_context() {
  kamp::harness::run_context c;
  c.machine = "testbox";
  c.backend = "OpenMP";
  c.kokkos = "Kokkos 3.4.1, backends OpenMP+Serial";
  c.git_hash = "abc123";
  c.date = "2026-11-21T00:00:00Z";
  c.command = "kamp_run E3";
  return c;
}

TEST(results_table_test, csv_has_one_measurement_per_row_with_context) {
  kamp::harness::results_table table(fixed_context(), "E3: GEMV");
  kamp::harness::result_row row;
  row.id = "E3";
  row.variant = "split, N";
  row.bits = 424;
  row.m = 1000;
  row.n = 1000;
  row.metric = "time_ms";
  row.value = 0.25;
  row.paper = 8.5;
  row.extra["note"] = "say \"hi\"";
  table.add(row);
  row.metric = "speedup";
  row.value = 34;
  row.paper.reset();
  row.extra.clear();
  table.add(row);
  const std::string csv_path = ::testing::TempDir() + "kamp_table.csv", md_path = ::testing::TempDir() + "kamp_table.md";
  table.write_csv(csv_path);
  table.write_markdown(md_path);
  EXPECT_EQ(read(csv_path),
            "id,variant,bits,m,n,metric,value,unit,paper,machine,backend,kokkos,git,date,note\n"
            "E3,\"split, N\",424,1000,1000,time_ms,0.25,ms,8.5,testbox,OpenMP,\"Kokkos 3.4.1, backends OpenMP+Serial\","
            "abc123,2026-11-21T00:00:00Z,\"say \"\"hi\"\"\"\n"
            "E3,\"split, N\",424,1000,1000,speedup,34,x,,testbox,OpenMP,\"Kokkos 3.4.1, backends OpenMP+Serial\","
            "abc123,2026-11-21T00:00:00Z,\n");
  const std::string md = read(md_path);
  EXPECT_NE(md.find("# E3: GEMV"), std::string::npos);
  EXPECT_NE(md.find("- git: abc123"), std::string::npos);
  EXPECT_NE(md.find("| split, N | 424 | 1000 | 1000 | time_ms | 0.25 | ms | 8.5 | 0.02941176471 |"), std::string::npos)
      << md;
  std::remove(csv_path.c_str());
  std::remove(md_path.c_str());
}

TEST(results_table_test, rows_outside_the_vocabulary_are_rejected) {
  kamp::harness::results_table table(fixed_context(), "t");
  kamp::harness::result_row row;
  row.id = "E1";
  row.metric = "milliseconds";
  EXPECT_THROW(table.add(row), kamp::invalid_argument);
  row.metric = "time_ms";
  row.id = "experiment 1";
  EXPECT_THROW(table.add(row), kamp::invalid_argument);
  row.id = "E1";
  row.value = NAN;
  EXPECT_THROW(table.add(row), kamp::invalid_argument);
  EXPECT_TRUE(table.rows().empty());
  EXPECT_THROW(table.write_csv("/nonexistent-dir/x.csv"), std::runtime_error);
}

TEST(results_table_test, gpu_machine_names_are_the_model) {
  using kamp::harness::machine_name_of_gpu;
  EXPECT_EQ(machine_name_of_gpu("NVIDIA H100 80GB HBM3"), "h100");
  EXPECT_EQ(machine_name_of_gpu("NVIDIA H200"), "h200");
  EXPECT_EQ(machine_name_of_gpu("NVIDIA GeForce RTX 4090"), "4090");
  EXPECT_EQ(machine_name_of_gpu("NVIDIA A100-SXM4-80GB"), "a100-sxm4-80gb");
  EXPECT_EQ(machine_name_of_gpu("Tesla"), "tesla");
  EXPECT_EQ(machine_name_of_gpu(""), "gpu");
}

TEST(results_table_test, run_context_is_filled) {
  const auto c = kamp::harness::run_context::current("cmd");
  EXPECT_FALSE(c.machine.empty());
  EXPECT_EQ(c.backend, Kokkos::DefaultExecutionSpace::name());
  EXPECT_NE(c.kokkos.find("Kokkos 3."), std::string::npos) << c.kokkos;
  EXPECT_EQ(c.date.size(), 20u);
  EXPECT_EQ(c.command, "cmd");
}

}  // namespace

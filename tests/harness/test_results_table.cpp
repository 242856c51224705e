// The results writer: tidy CSV with the context columns, CSV quoting, the Markdown table
// with the paper's figure and ratio, rejection of rows outside the vocabulary, and the CSV kept
// on disk row by row (record_csv_at), one valid header however the extra columns grow.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
  const std::string csv_path = ::testing::TempDir() + "kamp_table.csv",
                    md_path = ::testing::TempDir() + "kamp_table.md";
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

// The lines of a file and the fields of one CSV line (quoted fields may hold commas and "").
std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
      fields.back() += line[++i];
    else if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      fields.emplace_back();
    else
      fields.back() += c;
  }
  return fields;
}

const std::string fixed_header = "id,variant,bits,m,n,metric,value,unit,paper,machine,backend,kokkos,git,date";

TEST(results_table_test, recorded_csv_holds_every_row_after_each_add) {
  const std::string path = ::testing::TempDir() + "kamp_recorded_table.csv";
  std::remove(path.c_str());
  kamp::harness::results_table table(fixed_context(), "E13: GEMM");
  table.record_csv_at(path);
  ASSERT_EQ(lines_of(path), std::vector<std::string>{fixed_header});  // the header before any row
  auto row = kamp::harness::result_row::of("E13", "ozaki_b104", 106, 1024, 1024, "time_ms", 12.5);
  row.extra["data"] = "well_scaled";
  table.add(row);
  auto lines = lines_of(path);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], fixed_header + ",data");
  EXPECT_EQ(csv_fields(lines[1]).size(), 15u) << lines[1];
  // A later row with a column no row had: the header grows and every row still has its fields.
  row.metric = "needs_bytes";
  row.value = 2.5e10;
  row.extra["status"] = "does not fit";
  table.add(row);
  row.extra.clear();
  row.metric = "gflops";
  row.value = 3;
  table.add(row);
  lines = lines_of(path);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], fixed_header + ",data,status");
  for (const auto& line : lines) EXPECT_EQ(csv_fields(line).size(), 16u) << line;
  EXPECT_EQ(csv_fields(lines[1]).back(), "");  // the first row has no status
  EXPECT_EQ(csv_fields(lines[2])[5], "needs_bytes");
  EXPECT_EQ(csv_fields(lines[2])[7], "B");
  EXPECT_EQ(csv_fields(lines[2]).back(), "does not fit");
  EXPECT_EQ(csv_fields(lines[3])[14], "");  // nor data, in the third
  // The file on disk is the table's own CSV, and its scratch file is gone.
  const std::string whole = ::testing::TempDir() + "kamp_whole_table.csv";
  table.write_csv(whole);
  EXPECT_EQ(read(path), read(whole));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  std::remove(path.c_str());
  std::remove(whole.c_str());
}

TEST(results_table_test, an_unwritable_recorded_csv_is_named) {
  kamp::harness::results_table table(fixed_context(), "t");
  try {
    table.record_csv_at("/nonexistent-dir/E1.csv");
    FAIL() << "no error for an unwritable path";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/E1.csv"), std::string::npos) << e.what();
  }
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

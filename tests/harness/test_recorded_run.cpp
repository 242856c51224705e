// How a run keeps what it measured: a point whose memory the space cannot give becomes one
// needs_bytes row per planned variant and the sweep goes on, while any other exception still
// ends it; an experiment that throws leaves its rows so far in <id>.csv and an .md that says
// where it stopped.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/allocation.hpp"
#include "core/error.hpp"
#include "harness/does_not_fit.hpp"
#include "harness/recorded_run.hpp"

namespace {

using kamp::harness::result_row;
using kamp::harness::results_table;

results_table empty_table() {
  kamp::harness::run_context c;
  c.machine = "testbox";
  c.date = "2026-11-21T00:00:00Z";
  return results_table(c, "E14: GEMM");
}

result_row point(const std::string& variant) {
  auto r = result_row::of("E14", variant, 848, 8192, 8192, "time_ms", 0);
  r.extra["format"] = "rns_848";
  r.paper = 1.5;
  return r;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t count_lines(const std::string& text) {
  std::size_t lines = 0;
  for (const char c : text) lines += c == '\n';
  return lines;
}

TEST(does_not_fit_test, allocation_error_becomes_a_row_per_planned_variant) {
  results_table table = empty_table();
  const bool measured = kamp::harness::measured_or_does_not_fit(table, {point("ozaki_b847"), point("fma")}, [] {
    throw kamp::allocation_error("kamp::blas::gemm_ozaki: cannot allocate 'residues'", 2.3e10, 20000000000u);
  });
  EXPECT_FALSE(measured);
  ASSERT_EQ(table.rows().size(), 2u);
  const result_row& r = table.rows()[0];
  EXPECT_EQ(r.id, "E14");
  EXPECT_EQ(r.variant, "ozaki_b847");
  EXPECT_EQ(table.rows()[1].variant, "fma");
  EXPECT_EQ(r.bits, 848);
  EXPECT_EQ(r.m, 8192);
  EXPECT_EQ(r.n, 8192);
  EXPECT_EQ(r.metric, "needs_bytes");
  EXPECT_EQ(results_table::metrics().at(r.metric), "B");
  EXPECT_EQ(r.value, 2.3e10);
  EXPECT_FALSE(r.paper.has_value());  // the paper's figure was the measurement's, not this row's
  EXPECT_EQ(r.extra.at("status"), "does not fit");
  EXPECT_EQ(r.extra.at("free_bytes"), "20000000000");
  EXPECT_EQ(r.extra.at("format"), "rns_848");
}

// The error a real allocation beyond the space raises: the request and what was free reach the row.
TEST(does_not_fit_test, a_request_beyond_the_space_is_recorded_with_its_bytes) {
  using view = Kokkos::View<double*, Kokkos::HostSpace>;
  const auto status = kamp::core::memory_status_of<Kokkos::HostSpace>();
  const std::size_t n = static_cast<std::size_t>(status.total_bytes / 8) + 1;
  results_table table = empty_table();
  const bool measured = kamp::harness::measured_or_does_not_fit(table, {point("fma")}, [&] {
    kamp::core::allocate<view>("kamp::test", "operands", kamp::core::initial_values::unset, n);
  });
  EXPECT_FALSE(measured);
  ASSERT_EQ(table.rows().size(), 1u);
  EXPECT_EQ(table.rows()[0].value, 8.0 * static_cast<double>(n));
  EXPECT_EQ(table.rows()[0].extra.at("free_bytes"), std::to_string(status.free_bytes));
}

TEST(does_not_fit_test, a_measurement_that_returns_adds_no_row) {
  results_table table = empty_table();
  int calls = 0;
  EXPECT_TRUE(kamp::harness::measured_or_does_not_fit(table, {point("fma")}, [&] { ++calls; }));
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(table.rows().empty());
}

// Only allocation_error is a result: a plain std::bad_alloc (say from a host std::vector) and
// any other failure still end the experiment.
TEST(does_not_fit_test, other_exceptions_propagate) {
  results_table table = empty_table();
  EXPECT_THROW(
      kamp::harness::measured_or_does_not_fit(table, {point("fma")}, [] { throw std::runtime_error("kernel failed"); }),
      std::runtime_error);
  EXPECT_THROW(kamp::harness::measured_or_does_not_fit(table, {point("fma")}, [] { throw std::bad_alloc(); }),
               std::bad_alloc);
  EXPECT_TRUE(table.rows().empty());
}

TEST(recorded_run_test, an_experiment_that_throws_keeps_its_rows) {
  const std::string stem = ::testing::TempDir() + "kamp_recorded_E14";
  std::remove((stem + ".csv").c_str());
  std::remove((stem + ".md").c_str());
  results_table table = empty_table();
  const auto two_rows_then_fail = [](results_table& t) {
    t.add(result_row::of("E14", "ozaki_b105", 106, 1024, 1024, "time_ms", 4.5));
    t.add(result_row::of("E14", "ozaki_b105", 106, 1024, 1024, "gflops", 470));
    throw std::runtime_error("CUDA error: an illegal memory access");
  };
  EXPECT_THROW(kamp::harness::run_recorded(table, stem, two_rows_then_fail), std::runtime_error);
  const std::string csv = read(stem + ".csv"), md = read(stem + ".md");
  EXPECT_EQ(count_lines(csv), 3u) << csv;  // the header and both rows
  EXPECT_EQ(csv.rfind("id,variant,bits,m,n,metric,value,unit,paper,", 0), 0u) << csv;
  EXPECT_NE(csv.find("E14,ozaki_b105,106,1024,1024,gflops,470,GFlop/s,"), std::string::npos) << csv;
  EXPECT_NE(md.find("**Incomplete**"), std::string::npos) << md;
  EXPECT_NE(md.find("CUDA error: an illegal memory access"), std::string::npos) << md;
  EXPECT_NE(md.find("| ozaki_b105 | 106 | 1024 | 1024 | gflops | 470 |"), std::string::npos) << md;
  std::remove((stem + ".csv").c_str());
  std::remove((stem + ".md").c_str());
}

TEST(recorded_run_test, a_finished_experiment_writes_both_files_without_a_note) {
  const std::string stem = ::testing::TempDir() + "kamp_recorded_E0";
  results_table table = empty_table();
  kamp::harness::run_recorded(table, stem, [](results_table& t) {
    t.set_title("E0: machine");
    t.add(result_row::of("E0", "copy", 53, 1, 1, "bandwidth_gbs", 20));
  });
  EXPECT_EQ(count_lines(read(stem + ".csv")), 2u);
  const std::string md = read(stem + ".md");
  EXPECT_EQ(md.rfind("# E0: machine\n", 0), 0u) << md;
  EXPECT_EQ(md.find("Incomplete"), std::string::npos) << md;
  std::remove((stem + ".csv").c_str());
  std::remove((stem + ".md").c_str());
}

}  // namespace

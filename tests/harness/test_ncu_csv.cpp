// The Nsight Compute CSV reader behind E2: quoting, kernel labels from functor types and
// launch sizes, thousands separators, the last launch of a label winning, and errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "harness/ncu_csv.hpp"

namespace {

namespace harness = kamp::harness;

TEST(ncu_csv, fields_respect_quotes) {
  const auto f = harness::csv_fields(R"("a,b","c""d",,e)");
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[0], "a,b");
  EXPECT_EQ(f[1], "c\"d");
  EXPECT_EQ(f[2], "");
  EXPECT_EQ(f[3], "e");
}

TEST(ncu_csv, kernel_labels_come_from_functor_types_and_launch_sizes) {
  const double cells = 1e6;
  const std::string launch = "void Kokkos::Impl::cuda_parallel_launch_local_memory<Kokkos::Impl::ParallelFor<";
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::gemv_fused_kernel<32, Kokkos::Cuda, Kokkos::CudaSpace>>", 128e3,
                                  cells),
            "fused_row");
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::fused_finish<32, Kokkos::CudaSpace>>", 1000, cells),
            "fused_row::finish");
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::gemv_reduce_kernel<32>>", 256e3, cells), "row_sum");
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::mul_digits_stage<32, Kokkos::CudaSpace, kamp::rns::matrix_map>>",
                                  32e6, cells),
            "mat_scal::digits");
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::mul_esi_stage<32, Kokkos::CudaSpace, kamp::rns::matrix_map>>",
                                  1e6, cells),
            "mat_scal::esi");
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::round_stage_kernel<32, Kokkos::CudaSpace>>", 1e6, cells),
            "mat_scal::round");
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::round_stage_kernel<32, Kokkos::CudaSpace>>", 1024, cells), "");
  EXPECT_EQ(harness::kernel_label(launch + "kamp::rns::mul_digits_stage<32, Kokkos::CudaSpace, kamp::rns::vector_map>>",
                                  32e3, cells),
            "");
}

TEST(ncu_csv, reads_metrics_per_label) {
  const std::string path = "/tmp/kamp_ncu_" + std::to_string(::getpid()) + ".csv";
  {
    std::ofstream out(path);
    out << "==PROF== Connected to process 1\n"
        << R"csv("ID","Kernel Name","Block Size","Grid Size","Metric Name","Metric Unit","Metric Value")csv"
        << "\n"
        << R"csv("0","ParallelFor<kamp::rns::gemv_reduce_kernel<32>>","(256, 1, 1)","(1000, 1, 1)","dram__bytes.sum.per_second","byte/second","1,000")csv"
        << "\n"
        << R"csv("0","ParallelFor<kamp::rns::gemv_reduce_kernel<32>>","(256, 1, 1)","(1000, 1, 1)","gpu__time_duration.sum","nsecond","2,500,000")csv"
        << "\n"
        << R"csv("1","ParallelFor<kamp::rns::round_stage_kernel<32>>","(256, 1, 1)","(4, 1, 1)","gpu__time_duration.sum","nsecond","7")csv"
        << "\n"
        << R"csv("2","ParallelFor<kamp::rns::gemv_reduce_kernel<32>>","(256, 1, 1)","(1000, 1, 1)","gpu__time_duration.sum","nsecond","3,000,000")csv"
        << "\n";
  }
  const auto metrics = harness::read_ncu_csv(path, 1e6);
  std::remove(path.c_str());
  ASSERT_EQ(metrics.size(), 1u);  // the small round stage is outside the table
  const auto& row_sum = metrics.at("row_sum");
  EXPECT_EQ(row_sum.at("dram__bytes.sum.per_second"), 1000.0);
  EXPECT_EQ(row_sum.at("gpu__time_duration.sum"), 3e6);  // the later launch
}

// ncu writes n/a for a metric it could not collect, on which std::stod throws
// std::invalid_argument (fuzz/corpus/ncu_csv/not_available), and std::stod throws
// std::out_of_range for a dimension beyond double: neither may escape the reader. Such records
// give no metric.
TEST(ncu_csv, records_without_a_number_give_no_metric) {
  const std::string path = "/tmp/kamp_ncu_na_" + std::to_string(::getpid()) + ".csv";
  {
    std::ofstream out(path);
    const std::string kernel = R"csv("0","gemv_reduce_kernel","(256, 1, 1)",)csv";
    out << R"csv("ID","Kernel Name","Block Size","Grid Size","Metric Name","Metric Unit","Metric Value")csv"
        << "\n"
        << kernel << R"csv("(1000, 1, 1)","smsp__inst.ratio","","n/a")csv"
        << "\n"
        << kernel << '"' << std::string(400, '9') << R"csv(","a","","1")csv"
        << "\n"
        << kernel << R"csv("(1000, 1, 1)","gpu__time_duration.sum","nsecond","7")csv"
        << "\n";
  }
  const auto metrics = harness::read_ncu_csv(path, 1e6);
  std::remove(path.c_str());
  ASSERT_EQ(metrics.size(), 1u);
  EXPECT_EQ(metrics.at("row_sum").size(), 1u);
  EXPECT_EQ(metrics.at("row_sum").at("gpu__time_duration.sum"), 7.0);
}

TEST(ncu_csv, errors_name_the_file) {
  try {
    harness::read_ncu_csv("/nonexistent/ncu.csv", 1e6);
    ADD_FAILURE() << "no exception for a missing file";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "KAMP_E2_NCU_DIR");
    EXPECT_EQ(e.value(), "/nonexistent/ncu.csv");
  }
  const std::string path = "/tmp/kamp_ncu_empty_" + std::to_string(::getpid()) + ".csv";
  std::ofstream(path) << "==PROF== no kernels were profiled\n";
  EXPECT_THROW(harness::read_ncu_csv(path, 1e6), kamp::invalid_argument);
  std::remove(path.c_str());
}

}  // namespace

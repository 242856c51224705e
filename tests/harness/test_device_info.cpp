// Device information: plausible values for every backend, and a copy bandwidth that is
// measured, positive and below a generous physical ceiling.
#include "harness/device_info.hpp"
#include "tests/backends.hpp"

namespace {

KAMP_BACKEND_TEST_SUITE(device_info_test);

TYPED_TEST(device_info_test, describes_the_execution_space) {
  const auto info = kamp::harness::query_device_info<TypeParam>();
  EXPECT_EQ(info.backend, TypeParam::name());
  EXPECT_FALSE(info.name.empty());
  EXPECT_GE(info.compute_units, 1);
  EXPECT_GT(info.peak_fp64_gflops(), 0);
  EXPECT_GE(info.min_block_size(), 1);
  if (info.is_gpu) {
    EXPECT_GE(info.compute_capability, 60);
    EXPECT_GT(info.peak_dram_bandwidth_gbs(), 100);
    EXPECT_EQ(info.min_block_size(), info.max_threads_per_unit / info.max_blocks_per_unit);
  }
  EXPECT_NE(info.summary().find(info.name), std::string::npos);
}

TYPED_TEST(device_info_test, stream_bandwidth_is_measured) {
  const double gbs = kamp::harness::measure_stream_bandwidth_gbs<TypeParam>(1 << 20, 3);
  EXPECT_GT(gbs, 0.1);
  EXPECT_LT(gbs, 1e5);  // 100 TB/s: no memory system is that fast
}

}  // namespace

// core/memory_limit: the allocatable bytes are the machine's memory at most, and a shortfall
// names both amounts.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "core/memory_limit.hpp"

namespace kamp::test {
namespace {

TEST(memory_limit, SmallFitsAndImpossibleIsNamed) {
  const double limit = static_cast<double>(core::allocatable_bytes());
  EXPECT_GT(limit, 1e6);
  EXPECT_EQ(core::memory_shortfall(0), "");
  EXPECT_EQ(core::memory_shortfall(1e6), "");
  EXPECT_EQ(core::memory_shortfall(limit), "");
  const std::string why = core::memory_shortfall(2.4e16);  // 10^15 entries of 24 bytes: no machine has it
  EXPECT_NE(why.find("needs 2.4e+16 bytes, more than the "), std::string::npos) << why;
  EXPECT_NE(why.find(" bytes this process can allocate"), std::string::npos) << why;
}

// The cap lowers the limit and never raises it (the fuzz targets cap it; ulimit -v is unusable
// under the sanitizers).
TEST(memory_limit, CapLowersTheLimitOnly) {
  const core::scoped_allocatable_cap restore(std::numeric_limits<std::uint64_t>::max());  // the next tests run uncapped
  const std::uint64_t machine = core::allocatable_bytes();
  core::cap_allocatable_bytes(std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(core::allocatable_bytes(), machine);
  core::cap_allocatable_bytes(std::uint64_t(1) << 20);
  EXPECT_EQ(core::allocatable_bytes(), std::uint64_t(1) << 20);
  core::cap_allocatable_bytes(std::uint64_t(1) << 30);
  EXPECT_EQ(core::allocatable_bytes(), std::uint64_t(1) << 20);
  EXPECT_EQ(core::memory_shortfall(1e6), "");
  EXPECT_NE(core::memory_shortfall(2e6).find("needs 2e+06 bytes"), std::string::npos);
}

// A scoped cap lowers the limit while it lives and puts back the one it found.
TEST(memory_limit, ScopedCapIsUndone) {
  const std::uint64_t machine = core::allocatable_bytes();
  {
    const core::scoped_allocatable_cap cap(std::uint64_t(1) << 20);
    EXPECT_EQ(core::allocatable_bytes(), std::uint64_t(1) << 20);
    EXPECT_EQ(core::allocatable_cap(), std::uint64_t(1) << 20);
    {
      const core::scoped_allocatable_cap higher(std::uint64_t(1) << 30);  // lowers only
      EXPECT_EQ(core::allocatable_bytes(), std::uint64_t(1) << 20);
    }
    EXPECT_EQ(core::allocatable_bytes(), std::uint64_t(1) << 20);
  }
  EXPECT_EQ(core::allocatable_bytes(), machine);
}

}  // namespace
}  // namespace kamp::test

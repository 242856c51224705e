// core/memory_limit: the allocatable bytes are the machine's memory at most, and a shortfall
// names both amounts.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace kamp::test

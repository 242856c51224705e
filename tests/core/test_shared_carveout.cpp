// core::carveout_percent, the shared-memory carveout the fused RNS GEMV asks for: for every
// combination of registers, team size and scratch, the percent it returns holds the teams the
// registers and threads allow (and one percent less would not), clamped to 100, with at least
// one team. Limits are an H200 multiprocessor's and a smaller one's.
#include <gtest/gtest.h>

#include <cstddef>

#include "core/shared_carveout.hpp"

namespace {

using kamp::core::carveout_percent;
using kamp::core::multiprocessor_limits;

// The teams a multiprocessor runs at once, counted warp by warp (an independent count: fill
// the register file and the thread slots one team at a time).
int resident_teams(int registers, int threads, const multiprocessor_limits& limits) {
  const int warps = (threads + limits.warp_size - 1) / limits.warp_size;
  const int registers_per_warp = (registers * limits.warp_size + 255) / 256 * 256;
  int teams = 0, used_registers = 0, used_threads = 0;
  while (teams < limits.teams && used_registers + warps * registers_per_warp <= limits.registers &&
         used_threads + warps * limits.warp_size <= limits.threads) {
    ++teams;
    used_registers += warps * registers_per_warp;
    used_threads += warps * limits.warp_size;
  }
  return teams > 0 ? teams : 1;
}

void expect_fits(int registers, std::size_t static_shared, int threads, std::size_t scratch,
                 const multiprocessor_limits& limits) {
  const int percent = carveout_percent(registers, static_shared, threads, scratch, limits);
  const std::size_t needed = static_cast<std::size_t>(resident_teams(registers, threads, limits)) *
                             (scratch + static_shared + limits.reserved_per_team);
  SCOPED_TRACE(::testing::Message() << "registers " << registers << ", threads " << threads << ", scratch " << scratch);
  ASSERT_GE(percent, 1);
  ASSERT_LE(percent, 100);
  if (needed >= limits.shared_bytes) {
    EXPECT_EQ(percent, 100);
    return;
  }
  EXPECT_GE(percent * limits.shared_bytes, needed * 100);        // holds the teams
  EXPECT_LT((percent - 1) * limits.shared_bytes, needed * 100);  // and no more than it must
}

TEST(shared_carveout, holds_the_resident_teams_and_no_more) {
  const multiprocessor_limits h200;  // the defaults: 64K registers, 2048 threads, 32 teams, 228 KB
  multiprocessor_limits small;
  small.registers = 32768;
  small.threads = 1024;
  small.teams = 16;
  small.shared_bytes = 100 * 1024;
  for (const auto& limits : {h200, small})
    for (int registers : {0, 1, 24, 32, 33, 40, 64, 128, 255})
      for (int threads : {1, 32, 33, 64, 128, 256, 512, 1024})
        for (std::size_t scratch : {std::size_t{0}, std::size_t{1}, std::size_t{9216}, std::size_t{36992},
                                    std::size_t{49152}, std::size_t{200000}})
          expect_fits(registers, 144, threads, scratch, limits);
}

TEST(shared_carveout, the_fused_gemv_at_106_bits) {
  // 128 threads of 64 registers: eight teams; 9216 bytes of accumulators, 144 static, 1024
  // reserved each, 83,072 bytes in all: 36 % of 228 KB, which the driver rounds up to its
  // 100 KB carveout.
  EXPECT_EQ(carveout_percent(64, 144, 128, 9216, multiprocessor_limits{}), 36);
}

TEST(shared_carveout, asks_for_everything_when_the_teams_need_more) {
  EXPECT_EQ(carveout_percent(32, 0, 64, 200000, multiprocessor_limits{}), 100);
}

}  // namespace

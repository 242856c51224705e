// The waves model that picks the team size of Algorithm 1's row and column sums
// (blas/rns/gemv_reduce.hpp): teams of s threads take ceil(length / s) + log2(s) serial additions
// and run in waves of units * (threads_per_unit / s) teams; the model returns the s of the least
// total. Expected sizes are worked out from that cost by hand in each case.
#include <gtest/gtest.h>

#include "blas/rns/gemv_reduce.hpp"

namespace {

using kamp::rns::waves_model_team_size;

TEST(reduce_shape, paper_size_on_an_h200_takes_one_wave_of_64_thread_teams) {
  // s = 32: 1 wave of 32 + 5; s = 64: 1 wave of 16 + 6 = 22; s = 128: 2 waves of 8 + 7.
  EXPECT_EQ(waves_model_team_size(132, 512, 1000, 1000, 256), 64);
}

TEST(reduce_shape, many_short_outputs_take_warps) {
  // 100000 outputs: s = 32 gives 48 waves of 37 = 1776; s = 64, 95 waves of 22 = 2090.
  EXPECT_EQ(waves_model_team_size(132, 512, 100000, 1000, 256), 32);
}

TEST(reduce_shape, few_long_outputs_take_the_largest_team) {
  // 10 outputs fit one wave at every size, so the shortest chain (s = 256) wins.
  EXPECT_EQ(waves_model_team_size(132, 512, 10, 1000000, 256), 256);
}

TEST(reduce_shape, the_limit_caps_the_team_and_below_a_warp_there_is_no_choice) {
  EXPECT_EQ(waves_model_team_size(132, 512, 10, 1000000, 64), 64);
  EXPECT_EQ(waves_model_team_size(132, 512, 10, 1000000, 16), 0);
}

TEST(reduce_shape, a_team_larger_than_a_unit_holds_still_runs_one_per_unit) {
  // threads_per_unit 32: teams of 64 run one per unit (10 waves of 16 + 6 = 220) against
  // warps (10 waves of 32 + 5 = 370).
  EXPECT_EQ(waves_model_team_size(100, 32, 1000, 1000, 64), 64);
}

}  // namespace

// core::parallel_for_in_blocks, on every backend: every index below the count exactly once and
// none beyond it, for counts around the block size (0, 1, a block less one, a block, a block
// and one, many blocks with a partial last), blocks of 1, 32 and 128 threads; on the GPU also a
// count that needs two launches (more than 2^30 teams of one thread).
#include <cstdint>

#include "core/block_launch.hpp"
#include "tests/backends.hpp"

namespace {

template <class Memory>
struct count_visit {
  Kokkos::View<std::uint32_t*, Memory> visits;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { Kokkos::atomic_add(&visits(i), 1u); }
};

// The indices of [0, count + slack) visited other than once below count and never from it on.
template <class Space>
std::int64_t indices_visited_wrongly(std::int64_t count, int block) {
  using memory = typename Space::memory_space;
  constexpr std::int64_t slack = 64;  // the launch must not reach past count
  Kokkos::View<std::uint32_t*, memory> visits("visits", count + slack);
  kamp::core::parallel_for_in_blocks("kamp::test::block_launch", Space(), count, block, count_visit<memory>{visits});
  std::int64_t wrong = 0;
  Kokkos::parallel_reduce(
      "kamp::test::block_launch_check", Kokkos::RangePolicy<Space>(0, count + slack),
      KOKKOS_LAMBDA(std::int64_t i, std::int64_t & sum) { sum += visits(i) != (i < count ? 1u : 0u); }, wrong);
  return wrong;
}

template <class Space>
class BlockLaunch : public ::testing::Test {};
TYPED_TEST_SUITE(BlockLaunch, kamp::test::execution_spaces, kamp::test::space_name);

TYPED_TEST(BlockLaunch, EveryIndexOnceAroundTheBlockSize) {
  for (const int block : {1, 32, 128})
    for (const std::int64_t count : {std::int64_t(0), std::int64_t(1), std::int64_t(block) - 1, std::int64_t(block),
                                     std::int64_t(block) + 1, std::int64_t(1000) * block + 77})
      EXPECT_EQ(indices_visited_wrongly<TypeParam>(count, block), 0) << "count " << count << ", block " << block;
}

#ifdef KOKKOS_ENABLE_CUDA
// 2^30 + 2^10 + 3 teams of one thread: a full launch of 2^30 teams, then the rest.
TEST(BlockLaunchCuda, CountsBeyondOneLaunchOfTeams) {
  EXPECT_EQ(indices_visited_wrongly<Kokkos::Cuda>((std::int64_t(1) << 30) + (1 << 10) + 3, 1), 0);
}
#endif

}  // namespace

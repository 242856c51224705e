// Asynchronous copies into team scratch: on every backend, each thread copies three groups of
// 16-, 8- and 4-byte blocks into scratch poisoned beforehand and reads group g only after the
// wait that covers it (all but the 2 - g newest groups done). A copy that did not land, or a wait
// that returned before its group had, leaves poison in the output.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/async_copy.hpp"
#include "tests/backends.hpp"

namespace {

constexpr int groups = 3;
constexpr int group_words = 8;  // a 16-byte block at 0, an 8-byte block at 4, a 4-byte block at 6; word 7 unused
constexpr int thread_words = groups * group_words;
constexpr std::int32_t poison = -1;

template <class Space>
std::vector<std::int32_t> copy_through_scratch(const std::vector<std::int32_t>& source, int teams, int team_size) {
  using policy = Kokkos::TeamPolicy<Space>;
  using member = typename policy::member_type;
  auto from = kamp::test::to_space<Space>(source, "source");
  Kokkos::View<std::int32_t*, typename Space::memory_space> out("out", source.size());
  Kokkos::deep_copy(out, poison);
  const std::size_t scratch_bytes = static_cast<std::size_t>(team_size) * thread_words * sizeof(std::int32_t) + 16;
  const auto body = KOKKOS_LAMBDA(const member& team) {
    char* raw = static_cast<char*>(team.team_scratch(0).get_shmem(scratch_bytes));
    auto* aligned = reinterpret_cast<std::int32_t*>((reinterpret_cast<std::uintptr_t>(raw) + 15) & ~std::uintptr_t{15});
    const std::size_t first =
        (static_cast<std::size_t>(team.league_rank()) * team.team_size() + team.team_rank()) * thread_words;
    std::int32_t* const mine = aligned + team.team_rank() * thread_words;
    for (int w = 0; w < thread_words; ++w) mine[w] = poison;
    for (int g = 0; g < groups; ++g) {
      const int at = g * group_words;
      kamp::core::async_copy<16>(mine + at, from.data() + first + at);
      kamp::core::async_copy<8>(mine + at + 4, from.data() + first + at + 4);
      kamp::core::async_copy<4>(mine + at + 6, from.data() + first + at + 6);
      kamp::core::async_copy_commit();
    }
    const auto read_group = [&](int g) {
      for (int w = 0; w < 7; ++w) out(first + g * group_words + w) = mine[g * group_words + w];
    };
    kamp::core::async_copy_wait<2>();
    read_group(0);
    kamp::core::async_copy_wait<1>();
    read_group(1);
    kamp::core::async_copy_wait<0>();
    read_group(2);
  };
  Kokkos::parallel_for("kamp::test::async_copy",
                       policy(teams, team_size).set_scratch_size(0, Kokkos::PerTeam(scratch_bytes)), body);
  return kamp::test::to_host(out);
}

KAMP_BACKEND_TEST_SUITE(async_copy_test);

TYPED_TEST(async_copy_test, every_block_lands_before_its_wait_returns) {
  // Up to a warp a team: a host backend's teams hold at most as many threads as it runs (one on
  // Serial).
  const int teams = 7, team_size = std::min(32, TypeParam().concurrency());
  std::vector<std::int32_t> source(static_cast<std::size_t>(teams) * team_size * thread_words);
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<std::int32_t>(i * 2654435761u % 1000003u);
  const auto out = copy_through_scratch<TypeParam>(source, teams, team_size);
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (i % group_words == group_words - 1)
      ASSERT_EQ(out[i], poison) << "word " << i << " is outside every block and must stay untouched";
    else
      ASSERT_EQ(out[i], source[i]) << "word " << i;
  }
}

}  // namespace

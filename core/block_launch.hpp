#pragma once
// One index a thread in blocks of a fixed number of threads on a GPU, for kernels whose block
// size Kokkos 3.4 would choose badly.
//
// Kokkos 3.4's range launch sizes its blocks from registers x threads, without the 256-register
// granule a warp's registers are allotted in, so for a register count off that granule it picks
// a block that fits once where it expects two. At 102 registers (the Ozaki combine of qd_real) it
// picks 320-thread blocks: 102 x 320 x 2 fits a multiprocessor's 64 K registers, but with each
// warp's 3264 rounded up to 3328 only one block does, where 128-thread blocks fit four. A team
// launch takes the block size given. It keeps the L1 cache that Kokkos' team launch would give to
// shared memory (core/shared_carveout.hpp), and passes the functor as a kernel argument
// (core/kernel_arguments.hpp). Host backends run the range as usual.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

#include "core/kernel_arguments.hpp"
#include "core/shared_carveout.hpp"

namespace kamp::core {

// functor(i) for the team's threads' indices i < count: team t's thread r takes first + t block + r.
template <class Functor>
struct index_a_thread {
  Functor functor;
  std::int64_t first, count;
  int block;

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t i = first + static_cast<std::int64_t>(team.league_rank()) * block + team.team_rank();
    if (i < count) functor(i);
  }
};

// Kokkos::parallel_for(name, RangePolicy(exec, 0, count), functor), on a GPU in blocks of
// `block` threads (at most the device's block size).
template <class ExecSpace, class Functor>
void parallel_for_in_blocks(const char* name, const ExecSpace& exec, std::int64_t count, int block,
                            const Functor& functor) {
  if constexpr (std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value) {
    Kokkos::parallel_for(name, Kokkos::RangePolicy<ExecSpace>(exec, 0, count), functor);
  } else {
    using kernel = index_a_thread<Functor>;
    // A league counts its teams in an int: launches of at most 2^30 teams.
    const std::int64_t most = (std::int64_t(1) << 30) * block;
    for (std::int64_t first = 0; first < count; first += most) {
      const std::int64_t teams = ((count - first < most ? count - first : most) + block - 1) / block;
      const Kokkos::TeamPolicy<ExecSpace, kernel_arguments> policy(exec, static_cast<int>(teams), block);
      fit_shared_carveout<kernel>(policy, 0);
      Kokkos::parallel_for(name, policy, kernel{functor, first, count, block});
    }
  }
}

}  // namespace kamp::core

// Ranges of 2^32 iterations and more on the GPU: every index exactly once. Kokkos 3.4's CUDA
// range loop forms its stride and start in 32 bits, so unpatched, 2^32 iterations hang (a stride
// of zero: RNS 848 arrays of 8192^2 elements have 2^32 residues, and their zeroing never ends) and
// longer ranges repeat indices; cmake/kokkos-3.4.01-cuda13-hopper.patch computes both in the index
// type. The host backends' loops have no 32-bit product, so only the CUDA build has this test
// (4.3 GB of device memory).
#include <cstdint>

#include "tests/backends.hpp"

#ifdef KOKKOS_ENABLE_CUDA
namespace {

// Visits [0, 2^32) and then [0, 2^32 + 2^20), one increment an index each; the indices visited
// other than twice below 2^32 and once above. (A free function: CUDA lambdas cannot live in gtest's
// private TestBody.)
std::int64_t indices_visited_wrongly() {
  using policy = Kokkos::RangePolicy<Kokkos::Cuda, Kokkos::IndexType<std::int64_t>>;
  constexpr std::int64_t exactly = std::int64_t(1) << 32, longer = exactly + (1 << 20);
  Kokkos::View<std::uint8_t*, Kokkos::CudaSpace> visits("visits", longer);  // zeroed by such a loop
  Kokkos::parallel_for(
      "visit_2_to_32", policy(0, exactly), KOKKOS_LAMBDA(std::int64_t i) { visits(i) += 1; });
  Kokkos::parallel_for(
      "visit_longer", policy(0, longer), KOKKOS_LAMBDA(std::int64_t i) { visits(i) += 1; });
  std::int64_t wrong = 0;
  Kokkos::parallel_reduce(
      "count_wrong", policy(0, longer),
      KOKKOS_LAMBDA(std::int64_t i, std::int64_t & sum) { sum += visits(i) != (i < exactly ? 2 : 1); }, wrong);
  return wrong;
}

TEST(LongRanges, EveryIndexOnceFrom2To32Iterations) { EXPECT_EQ(indices_visited_wrongly(), 0); }

}  // namespace
#endif

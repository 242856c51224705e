// core/allocation: on every backend, a request beyond what the memory space has free raises
// kamp::allocation_error (a std::bad_alloc) naming the routine, the array, the bytes requested,
// the space and the bytes free, before anything is allocated; extents whose byte count
// overflows every integer type are reported as such, not wrapped; a request that fits gives a
// View of the extents asked for, zeroed when asked; the process's cap bounds every space.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "core/allocation.hpp"
#include "tests/backends.hpp"

namespace kamp::test {
namespace {

KAMP_BACKEND_TEST_SUITE(allocation);

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Calls `call`, expects allocation_error, and returns it.
template <class Call>
allocation_error expect_allocation_error(Call&& call) {
  try {
    call();
  } catch (const allocation_error& e) {
    return e;
  }
  ADD_FAILURE() << "no kamp::allocation_error";
  return allocation_error("", 0, 0);
}

template <class Space>
void beyond_free_memory_is_named() {
  using memory = typename Space::memory_space;
  using view = Kokkos::View<double*, memory>;
  const core::memory_status status = core::memory_status_of<memory>();
  ASSERT_GT(status.free_bytes, 0u);
  ASSERT_LE(status.free_bytes, status.total_bytes);
  const std::size_t n = static_cast<std::size_t>(status.total_bytes / 8) + 1;  // one double beyond the whole space
  const allocation_error e = expect_allocation_error(
      [&] { core::allocate<view>("kamp::test::caller", "the_array", core::initial_values::zero, n); });
  const std::string what = e.what();
  EXPECT_TRUE(contains(what, "kamp::test::caller: cannot allocate 'the_array' (")) << what;
  EXPECT_TRUE(contains(what, std::string(" bytes) in ") + memory::name() + ": ")) << what;
  EXPECT_TRUE(contains(what, " bytes free of ")) << what;
  EXPECT_EQ(e.requested_bytes(), 8.0 * static_cast<double>(n));
  EXPECT_LE(e.free_bytes(), status.total_bytes);
  const std::bad_alloc& standard = e;  // code catching the standard's failure catches it
  EXPECT_STREQ(standard.what(), what.c_str());
}
TYPED_TEST(allocation, BeyondFreeMemoryIsNamed) { beyond_free_memory_is_named<TypeParam>(); }

// 2^64 - 1 doubles: the byte count, 8 (2^64 - 1), wraps to 2^64 - 8 in size_t; in double it does not.
template <class Space>
void overflowing_extents_are_not_wrapped() {
  using memory = typename Space::memory_space;
  const std::size_t n = std::numeric_limits<std::size_t>::max();
  const allocation_error e = expect_allocation_error([&] {
    core::allocate<Kokkos::View<double*, memory>>("kamp::test::caller", "huge", core::initial_values::unset, n);
  });
  EXPECT_GT(e.requested_bytes(), 1.4e20) << e.what();
  const allocation_error two = expect_allocation_error([&] {
    core::allocate<Kokkos::View<std::int32_t**, memory>>("kamp::test::caller", "square", core::initial_values::zero,
                                                         std::size_t(1) << 40, std::size_t(1) << 40);
  });
  EXPECT_EQ(two.requested_bytes(), 0x1p82) << two.what();
  const allocation_error whole = expect_allocation_error(
      [&] { core::checked_length<memory>("kamp::test::caller", "parts", std::size_t(1) << 62, 12.0); });
  EXPECT_TRUE(contains(whole.what(), "'parts'")) << whole.what();
}
TYPED_TEST(allocation, OverflowingExtentsAreNotWrapped) { overflowing_extents_are_not_wrapped<TypeParam>(); }

template <class Space>
void fitting_requests_are_allocated() {
  using memory = typename Space::memory_space;
  const auto v = core::allocate<Kokkos::View<std::int64_t*, memory>>("kamp::test::caller", "small",
                                                                     core::initial_values::zero, 1000);
  EXPECT_EQ(v.extent(0), 1000u);
  EXPECT_EQ(v.label(), "small");
  for (const std::int64_t x : to_host(v)) ASSERT_EQ(x, 0);
  const auto u =
      core::allocate<Kokkos::View<float**, memory>>("kamp::test::caller", "matrix", core::initial_values::unset, 30, 7);
  EXPECT_EQ(u.extent(0), 30u);
  EXPECT_EQ(u.extent(1), 7u);
  EXPECT_EQ(core::checked_length<memory>("kamp::test::caller", "parts", 1000, 12.0), 1000u);
}
TYPED_TEST(allocation, FittingRequestsAreAllocated) { fitting_requests_are_allocated<TypeParam>(); }

// Under a cap of 1 MiB every space has at most 1 MiB free: 1 MiB fits, one byte more does not.
template <class Space>
void the_cap_bounds_every_space() {
  using memory = typename Space::memory_space;
  const core::scoped_allocatable_cap cap(std::uint64_t(1) << 20);
  EXPECT_LE(core::memory_status_of<memory>().free_bytes, std::uint64_t(1) << 20);
  const auto fits = core::allocate<Kokkos::View<char*, memory>>("f", "fits", core::initial_values::unset, 1 << 20);
  EXPECT_EQ(fits.extent(0), std::size_t(1) << 20);
  const allocation_error e = expect_allocation_error(
      [&] { core::allocate<Kokkos::View<char*, memory>>("f", "beyond", core::initial_values::unset, (1 << 20) + 1); });
  EXPECT_EQ(e.free_bytes(), std::uint64_t(1) << 20) << e.what();
}
TYPED_TEST(allocation, TheCapBoundsEverySpace) { the_cap_bounds_every_space<TypeParam>(); }

}  // namespace
}  // namespace kamp::test

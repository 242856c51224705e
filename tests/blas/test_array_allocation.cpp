// Arrays of every format of the list, in host and device memory: a length the memory space
// cannot hold raises kamp::allocation_error naming the array's label and the whole array's bytes
// before any of its Views is allocated (lengths whose byte counts wrap size_t included: 2^61
// elements of any format, 2^61 x 64 residues), and the Ozaki GEMM whose workspace cannot fit
// raises it naming the workspace and the shape, with C as it was.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/allocation.hpp"
#include "core/memory_limit.hpp"
#include "blas/format_list.hpp"

namespace {

template <class Format>
class array_allocation : public ::testing::Test {};

struct format_name {
  template <class Format>
  static std::string GetName(int) {
    return kamp::format_traits<Format>::name();
  }
};

using value_formats = kamp::formats::apply_t<kamp::blas::value_formats, ::testing::Types>;
TYPED_TEST_SUITE(array_allocation, value_formats, format_name);

template <class Format, class MemorySpace>
void expect_named_failure(std::size_t n) {
  try {
    kamp::array_t<Format, MemorySpace> a(n, "the_label");
    ADD_FAILURE() << kamp::format_traits<Format>::name() << ": " << n << " elements in " << MemorySpace::name()
                  << " were allocated";
  } catch (const kamp::allocation_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'the_label"), std::string::npos) << what;
    EXPECT_NE(what.find(MemorySpace::name()), std::string::npos) << what;
    EXPECT_GE(e.requested_bytes(), static_cast<double>(n)) << what;  // every format takes a byte or more
    EXPECT_GT(e.requested_bytes(), static_cast<double>(e.free_bytes())) << what;
  }
}

template <class Format, class MemorySpace>
void arrays_beyond_memory_are_named() {
  const std::uint64_t total = kamp::core::memory_status_of<MemorySpace>().total_bytes;
  expect_named_failure<Format, MemorySpace>(static_cast<std::size_t>(total));  // a byte an element already fills it
  expect_named_failure<Format, MemorySpace>(std::size_t(1) << 61);
  const kamp::array_t<Format, MemorySpace> small(3, "small");
  EXPECT_EQ(small.size(), 3u);
}

TYPED_TEST(array_allocation, beyond_memory_is_named_on_host_and_device) {
  arrays_beyond_memory_are_named<TypeParam, Kokkos::HostSpace>();
  arrays_beyond_memory_are_named<TypeParam, Kokkos::DefaultExecutionSpace::memory_space>();
}

}  // namespace

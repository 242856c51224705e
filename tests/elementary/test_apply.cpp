// kamp::elementary::apply, the elementwise entry: on every space, y(i) gets f(x(i))'s bits for
// every function, in place as well; a length mismatch or an id outside function_id throws
// kamp::invalid_argument naming the argument, with y untouched.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "elementary/apply.hpp"
#include "tests/elementary/function_cases.hpp"

namespace {

using namespace kamp::test;
namespace el = kamp::elementary;
using V = kamp::multi_double::dd_real;

template <class Space>
class elementary_apply_test : public ::testing::Test {};
using spaces = ::testing::Types<reference_space, Kokkos::DefaultExecutionSpace>;
TYPED_TEST_SUITE(elementary_apply_test, spaces);

TYPED_TEST(elementary_apply_test, every_function_gives_its_bits_in_place_too) {
  using Space = TypeParam;
  for (const el::function_id f : el::every_function_id) {
    std::vector<V> x = hard_cases<V>(f);
    for (const V& v : random_arguments<V>(f, 64, 12)) x.push_back(v);
    const auto device_x = to_space<Space>(x, "x");
    Kokkos::View<V*, typename Space::memory_space> y("y", x.size());
    el::apply(Space(), f, Kokkos::View<const V*, typename Space::memory_space>(device_x), y);
    el::apply(Space(), f, device_x, device_x);  // in place
    const std::vector<V> host_y = to_host(y), in_place = to_host(device_x);
    for (std::size_t i = 0; i < x.size(); ++i) {
      ASSERT_TRUE(same_bits(host_y[i], el::evaluate(f, x[i]))) << el::name_of(f) << show(x[i]);
      ASSERT_TRUE(same_bits(in_place[i], host_y[i])) << el::name_of(f) << show(x[i]);
    }
  }
}

TYPED_TEST(elementary_apply_test, bad_arguments_throw_naming_them_and_write_nothing) {
  using Space = TypeParam;
  const auto x = to_space<Space>(std::vector<V>(5, V(0.5)), "x");
  const auto y = to_space<Space>(std::vector<V>(4, V(7.0)), "y");
  try {
    el::apply(Space(), el::function_id::exp, x, y);
    FAIL() << "a length mismatch was accepted";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "y");
    EXPECT_EQ(e.value(), "4");
  }
  const auto z = to_space<Space>(std::vector<V>(5, V(7.0)), "z");
  try {
    el::apply(Space(), static_cast<el::function_id>(99), x, z);
    FAIL() << "an id outside function_id was accepted";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "f");
    EXPECT_EQ(e.value(), "99");
  }
  for (const V& v : to_host(y)) EXPECT_TRUE(same_bits(v, V(7.0)));
  for (const V& v : to_host(z)) EXPECT_TRUE(same_bits(v, V(7.0)));
}

}  // namespace

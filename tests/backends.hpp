#pragma once
// Every enabled Kokkos execution space. Test bodies are function templates over the space
// (CUDA lambdas cannot live in gtest's private TestBody), instantiated by typed tests.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/instantiated_spaces.hpp"
#include "formats/type_list.hpp"

namespace kamp::test {

// Every enabled space as a kamp type list (for products with the format lists) and as gtest Types.
namespace detail {
#ifdef KOKKOS_ENABLE_CUDA
using device_spaces = formats::type_list<Kokkos::Cuda>;
#else
using device_spaces = formats::type_list<>;
#endif
#ifdef KOKKOS_ENABLE_OPENMP
using openmp_spaces = formats::type_list<Kokkos::OpenMP>;
#else
using openmp_spaces = formats::type_list<>;
#endif
#ifdef KAMP_SERIAL_INSTANCES
using serial_spaces = formats::type_list<Kokkos::Serial>;
#else
using serial_spaces = formats::type_list<>;
#endif
}  // namespace detail
using space_list =
    formats::concat_t<formats::concat_t<detail::device_spaces, detail::openmp_spaces>, detail::serial_spaces>;
using execution_spaces = formats::apply_t<space_list, ::testing::Types>;

// The space whose results the tests compare with MPFR, and with which every other space must
// agree bit for bit: Serial, or OpenMP in a build without Serial's instances (the sanitizer
// build, core/instantiated_spaces.hpp).
#ifdef KAMP_SERIAL_INSTANCES
using reference_space = Kokkos::Serial;
#else
using reference_space = Kokkos::OpenMP;
#endif

struct space_name {
  template <class T>
  static std::string GetName(int) {
    return T::name();
  }
};

// Copies a host vector into a new view of the space's memory.
template <class Space, class T>
Kokkos::View<T*, typename Space::memory_space> to_space(const std::vector<T>& host, const char* label) {
  Kokkos::View<T*, typename Space::memory_space> v(std::string(label), host.size());
  auto mirror = Kokkos::create_mirror_view(v);
  for (std::size_t i = 0; i < host.size(); ++i) mirror(i) = host[i];
  Kokkos::deep_copy(v, mirror);
  return v;
}

// Runs `call` and expects a kamp::invalid_argument naming `argument`.
template <class Call>
void expect_invalid_argument(const char* argument, Call&& call) {
  try {
    call();
    ADD_FAILURE() << "no kamp::invalid_argument for " << argument;
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), argument) << e.what();
  }
}

template <class View>
std::vector<typename View::non_const_value_type> to_host(const View& v) {
  auto mirror = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  return std::vector<typename View::non_const_value_type>(mirror.data(), mirror.data() + mirror.extent(0));
}

}  // namespace kamp::test

#define KAMP_BACKEND_TEST_SUITE(suite)     \
  template <class Space>                   \
  class suite : public ::testing::Test {}; \
  TYPED_TEST_SUITE(suite, ::kamp::test::execution_spaces, ::kamp::test::space_name)

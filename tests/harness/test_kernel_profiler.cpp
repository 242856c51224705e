// The kernel profiler sees every labelled kernel and every deep copy on every backend, shares
// add to 100%, profilers nest, and an unlabelled kernel is named by its functor's type.
#include <cmath>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "harness/kernel_profiler.hpp"
#include "tests/backends.hpp"

namespace {

template <class Space>
void run_labelled_kernels() {
  const int n = 1 << 20;
  Kokkos::View<double*, typename Space::memory_space> v("v", n);
  for (int rep = 0; rep < 3; ++rep)
    Kokkos::parallel_for(
        "kamp::test::light", Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(int i) { v(i) = i; });
  double sum = 0;
  Kokkos::parallel_reduce(
      "kamp::test::heavy", Kokkos::RangePolicy<Space>(0, n),
      KOKKOS_LAMBDA(int i, double& acc) {
        double x = v(i);
        for (int k = 0; k < 200; ++k) x = x * 0.999 + 1.0;
        acc += x;
      },
      sum);
  EXPECT_GT(sum, 0);
}

KAMP_BACKEND_TEST_SUITE(kernel_profiler_test);

TYPED_TEST(kernel_profiler_test, aggregates_time_per_label) {
  kamp::harness::kernel_profiler profiler;
  run_labelled_kernels<TypeParam>();
  const auto rows = profiler.table();
  const kamp::harness::kernel_time* light = nullptr;
  const kamp::harness::kernel_time* heavy = nullptr;
  double total_share = 0;
  for (const auto& r : rows) {
    if (r.label == "kamp::test::light") light = &r;
    if (r.label == "kamp::test::heavy") heavy = &r;
    total_share += r.share_pct;
  }
  ASSERT_NE(light, nullptr);
  ASSERT_NE(heavy, nullptr);
  EXPECT_EQ(light->calls, 3u);
  EXPECT_EQ(heavy->calls, 1u);
  EXPECT_GT(heavy->milliseconds, 0);
  EXPECT_NEAR(total_share, 100.0, 1e-9);
  EXPECT_NE(profiler.format().find("kamp::test::heavy"), std::string::npos);
  profiler.reset();
  EXPECT_TRUE(profiler.table().empty());
}

TYPED_TEST(kernel_profiler_test, charges_deep_copies_by_spaces) {
  Kokkos::View<double*, typename TypeParam::memory_space> v("v", 1 << 16);
  const auto mirror = Kokkos::create_mirror(v);  // a copy even where v is in host memory
  {
    kamp::harness::kernel_profiler kernels_only;
    Kokkos::deep_copy(mirror, v);
    for (const auto& r : kernels_only.table()) EXPECT_NE(r.label.rfind("deep_copy ", 0), 0u) << r.label;
  }
  kamp::harness::kernel_profiler profiler({/*deep_copies=*/true});
  Kokkos::deep_copy(mirror, v);
  Kokkos::deep_copy(v, mirror);
  Kokkos::deep_copy(mirror, v);
  std::uint64_t calls = 0;
  for (const auto& r : profiler.table()) {
    if (r.label.rfind("deep_copy ", 0) == 0 && r.label.find(" <- ") != std::string::npos) calls += r.calls;
  }
  EXPECT_EQ(calls, 3u) << profiler.format();
}

TYPED_TEST(kernel_profiler_test, nested_profilers_each_see_their_own_span_and_nothing_after_they_stop) {
  {
    kamp::harness::kernel_profiler outer;
    run_labelled_kernels<TypeParam>();
    {
      kamp::harness::kernel_profiler inner;
      run_labelled_kernels<TypeParam>();
      std::uint64_t inner_light = 0;
      for (const auto& r : inner.table())
        if (r.label == "kamp::test::light") inner_light = r.calls;
      EXPECT_EQ(inner_light, 3u) << inner.format();
    }
    run_labelled_kernels<TypeParam>();  // the outer profiler is still charged after the inner stops
    std::uint64_t outer_light = 0;
    for (const auto& r : outer.table())
      if (r.label == "kamp::test::light") outer_light = r.calls;
    EXPECT_EQ(outer_light, 9u) << outer.format();
  }
  run_labelled_kernels<TypeParam>();  // no profiler: the callbacks must be gone
  kamp::harness::kernel_profiler fresh;
  EXPECT_TRUE(fresh.table().empty());
}

template <class Space>
struct unlabelled_fill {
  Kokkos::View<double*, typename Space::memory_space> v;
  KOKKOS_FUNCTION void operator()(int i) const { v(i) = 1.0; }
};

TYPED_TEST(kernel_profiler_test, names_an_unlabelled_kernel_by_its_functor_type) {
  Kokkos::View<double*, typename TypeParam::memory_space> v("v", 64);
  kamp::harness::kernel_profiler profiler;
  Kokkos::parallel_for(Kokkos::RangePolicy<TypeParam>(0, 64), unlabelled_fill<TypeParam>{v});
  const auto rows = profiler.table();
  ASSERT_EQ(rows.size(), 1u);
  // Demangled: the functor's own name, not typeid's mangled "N12_GLOBAL__N_1...".
  EXPECT_NE(rows[0].label.find("unlabelled_fill<"), std::string::npos) << rows[0].label;
}

TEST(kernel_table_csv, quotes_labels_and_names_an_unwritable_path) {
  const std::string path = ::testing::TempDir() + "kamp_kernel_table.csv";
  kamp::harness::write_kernel_table_csv(path, "E5", {{"f<int, \"q\">", 2, 1.5, 100.0}});
  std::ifstream in(path);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  EXPECT_EQ(header, "id,kernel,calls,time_ms,share_pct");
  EXPECT_EQ(row, "E5,\"f<int, \"\"q\"\">\",2,1.5,100");
  EXPECT_THROW(kamp::harness::write_kernel_table_csv("/nonexistent-folder/x.csv", "E5", {}), kamp::invalid_argument);
}

}  // namespace

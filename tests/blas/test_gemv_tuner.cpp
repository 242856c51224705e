// The GEMV autotuner and its JSON cache: a tuning times every candidate and records the
// fastest; later lookups (in this process or from the file in another) reuse it; a retune
// times again; keys separate formats of equal precision; a file that is not a cache gives a
// warning and defaults, never an exception; bad arguments are reported by name.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <unistd.h>

#include "blas/gemv_tuner.hpp"
#include "rns/rns_format.hpp"
#include "tests/backends.hpp"

namespace {

namespace rns = kamp::rns;
namespace blas = kamp::blas;

class temporary_file {
 public:
  explicit temporary_file(const std::string& name)
      : path_(std::filesystem::temp_directory_path() / ("kamp_" + std::to_string(::getpid()) + "_" + name)) {
    std::filesystem::remove(path_);
  }
  ~temporary_file() { std::filesystem::remove(path_); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

template <class Space>
void check_tune_store_and_reuse() {
  constexpr int N = 8;
  using format = rns::mp_float<N>;
  using kernels = blas::format_kernels<format>;
  const temporary_file file(std::string("tuning_") + Space::name() + ".json");
  blas::tuning_cache cache(file.path());
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.warning(), "");
  const auto tuned = blas::tune_gemv<Space, format>(Space(), 'T', 24, 18, cache, {2, false});
  EXPECT_FALSE(tuned.from_cache);
  const auto candidates = kernels::gemv_candidates<Space>('T');
  EXPECT_EQ(tuned.entry.candidates, static_cast<int>(candidates.size()));
  EXPECT_TRUE(std::any_of(candidates.begin(), candidates.end(),
                          [&](const rns::gemv_launch& l) { return kernels::describe(l) == tuned.entry.launch; }));
  EXPECT_TRUE(kernels::describe(kernels::read(tuned.entry.launch)) == tuned.entry.launch);
  EXPECT_GT(tuned.entry.milliseconds, 0.0);
  ASSERT_TRUE(std::filesystem::exists(file.path()));

  const auto again = blas::tune_gemv<Space, format>(Space(), 't', 24, 18, cache, {2, false});
  EXPECT_TRUE(again.from_cache);
  EXPECT_TRUE(again.entry.launch == tuned.entry.launch);

  const blas::tuning_cache reread(file.path());  // what a later run sees
  const auto key = blas::gemv_tuning_key<Space, format>('T', 24, 18);
  const auto found = reread.find(key);
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(found->launch == tuned.entry.launch);
  EXPECT_EQ(found->milliseconds, tuned.entry.milliseconds);
  EXPECT_FALSE(reread.find(blas::gemv_tuning_key<Space, format>('N', 24, 18)).has_value());
  EXPECT_FALSE(reread.find(blas::gemv_tuning_key<Space, rns::mp_float<16>>('T', 24, 18)).has_value());
  // Another format of the same precision (double-double's 106 bits) has its own entries.
  auto other = key;
  other.format = "dd_real";
  EXPECT_FALSE(reread.find(other).has_value());

  const auto retuned = blas::tune_gemv<Space, format>(Space(), 'T', 24, 18, cache, {1, true});
  EXPECT_FALSE(retuned.from_cache);
  EXPECT_EQ(cache.size(), 1u);
}

// Tuning on the caller's operands (an experiment's data class) keys its entry under the data
// class, apart from the entry an automatic launch reads; short operands are named.
template <class Space>
void check_tune_on_callers_operands() {
  constexpr int N = 8;
  using format = rns::mp_float<N>;
  using Memory = typename Space::memory_space;
  const temporary_file file(std::string("operands_") + Space::name() + ".json");
  blas::tuning_cache cache(file.path());
  const std::int64_t m = 20, n = 12;
  rns::mp_array<N, Memory> A(m * n), x(m), y(n);
  rns::fill_random<Space>(A, Kokkos::View<format*, Memory>(), 5, 3, 2);
  rns::fill_random<Space>(x, Kokkos::View<format*, Memory>(), 6, 5, 2);
  const auto tuned = blas::tune_gemv<Space, format>(Space(), 'T', m, n, A, x, y, "2-bit", cache, {1, false});
  EXPECT_FALSE(tuned.from_cache);
  EXPECT_TRUE(cache.find(blas::gemv_tuning_key<Space, format>('T', m, n, "2-bit")).has_value());
  EXPECT_FALSE(cache.find(blas::gemv_tuning_key<Space, format>('T', m, n)).has_value());
  EXPECT_FALSE(cache.find(blas::gemv_tuning_key<Space, format>('T', m, n, "full")).has_value());
  const auto again = blas::tune_gemv<Space, format>(Space(), 'T', m, n, A, x, y, "2-bit", cache, {1, false});
  EXPECT_TRUE(again.from_cache);
  EXPECT_TRUE(again.entry.launch == tuned.entry.launch);

  kamp::test::expect_invalid_argument("data",
                                      [&] { blas::tune_gemv<Space, format>(Space(), 'T', m, n, A, x, y, "", cache); });
  kamp::test::expect_invalid_argument("A.size()", [&] {
    blas::tune_gemv<Space, format>(Space(), 'T', m + 1, n, A, x, y, "2-bit", cache, {1, true});
  });
  kamp::test::expect_invalid_argument("x.size()", [&] {
    blas::tune_gemv<Space, format>(Space(), 'T', m, n, A, y, y, "2-bit", cache, {1, true});
  });
  kamp::test::expect_invalid_argument("y.size()", [&] {
    blas::tune_gemv<Space, format>(Space(), 'N', m, n, A, x, y, "2-bit", cache, {1, true});
  });
  EXPECT_EQ(cache.size(), 1u);  // nothing stored for the calls that threw
}

template <class Space>
void check_errors() {
  const temporary_file file(std::string("corrupt_") + Space::name() + ".json");
  std::ofstream(file.path()) << "{\"entries\": [1, 2";
  const blas::tuning_cache corrupt(file.path());
  EXPECT_EQ(corrupt.size(), 0u);
  EXPECT_NE(corrupt.warning().find(file.path()), std::string::npos) << corrupt.warning();
  // A file in the version-1 format is read as "no entries" too.
  std::ofstream(file.path()) << "{\"kamp_gemv_tuning\": 1, \"entries\": {}}";
  EXPECT_NE(blas::tuning_cache(file.path()).warning(), "");
  // A BLAS call with the shared cache pointing at a corrupt file runs with the defaults.
  constexpr int N = 8;
  using Memory = typename Space::memory_space;
  blas::tuning_cache::configure_shared(file.path());
  rns::mp_array<N, Memory> A(16), x(4), y(4);
  const auto one = rns::from_double<N>(1.0, rns::basis<N>::host());
  EXPECT_NO_THROW(blas::gemv(Space(), 'N', 4, 4, one, A, 4, x, 1, one, y, 1));
  blas::tuning_cache::configure_shared(blas::tuning_cache::default_path());
  // An entry this version cannot read gives the default launch.
  const auto fallback = blas::format_kernels<rns::mp_float<N>>::read({"quantum", {{"fused_team_size", -4}}});
  EXPECT_EQ(fallback.algorithm, rns::gemv_algorithm::fused);
  EXPECT_EQ(fallback.fused_team_size, 0);

  const temporary_file unused(std::string("unused_") + Space::name() + ".json");
  blas::tuning_cache cache(unused.path());
  using format = rns::mp_float<8>;
  kamp::test::expect_invalid_argument("trans", [&] { blas::tune_gemv<Space, format>(Space(), 'C', 4, 4, cache); });
  kamp::test::expect_invalid_argument("m", [&] { blas::tune_gemv<Space, format>(Space(), 'N', 0, 4, cache); });
  kamp::test::expect_invalid_argument("n", [&] { blas::tune_gemv<Space, format>(Space(), 'N', 4, -1, cache); });
  kamp::test::expect_invalid_argument("options.repetitions", [&] {
    blas::tune_gemv<Space, format>(Space(), 'N', 4, 4, cache, {0, false});
  });
  EXPECT_FALSE(std::filesystem::exists(unused.path()));  // nothing was stored
  kamp::test::expect_invalid_argument("name", [] { rns::parse_gemv_algorithm("fastest"); });
}

// Integers of the file are ints or the file is not a cache: nlohmann's get<int> converts 1e300
// with undefined behaviour (fuzz/corpus/tuning_cache/version_beyond_int) and wraps 4294967297 to
// 1; an array of parameters is not an object of them.
TEST(tuning_cache, integers_beyond_int_are_not_a_cache) {
  const temporary_file file("integers.json");
  const std::string entry = R"({"algorithm": "fused", "milliseconds": 0.5, )";
  const std::string head = R"({"kamp_tuning": 2, "entries": {"k": )" + entry;
  const std::vector<std::string> bad_files = {R"({"kamp_tuning": 1e300, "entries": {}})",
                                              R"({"kamp_tuning": 4294967298, "entries": {}})",
                                              head + R"("parameters": {"lanes": 4294967297}, "candidates": 1}}})",
                                              head + R"("parameters": {"lanes": 4.5}, "candidates": 1}}})",
                                              head + R"("parameters": [4], "candidates": 1}}})",
                                              head + R"("parameters": {}, "candidates": -1e300}}})"};
  for (const std::string& bad : bad_files) {
    std::ofstream(file.path()) << bad;
    const blas::tuning_cache cache(file.path());
    EXPECT_NE(cache.warning(), "") << bad;
    EXPECT_EQ(cache.size(), 0u) << bad;
  }
  std::ofstream(file.path()) << head
                             << R"("parameters": {"lanes": 2147483647, "shift": -2147483648}, "candidates": 0}}})";
  const blas::tuning_cache cache(file.path());
  EXPECT_EQ(cache.warning(), "");
  EXPECT_EQ(cache.size(), 1u);
}

KAMP_BACKEND_TEST_SUITE(gemv_tuner_test);

TYPED_TEST(gemv_tuner_test, tunes_stores_and_reuses) { check_tune_store_and_reuse<TypeParam>(); }
TYPED_TEST(gemv_tuner_test, bad_files_give_defaults_and_bad_arguments_are_named) { check_errors<TypeParam>(); }
TYPED_TEST(gemv_tuner_test, tunes_on_the_callers_operands_under_their_data_class) {
  check_tune_on_callers_operands<TypeParam>();
}

}  // namespace

// The GEMV autotuner and its JSON cache: a tuning times every candidate and records the
// fastest; later lookups (in this process or from the file in another) reuse it; a retune
// times again; a file that is not a cache and bad arguments are reported by name.
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "blas/rns_gemv.hpp"
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
  const temporary_file file(std::string("tuning_") + Space::name() + ".json");
  blas::gemv_tuning_cache cache(file.path());
  EXPECT_EQ(cache.size(), 0u);
  const auto tuned = blas::tune_gemv<Space, N>(Space(), 'T', 24, 18, cache, {2, false});
  EXPECT_FALSE(tuned.from_cache);
  const auto candidates = blas::gemv_candidates<Space, N>();
  EXPECT_EQ(tuned.entry.candidates, static_cast<int>(candidates.size()));
  EXPECT_NE(std::find(candidates.begin(), candidates.end(), tuned.entry.launch), candidates.end());
  EXPECT_GT(tuned.entry.milliseconds, 0.0);
  ASSERT_TRUE(std::filesystem::exists(file.path()));

  const auto again = blas::tune_gemv<Space, N>(Space(), 't', 24, 18, cache, {2, false});
  EXPECT_TRUE(again.from_cache);
  EXPECT_TRUE(again.entry.launch == tuned.entry.launch);

  const blas::gemv_tuning_cache reread(file.path());  // what a later run sees
  const auto found = reread.find(blas::gemv_key<Space, N>('T', 24, 18));
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(found->launch == tuned.entry.launch);
  EXPECT_EQ(found->milliseconds, tuned.entry.milliseconds);
  EXPECT_FALSE(reread.find(blas::gemv_key<Space, N>('N', 24, 18)).has_value());
  EXPECT_FALSE(reread.find(blas::gemv_key<Space, 16>('T', 24, 18)).has_value());

  const auto retuned = blas::tune_gemv<Space, N>(Space(), 'T', 24, 18, cache, {1, true});
  EXPECT_FALSE(retuned.from_cache);
  EXPECT_EQ(cache.size(), 1u);
}

template <class Space>
void check_errors() {
  const temporary_file file(std::string("corrupt_") + Space::name() + ".json");
  std::ofstream(file.path()) << "{\"entries\": [1, 2";
  try {
    blas::gemv_tuning_cache cache(file.path());
    ADD_FAILURE() << "a corrupt cache was accepted";
  } catch (const kamp::invalid_argument& e) {
    EXPECT_EQ(e.argument(), "path");
    EXPECT_EQ(e.value(), file.path());
  }
  const temporary_file unused(std::string("unused_") + Space::name() + ".json");
  blas::gemv_tuning_cache cache(unused.path());
  kamp::test::expect_invalid_argument("trans", [&] { blas::tune_gemv<Space, 8>(Space(), 'C', 4, 4, cache); });
  kamp::test::expect_invalid_argument("m", [&] { blas::tune_gemv<Space, 8>(Space(), 'N', 0, 4, cache); });
  kamp::test::expect_invalid_argument("n", [&] { blas::tune_gemv<Space, 8>(Space(), 'N', 4, -1, cache); });
  kamp::test::expect_invalid_argument("options.repetitions", [&] { blas::tune_gemv<Space, 8>(Space(), 'N', 4, 4, cache, {0, false}); });
  EXPECT_FALSE(std::filesystem::exists(unused.path()));  // nothing was stored
  kamp::test::expect_invalid_argument("name", [] { rns::parse_gemv_algorithm("fastest"); });
}

KAMP_BACKEND_TEST_SUITE(gemv_tuner_test);

TYPED_TEST(gemv_tuner_test, tunes_stores_and_reuses) { check_tune_store_and_reuse<TypeParam>(); }
TYPED_TEST(gemv_tuner_test, reports_bad_files_and_arguments) { check_errors<TypeParam>(); }

}  // namespace

// The tuning cache's reader (blas/tuning_cache.hpp). On any file content the cache constructs
// without throwing: either it holds the file's entries and no warning, or it is empty with a
// warning naming the file. A cache that was read takes a new entry, and the file it rewrites
// reads back with that entry and the others, without a warning.
#include <cstdint>
#include <iostream>
#include <string>

#include "blas/tuning_cache.hpp"
#include "fuzz/fuzz_support.hpp"

using kamp::fuzz::require;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // One warning per unreadable input would flood the log; warning() still tells.
  std::cerr.rdbuf(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = kamp::fuzz::process_scratch_file().write(data, size);
  kamp::blas::tuning_cache cache(path);
  if (!cache.warning().empty()) {
    require(cache.size() == 0, "an unreadable cache kept entries");
    require(cache.warning().find(path) != std::string::npos, "the warning does not name the file");
    return 0;
  }
  const kamp::blas::tuning_key key{"fuzz", 1, "gemv_N", "1 x 1", "Serial", "fuzz device"};
  const kamp::blas::tuning_entry entry{{"fused", {{"lanes", 4}}}, 0.5, 3};
  const std::size_t expected = cache.size() + (cache.find(key) ? 0 : 1);
  cache.store(key, entry);
  const kamp::blas::tuning_cache reread(path);
  require(reread.warning().empty(), "the rewritten cache does not read back: " + reread.warning());
  require(reread.size() == expected,
          "the rewritten cache has " + std::to_string(reread.size()) + " entries, not " + std::to_string(expected));
  const auto found = reread.find(key);
  require(found && found->launch == entry.launch && found->milliseconds == entry.milliseconds &&
              found->candidates == entry.candidates,
          "the stored entry does not read back");
  return 0;
}

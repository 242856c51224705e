#pragma once
// How long the random sweeps run: KAMP_LONG_TESTS=1 runs the long ones (./kamp test --long,
// and the GPU sessions); KAMP_SHORT_TESTS=1 a sixteenth of the default (the sanitizer pass,
// which looks for memory errors, not for rare rounding cases); otherwise the default count.
#include <cstddef>
#include <cstdlib>
#include <string>

namespace kamp::test {

inline bool env_flag(const char* name) {
  const char* v = std::getenv(name);
  return v && std::string(v) == "1";
}

inline bool long_tests() { return env_flag("KAMP_LONG_TESTS"); }

// The number of random cases of a sweep: `long_count` in the long run, `count` by default, and
// count / 16 (at least one) in the short one.
inline std::size_t sweep_count(std::size_t count, std::size_t long_count) {
  if (long_tests()) return long_count;
  if (env_flag("KAMP_SHORT_TESTS")) return count / 16 > 0 ? count / 16 : 1;
  return count;
}

}  // namespace kamp::test

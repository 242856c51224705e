#pragma once
// kernel_profiler: time per kernel label through Kokkos Tools callbacks (the paper's
// Table 3 on any backend). While a profiler lives, every parallel_for/reduce/scan (and, when
// asked, every deep_copy) is fenced at its start and end, so each label is charged its own time; kernels
// launched from several host threads at once are not supported. One profiler at a time;
// it replaces any Kokkos Tools library loaded through KOKKOS_PROFILE_LIBRARY while it lives.
#include <cstdint>
#include <string>
#include <vector>

namespace kamp::harness {

struct kernel_time {
  std::string label;
  std::uint64_t calls = 0;
  double milliseconds = 0;
  double share_pct = 0;  // of all profiled kernel time
};

class kernel_profiler {
 public:
  // Starts profiling; throws std::logic_error if another one is active. With deep_copies, each
  // Kokkos::deep_copy is charged to "deep_copy DST <- SRC" (DST, SRC: the memory spaces; a host
  // copy run as a kernel is charged to both).
  explicit kernel_profiler(bool deep_copies = false);
  ~kernel_profiler();
  kernel_profiler(const kernel_profiler&) = delete;
  kernel_profiler& operator=(const kernel_profiler&) = delete;

  void reset();
  // Sorted by time, largest first.
  std::vector<kernel_time> table() const;
  // The table as aligned text: label, calls, ms, share.
  std::string format() const;
};

}  // namespace kamp::harness

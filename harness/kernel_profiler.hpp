#pragma once
// kernel_profiler: time per kernel label through Kokkos Tools callbacks (the paper's
// Table 3 on any backend). While a profiler lives, every parallel_for/reduce/scan (and, when
// asked, every deep_copy) is fenced at its start and end, so each label is charged its own time; kernels
// launched from several host threads at once are not supported. Profilers nest: each one living
// is charged every kernel (kamp_run --profile keeps one over a whole experiment while the
// experiment's own, E1's say, measures a part). While any lives, it replaces any Kokkos Tools
// library loaded through KOKKOS_PROFILE_LIBRARY.
//
// A label is the one the kernel was given, or for an unlabelled kernel its functor's type,
// demangled (Kokkos passes typeid's mangled name). In a CUDA build, a profiler made with
// named_ranges also opens an NVTX range of the label around each kernel, so that Nsight
// Compute can tell which label each kernel it profiles ran under (ncu --nvtx records the range).
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

struct kernel_profiler_options {
  // Each Kokkos::deep_copy is charged to "deep_copy DST <- SRC" (DST, SRC: the memory spaces;
  // a host copy run as a kernel is charged to both).
  bool deep_copies = false;
  // NVTX ranges named by the labels (CUDA builds; elsewhere nothing).
  bool named_ranges = false;
};

class kernel_profiler {
 public:
  explicit kernel_profiler(kernel_profiler_options options = {});
  ~kernel_profiler();
  kernel_profiler(const kernel_profiler&) = delete;
  kernel_profiler& operator=(const kernel_profiler&) = delete;

  void reset();
  // Sorted by time, largest first.
  std::vector<kernel_time> table() const;
  // The table as aligned text: label, calls, ms, share.
  std::string format() const;
};

// The table as CSV, one row per label: id,kernel,calls,time_ms,share_pct (report/kernel_profile.py
// reads it). Raises kamp::invalid_argument (argument "path") if the file cannot be written.
void write_kernel_table_csv(const std::string& path, const std::string& experiment_id,
                            const std::vector<kernel_time>& table);

}  // namespace kamp::harness

#include "harness/kernel_profiler.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace kamp::harness {

namespace {

using clock = std::chrono::steady_clock;

struct running_kernel {
  std::string label;
  clock::time_point start;
};

// Kokkos Tools takes plain function pointers, so the profiler's state is one global.
struct profiler_state {
  std::mutex mutex;
  bool active = false;
  std::uint64_t next_id = 1;  // 0 is the running deep copy
  std::unordered_map<std::uint64_t, running_kernel> running;
  std::map<std::string, kernel_time> totals;
};

profiler_state& state() {
  static profiler_state s;
  return s;
}

void begin_kernel(const char* name, std::uint32_t, std::uint64_t* id) {
  Kokkos::fence();
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  *id = s.next_id++;
  s.running[*id] = running_kernel{name ? name : "(unnamed)", clock::now()};
}

void end_kernel(std::uint64_t id) {
  Kokkos::fence();
  const auto stop = clock::now();
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto it = s.running.find(id);
  if (it == s.running.end()) return;
  kernel_time& total = s.totals[it->second.label];
  total.label = it->second.label;
  total.calls += 1;
  total.milliseconds += std::chrono::duration<double, std::milli>(stop - it->second.start).count();
  s.running.erase(it);
}

// Deep copies (halo staging, reduction results) are charged to "deep_copy DST <- SRC"; they do
// not nest, so the one that runs is the last one begun.
void begin_deep_copy(Kokkos_Profiling_SpaceHandle dst, const char*, const void*, Kokkos_Profiling_SpaceHandle src,
                     const char*, const void*, std::uint64_t) {
  Kokkos::fence();
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.running[0] = running_kernel{std::string("deep_copy ") + dst.name + " <- " + src.name, clock::now()};
}

void end_deep_copy() { end_kernel(0); }

void install(bool on, bool deep_copies) {
  namespace tools = Kokkos::Tools::Experimental;
  tools::set_begin_parallel_for_callback(on ? begin_kernel : nullptr);
  tools::set_begin_parallel_reduce_callback(on ? begin_kernel : nullptr);
  tools::set_begin_parallel_scan_callback(on ? begin_kernel : nullptr);
  tools::set_end_parallel_for_callback(on ? end_kernel : nullptr);
  tools::set_end_parallel_reduce_callback(on ? end_kernel : nullptr);
  tools::set_end_parallel_scan_callback(on ? end_kernel : nullptr);
  tools::set_begin_deep_copy_callback(on && deep_copies ? begin_deep_copy : nullptr);
  tools::set_end_deep_copy_callback(on && deep_copies ? end_deep_copy : nullptr);
}

}  // namespace

kernel_profiler::kernel_profiler(bool deep_copies) {
  auto& s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.active) throw std::logic_error("kamp::harness::kernel_profiler: another profiler is already active");
    s.active = true;
    s.running.clear();
    s.totals.clear();
  }
  Kokkos::fence();
  install(true, deep_copies);
}

kernel_profiler::~kernel_profiler() {
  install(false, false);
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.active = false;
}

void kernel_profiler::reset() {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.totals.clear();
}

std::vector<kernel_time> kernel_profiler::table() const {
  auto& s = state();
  std::vector<kernel_time> rows;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    for (const auto& entry : s.totals) rows.push_back(entry.second);
  }
  double total = 0;
  for (const auto& r : rows) total += r.milliseconds;
  for (auto& r : rows) r.share_pct = total > 0 ? 100.0 * r.milliseconds / total : 0.0;
  std::sort(rows.begin(), rows.end(),
            [](const kernel_time& a, const kernel_time& b) { return a.milliseconds > b.milliseconds; });
  return rows;
}

std::string kernel_profiler::format() const {
  const auto rows = table();
  std::size_t width = 6;
  for (const auto& r : rows) width = std::max(width, r.label.size());
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %8s %12s %8s\n", static_cast<int>(width), "kernel", "calls", "time_ms", "share_%");
  out += line;
  for (const auto& r : rows) {
    std::snprintf(line, sizeof line, "%-*s %8llu %12.4f %8.2f\n", static_cast<int>(width), r.label.c_str(),
                  static_cast<unsigned long long>(r.calls), r.milliseconds, r.share_pct);
    out += line;
  }
  return out;
}

}  // namespace kamp::harness

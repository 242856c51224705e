#include "harness/kernel_profiler.hpp"

#include <Kokkos_Core.hpp>
#include <cxxabi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "core/error.hpp"

#if defined(KOKKOS_ENABLE_CUDA) && __has_include(<nvtx3/nvToolsExt.h>)
#include <nvtx3/nvToolsExt.h>
#define KAMP_PROFILER_NVTX 1
#endif

namespace kamp::harness {

namespace {

using clock = std::chrono::steady_clock;

struct running_kernel {
  std::string label;
  clock::time_point start;
  bool deep_copy = false;
  bool named_range = false;
};

struct profiler_record {
  const kernel_profiler* owner;
  kernel_profiler_options options;
  std::map<std::string, kernel_time> totals;
};

// Kokkos Tools takes plain function pointers, so the profilers' state is one global.
struct profiler_state {
  std::mutex mutex;
  std::vector<profiler_record> living;  // in the order they were made
  std::uint64_t next_id = 1;            // 0 is the running deep copy
  std::unordered_map<std::uint64_t, running_kernel> running;
  std::unordered_map<std::string, std::string> readable;  // Kokkos' name -> label

  bool any(bool kernel_profiler_options::*option) const {
    return std::any_of(living.begin(), living.end(), [&](const profiler_record& r) { return r.options.*option; });
  }
  profiler_record& record_of(const kernel_profiler* owner) {
    return *std::find_if(living.begin(), living.end(), [&](const profiler_record& r) { return r.owner == owner; });
  }
};

profiler_state& state() {
  static profiler_state s;
  return s;
}

// An unlabelled kernel's name is its functor's mangled type, "/TAG" appended for a work tag.
std::string demangled(const std::string& name) {
  const auto slash = name.find('/');
  const std::string type = name.substr(0, slash);
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(type.c_str(), nullptr, nullptr, &status), std::free);
  if (status != 0 || !text) return name;
  return slash == std::string::npos ? std::string(text.get())
                                    : text.get() + std::string("/") + demangled(name.substr(slash + 1));
}

// Only mangled type names are rewritten: a label such as "row_sum" could also demangle (as a
// builtin type's code), so a name that reads as a kamp label is kept as given.
const std::string& label_of(profiler_state& s, const char* name) {
  const std::string given = name ? name : "(unnamed)";
  auto it = s.readable.find(given);
  if (it != s.readable.end()) return it->second;
  const bool mangled_type = !given.empty() && (given[0] == 'N' || given[0] == 'Z' || given.rfind("_Z", 0) == 0) &&
                            given.find("::") == std::string::npos && given.find(' ') == std::string::npos;
  return s.readable.emplace(given, mangled_type ? demangled(given) : given).first->second;
}

void open_range(const std::string& label) {
#ifdef KAMP_PROFILER_NVTX
  nvtxRangePushA(label.c_str());
#else
  (void)label;
#endif
}

void close_range() {
#ifdef KAMP_PROFILER_NVTX
  nvtxRangePop();
#endif
}

void begin_kernel(const char* name, std::uint32_t, std::uint64_t* id) {
  Kokkos::fence();
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  *id = s.next_id++;
  running_kernel& k = s.running[*id] =
      running_kernel{label_of(s, name), {}, false, s.any(&kernel_profiler_options::named_ranges)};
  if (k.named_range) open_range(k.label);
  k.start = clock::now();
}

void end_kernel(std::uint64_t id) {
  Kokkos::fence();
  const auto stop = clock::now();
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto it = s.running.find(id);
  if (it == s.running.end()) return;
  const running_kernel& k = it->second;
  if (k.named_range) close_range();
  const double ms = std::chrono::duration<double, std::milli>(stop - k.start).count();
  for (auto& record : s.living) {
    if (k.deep_copy && !record.options.deep_copies) continue;
    kernel_time& total = record.totals[k.label];
    total.label = k.label;
    total.calls += 1;
    total.milliseconds += ms;
  }
  s.running.erase(it);
}

// Deep copies (halo staging, reduction results) are charged to "deep_copy DST <- SRC"; they do
// not nest, so the one that runs is the last one begun.
void begin_deep_copy(Kokkos_Profiling_SpaceHandle dst, const char*, const void*, Kokkos_Profiling_SpaceHandle src,
                     const char*, const void*, std::uint64_t) {
  Kokkos::fence();
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.running[0] = running_kernel{std::string("deep_copy ") + dst.name + " <- " + src.name, clock::now(), true, false};
}

void end_deep_copy() { end_kernel(0); }

// The callbacks while any profiler lives; deep copies while one of them asks for them.
void install(const profiler_state& s) {
  namespace tools = Kokkos::Tools::Experimental;
  const bool on = !s.living.empty(), deep_copies = s.any(&kernel_profiler_options::deep_copies);
  tools::set_begin_parallel_for_callback(on ? begin_kernel : nullptr);
  tools::set_begin_parallel_reduce_callback(on ? begin_kernel : nullptr);
  tools::set_begin_parallel_scan_callback(on ? begin_kernel : nullptr);
  tools::set_end_parallel_for_callback(on ? end_kernel : nullptr);
  tools::set_end_parallel_reduce_callback(on ? end_kernel : nullptr);
  tools::set_end_parallel_scan_callback(on ? end_kernel : nullptr);
  tools::set_begin_deep_copy_callback(deep_copies ? begin_deep_copy : nullptr);
  tools::set_end_deep_copy_callback(deep_copies ? end_deep_copy : nullptr);
}

}  // namespace

kernel_profiler::kernel_profiler(kernel_profiler_options options) {
  Kokkos::fence();
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.living.push_back(profiler_record{this, options, {}});
  install(s);
}

kernel_profiler::~kernel_profiler() {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.living.erase(
      std::find_if(s.living.begin(), s.living.end(), [&](const profiler_record& r) { return r.owner == this; }));
  install(s);
}

void kernel_profiler::reset() {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.record_of(this).totals.clear();
}

std::vector<kernel_time> kernel_profiler::table() const {
  auto& s = state();
  std::vector<kernel_time> rows;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    for (const auto& entry : s.record_of(this).totals) rows.push_back(entry.second);
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
  std::snprintf(line, sizeof line, "%-*s %8s %12s %8s\n", static_cast<int>(width), "kernel", "calls", "time_ms",
                "share_%");
  out += line;
  for (const auto& r : rows) {
    out += r.label + std::string(width - r.label.size(), ' ');
    std::snprintf(line, sizeof line, " %8llu %12.4f %8.2f\n", static_cast<unsigned long long>(r.calls), r.milliseconds,
                  r.share_pct);
    out += line;
  }
  return out;
}

namespace {

// A CSV field: quoted, with quotes doubled (demangled labels hold commas).
std::string csv_field(const std::string& text) {
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

void write_kernel_table_csv(const std::string& path, const std::string& experiment_id,
                            const std::vector<kernel_time>& table) {
  std::ofstream out(path);
  require_argument(static_cast<bool>(out), "kamp::harness::write_kernel_table_csv", "path", path,
                   "must be a file that can be written");
  out << "id,kernel,calls,time_ms,share_pct\n";
  char numbers[128];
  for (const auto& r : table) {
    std::snprintf(numbers, sizeof numbers, ",%llu,%.6g,%.6g\n", static_cast<unsigned long long>(r.calls),
                  r.milliseconds, r.share_pct);
    out << experiment_id << ',' << csv_field(r.label) << numbers;
  }
  require_argument(static_cast<bool>(out), "kamp::harness::write_kernel_table_csv", "path", path,
                   "must be a file that can be written (writing it failed)");
}

}  // namespace kamp::harness

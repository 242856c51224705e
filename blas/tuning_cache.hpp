#pragma once
// The tuning cache: for each (format, precision, operation, shape, backend, device) the launch
// configuration that timed fastest, kept in a JSON file so that later runs reuse it. Entries
// hold a generic launch description (an algorithm name and integer parameters) that each
// format reads back into its own launch type.
//
// A missing file is an empty cache; a file that cannot be read as a cache, or cannot be
// written, gives one warning on stderr and an empty (in-memory) cache: tuning is an
// optimisation, so it never makes a BLAS call throw. The shared cache is the one configured
// with configure_shared(path), else $KAMP_TUNING_FILE, else ~/.cache/kamp/tuning.json.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace kamp::blas {

struct launch_description {
  std::string algorithm;
  std::map<std::string, int> parameters;
  bool operator==(const launch_description& o) const { return algorithm == o.algorithm && parameters == o.parameters; }
};

struct tuning_key {
  std::string format;        // format_traits<F>::name()
  int precision = 0;         // format_traits<F>::precision
  std::string operation;     // e.g. "gemv_N"
  std::string shape;         // e.g. "1000 x 1000"
  std::string backend;       // Kokkos execution space name
  std::string device;        // GPU or CPU model
  std::string text() const;  // one line, the JSON key
};

struct tuning_entry {
  launch_description launch;
  double milliseconds = 0;  // median time of the winner when it was tuned
  int candidates = 0;       // how many configurations were timed
};

class tuning_cache {
 public:
  explicit tuning_cache(std::string path);
  static tuning_cache& shared();
  // Points the shared cache at `path` (read now); later shared() calls use it.
  static void configure_shared(const std::string& path);
  static std::string default_path();

  std::optional<tuning_entry> find(const tuning_key& key) const;
  // Records the entry and rewrites the file through a temporary file and a rename, so a reader
  // never sees half of it; a failed write is a warning and the entry stays in memory.
  void store(const tuning_key& key, const tuning_entry& entry);
  const std::string& path() const { return path_; }
  std::size_t size() const;
  // Empty, or the warning given when the file could not be read.
  const std::string& warning() const { return warning_; }

 private:
  void save();
  std::string path_, warning_;
  std::map<std::string, tuning_entry> entries_;
  mutable std::mutex mutex_;
};

}  // namespace kamp::blas

#pragma once
// The GEMV tuning cache: for each (backend, device, precision, trans, m, n) the launch
// configuration that timed fastest, kept in a JSON file so that later runs reuse it. The
// shared cache lives at $KAMP_TUNING_FILE, or else ~/.cache/kamp/gemv_tuning.json.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "rns/gemv_launch.hpp"

namespace kamp::blas {

struct gemv_tuning_key {
  std::string backend;  // Kokkos execution space name
  std::string device;   // GPU or CPU model
  int bits = 0;         // precision p of the format
  char trans = 'N';
  std::int64_t m = 0, n = 0;
  std::string text() const;  // one line, the JSON key
};

struct gemv_tuning_entry {
  rns::gemv_launch launch;
  double milliseconds = 0;  // median time of the winner when it was tuned
  int candidates = 0;       // how many configurations were timed
};

class gemv_tuning_cache {
 public:
  // Reads `path` if it exists; a file that is not a tuning cache raises kamp::invalid_argument
  // naming it (delete it to start over).
  explicit gemv_tuning_cache(std::string path);
  static gemv_tuning_cache& shared();
  static std::string default_path();

  std::optional<gemv_tuning_entry> find(const gemv_tuning_key& key) const;
  // Records the entry and rewrites the file (through a temporary file and a rename, so a
  // reader never sees half of it).
  void store(const gemv_tuning_key& key, const gemv_tuning_entry& entry);
  const std::string& path() const { return path_; }
  std::size_t size() const;

 private:
  void save() const;
  std::string path_;
  std::map<std::string, gemv_tuning_entry> entries_;
  mutable std::mutex mutex_;
};

}  // namespace kamp::blas

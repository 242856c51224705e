#include "blas/tuning_cache.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

namespace kamp::blas {

namespace {

constexpr int format_version = 2;

nlohmann::json to_json(const tuning_entry& e) {
  return {{"algorithm", e.launch.algorithm},
          {"parameters", e.launch.parameters},
          {"milliseconds", e.milliseconds},
          {"candidates", e.candidates}};
}

// An int of the file: a JSON integer within int's range. nlohmann's get<int> would convert a real
// such as 1e300 with undefined behaviour and wrap 4294967297 to 1.
int integer(const nlohmann::json& j, const std::string& what) {
  constexpr std::int64_t low = std::numeric_limits<int>::min(), high = std::numeric_limits<int>::max();
  // An unsigned value is read as such, so that 2^64 - 1 does not pass as -1.
  const bool fits = j.is_number_unsigned()  ? j.get<std::uint64_t>() <= static_cast<std::uint64_t>(high)
                    : j.is_number_integer() ? j.get<std::int64_t>() >= low && j.get<std::int64_t>() <= high
                                            : false;
  if (!fits) throw std::runtime_error(what + " = " + j.dump() + " is not an integer within int");
  return static_cast<int>(j.get<std::int64_t>());
}

tuning_entry from_json(const nlohmann::json& j) {
  tuning_entry e;
  e.launch.algorithm = j.at("algorithm").get<std::string>();
  const nlohmann::json& parameters = j.at("parameters");
  if (!parameters.is_object()) throw std::runtime_error("parameters = " + parameters.dump() + " is not an object");
  for (const auto& [name, value] : parameters.items()) e.launch.parameters[name] = integer(value, name);
  e.milliseconds = j.at("milliseconds").get<double>();
  e.candidates = integer(j.at("candidates"), "candidates");
  return e;
}

void warn(const std::string& text) { std::cerr << "kamp: warning: " << text << '\n'; }

std::unique_ptr<tuning_cache>& shared_instance() {
  static std::unique_ptr<tuning_cache> cache;
  return cache;
}

std::mutex& shared_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

std::string tuning_key::text() const {
  std::ostringstream s;
  s << format << " | " << precision << " bits | " << operation << " | " << shape << " | " << backend << " | " << device;
  return s.str();
}

tuning_cache::tuning_cache(std::string path) : path_(std::move(path)) {
  std::ifstream in(path_);
  if (!in) return;  // no cache yet
  try {
    const nlohmann::json doc = nlohmann::json::parse(in);
    if (integer(doc.at("kamp_tuning"), "kamp_tuning") != format_version)
      throw std::runtime_error("unknown format version " + doc.at("kamp_tuning").dump());
    for (const auto& [key, value] : doc.at("entries").items()) entries_[key] = from_json(value);
  } catch (const std::exception& e) {
    entries_.clear();
    warning_ = "tuning cache " + path_ + " is not a kamp tuning cache (" + e.what() +
               "); using default launch parameters (delete the file to start over)";
    warn(warning_);
  }
}

std::string tuning_cache::default_path() {
  if (const char* file = std::getenv("KAMP_TUNING_FILE"); file && *file) return file;
  if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache)
    return std::string(cache) + "/kamp/tuning.json";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.cache/kamp/tuning.json";
}

tuning_cache& tuning_cache::shared() {
  std::lock_guard<std::mutex> lock(shared_mutex());
  auto& cache = shared_instance();
  if (!cache) cache = std::make_unique<tuning_cache>(default_path());
  return *cache;
}

void tuning_cache::configure_shared(const std::string& path) {
  std::lock_guard<std::mutex> lock(shared_mutex());
  shared_instance() = std::make_unique<tuning_cache>(path);
}

std::optional<tuning_entry> tuning_cache::find(const tuning_key& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(key.text());
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

void tuning_cache::store(const tuning_key& key, const tuning_entry& entry) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_[key.text()] = entry;
  save();
}

std::size_t tuning_cache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

void tuning_cache::save() {
  nlohmann::json doc;
  doc["kamp_tuning"] = format_version;
  doc["entries"] = nlohmann::json::object();
  for (const auto& [key, entry] : entries_) doc["entries"][key] = to_json(entry);
  const std::filesystem::path target(path_);
  const std::string temporary = path_ + ".tmp." + std::to_string(::getpid());
  std::error_code error;
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), error);
  {
    std::ofstream out(temporary);
    out << doc.dump(2) << '\n';
    if (!out) {
      warn("cannot write the tuning cache " + temporary + "; the tuned entry is kept for this run only");
      return;
    }
  }
  std::filesystem::rename(temporary, target, error);
  if (error) warn("cannot replace the tuning cache " + path_ + " (" + error.message() + ")");
}

}  // namespace kamp::blas

#include "blas/gemv_tuning.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "core/error.hpp"

namespace kamp::blas {

namespace {

constexpr int format_version = 1;

nlohmann::json to_json(const gemv_tuning_entry& e) {
  return {{"algorithm", rns::to_string(e.launch.algorithm)},
          {"reduce_team_size", e.launch.reduce_team_size},
          {"fused_team_size", e.launch.fused_team_size},
          {"fused_vector_length", e.launch.fused_vector_length},
          {"milliseconds", e.milliseconds},
          {"candidates", e.candidates}};
}

gemv_tuning_entry from_json(const nlohmann::json& j) {
  gemv_tuning_entry e;
  e.launch.algorithm = rns::parse_gemv_algorithm(j.at("algorithm").get<std::string>());
  e.launch.reduce_team_size = j.at("reduce_team_size").get<int>();
  e.launch.fused_team_size = j.at("fused_team_size").get<int>();
  e.launch.fused_vector_length = j.at("fused_vector_length").get<int>();
  e.milliseconds = j.at("milliseconds").get<double>();
  e.candidates = j.at("candidates").get<int>();
  return e;
}

}  // namespace

std::string gemv_tuning_key::text() const {
  std::ostringstream s;
  s << backend << " | " << device << " | " << bits << " bits | " << trans << " | " << m << " x " << n;
  return s.str();
}

gemv_tuning_cache::gemv_tuning_cache(std::string path) : path_(std::move(path)) {
  std::ifstream in(path_);
  if (!in) return;  // no cache yet
  try {
    const nlohmann::json doc = nlohmann::json::parse(in);
    if (doc.at("kamp_gemv_tuning").get<int>() != format_version)
      throw std::runtime_error("unknown format version " + doc.at("kamp_gemv_tuning").dump());
    for (const auto& [key, value] : doc.at("entries").items()) entries_[key] = from_json(value);
  } catch (const std::exception& e) {
    throw invalid_argument("kamp::blas::gemv_tuning_cache", "path", path_,
                           std::string("is not a kamp GEMV tuning cache (") + e.what() + "); delete it to start over");
  }
}

std::string gemv_tuning_cache::default_path() {
  if (const char* file = std::getenv("KAMP_TUNING_FILE"); file && *file) return file;
  if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache) return std::string(cache) + "/kamp/gemv_tuning.json";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.cache/kamp/gemv_tuning.json";
}

gemv_tuning_cache& gemv_tuning_cache::shared() {
  static gemv_tuning_cache cache(default_path());
  return cache;
}

std::optional<gemv_tuning_entry> gemv_tuning_cache::find(const gemv_tuning_key& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(key.text());
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

void gemv_tuning_cache::store(const gemv_tuning_key& key, const gemv_tuning_entry& entry) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_[key.text()] = entry;
  save();
}

std::size_t gemv_tuning_cache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

void gemv_tuning_cache::save() const {
  nlohmann::json doc;
  doc["kamp_gemv_tuning"] = format_version;
  doc["entries"] = nlohmann::json::object();
  for (const auto& [key, entry] : entries_) doc["entries"][key] = to_json(entry);
  const std::filesystem::path target(path_);
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
  const std::string temporary = path_ + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temporary);
    out << doc.dump(2) << '\n';
    if (!out) throw std::runtime_error("kamp::blas::gemv_tuning_cache: cannot write " + temporary);
  }
  std::filesystem::rename(temporary, target);
}

}  // namespace kamp::blas

#pragma once
// What the fuzz targets share: a failed check names what broke and aborts, so that libFuzzer
// saves the input as a crash; an exception of a type the code under test does not document
// escapes LLVMFuzzerTestOneInput and aborts the same way.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace kamp::fuzz {

inline void require(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "kamp fuzz check failed: %s\n", what.c_str());
  std::abort();
}

// The input as a command line: NUL bytes separate the arguments, as in a real argv, so any
// other byte can occur in one. An empty input is no argument at all.
inline std::vector<std::string> arguments(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;
  if (size == 0) return args;
  args.emplace_back();
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.emplace_back();
    } else {
      args.back().push_back(static_cast<char>(data[i]));
    }
  }
  return args;
}

// Whether `text` is one of the arguments (an error must name an option or text that was given).
inline bool contains(const std::vector<std::string>& args, const std::string& text) {
  for (const auto& a : args) {
    if (a == text) return true;
  }
  return false;
}

// The shortest text that reads back as v (settings written back as a command line).
inline std::string shortest(double v) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

// `count` bytes of the input from `at` as an unsigned integer, little-endian; bytes beyond the
// input read as zero, so that every input decodes.
inline std::uint64_t little_endian(const std::uint8_t* data, std::size_t size, std::size_t at, int count) {
  std::uint64_t v = 0;
  for (int i = count - 1; i >= 0; --i) v = (v << 8) | (at + i < size ? data[at + i] : 0);
  return v;
}

// A file of this process for readers that take a path (the tuning cache, the ncu CSV): each
// input is written to it whole; it and its folder are removed when the process exits.
class scratch_file {
 public:
  scratch_file() {
    char folder[] = "/tmp/kamp_fuzz_XXXXXX";
    require(::mkdtemp(folder) != nullptr, "cannot create a scratch folder in /tmp");
    folder_ = folder;
    path_ = folder_ + "/input";
  }
  ~scratch_file() {
    std::remove(path_.c_str());
    ::rmdir(folder_.c_str());
  }
  scratch_file(const scratch_file&) = delete;
  scratch_file& operator=(const scratch_file&) = delete;

  const std::string& write(const std::uint8_t* data, std::size_t size) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    require(static_cast<bool>(out), "cannot write " + path_);
    return path_;
  }
  const std::string& path() const { return path_; }

 private:
  std::string folder_, path_;
};

// The process's one scratch file, made at its first use.
inline const scratch_file& process_scratch_file() {
  static const scratch_file file;
  return file;
}

}  // namespace kamp::fuzz

#pragma once
// A command line read one argument at a time, for the parsers of kamp's programs (kamp_run,
// kamp_solve, kamp_gemm): the argument at hand, and for an option that takes one the argument
// after it, whose absence raises kamp::invalid_argument naming the option with the value
// "(nothing)".
#include <cstddef>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace kamp::core {

class command_line {
 public:
  command_line(const std::vector<std::string>& args, const char* function) : args_(args), function_(function) {}

  // Moves to the next argument; false past the last.
  bool next() { return ++at_ < args_.size(); }
  const std::string& argument() const { return args_[at_]; }
  // The argument after the current one, which it consumes.
  const std::string& value() {
    require_argument(at_ + 1 < args_.size(), function_, args_[at_].c_str(), "(nothing)", "needs a value");
    return args_[++at_];
  }

 private:
  const std::vector<std::string>& args_;
  const char* function_;
  std::size_t at_ = static_cast<std::size_t>(-1);
};

}  // namespace kamp::core

#pragma once
// kamp::invalid_argument: the one exception type for bad arguments anywhere in kamp.
// Its message names the function, the argument, the value received and what was required.
// kamp::allocation_error: memory a kamp routine needs that its memory space cannot give
// (core/allocation.hpp); the message names the routine, the array, the bytes and what is free.
#include <cstdint>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace kamp {

class invalid_argument : public std::invalid_argument {
 public:
  invalid_argument(const std::string& function, const std::string& argument, const std::string& value,
                   const std::string& requirement)
      : std::invalid_argument(function + ": argument '" + argument + "' = " + value + " is invalid: " + requirement),
        argument_(argument),
        value_(value) {}

  const std::string& argument() const noexcept { return argument_; }
  const std::string& value() const noexcept { return value_; }

 private:
  std::string argument_;
  std::string value_;
};

// A std::bad_alloc, so that code catching the standard's allocation failure catches it too.
class allocation_error : public std::bad_alloc {
 public:
  allocation_error(std::string message, double requested_bytes, std::uint64_t free_bytes)
      : message_(std::move(message)), requested_bytes_(requested_bytes), free_bytes_(free_bytes) {}

  const char* what() const noexcept override { return message_.c_str(); }
  // In double: a request computed from huge extents may exceed any integer type.
  double requested_bytes() const noexcept { return requested_bytes_; }
  std::uint64_t free_bytes() const noexcept { return free_bytes_; }

 private:
  std::string message_;
  double requested_bytes_;
  std::uint64_t free_bytes_;
};

// Throws kamp::invalid_argument when `ok` is false; `value` is printed with operator<<.
template <class Value>
void require_argument(bool ok, const char* function, const char* argument, const Value& value,
                      const std::string& requirement) {
  if (ok) return;
  std::ostringstream text;
  text << value;
  throw invalid_argument(function, argument, text.str(), requirement);
}

}  // namespace kamp

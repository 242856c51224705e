#pragma once
// kamp::invalid_argument: the one exception type for bad arguments anywhere in kamp.
// Its message names the function, the argument, the value received and what was required.
#include <sstream>
#include <stdexcept>
#include <string>

namespace kamp {

class invalid_argument : public std::invalid_argument {
 public:
  invalid_argument(const std::string& function, const std::string& argument,
                   const std::string& value, const std::string& requirement)
      : std::invalid_argument(function + ": argument '" + argument + "' = " + value +
                              " is invalid: " + requirement),
        argument_(argument),
        value_(value) {}

  const std::string& argument() const noexcept { return argument_; }
  const std::string& value() const noexcept { return value_; }

 private:
  std::string argument_;
  std::string value_;
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

#pragma once
// Reference-BLAS argument checks shared by the vendor wrappers.
#include <algorithm>
#include <cctype>
#include <string>

#include "core/error.hpp"

namespace kamp::blas::detail {

inline char checked_trans(const char* function, const char* argument, char trans) {
  const char t = static_cast<char>(std::toupper(static_cast<unsigned char>(trans)));
  require_argument(t == 'N' || t == 'T', function, argument, std::string(1, trans), "must be 'N' or 'T'");
  return t;
}

inline void check_dimension(const char* function, const char* argument, int value) {
  require_argument(value >= 0, function, argument, value, "must be >= 0");
}

inline void check_leading(const char* function, const char* argument, int ld, int rows) {
  require_argument(ld >= std::max(1, rows), function, argument, ld,
                   "must be >= max(1, " + std::to_string(rows) + ")");
}

}  // namespace kamp::blas::detail

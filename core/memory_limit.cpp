#include "core/memory_limit.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace kamp::core {

std::uint64_t allocatable_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();
  if (pages > 0 && page > 0) limit = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
  rlimit address_space{};
  if (::getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY) {
    limit = std::min<std::uint64_t>(limit, address_space.rlim_cur);
  }
  return limit;
}

std::string memory_shortfall(double bytes) {
  const std::uint64_t limit = allocatable_bytes();
  if (bytes <= static_cast<double>(limit)) return "";
  char text[160];
  std::snprintf(text, sizeof text, "needs %.3g bytes, more than the %.3g bytes this process can allocate", bytes,
                static_cast<double>(limit));
  return text;
}

}  // namespace kamp::core

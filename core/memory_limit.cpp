#include "core/memory_limit.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <limits>

namespace kamp::core {

namespace {
std::atomic<std::uint64_t> cap{std::numeric_limits<std::uint64_t>::max()};
}  // namespace

void cap_allocatable_bytes(std::uint64_t bytes) {
  // The lowest cap wins, whichever thread sets it.
  std::uint64_t current = cap.load();
  while (bytes < current && !cap.compare_exchange_weak(current, bytes)) continue;
}

scoped_allocatable_cap::scoped_allocatable_cap(std::uint64_t bytes) : previous_(cap.load()) {
  cap_allocatable_bytes(bytes);
}

scoped_allocatable_cap::~scoped_allocatable_cap() { cap.store(previous_); }

std::uint64_t allocatable_cap() { return cap.load(); }

std::uint64_t allocatable_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  std::uint64_t limit = cap.load();
  if (pages > 0 && page > 0) {
    limit = std::min(limit, static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page));
  }
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

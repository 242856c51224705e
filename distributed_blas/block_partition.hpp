#pragma once
// An extent cut into `parts` contiguous blocks of sizes differing by at most one, the larger
// first: block p is [begin(p), begin(p) + size(p)). The rows and the columns of a distributed
// matrix are each cut this way over the process grid's rows and columns.
#include <algorithm>
#include <cstdint>

namespace kamp::distributed_blas {

struct block_partition {
  std::int64_t extent = 0;
  int parts = 1;

  std::int64_t size(int part) const { return extent / parts + (part < extent % parts ? 1 : 0); }
  std::int64_t begin(int part) const { return part * (extent / parts) + std::min<std::int64_t>(part, extent % parts); }
  std::int64_t end(int part) const { return begin(part) + size(part); }
  std::int64_t largest() const { return size(0); }
};

// The overlap of [a0, a1) and [b0, b1), empty (first >= last) when they do not meet.
struct index_range {
  std::int64_t first = 0, last = 0;
  std::int64_t size() const { return last > first ? last - first : 0; }
};

inline index_range overlap(index_range a, index_range b) {
  return {std::max(a.first, b.first), std::min(a.last, b.last)};
}

}  // namespace kamp::distributed_blas

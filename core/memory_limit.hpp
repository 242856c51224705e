#pragma once
// What this process can allocate at most, for readers of declared sizes (a Matrix Market size
// line, a mesh to generate): they compare the bytes a declaration needs with it before they
// allocate anything, so that an impossible size is reported with the size itself, not as
// std::bad_alloc from deep inside a reserve. Sizes are computed in double: a product of declared
// counts cannot overflow there, and only its comparison with the limit matters.
#include <cstdint>
#include <string>

namespace kamp::core {

// The machine's physical memory (sysconf), or the address-space limit (ulimit -v) or the cap
// below where either is lower.
std::uint64_t allocatable_bytes();

// Lowers allocatable_bytes() to at most `bytes` for the rest of the process. For harnesses under
// sanitizers, which reserve terabytes of address space and so cannot run under ulimit -v: the
// fuzz targets cap it, so that a declared size within their memory limit is read and a larger
// one is rejected like any size beyond the machine.
void cap_allocatable_bytes(std::uint64_t bytes);

// Lowers the cap to at most `bytes` while it lives and puts back the cap it found: a test makes a
// routine's workspace too large for the process without allocating a machine's memory. The cap
// bounds every memory space's free bytes (core/allocation.hpp). Not for concurrent use with
// cap_allocatable_bytes from other threads.
class scoped_allocatable_cap {
 public:
  explicit scoped_allocatable_cap(std::uint64_t bytes);
  ~scoped_allocatable_cap();
  scoped_allocatable_cap(const scoped_allocatable_cap&) = delete;
  scoped_allocatable_cap& operator=(const scoped_allocatable_cap&) = delete;

 private:
  std::uint64_t previous_;
};

// The cap alone (the lowest set, or the largest uint64 if none is): what bounds device spaces.
std::uint64_t allocatable_cap();

// Empty when `bytes` fit in allocatable_bytes(); otherwise the reason, naming both amounts, for a
// caller to put in its own message ("needs 2.4e+16 bytes, more than the ... this process can
// allocate").
std::string memory_shortfall(double bytes);

}  // namespace kamp::core

#pragma once
// How the fused RNS DOT (blas/rns/fused/level1.hpp) splits its n terms into blocks.
#include <cstdint>

namespace kamp::rns {

// The blocks of an n-term DOT: R = min(4096, ceil(n / 1024)), so that E11's and E5's vectors
// fill the GPU with teams of about a thousand terms each (the fused GEMV's 'T' shape on E3).
// The same on every backend, which keeps the result's bits the same.
struct dot_blocks {
  std::int64_t count = 0, length = 0;  // R and C
  static dot_blocks of(std::int64_t n) {
    dot_blocks blocks;
    std::int64_t r = (n + 1023) / 1024;
    if (r > 4096) r = 4096;
    if (r < 1) r = 1;
    blocks.length = (n + r - 1) / r;
    blocks.count = (n + blocks.length - 1) / blocks.length;
    return blocks;
  }
};

}  // namespace kamp::rns

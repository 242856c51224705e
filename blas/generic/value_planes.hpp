#pragma once
// Count values of any trivially copyable format held as planes of 8-byte words (plane p holds
// word p of every value), for the host kernels' block-local sums and operands. A loop over
// consecutive values then reads and writes each plane contiguously: vectorised, it needs no
// shuffles to split interleaved {hi, lo} pairs and put them back, which take FP pipes from the
// arithmetic (docs/design.md, "Host inner loops"). Values whose size is not a multiple of 8 bytes
// are kept as they are. Copies are bitwise (memcpy), so any value, NaN payloads included, comes
// back unchanged. Host code (the device kernels keep their
// sums in registers); callable from the kernels' host branches.
#include <Kokkos_Core.hpp>

#include <cstring>
#include <type_traits>

namespace kamp::blas::generic {

template <class Value, int Count, bool Split = sizeof(Value) % sizeof(double) == 0>
class value_planes {
  static_assert(std::is_trivially_copyable<Value>::value, "value_planes copies values bytewise");
  static constexpr int words = static_cast<int>(sizeof(Value) / sizeof(double));
  double plane_[words][Count];

 public:
  KOKKOS_INLINE_FUNCTION Value get(int i) const {
    Value v;
    for (int p = 0; p < words; ++p)
      std::memcpy(reinterpret_cast<char*>(&v) + p * sizeof(double), &plane_[p][i], sizeof(double));
    return v;
  }
  KOKKOS_INLINE_FUNCTION void set(int i, const Value& v) {
    for (int p = 0; p < words; ++p)
      std::memcpy(&plane_[p][i], reinterpret_cast<const char*>(&v) + p * sizeof(double), sizeof(double));
  }
};

template <class Value, int Count>
class value_planes<Value, Count, false> {
  Value values_[Count];

 public:
  KOKKOS_INLINE_FUNCTION Value get(int i) const { return values_[i]; }
  KOKKOS_INLINE_FUNCTION void set(int i, const Value& v) { values_[i] = v; }
};

}  // namespace kamp::blas::generic

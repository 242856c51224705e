#pragma once
// What the fused GEMV's truncations add up besides the residues: the remainders of the truncated
// products, in exact two-word counters, and the CRT sums a truncation reads.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/rounding.hpp"

namespace kamp::rns {

// A thread's truncation remainders (blas/rns/fused/team_kernel.hpp: a truncated product's
// remainder r = P mod 2^t enters the output's sum as 2^-64 r 2^(64 - t)), the same in each of
// its lanes.
struct fused_remainder_sums {
  std::uint64_t of_positive[2] = {0, 0}, of_negative[2] = {0, 0};  // least significant word first
  // Both counters, with zero for the other sign: a counter chosen by index would live in
  // local memory on a GPU (a local load and store per truncated product).
  KOKKOS_INLINE_FUNCTION void add(std::uint64_t v, std::int32_t sign) {
    const std::uint64_t negative = sign ? v : 0, positive = v - negative;
    of_positive[0] += positive;
    of_positive[1] += of_positive[0] < positive ? 1 : 0;
    of_negative[0] += negative;
    of_negative[1] += of_negative[0] < negative ? 1 : 0;
  }
  KOKKOS_INLINE_FUNCTION bool any() const {
    return (of_positive[0] | of_positive[1] | of_negative[0] | of_negative[1]) != 0;
  }
  // The net sum, the negative terms' less the positive terms': its magnitude in two words
  // (least significant first), and whether it is negative.
  KOKKOS_INLINE_FUNCTION std::int32_t net(std::uint64_t (&magnitude)[2]) const {
    const bool negative =
        of_negative[1] < of_positive[1] || (of_negative[1] == of_positive[1] && of_negative[0] < of_positive[0]);
    const std::uint64_t larger0 = negative ? of_positive[0] : of_negative[0],
                        larger1 = negative ? of_positive[1] : of_negative[1];
    const std::uint64_t smaller0 = negative ? of_negative[0] : of_positive[0],
                        smaller1 = negative ? of_negative[1] : of_positive[1];
    magnitude[0] = larger0 - smaller0;
    magnitude[1] = larger1 - smaller1 - (larger0 < smaller0 ? 1 : 0);
    return negative ? 1 : 0;
  }
};

// What a truncation reads of the product P = sum_i s_i M_i - rank M: sum_i s_i / m_i, whose
// distance to X_a X_d / M gives the rank, and sum_i s_i M_i mod 2^64.
struct fused_crt_sums {
  double fraction = 0;
  std::uint64_t low = 0;
};
struct fused_crt_sums_reducer {
  using reducer = fused_crt_sums_reducer;
  using value_type = fused_crt_sums;
  using result_view_type = Kokkos::View<value_type, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  value_type& value;
  KOKKOS_INLINE_FUNCTION explicit fused_crt_sums_reducer(value_type& v) : value(v) {}
  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const {
    dest.fraction = core::add_rn(dest.fraction, src.fraction);
    dest.low += src.low;
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const { v = value_type(); }
  KOKKOS_INLINE_FUNCTION value_type& reference() const { return value; }
  KOKKOS_INLINE_FUNCTION result_view_type view() const { return result_view_type(&value); }
  KOKKOS_INLINE_FUNCTION bool references_scalar() const { return true; }
};

}  // namespace kamp::rns

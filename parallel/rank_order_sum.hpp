#pragma once
// A global sum of one value per rank, in a format, with a result that every rank gets bitwise
// the same and that depends on the number of ranks only through the format's rounding: the
// values are gathered to every rank and added in rank order, r_0 + r_1 + ... + r_(P-1), each
// addition rounded once in the format. With one rank it is the value itself. For a dot product
// whose rank partials each obey the format's dot bound, the P - 1 further additions add at most
// P - 1 roundings: |s - s*| <= gamma_(n + P - 1) sum |x_i y_i| for n the global length.
// Several sums travel in one gather (one global reduction for the K dot products of a fused
// vector step), each added exactly as it would be alone.
#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "formats/format_traits.hpp"
#include "parallel/communicator.hpp"

namespace kamp::parallel {

template <class Format, std::size_t K>
std::array<value_type_t<Format>, K> sum_in_rank_order(const communicator& comm,
                                                      const std::array<value_type_t<Format>, K>& mine) {
  using traits = format_traits<Format>;
  static_assert(std::is_trivially_copyable<value_type_t<Format>>::value, "values travel as bytes");
  if (comm.size() == 1) return mine;
  const std::vector<std::array<value_type_t<Format>, K>> all = comm.allgather_value(mine);
  const auto context = traits::template context<Kokkos::HostSpace>();
  std::array<value_type_t<Format>, K> sums = all[0];
  for (std::size_t r = 1; r < all.size(); ++r) {
    for (std::size_t k = 0; k < K; ++k) sums[k] = traits::add(context, sums[k], all[r][k]);
  }
  return sums;
}

template <class Format>
value_type_t<Format> sum_in_rank_order(const communicator& comm, const value_type_t<Format>& mine) {
  return sum_in_rank_order<Format, 1>(comm, std::array<value_type_t<Format>, 1>{mine})[0];
}

}  // namespace kamp::parallel

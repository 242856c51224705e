#pragma once
// A global sum of one value per rank, in a format, with a result that every rank gets bitwise
// the same and that depends on the number of ranks only through the format's rounding: the
// values are gathered to every rank and added in rank order, r_0 + r_1 + ... + r_(P-1), each
// addition rounded once in the format. With one rank it is the value itself. For a dot product
// whose rank partials each obey the format's dot bound, the P - 1 further additions add at most
// P - 1 roundings: |s - s*| <= gamma_(n + P - 1) sum |x_i y_i| for n the global length.
#include <type_traits>
#include <vector>

#include "formats/format_traits.hpp"
#include "parallel/communicator.hpp"

namespace kamp::parallel {

template <class Format>
value_type_t<Format> sum_in_rank_order(const communicator& comm, const value_type_t<Format>& mine) {
  using traits = format_traits<Format>;
  static_assert(std::is_trivially_copyable<value_type_t<Format>>::value, "values travel as bytes");
  if (comm.size() == 1) return mine;
  const std::vector<value_type_t<Format>> all = comm.allgather_value(mine);
  const auto context = traits::template context<Kokkos::HostSpace>();
  value_type_t<Format> sum = all[0];
  for (std::size_t r = 1; r < all.size(); ++r) sum = traits::add(context, sum, all[r]);
  return sum;
}

}  // namespace kamp::parallel

#pragma once
// Deterministic sums for any format, through format_traits only. The n terms are split over
// P1 = min(n, 2^18) partial sums (partial p adds terms p, p + P1, ..., in that order); those P1
// values over P2 = min(P1, max(64, ceil(P1 / 8))) more the same way, and so on to P5, and the host
// adds the last P5 (at most 64) in order: from n = 2^18 on, the levels hold 2^18, 2^15, 2^12, 2^9
// and 64 partials. The partition depends only on n, so every backend adds the same numbers in the
// same order and gets the same bits. Every addition joins two disjoint partial sums (a chain's
// first term is added to an exact zero), so a term passes through at most n - 1 roundings and the
// classical gamma_n bounds hold; here through at most ceil(n / P1) - 1 + 4 * 7 + 63. P1 fills a GPU
// with chains of a few terms, and the later levels keep every chain at 8 terms at most: a later
// level's time is the latency of its chains of additions (qd_real's especially), not its bytes, so
// long chains there would cost more than their data. Each level divides by 8, not down to a fixed
// size: with fixed sizes a level can hold almost as many partials as the one before (43,200 terms
// over 32,768 partials), and most terms would be added twice.
//
// deterministic_sums<Format, K> forms K sums over the same n in one pass: partial p of sum k
// adds term k of i = p, p + P1, ..., so each sum has exactly the bits it would have alone. A
// term may also write (the pass visits each i once, in no particular order across i): a vector
// update and the dot products of its result then read their operands once.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <mutex>
#include <string>

#include "core/allocation.hpp"
#include "core/argument_range.hpp"
#include "core/host_staging.hpp"
#include "formats/format_traits.hpp"

namespace kamp::blas::generic {

// K running sums carried together: term(context, i, acc) adds term i of each sum k into acc[k].
template <class Value, int K>
struct sum_pack {
  Value value[K];
  KOKKOS_INLINE_FUNCTION Value& operator[](int k) { return value[k]; }
  KOKKOS_INLINE_FUNCTION const Value& operator[](int k) const { return value[k]; }
};

// partial(k * stride + p) = sum k over i = p, p + stride, ... < n of term i, in that order (four
// terms per step, so that their loads are in flight together).
template <class Format, int K, class MemorySpace, class Term>
struct strided_partial_sums {
  Kokkos::View<value_type_t<Format>*, MemorySpace> partial;
  Term term;
  std::int64_t n, stride;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t p) const {
    sum_pack<value_type_t<Format>, K> acc;
    for (int k = 0; k < K; ++k) acc[k] = format_traits<Format>::zero();
    std::int64_t i = p;
    for (; i + 3 * stride < n; i += 4 * stride) {
      term(context, i, acc);
      term(context, i + stride, acc);
      term(context, i + 2 * stride, acc);
      term(context, i + 3 * stride, acc);
    }
    for (; i < n; i += stride) term(context, i, acc);
    for (int k = 0; k < K; ++k) partial(k * stride + p) = acc[k];
  }
};

// The previous level's partials as terms: term i of sum k is values(k * count + i).
template <class Format, int K, class MemorySpace>
struct stored_terms {
  Kokkos::View<value_type_t<Format>*, MemorySpace> values;
  std::int64_t count;
  KOKKOS_INLINE_FUNCTION void operator()(const context_t<Format>& c, std::int64_t i,
                                         sum_pack<value_type_t<Format>, K>& acc) const {
    for (int k = 0; k < K; ++k) acc[k] = format_traits<Format>::add(c, acc[k], values(k * count + i));
  }
};

// The partial sums' buffers (room for max_sums sums), kept from one sum to the next and released
// at Kokkos::finalize: allocating and freeing device memory in every dot synchronises the device,
// which is costly where several ranks share one host. The last level comes back through
// staging memory (pinned with CUDA). Sums from several host threads take turns.
inline constexpr int max_sums = 4;

template <class Value, class MemorySpace>
struct partial_sum_buffers {
  using staging = core::staging_space_t<MemorySpace>;
  static constexpr int levels = 5;
  static constexpr std::int64_t sizes[levels] = {std::int64_t(1) << 18, std::int64_t(1) << 15, std::int64_t(1) << 12,
                                                 std::int64_t(1) << 9, 64};
  std::mutex turn;
  Kokkos::View<Value*, MemorySpace> level[levels];
  Kokkos::View<Value*, staging> last;

  static partial_sum_buffers& get() {
    static partial_sum_buffers* const buffers = [] {
      auto* b = new partial_sum_buffers;  // lives to the end; its views go at finalize
      Kokkos::push_finalize_hook([b] {
        for (auto& v : b->level) v = Kokkos::View<Value*, MemorySpace>();
        b->last = Kokkos::View<Value*, staging>();
      });
      return b;
    }();
    return *buffers;
  }
  const Kokkos::View<Value*, MemorySpace>& at(int l) {
    if (level[l].extent(0) == 0) {
      level[l] =
          core::allocate<Kokkos::View<Value*, MemorySpace>>("kamp::blas::deterministic_sum", "kamp::blas::partial_sums",
                                                            core::initial_values::unset, max_sums * sizes[l]);
    }
    return level[l];
  }
  const Kokkos::View<Value*, staging>& staged() {
    if (last.extent(0) == 0) {
      last = core::allocate<Kokkos::View<Value*, staging>>("kamp::blas::deterministic_sum", "kamp::blas::last_partials",
                                                           core::initial_values::unset, max_sums * sizes[levels - 1]);
    }
    return last;
  }
};

// The K sums over i < n of term(context, i, acc), with the fixed partition described above.
// Synchronous.
template <class Format, int K, class ExecSpace, class Term>
std::array<value_type_t<Format>, K> deterministic_sums(const std::string& label, const ExecSpace& exec, std::int64_t n,
                                                       const Term& term) {
  static_assert(K >= 1 && K <= max_sums, "deterministic_sums forms 1 to max_sums sums");
  using traits = format_traits<Format>;
  using memory = typename ExecSpace::memory_space;
  using value = value_type_t<Format>;
  using buffers = partial_sum_buffers<value, memory>;
  std::array<value, K> totals;
  totals.fill(traits::zero());
  if (n == 0) return totals;
  const auto context = traits::template context<memory>();
  auto& b = buffers::get();
  const std::lock_guard<std::mutex> my_turn(b.turn);
  // Level 1 from the terms, each later level from the one before: count[l] partials at level l.
  std::int64_t count[buffers::levels];
  count[0] = n < buffers::sizes[0] ? n : buffers::sizes[0];
  Kokkos::parallel_for(label + "::partial", core::value_range<value>(exec, count[0]),
                       strided_partial_sums<Format, K, memory, Term>{b.at(0), term, n, count[0], context});
  for (int l = 1; l < buffers::levels; ++l) {
    count[l] = std::min(count[l - 1], std::max(buffers::sizes[buffers::levels - 1], (count[l - 1] + 7) / 8));
    using previous = stored_terms<Format, K, memory>;
    Kokkos::parallel_for(label + "::partial" + std::to_string(l + 1), core::value_range<value>(exec, count[l]),
                         strided_partial_sums<Format, K, memory, previous>{b.at(l), previous{b.at(l - 1), count[l - 1]},
                                                                           count[l - 1], count[l], context});
  }
  // Whole buffers, not subviews: a copy between views of different layouts goes through a
  // temporary device view.
  const auto staged = b.staged();
  const std::int64_t last = count[buffers::levels - 1];
  Kokkos::deep_copy(exec, staged, b.at(buffers::levels - 1));
  exec.fence();
  const auto host_context = traits::template context<Kokkos::HostSpace>();
  for (int k = 0; k < K; ++k) {
    for (std::int64_t i = 0; i < last; ++i) totals[k] = traits::add(host_context, totals[k], staged(k * last + i));
  }
  return totals;
}

// One sum: term(context, i, acc) returns acc + term i.
template <class Term>
struct single_sum {
  Term term;
  template <class Context, class Pack>
  KOKKOS_INLINE_FUNCTION void operator()(const Context& c, std::int64_t i, Pack& acc) const {
    acc[0] = term(c, i, acc[0]);
  }
};

template <class Format, class ExecSpace, class Term>
value_type_t<Format> deterministic_sum(const std::string& label, const ExecSpace& exec, std::int64_t n,
                                       const Term& term) {
  return deterministic_sums<Format, 1>(label, exec, n, single_sum<Term>{term})[0];
}

}  // namespace kamp::blas::generic

#pragma once
// Level-1 BLAS for any format, through format_traits only. Elementwise routines (scal, axpy)
// are one thread per element. Sums (dot, asum) are deterministic: the n terms are split over
// P1 = min(n, 2^17) partial sums (partial p adds terms p, p + P1, ...), those over
// P2 = min(P1, 2^11) more, those over P3 = min(P2, 32), and the host adds the last P3 in order.
// The partition depends only on n, so every backend adds the same numbers in the same order and
// gets the same bits; a term passes through at most n/P1 + P1/P2 + P2/P3 + P3 <= n additions, so
// the classical gamma_n bounds hold. P1 fills a GPU with short chains; the two small levels
// keep every chain short (one level of 128 chains of 128 took longer than the first pass).
#include <Kokkos_Core.hpp>

#include <mutex>
#include <string>
#include <vector>

#include "core/allocation.hpp"
#include "formats/format_traits.hpp"
#include "formats/index_map.hpp"

namespace kamp::blas::generic {

template <class ExecSpace>
Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>> range(const ExecSpace& exec, std::int64_t count) {
  return Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(exec, 0, count);
}

template <class Format, class Array>
struct scal_kernel {
  using traits = format_traits<Format>;
  Array x;
  vector_map map;
  value_type_t<Format> alpha;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    x.store(map(i), traits::mul(context, alpha, x.load(map(i))));
  }
};

template <class Format, class Array>
struct axpy_kernel {
  using traits = format_traits<Format>;
  Array x, y;
  vector_map x_map, y_map;
  value_type_t<Format> alpha;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    y.store(y_map(i), traits::fma(context, alpha, x.load(x_map(i)), y.load(y_map(i))));
  }
};

// Term i of a dot product, accumulated: x_i y_i + acc.
template <class Format, class Array>
struct dot_term {
  Array x, y;
  vector_map x_map, y_map;
  KOKKOS_INLINE_FUNCTION value_type_t<Format> operator()(const context_t<Format>& c, std::int64_t i,
                                                         const value_type_t<Format>& acc) const {
    return format_traits<Format>::fma(c, x.load(x_map(i)), y.load(y_map(i)), acc);
  }
};

// Term i of a sum of magnitudes, accumulated: acc + |x_i|.
template <class Format, class Array>
struct asum_term {
  Array x;
  vector_map x_map;
  KOKKOS_INLINE_FUNCTION value_type_t<Format> operator()(const context_t<Format>& c, std::int64_t i,
                                                         const value_type_t<Format>& acc) const {
    using traits = format_traits<Format>;
    return traits::add(c, acc, traits::abs(c, x.load(x_map(i))));
  }
};

// partial(p) = sum over i = p, p + stride, ... < n of term i, in that order (four terms per step,
// so that their loads are in flight together).
template <class Format, class MemorySpace, class Term>
struct strided_partial_sums {
  Kokkos::View<value_type_t<Format>*, MemorySpace> partial;
  Term term;
  std::int64_t n, stride;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t p) const {
    auto acc = format_traits<Format>::zero();
    std::int64_t i = p;
    for (; i + 3 * stride < n; i += 4 * stride) {
      acc = term(context, i, acc);
      acc = term(context, i + stride, acc);
      acc = term(context, i + 2 * stride, acc);
      acc = term(context, i + 3 * stride, acc);
    }
    for (; i < n; i += stride) acc = term(context, i, acc);
    partial(p) = acc;
  }
};

// The value of partial(i), as a term.
template <class Format, class MemorySpace>
struct stored_term {
  Kokkos::View<value_type_t<Format>*, MemorySpace> values;
  KOKKOS_INLINE_FUNCTION value_type_t<Format> operator()(const context_t<Format>& c, std::int64_t i,
                                                         const value_type_t<Format>& acc) const {
    return format_traits<Format>::add(c, acc, values(i));
  }
};

// The partial sums' buffers, kept from one sum to the next and released at Kokkos::finalize:
// allocating and freeing device memory in every dot synchronises the device, and with four
// ranks on one host each free took about 1 ms. Sums from several host threads take turns.
template <class Value, class MemorySpace>
struct partial_sum_buffers {
  static constexpr std::int64_t sizes[3] = {std::int64_t(1) << 17, std::int64_t(1) << 11, 32};
  std::mutex turn;
  Kokkos::View<Value*, MemorySpace> level[3];

  static partial_sum_buffers& get() {
    static partial_sum_buffers* const buffers = [] {
      auto* b = new partial_sum_buffers;  // lives to the end; its views go at finalize
      Kokkos::push_finalize_hook([b] {
        for (auto& v : b->level) v = Kokkos::View<Value*, MemorySpace>();
      });
      return b;
    }();
    return *buffers;
  }
  const Kokkos::View<Value*, MemorySpace>& at(int l) {
    if (level[l].extent(0) == 0) {
      level[l] = core::allocate<Kokkos::View<Value*, MemorySpace>>("kamp::blas::deterministic_sum", "kamp::blas::partial_sums",
                                                                   core::initial_values::unset, sizes[l]);
    }
    return level[l];
  }
};

// sum_{i < n} term(i) with the fixed partition described above. Synchronous.
template <class Format, class ExecSpace, class Term>
value_type_t<Format> deterministic_sum(const std::string& label, const ExecSpace& exec, std::int64_t n,
                                       const Term& term) {
  using traits = format_traits<Format>;
  using memory = typename ExecSpace::memory_space;
  using value = value_type_t<Format>;
  using buffers = partial_sum_buffers<value, memory>;
  if (n == 0) return traits::zero();
  const std::int64_t p1 = n < buffers::sizes[0] ? n : buffers::sizes[0];
  const std::int64_t p2 = p1 < buffers::sizes[1] ? p1 : buffers::sizes[1];
  const std::int64_t p3 = p2 < buffers::sizes[2] ? p2 : buffers::sizes[2];
  const auto context = traits::template context<memory>();
  auto& b = buffers::get();
  const std::lock_guard<std::mutex> my_turn(b.turn);
  const auto first = b.at(0), second = b.at(1), third = b.at(2);
  Kokkos::parallel_for(label + "::partial", range(exec, p1),
                       strided_partial_sums<Format, memory, Term>{first, term, n, p1, context});
  Kokkos::parallel_for(label + "::partial2", range(exec, p2),
                       strided_partial_sums<Format, memory, stored_term<Format, memory>>{
                           second, stored_term<Format, memory>{first}, p1, p2, context});
  Kokkos::parallel_for(label + "::partial3", range(exec, p3),
                       strided_partial_sums<Format, memory, stored_term<Format, memory>>{
                           third, stored_term<Format, memory>{second}, p2, p3, context});
  // Into plain host memory: a managed host view of the format's values is filled and destroyed
  // by the host's threads, one parallel region each per sum (0.29 ms per dot with four ranks on
  // one H200 host, ed024b8). The whole last level, not a subview of it: a copy between views of
  // different layouts goes through a temporary device view.
  std::vector<value> host(third.extent(0));
  Kokkos::deep_copy(exec, Kokkos::View<value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host.data(), host.size()),
                    third);
  exec.fence();
  const auto host_context = traits::template context<Kokkos::HostSpace>();
  auto total = traits::zero();
  for (std::int64_t i = 0; i < p3; ++i) total = traits::add(host_context, total, host[static_cast<std::size_t>(i)]);
  return total;
}

template <class Format, class ExecSpace, class Array>
void scal(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x,
          std::int64_t incx) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::scal", range(exec, n),
                       scal_kernel<Format, Array>{x, vector_map(incx, n), alpha, context});
}

template <class Format, class ExecSpace, class Array>
void axpy(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x,
          std::int64_t incx, const Array& y, std::int64_t incy) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::axpy", range(exec, n),
                       axpy_kernel<Format, Array>{x, y, vector_map(incx, n), vector_map(incy, n), alpha, context});
}

template <class Format, class ExecSpace, class Array>
value_type_t<Format> dot(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx, const Array& y,
                         std::int64_t incy) {
  return deterministic_sum<Format>("kamp::blas::dot", exec, n,
                                   dot_term<Format, Array>{x, y, vector_map(incx, n), vector_map(incy, n)});
}

template <class Format, class ExecSpace, class Array>
value_type_t<Format> asum(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx) {
  return deterministic_sum<Format>("kamp::blas::asum", exec, n, asum_term<Format, Array>{x, vector_map(incx, n)});
}

}  // namespace kamp::blas::generic

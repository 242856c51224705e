#pragma once
// GEMV for any format, through format_traits only: y <- alpha op(A) x + beta y.
//   'N': one thread per row; consecutive threads read consecutive elements of each column of
//        the column-major A, and each accumulates its row's products in order.
//   'T': one team per column; the column is split over 32 logical lanes (lane l takes rows
//        l, l + 32, ...) whose sums go to team scratch, and one thread adds the 32 lanes in
//        order. The lanes do not depend on the team size, so every backend gets the same bits.
// Both form y_i = alpha s_i + beta y_i with s_i the dot product (y_i = alpha s_i when beta = 0,
// without reading y), so each output errs by at most gamma_{k+2} (|alpha| |op(A)| |x| + |beta| |y|)_i.
#include <Kokkos_Core.hpp>

#include "blas/generic/level1_kernels.hpp"

namespace kamp::blas::generic {

template <class Format>
KOKKOS_INLINE_FUNCTION value_type_t<Format> scale_and_add(const context_t<Format>& c,
                                                          const value_type_t<Format>& alpha,
                                                          const value_type_t<Format>& sum, bool beta_zero,
                                                          const value_type_t<Format>& beta,
                                                          const value_type_t<Format>& y) {
  using traits = format_traits<Format>;
  if (beta_zero) return traits::mul(c, alpha, sum);
  return traits::fma(c, alpha, sum, traits::mul(c, beta, y));
}

template <class Format, class Array>
struct gemv_rows_kernel {
  using traits = format_traits<Format>;
  Array A, x, y;
  std::int64_t n, lda;
  vector_map x_map, y_map;
  value_type_t<Format> alpha, beta;
  bool beta_zero;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    auto sum = traits::zero();
    for (std::int64_t j = 0; j < n; ++j)
      sum = traits::fma(context, A.load(static_cast<std::size_t>(i + j * lda)), x.load(x_map(j)), sum);
    const auto old = beta_zero ? traits::zero() : y.load(y_map(i));
    y.store(y_map(i), scale_and_add<Format>(context, alpha, sum, beta_zero, beta, old));
  }
};

constexpr int gemv_lanes = 32;

template <class Format, class ExecSpace, class Array>
struct gemv_columns_kernel {
  using traits = format_traits<Format>;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using scratch = Kokkos::View<value_type_t<Format>*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  Array A, x, y;
  std::int64_t m, lda;
  vector_map x_map, y_map;
  value_type_t<Format> alpha, beta;
  bool beta_zero;
  context_t<Format> context;

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t j = team.league_rank();
    scratch lanes(team.team_scratch(0), gemv_lanes);
    for (int l = team.team_rank(); l < gemv_lanes; l += team.team_size()) {
      auto sum = traits::zero();
      for (std::int64_t i = l; i < m; i += gemv_lanes)
        sum = traits::fma(context, A.load(static_cast<std::size_t>(i + j * lda)), x.load(x_map(i)), sum);
      lanes(l) = sum;
    }
    team.team_barrier();
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      auto sum = traits::zero();
      for (int l = 0; l < gemv_lanes; ++l) sum = traits::add(context, sum, lanes(l));
      const auto old = beta_zero ? traits::zero() : y.load(y_map(j));
      y.store(y_map(j), scale_and_add<Format>(context, alpha, sum, beta_zero, beta, old));
    });
  }
};

// y <- beta y for the quick path alpha = 0 (and y <- 0 when beta = 0, without reading y).
template <class Format, class Array>
struct scale_or_zero_kernel {
  using traits = format_traits<Format>;
  Array y;
  vector_map map;
  value_type_t<Format> beta;
  bool beta_zero;
  context_t<Format> context;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
    y.store(map(i), beta_zero ? traits::zero() : traits::mul(context, beta, y.load(map(i))));
  }
};

// y <- beta y over n elements (y <- 0 when beta_zero): GEMV with alpha = 0, for every format.
template <class Format, class ExecSpace, class Array>
void scale_or_zero(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& beta, bool beta_zero,
                   const Array& y, std::int64_t incy) {
  const auto context = format_traits<Format>::template context<typename Array::memory_space>();
  Kokkos::parallel_for("kamp::blas::gemv::scale_y", range(exec, n),
                       scale_or_zero_kernel<Format, Array>{y, vector_map(incy, n), beta, beta_zero, context});
}

// Arguments checked, m, n > 0; alpha_zero and beta_zero as the caller found them. With
// alpha = 0 only y <- beta y runs (A and x are not read).
template <class Format, class ExecSpace, class Array>
void gemv(const ExecSpace& exec, bool transposed, std::int64_t m, std::int64_t n, const value_type_t<Format>& alpha,
          bool alpha_zero, const Array& A, std::int64_t lda, const Array& x, std::int64_t incx,
          const value_type_t<Format>& beta, bool beta_zero, const Array& y, std::int64_t incy) {
  using memory = typename Array::memory_space;
  const auto context = format_traits<Format>::template context<memory>();
  const std::int64_t x_length = transposed ? m : n, y_length = transposed ? n : m;
  if (alpha_zero) {
    scale_or_zero<Format>(exec, y_length, beta, beta_zero, y, incy);
    return;
  }
  const vector_map x_map(incx, x_length), y_map(incy, y_length);
  if (!transposed) {
    Kokkos::parallel_for("kamp::blas::gemv::rows", range(exec, m),
                         gemv_rows_kernel<Format, Array>{A, x, y, n, lda, x_map, y_map, alpha, beta, beta_zero, context});
    return;
  }
  using kernel = gemv_columns_kernel<Format, ExecSpace, Array>;
  const bool host = std::is_same<memory, Kokkos::HostSpace>::value;
  Kokkos::TeamPolicy<ExecSpace> policy(exec, n, host ? 1 : gemv_lanes);
  const std::size_t bytes = kernel::scratch::shmem_size(gemv_lanes);
  Kokkos::parallel_for("kamp::blas::gemv::columns", policy.set_scratch_size(0, Kokkos::PerTeam(bytes)),
                       kernel{A, x, y, m, lda, x_map, y_map, alpha, beta, beta_zero, context});
}

}  // namespace kamp::blas::generic

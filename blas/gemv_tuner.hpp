#pragma once
// The GEMV autotuner, for any format that offers launch candidates (format_kernels<F>::
// gemv_candidates): times each candidate for one (format, trans, m, n) on random data of that
// shape on this backend and device, and caches the fastest in the tuning cache
// (blas/tuning_cache.hpp), where kamp::blas::gemv finds it when called with an automatic launch.
// A caller whose data the kernels' speed depends on (the RNS fused kernel: Isupov and Knyazkov's p/4-bit
// operands against full-precision ones) tunes on its own operands under a named data class,
// which keys its entry apart.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "blas/gemv.hpp"
#include "blas/gemv_tuning_key.hpp"
#include "blas/tuning_cache.hpp"

namespace kamp::blas {

struct gemv_tuning_options {
  int repetitions = 5;  // timed runs per candidate (after one warm-up); the median counts
  bool retune = false;  // time again even when the cache has an entry
};

struct gemv_tuning_result {
  tuning_entry entry;
  bool from_cache = false;
};

namespace detail {

// The arguments both tune_gemv overloads share; returns whether op(A) is the transpose.
inline bool checked_tuning_arguments(char trans, std::int64_t m, std::int64_t n, const gemv_tuning_options& options) {
  const char* fn = "kamp::blas::tune_gemv";
  const bool transposed = core::checked_trans(fn, "trans", trans) == 'T';
  require_argument(m >= 1, fn, "m", m, "must be >= 1");
  require_argument(n >= 1, fn, "n", n, "must be >= 1");
  require_argument(options.repetitions >= 1, fn, "options.repetitions", options.repetitions, "must be >= 1");
  return transposed;
}

// Times every launch candidate on the given operands (the median of `repetitions` runs after
// one warm-up) and stores the fastest under `key`.
template <class ExecSpace, class Format>
tuning_entry time_gemv_candidates(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n,
                                  const array_t<Format, typename ExecSpace::memory_space>& A,
                                  const array_t<Format, typename ExecSpace::memory_space>& x,
                                  const array_t<Format, typename ExecSpace::memory_space>& y, int repetitions,
                                  const tuning_key& key, tuning_cache& cache) {
  using memory = typename ExecSpace::memory_space;
  using kernels = format_kernels<Format>;
  const auto host = format_traits<Format>::template context<Kokkos::HostSpace>();
  const auto alpha = format_traits<Format>::from_double(host, 0.75),
             beta = format_traits<Format>::from_double(host, -0.5);
  workspace_t<Format, memory> workspace;
  tuning_entry best;
  for (const auto& launch : kernels::template gemv_candidates<ExecSpace>(trans)) {
    const auto run = [&] {
      gemv(exec, trans, m, n, alpha, A, m, x, 1, beta, y, 1, &workspace, launch);
      exec.fence();
    };
    run();
    std::vector<double> ms;
    for (int r = 0; r < repetitions; ++r) {
      Kokkos::Timer timer;
      run();
      ms.push_back(timer.seconds() * 1e3);
    }
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    const double median = ms[ms.size() / 2];
    if (best.candidates == 0 || median < best.milliseconds) {
      best.launch = kernels::describe(launch);
      best.milliseconds = median;
    }
    ++best.candidates;
  }
  cache.store(key, best);
  return best;
}

}  // namespace detail

// Tunes y <- alpha op(A) x + beta y for an m x n A (lda = m, unit strides) on the caller's
// operands, keyed under `data` (their data class, not empty). y is overwritten.
template <class ExecSpace, class Format>
gemv_tuning_result tune_gemv(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n,
                             const array_t<Format, typename ExecSpace::memory_space>& A,
                             const array_t<Format, typename ExecSpace::memory_space>& x,
                             const array_t<Format, typename ExecSpace::memory_space>& y, const std::string& data,
                             tuning_cache& cache = tuning_cache::shared(), const gemv_tuning_options& options = {}) {
  const char* fn = "kamp::blas::tune_gemv";
  const bool transposed = detail::checked_tuning_arguments(trans, m, n, options);
  require_argument(!data.empty(), fn, "data", data, "must name the operands' data class");
  const auto length = [](const auto& a) { return static_cast<std::int64_t>(a.size()); };
  core::check_matrix_length(fn, "A.size()", m, n, m, length(A));
  core::check_vector_length(fn, "x.size()", "incx", transposed ? m : n, length(x), 1);
  core::check_vector_length(fn, "y.size()", "incy", transposed ? n : m, length(y), 1);
  const tuning_key key = gemv_tuning_key<ExecSpace, Format>(trans, m, n, data);
  if (!options.retune) {
    if (const auto hit = cache.find(key)) return {*hit, true};
  }
  return {detail::time_gemv_candidates<ExecSpace, Format>(exec, trans, m, n, A, x, y, options.repetitions, key, cache),
          false};
}

// The same on random operands of the format (format_kernels<F>::random_operand), under the key
// that an automatic launch looks up.
template <class ExecSpace, class Format>
gemv_tuning_result tune_gemv(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n,
                             tuning_cache& cache = tuning_cache::shared(), const gemv_tuning_options& options = {}) {
  const bool transposed = detail::checked_tuning_arguments(trans, m, n, options);
  const tuning_key key = gemv_tuning_key<ExecSpace, Format>(trans, m, n);
  if (!options.retune) {
    if (const auto hit = cache.find(key)) return {*hit, true};
  }
  using kernels = format_kernels<Format>;
  const auto A = kernels::template random_operand<ExecSpace>(m * n, 41, 7, "kamp::blas::tune_gemv::A");
  const auto x = kernels::template random_operand<ExecSpace>(transposed ? m : n, 42, 13, "kamp::blas::tune_gemv::x");
  const auto y = kernels::template random_operand<ExecSpace>(transposed ? n : m, 43, 17, "kamp::blas::tune_gemv::y");
  return {detail::time_gemv_candidates<ExecSpace, Format>(exec, trans, m, n, A, x, y, options.repetitions, key, cache),
          false};
}

}  // namespace kamp::blas

#pragma once
// The GEMV autotuner, for any format that offers launch candidates (format_kernels<F>::
// gemv_candidates): times each candidate for one (format, trans, m, n) on random data of that
// shape on this backend and device, and caches the fastest in the tuning cache
// (blas/tuning_cache.hpp), where kamp::blas::gemv finds it when called with an automatic launch.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <vector>

#include "blas/device_name.hpp"
#include "blas/gemv.hpp"
#include "blas/tuning_cache.hpp"

namespace kamp::blas {

template <class ExecSpace, class Format>
tuning_key gemv_tuning_key(char trans, std::int64_t m, std::int64_t n) {
  using traits = format_traits<Format>;
  const char t = trans == 't' || trans == 'T' ? 'T' : 'N';
  return {traits::name(), traits::precision, std::string("gemv_") + t,
          std::to_string(m) + " x " + std::to_string(n), ExecSpace::name(), device_name<ExecSpace>()};
}

struct gemv_tuning_options {
  int repetitions = 5;  // timed runs per candidate (after one warm-up); the median counts
  bool retune = false;  // time again even when the cache has an entry
};

struct gemv_tuning_result {
  tuning_entry entry;
  bool from_cache = false;
};

// Tunes y <- alpha op(A) x + beta y for an m x n A (lda = m, unit strides).
template <class ExecSpace, class Format>
gemv_tuning_result tune_gemv(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n,
                             tuning_cache& cache = tuning_cache::shared(), const gemv_tuning_options& options = {}) {
  const char* fn = "kamp::blas::tune_gemv";
  const bool transposed = detail::checked_trans(fn, "trans", trans) == 'T';
  require_argument(m >= 1, fn, "m", m, "must be >= 1");
  require_argument(n >= 1, fn, "n", n, "must be >= 1");
  require_argument(options.repetitions >= 1, fn, "options.repetitions", options.repetitions, "must be >= 1");
  const tuning_key key = gemv_tuning_key<ExecSpace, Format>(trans, m, n);
  if (!options.retune) {
    if (const auto hit = cache.find(key)) return {*hit, true};
  }
  using memory = typename ExecSpace::memory_space;
  using kernels = format_kernels<Format>;
  const auto A = kernels::template random_operand<ExecSpace>(m * n, 41, 7, "kamp::blas::tune_gemv::A");
  const auto x = kernels::template random_operand<ExecSpace>(transposed ? m : n, 42, 13, "kamp::blas::tune_gemv::x");
  const auto y = kernels::template random_operand<ExecSpace>(transposed ? n : m, 43, 17, "kamp::blas::tune_gemv::y");
  const auto host = format_traits<Format>::template context<Kokkos::HostSpace>();
  const auto alpha = format_traits<Format>::from_double(host, 0.75), beta = format_traits<Format>::from_double(host, -0.5);
  workspace_t<Format, memory> workspace;
  tuning_entry best;
  for (const auto& launch : kernels::template gemv_candidates<ExecSpace>()) {
    const auto run = [&] {
      gemv(exec, trans, m, n, alpha, A, m, x, 1, beta, y, 1, &workspace, launch);
      exec.fence();
    };
    run();
    std::vector<double> ms;
    for (int r = 0; r < options.repetitions; ++r) {
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
  return {best, false};
}

}  // namespace kamp::blas

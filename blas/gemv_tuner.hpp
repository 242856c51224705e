#pragma once
// The GEMV autotuner: times candidate launch configurations of both algorithms for one
// (backend, device, precision, trans, m, n) on random data of that shape and caches the
// fastest in the tuning cache (blas/gemv_tuning.hpp), where kamp::blas::gemv finds it when
// called with algorithm = automatic.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <vector>

#include "blas/device_name.hpp"
#include "blas/gemv_tuning.hpp"
#include "rns/convert.hpp"
#include "rns/gemv.hpp"
#include "rns/random_arrays.hpp"

namespace kamp::blas {

template <class ExecSpace, int N>
gemv_tuning_key gemv_key(char trans, std::int64_t m, std::int64_t n) {
  static const std::string device = device_name<ExecSpace>();
  return {ExecSpace::name(), device, rns::basis_constants<N>::precision,
          static_cast<char>(trans == 't' || trans == 'T' ? 'T' : 'N'), m, n};
}

// Algorithm 1 with the derived and three fixed reduction team sizes; the fused kernel with
// 1..32 lanes per term (powers of two up to N) and 64..512 threads per team on a GPU, or
// with one and two threads per output on a CPU.
template <class ExecSpace, int N>
std::vector<rns::gemv_launch> gemv_candidates() {
  using rns::gemv_algorithm;
  std::vector<rns::gemv_launch> out;
  const bool host = std::is_same<typename ExecSpace::memory_space, Kokkos::HostSpace>::value;
  for (int reduce : {0, 32, 64, 128}) {
    if (host && reduce > 0) break;
    out.push_back({gemv_algorithm::split, reduce, 0, 0});
  }
  const int most_lanes = host ? 1 : (N < 32 ? N : 32);
  for (int lanes = 1; lanes <= most_lanes; lanes *= 2) {
    if (host) {
      for (int threads : {1, 2}) out.push_back({gemv_algorithm::fused, 0, threads, 1});
    } else {
      for (int block : {64, 128, 256, 512}) out.push_back({gemv_algorithm::fused, 0, block / lanes, lanes});
    }
  }
  return out;
}

struct gemv_tuning_options {
  int repetitions = 5;  // timed runs per candidate (after one warm-up); the median counts
  bool retune = false;  // time again even when the cache has an entry
};

struct gemv_tuning_result {
  gemv_tuning_entry entry;
  bool from_cache = false;
};

// Tunes y <- alpha op(A) x + beta y for an m x n A (lda = m, unit strides) at precision N.
template <class ExecSpace, int N>
gemv_tuning_result tune_gemv(const ExecSpace& exec, char trans, std::int64_t m, std::int64_t n,
                             gemv_tuning_cache& cache = gemv_tuning_cache::shared(),
                             const gemv_tuning_options& options = {}) {
  const char* fn = "kamp::blas::tune_gemv";
  require_argument(trans == 'N' || trans == 'n' || trans == 'T' || trans == 't', fn, "trans", trans,
                   "must be 'N' or 'T'");
  require_argument(m >= 1, fn, "m", m, "must be >= 1");
  require_argument(n >= 1, fn, "n", n, "must be >= 1");
  require_argument(options.repetitions >= 1, fn, "options.repetitions", options.repetitions, "must be >= 1");
  const gemv_tuning_key key = gemv_key<ExecSpace, N>(trans, m, n);
  if (!options.retune) {
    if (const auto hit = cache.find(key)) return {*hit, true};
  }
  using memory = typename ExecSpace::memory_space;
  const bool transposed = key.trans == 'T';
  rns::mp_array<N, memory> A(m * n, "kamp::blas::tune_gemv::A"), x(transposed ? m : n, "kamp::blas::tune_gemv::x"),
      y(transposed ? n : m, "kamp::blas::tune_gemv::y");
  Kokkos::View<rns::mp_float<N>*, memory> none;
  rns::fill_random<ExecSpace>(A, none, 41, 7);
  rns::fill_random<ExecSpace>(x, none, 42, 13);
  rns::fill_random<ExecSpace>(y, none, 43, 17);
  const auto alpha = rns::from_double<N>(0.75, rns::basis<N>::host()), beta = rns::from_double<N>(-0.5, rns::basis<N>::host());
  rns::gemv_workspace<N, memory> workspace;
  gemv_tuning_entry best;
  const auto candidates = gemv_candidates<ExecSpace, N>();
  for (const auto& launch : candidates) {
    const auto run = [&] {
      rns::gemv(exec, transposed, m, n, alpha, A, m, x, 1, beta, y, 1, workspace, launch);
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
      best.launch = launch;
      best.milliseconds = median;
    }
    ++best.candidates;
  }
  cache.store(key, best);
  return {best, false};
}

}  // namespace kamp::blas

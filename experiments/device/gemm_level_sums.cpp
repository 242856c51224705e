// The generic GEMM NN (E5's qd_real GEMM size, n = 2048) on one GPU, each expansion with the two
// chains of blas/generic/gemm_kernels.hpp: the level sums of the products' terms (dot_chain, what
// the library runs) and the fma chain it ran before (fused_fma_chain); dd_real (its fma chain)
// beside them. Checks that a GEMM of 200 x 190 x 300 (tiles and segments cut short) has on the GPU
// the bits of the same GEMM on the host (OpenMP), and that the two chains agree within the GEMM's
// bound on 64 x 8 outputs of the timed one. Prints CSV: format, n, chain, ms, GFlop/s (2 n^3 / t),
// the largest |C_levels - C_fma| / (|A| |B|)_ij in units of u, and whether the host's bits matched.
// The one-off measurement behind experiments/comparisons/gemm_level_sums_e5.csv; no CMake
// target. Built by hand in a CUDA build, as experiments/device/gemv_level_sums.cpp.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "blas/generic/gemm_kernels.hpp"
#include "dd/dd_format.hpp"
using namespace kamp;

// A value of the format from a hash of (i, seed): lead in [0.5, 2) with a random sign, each lower
// component at most half an ulp of the one above (the invariant), zeros now and then.
template <class V>
KOKKOS_INLINE_FUNCTION V hashed_value(std::uint64_t i, std::uint64_t seed) {
  std::uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
  const auto next = [&h] {
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return static_cast<double>(h >> 11) * 0x1p-53;  // [0, 1)
  };
  V v;
  double c = (next() < 0.5 ? -1 : 1) * (0.5 + 1.5 * next());
  constexpr int parts = sizeof(V) / sizeof(double);
  double* out = reinterpret_cast<double*>(&v);
  for (int k = 0; k < parts; ++k) {
    out[k] = c;
    c = std::ldexp(std::fabs(c), -54) * (next() - 0.5) * (next() < 0.1 ? 0 : 1);
  }
  return v;
}

template <class F, class Space>
array_t<F, typename Space::memory_space> filled(std::int64_t n, std::uint64_t seed, const char* label) {
  using V = value_type_t<F>;
  array_t<F, typename Space::memory_space> a(n, label);
  Kokkos::parallel_for(
      Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(std::int64_t i) { a.store(i, hashed_value<V>(i, seed)); });
  Kokkos::fence();
  return a;
}

// C <- A B (m x k times k x n, column-major, leading dimensions m and k).
template <class F, class Chain, class Space, class Array>
void gemm(const Space& exec, std::int64_t m, std::int64_t n, std::int64_t k, const Array& A, const Array& B,
          const Array& C) {
  using traits = format_traits<F>;
  blas::generic::gemm<F, Space, Array, Chain>(exec, false, false, m, n, k, traits::from_double({}, 1.0), false, A, m,
                                              B, k, traits::zero(), true, C, m);
}

// The best of three fenced launches, in ms (one launch of the qd_real GEMM takes about 0.2 s).
template <class Launch>
double best_of_three_ms(Launch&& launch) {
  double best = 1e9;
  for (int r = 0; r < 3; ++r) {
    Kokkos::fence();
    const auto t0 = std::chrono::steady_clock::now();
    launch();
    Kokkos::fence();
    best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

template <class F>
std::vector<value_type_t<F>> on_host(const array_t<F, Kokkos::CudaSpace>& a, std::int64_t n) {
  array_t<F, Kokkos::HostSpace> h(n, "host");
  Kokkos::deep_copy(h.values, a.values);
  std::vector<value_type_t<F>> v(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = h.load(static_cast<std::size_t>(i));
  return v;
}

// Whether the GPU's GEMM of 200 x 190 x 300 has the host's bits.
template <class F>
bool host_bits_match() {
  using V = value_type_t<F>;
  const std::int64_t m = 200, n = 190, k = 300;
  const auto A = filled<F, Kokkos::Cuda>(m * k, 21, "A"), B = filled<F, Kokkos::Cuda>(k * n, 22, "B");
  array_t<F, Kokkos::CudaSpace> C(m * n, "C");
  array_t<F, Kokkos::HostSpace> A_host(m * k, "A_host"), B_host(k * n, "B_host"), C_host(m * n, "C_host");
  Kokkos::deep_copy(A_host.values, A.values);
  Kokkos::deep_copy(B_host.values, B.values);
  gemm<F, blas::generic::dot_chain<F>>(Kokkos::Cuda(), m, n, k, A, B, C);
  gemm<F, blas::generic::dot_chain<F>>(Kokkos::OpenMP(), m, n, k, A_host, B_host, C_host);
  Kokkos::fence();
  const auto got = on_host<F>(C, m * n);
  for (std::int64_t e = 0; e < m * n; ++e) {
    const V h = C_host.load(static_cast<std::size_t>(e));
    if (std::memcmp(&h, &got[static_cast<std::size_t>(e)], sizeof(V)) != 0) return false;
  }
  return true;
}

template <class F>
void run(const char* name, std::int64_t n, bool both_chains) {
  using traits = format_traits<F>;
  using V = value_type_t<F>;
  const Kokkos::Cuda exec;
  const auto A = filled<F, Kokkos::Cuda>(n * n, 11, "A"), B = filled<F, Kokkos::Cuda>(n * n, 12, "B");
  array_t<F, Kokkos::CudaSpace> C(n * n, "C"), C_fma(n * n, "C_fma");
  const double flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  const double levels = best_of_three_ms([&] { gemm<F, blas::generic::dot_chain<F>>(exec, n, n, n, A, B, C); });
  if (!both_chains) {
    std::printf("%s,%ld,fma,%.2f,%.2f,,\n", name, static_cast<long>(n), levels, flops / (levels * 1e-3) * 1e-9);
    return;
  }
  const double fma = best_of_three_ms([&] { gemm<F, blas::generic::fused_fma_chain<F>>(exec, n, n, n, A, B, C_fma); });
  array_t<F, Kokkos::HostSpace> A_host(n * n, "A_host"), B_host(n * n, "B_host");
  Kokkos::deep_copy(A_host.values, A.values);
  Kokkos::deep_copy(B_host.values, B.values);
  const auto got = on_host<F>(C, n * n), got_fma = on_host<F>(C_fma, n * n);
  const double u = traits::unit_roundoff().to_double();
  double worst = 0;
  for (std::int64_t j = 0; j < 8; ++j)
    for (std::int64_t i = 0; i < 64; ++i) {
      double magnitude = 0;  // (|A| |B|)_ij in double
      for (std::int64_t l = 0; l < n; ++l)
        magnitude += std::fabs(traits::to_double({}, A_host.load(static_cast<std::size_t>(i + l * n)))) *
                     std::fabs(traits::to_double({}, B_host.load(static_cast<std::size_t>(l + j * n))));
      const auto at = static_cast<std::size_t>(i + j * n);
      const V diff = traits::sub({}, got[at], got_fma[at]);
      worst = std::max(worst, std::fabs(traits::to_double({}, diff)) / magnitude / u);
    }
  const bool same = host_bits_match<F>();
  std::printf("%s,%ld,levels,%.2f,%.2f,%.3g,%s\n", name, static_cast<long>(n), levels,
              flops / (levels * 1e-3) * 1e-9, worst, same ? "host_bits" : "HOST_BITS_DIFFER");
  std::printf("%s,%ld,fma,%.2f,%.2f,,\n", name, static_cast<long>(n), fma, flops / (fma * 1e-3) * 1e-9);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  std::printf("format,n,chain,ms,gflops,max_diff_over_u_AB,host\n");
  run<dd::dd_real>("dd_real", 2048, false);
  run<dd::qd_real>("qd_real", 2048, true);
  run<dd::expansion<3>>("expansion_3", 2048, true);
  run<dd::expansion<8>>("expansion_8", 1024, true);
  return 0;
}

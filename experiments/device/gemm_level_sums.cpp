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
#include <cmath>
#include <cstdio>
#include <cstring>

#include "blas/generic/gemm_kernels.hpp"
#include "dd/dd_format.hpp"
#include "experiments/device/bench_values.hpp"
#include "experiments/device/best_of_launches.hpp"
using namespace kamp;

template <class F, class Chain, class Space, class Array>
void gemm(const Space& exec, std::int64_t m, std::int64_t n, std::int64_t k, const Array& A, const Array& B,
          const Array& C) {
  using traits = format_traits<F>;
  blas::generic::gemm<F, Space, Array, Chain>(exec, false, false, m, n, k, traits::from_double({}, 1.0), false, A, m,
                                              B, k, traits::zero(), true, C, m);
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
  // The best of three single launches (one qd_real launch takes about 0.14 s).
  const double levels =
      best_of_launches_ms([&] { gemm<F, blas::generic::dot_chain<F>>(exec, n, n, n, A, B, C); }, 3, 1);
  if (!both_chains) {
    std::printf("%s,%ld,fma,%.2f,%.2f,,\n", name, static_cast<long>(n), levels, flops / (levels * 1e-3) * 1e-9);
    return;
  }
  const double fma =
      best_of_launches_ms([&] { gemm<F, blas::generic::fused_fma_chain<F>>(exec, n, n, n, A, B, C_fma); }, 3, 1);
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

// The generic GEMV at m = n = 8192 (E5's paper size) on one GPU, N and T, each expansion with the
// two chains of blas/generic/gemv_kernels.hpp: the level sums of the products' terms (dot_chain,
// what the library runs) and the fma chain it ran before (fused_fma_chain); dd_real (its fma
// chain) beside them, and the copy bandwidth measured in the same run. Checks that the GPU's y
// has the bits of the same GEMV on the host (OpenMP), and that the two chains agree within the
// GEMV's bound. Prints CSV: format, trans, chain, ms, GB/s, % of the copy bandwidth, the largest
// |y_levels - y_fma| / (|A| |x|)_i in units of u, and whether the host's bits matched.
// The one-off measurement behind experiments/comparisons/gemv_level_sums_e5.csv (and, under ncu,
// gemv_level_sums_qd_ncu.csv); no CMake target. Built by hand in a CUDA build (K as in
// spmv_of_doubles_shapes.cpp):
//   $K/bin/nvcc_wrapper -I.. -isystem $K/include -O3 -DNDEBUG -ffp-contract=off -expt-extended-lambda \
//     -arch=sm_90 -Xcompiler -fopenmp -std=c++17 ../experiments/device/gemv_level_sums.cpp \
//     dd/libkamp_dd.a core/libkamp_core.a $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a \
//     -lcuda -lcudart -ldl -lmpfr -lgmp
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "blas/generic/gemv_kernels.hpp"
#include "dd/dd_format.hpp"
#include "experiments/device/bench_values.hpp"
#include "experiments/device/best_of_launches.hpp"
#include "harness/device_info.hpp"
using namespace kamp;

template <class F, class Chain, class Space, class Array>
void gemv(const Space& exec, char trans, std::int64_t n, const Array& A, const Array& x, const Array& y) {
  using traits = format_traits<F>;
  blas::generic::gemv<F, Space, Array, Chain>(exec, trans == 'T', n, n, traits::from_double({}, 1.0), false, A, n, x,
                                              1, traits::zero(), true, y, 1);
}

template <class F>
void run(const char* name, std::int64_t n, double copy_gbs) {
  using traits = format_traits<F>;
  using V = value_type_t<F>;
  const Kokkos::Cuda exec;
  const auto A = filled<F, Kokkos::Cuda>(n * n, 11, "A"), x = filled<F, Kokkos::Cuda>(n, 12, "x");
  array_t<F, Kokkos::CudaSpace> y(n, "y"), y_fma(n, "y_fma");
  // The host's copy of A and x for the bits check and |A| |x|.
  array_t<F, Kokkos::HostSpace> A_host(n * n, "A_host"), x_host(n, "x_host"), y_host(n, "y_host");
  Kokkos::deep_copy(A_host.values, A.values);
  Kokkos::deep_copy(x_host.values, x.values);
  const double bytes = static_cast<double>(sizeof(V)) * static_cast<double>(n * n + 2 * n);
  const double u = traits::unit_roundoff().to_double();
  for (const char trans : {'N', 'T'}) {
    const double levels = best_of_launches_ms([&] { gemv<F, blas::generic::dot_chain<F>>(exec, trans, n, A, x, y); });
    const double fma = best_of_launches_ms([&] { gemv<F, blas::generic::fused_fma_chain<F>>(exec, trans, n, A, x, y_fma); });
    gemv<F, blas::generic::dot_chain<F>>(Kokkos::OpenMP(), trans, n, A_host, x_host, y_host);
    Kokkos::fence();
    const auto got = on_host<F>(y, n), got_fma = on_host<F>(y_fma, n);
    bool same = true;
    double worst = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      const V h = y_host.load(static_cast<std::size_t>(i));
      same = same && std::memcmp(&h, &got[static_cast<std::size_t>(i)], sizeof(V)) == 0;
      double magnitude = 0;  // (|op(A)| |x|)_i in double
      for (std::int64_t j = 0; j < n; ++j)
        magnitude += std::fabs(traits::to_double({}, A_host.load(static_cast<std::size_t>(trans == 'T' ? j + i * n : i + j * n)))) *
                     std::fabs(traits::to_double({}, x_host.load(static_cast<std::size_t>(j))));
      const V diff = traits::sub({}, got[static_cast<std::size_t>(i)], got_fma[static_cast<std::size_t>(i)]);
      worst = std::max(worst, std::fabs(traits::to_double({}, diff)) / magnitude / u);
    }
    const double gbs_levels = bytes / (levels * 1e-3) * 1e-9, gbs_fma = bytes / (fma * 1e-3) * 1e-9;
    std::printf("%s,%c,levels,%.4f,%.1f,%.1f,%.3g,%s\n", name, trans, levels, gbs_levels, 100 * gbs_levels / copy_gbs,
                worst, same ? "host_bits" : "HOST_BITS_DIFFER");
    std::printf("%s,%c,fma,%.4f,%.1f,%.1f,,\n", name, trans, fma, gbs_fma, 100 * gbs_fma / copy_gbs);
  }
}

template <class F>
void run_fma_only(const char* name, std::int64_t n, double copy_gbs) {
  using V = value_type_t<F>;
  const Kokkos::Cuda exec;
  const auto A = filled<F, Kokkos::Cuda>(n * n, 11, "A"), x = filled<F, Kokkos::Cuda>(n, 12, "x");
  array_t<F, Kokkos::CudaSpace> y(n, "y");
  const double bytes = static_cast<double>(sizeof(V)) * static_cast<double>(n * n + 2 * n);
  for (const char trans : {'N', 'T'}) {
    const double ms = best_of_launches_ms([&] { gemv<F, blas::generic::dot_chain<F>>(exec, trans, n, A, x, y); });
    const double gbs = bytes / (ms * 1e-3) * 1e-9;
    std::printf("%s,%c,fma,%.4f,%.1f,%.1f,,\n", name, trans, ms, gbs, 100 * gbs / copy_gbs);
  }
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const std::int64_t n = 8192;
  const double copy_gbs = harness::measure_stream_bandwidth_gbs<Kokkos::Cuda>(std::size_t(1) << 27);
  std::printf("format,trans,chain,ms,gbs,pct_copy_bandwidth,max_diff_over_u_AX,host\n");
  std::printf("copy,,,,%.1f,100.0,,\n", copy_gbs);
  run_fma_only<dd::dd_real>("dd_real", n, copy_gbs);
  run<dd::qd_real>("qd_real", n, copy_gbs);
  run<dd::expansion<3>>("expansion_3", n, copy_gbs);
  run<dd::expansion<8>>("expansion_8", n, copy_gbs);
  return 0;
}

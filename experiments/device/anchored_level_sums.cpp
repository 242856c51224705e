// The expansions' GEMV (m = n = 8192, N and T) and GEMM NN (n = 2048), E5's paper sizes, on one
// GPU with three chains of blas/generic: the anchored levels (dd/anchored_level_sum.hpp, dot_chain,
// what the library runs), the free-floating level sums they replaced (dd/level_sum.hpp) and the
// fma chain; dd_real's GEMV and the copy bandwidth measured in the same run. Checks that the GPU's
// results have the bits of the same operation on the host (OpenMP) and that anchored and level
// sums agree within the bound (the largest |y_anchored - y_levels| / (|op(A)| |x|)_i in units of
// u). Prints CSV: op, format, trans, n, chain, ms, GB/s, % of the copy bandwidth, GFlop/s, the
// difference, host bits. With the argument `profile`: one launch of each qd_real GEMV (for ncu).
// The one-off measurement behind experiments/comparisons/anchored_level_sums_e5.csv; no CMake
// target. Built by hand in build/cuda:
//   $K/bin/nvcc_wrapper -I../.. -isystem $K/include -O3 -DNDEBUG -ffp-contract=off -expt-extended-lambda \
//     -arch=sm_90 -Xcompiler -fopenmp -std=c++17 ../../experiments/device/anchored_level_sums.cpp \
//     harness/libkamp_harness.a dd/libkamp_dd.a core/libkamp_core.a $K/lib/libkokkoscontainers.a \
//     $K/lib/libkokkoscore.a -lcuda -lcudart -ldl -lmpfr -lgmp
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "blas/generic/gemm_kernels.hpp"
#include "blas/generic/gemv_kernels.hpp"
#include "dd/dd_format.hpp"
#include "experiments/device/bench_values.hpp"
#include "experiments/device/best_of_launches.hpp"
#include "harness/device_info.hpp"
using namespace kamp;

// The chain the anchored levels replaced: dd::level_sum over the products' terms.
template <class F>
struct free_level_chain : summed_products_chain<F, dd::level_sum<F::size, dd::expansion<F::size>>> {
  using base = summed_products_chain<F, dd::level_sum<F::size, dd::expansion<F::size>>>;
  KOKKOS_INLINE_FUNCTION static value_type_t<F> result(const typename base::accumulator& s) { return s.result(); }
};

template <class F, class Chain, class Space, class Array>
void gemv(const Space& exec, char trans, std::int64_t n, const Array& A, const Array& x, const Array& y) {
  using traits = format_traits<F>;
  blas::generic::gemv<F, Space, Array, Chain>(exec, trans == 'T', n, n, traits::from_double({}, 1.0), false, A, n, x,
                                              1, traits::zero(), true, y, 1);
}

template <class F, class Chain, class Space, class Array>
void gemm(const Space& exec, std::int64_t n, const Array& A, const Array& B, const Array& C) {
  using traits = format_traits<F>;
  blas::generic::gemm<F, Space, Array, Chain>(exec, false, false, n, n, n, traits::from_double({}, 1.0), false, A, n,
                                              B, n, traits::zero(), true, C, n);
}

template <class F, class Array>
bool same_bits(const Array& host, const std::vector<value_type_t<F>>& device, std::int64_t count) {
  for (std::int64_t i = 0; i < count; ++i) {
    const auto h = host.load(static_cast<std::size_t>(i));
    if (std::memcmp(&h, &device[static_cast<std::size_t>(i)], sizeof(h)) != 0) return false;
  }
  return true;
}

// The largest |p_i - q_i| / magnitude_i in units of u, over the first `count` outputs.
template <class F, class Magnitude>
double worst_difference(const std::vector<value_type_t<F>>& p, const std::vector<value_type_t<F>>& q,
                        std::int64_t count, const Magnitude& magnitude) {
  using traits = format_traits<F>;
  const double u = traits::unit_roundoff().to_double();
  double worst = 0;
  for (std::int64_t i = 0; i < count; ++i) {
    const auto diff = traits::sub({}, p[static_cast<std::size_t>(i)], q[static_cast<std::size_t>(i)]);
    worst = std::max(worst, std::fabs(traits::to_double({}, diff)) / magnitude(i) / u);
  }
  return worst;
}

void row(const char* op, const std::string& name, char trans, std::int64_t n, const char* chain, double ms,
         double bytes, double flops, double copy_gbs, const std::string& diff, const char* host) {
  const double gbs = bytes / (ms * 1e-3) * 1e-9;
  std::printf("%s,%s,%c,%ld,%s,%.4f,%.1f,%.1f,%.2f,%s,%s\n", op, name.c_str(), trans, static_cast<long>(n), chain, ms,
              gbs, 100 * gbs / copy_gbs, flops / (ms * 1e-3) * 1e-9, diff.c_str(), host);
}

template <class F>
void gemv_rows(const std::string& name, std::int64_t n, double copy_gbs) {
  using traits = format_traits<F>;
  using V = value_type_t<F>;
  const Kokkos::Cuda exec;
  const auto A = filled<F, Kokkos::Cuda>(n * n, 11, "A"), x = filled<F, Kokkos::Cuda>(n, 12, "x");
  array_t<F, Kokkos::CudaSpace> y(n, "y"), y_levels(n, "y_levels"), y_fma(n, "y_fma");
  array_t<F, Kokkos::HostSpace> A_host(n * n, "A_host"), x_host(n, "x_host"), y_host(n, "y_host");
  Kokkos::deep_copy(A_host.values, A.values);
  Kokkos::deep_copy(x_host.values, x.values);
  const double bytes = static_cast<double>(sizeof(V)) * static_cast<double>(n * n + 2 * n), flops = 2.0 * n * n;
  for (const char trans : {'N', 'T'}) {
    const double anchored = best_of_launches_ms([&] { gemv<F, blas::generic::dot_chain<F>>(exec, trans, n, A, x, y); });
    const double levels = best_of_launches_ms([&] { gemv<F, free_level_chain<F>>(exec, trans, n, A, x, y_levels); });
    const double fma = best_of_launches_ms([&] { gemv<F, blas::generic::fused_fma_chain<F>>(exec, trans, n, A, x, y_fma); });
    gemv<F, blas::generic::dot_chain<F>>(Kokkos::OpenMP(), trans, n, A_host, x_host, y_host);
    Kokkos::fence();
    const auto got = on_host<F>(y, n), got_levels = on_host<F>(y_levels, n);
    const double diff = worst_difference<F>(got, got_levels, n, [&](std::int64_t i) {
      double m = 0;  // (|op(A)| |x|)_i in double
      for (std::int64_t j = 0; j < n; ++j)
        m += std::fabs(traits::to_double({}, A_host.load(static_cast<std::size_t>(trans == 'T' ? j + i * n : i + j * n)))) *
             std::fabs(traits::to_double({}, x_host.load(static_cast<std::size_t>(j))));
      return m;
    });
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", diff);
    const bool same = same_bits<F>(y_host, got, n);
    row("gemv", name, trans, n, "anchored", anchored, bytes, flops, copy_gbs, text, same ? "host_bits" : "HOST_BITS_DIFFER");
    row("gemv", name, trans, n, "levels", levels, bytes, flops, copy_gbs, "", "");
    row("gemv", name, trans, n, "fma", fma, bytes, flops, copy_gbs, "", "");
  }
}

template <class F>
void gemm_rows(const std::string& name, std::int64_t n, double copy_gbs) {
  using traits = format_traits<F>;
  using V = value_type_t<F>;
  const Kokkos::Cuda exec;
  const auto A = filled<F, Kokkos::Cuda>(n * n, 21, "A"), B = filled<F, Kokkos::Cuda>(n * n, 22, "B");
  array_t<F, Kokkos::CudaSpace> C(n * n, "C"), C_levels(n * n, "C_levels");
  const double flops = 2.0 * n * n * n, bytes = 3.0 * sizeof(V) * n * n;
  const double anchored = best_of_launches_ms([&] { gemm<F, blas::generic::dot_chain<F>>(exec, n, A, B, C); }, 3, 1);
  const double levels = best_of_launches_ms([&] { gemm<F, free_level_chain<F>>(exec, n, A, B, C_levels); }, 3, 1);
  array_t<F, Kokkos::HostSpace> A_host(n * n, "A_host"), B_host(n * n, "B_host");
  Kokkos::deep_copy(A_host.values, A.values);
  Kokkos::deep_copy(B_host.values, B.values);
  const auto got = on_host<F>(C, n * n), got_levels = on_host<F>(C_levels, n * n);
  // The first 512 outputs (column 0 of C): (|A| |B|)_i0.
  const double diff = worst_difference<F>(got, got_levels, 512, [&](std::int64_t i) {
    double m = 0;
    for (std::int64_t l = 0; l < n; ++l)
      m += std::fabs(traits::to_double({}, A_host.load(static_cast<std::size_t>(i + l * n)))) *
           std::fabs(traits::to_double({}, B_host.load(static_cast<std::size_t>(l))));
    return m;
  });
  // The host's bits on a GEMM of 200 x 190 x 300 (tiles and segments cut short).
  const std::int64_t m = 200, q = 190, k = 300;
  const auto As = filled<F, Kokkos::Cuda>(m * k, 23, "As"), Bs = filled<F, Kokkos::Cuda>(k * q, 24, "Bs");
  array_t<F, Kokkos::CudaSpace> Cs(m * q, "Cs");
  array_t<F, Kokkos::HostSpace> As_host(m * k, "As_host"), Bs_host(k * q, "Bs_host"), Cs_host(m * q, "Cs_host");
  Kokkos::deep_copy(As_host.values, As.values);
  Kokkos::deep_copy(Bs_host.values, Bs.values);
  blas::generic::gemm<F, Kokkos::Cuda, decltype(As), blas::generic::dot_chain<F>>(
      exec, false, false, m, q, k, traits::from_double({}, 1.0), false, As, m, Bs, k, traits::zero(), true, Cs, m);
  blas::generic::gemm<F, Kokkos::OpenMP, decltype(As_host), blas::generic::dot_chain<F>>(
      Kokkos::OpenMP(), false, false, m, q, k, traits::from_double({}, 1.0), false, As_host, m, Bs_host, k,
      traits::zero(), true, Cs_host, m);
  Kokkos::fence();
  const bool same = same_bits<F>(Cs_host, on_host<F>(Cs, m * q), m * q);
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", diff);
  row("gemm", name, 'N', n, "anchored", anchored, bytes, flops, copy_gbs, text, same ? "host_bits" : "HOST_BITS_DIFFER");
  row("gemm", name, 'N', n, "levels", levels, bytes, flops, copy_gbs, "", "");
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const std::int64_t n = 8192;
  if (argc > 1 && std::string(argv[1]) == "profile") {
    using F = dd::qd_real;
    const auto A = filled<F, Kokkos::Cuda>(n * n, 11, "A"), x = filled<F, Kokkos::Cuda>(n, 12, "x");
    array_t<F, Kokkos::CudaSpace> y(n, "y");
    for (const char trans : {'N', 'T'}) {
      gemv<F, blas::generic::dot_chain<F>>(Kokkos::Cuda(), trans, n, A, x, y);
      gemv<F, free_level_chain<F>>(Kokkos::Cuda(), trans, n, A, x, y);
    }
    Kokkos::fence();
    return 0;
  }
  const double copy_gbs = harness::measure_stream_bandwidth_gbs<Kokkos::Cuda>(std::size_t(1) << 27);
  std::printf("op,format,trans,n,chain,ms,gbs,pct_copy_bandwidth,gflops,max_diff_over_u_AX,host\n");
  std::printf("copy,,,,,,%.1f,100.0,,,\n", copy_gbs);
  {
    using F = dd::dd_real;
    const Kokkos::Cuda exec;
    const auto A = filled<F, Kokkos::Cuda>(n * n, 11, "A"), x = filled<F, Kokkos::Cuda>(n, 12, "x");
    array_t<F, Kokkos::CudaSpace> y(n, "y");
    const double bytes = 16.0 * static_cast<double>(n * n + 2 * n);
    for (const char trans : {'N', 'T'})
      row("gemv", "dd_real", trans, n, "fma",
          best_of_launches_ms([&] { gemv<F, blas::generic::dot_chain<F>>(exec, trans, n, A, x, y); }), bytes,
          2.0 * n * n, copy_gbs, "", "");
  }
  gemv_rows<dd::qd_real>("qd_real", n, copy_gbs);
  gemv_rows<dd::expansion<3>>("expansion_3", n, copy_gbs);
  gemv_rows<dd::expansion<2>>("expansion_2", n, copy_gbs);
  gemm_rows<dd::qd_real>("qd_real", 2048, copy_gbs);
  gemm_rows<dd::expansion<3>>("expansion_3", 2048, copy_gbs);
  return 0;
}

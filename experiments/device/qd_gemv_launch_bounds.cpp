// The generic GEMV at m = n = 8192 (E5's paper size) for qd_real and expansion<3> (the values of
// 17-32 bytes that blas/generic/gemv_kernels.hpp's lean_team_policy caps at 128 registers), N
// and T, best of five runs of ten launches, with a hash of y's bits and the share of the copy
// bandwidth of the same run: the one-off measurement behind
// experiments/comparisons/qd_gemv_launch_bounds_h200.csv; no CMake target. Each variant is one
// binary built by hand like gemv_level_sums.cpp (-DAB_NAME=<variant>), with -I to a copy of
// blas/generic/gemv_kernels.hpp whose 32-byte policy is LaunchBounds<AB_N_T, AB_N_B> for 'N' (512
// threads by default, one team) and LaunchBounds<AB_T_T, AB_T_B> for 'T' (256, two teams).
#include <Kokkos_Core.hpp>

#include <cstdio>

#include "blas/generic/gemv_kernels.hpp"
#include "dd/dd_format.hpp"
#include "experiments/device/bench_values.hpp"
#include "experiments/device/best_of_launches.hpp"
#include "harness/device_info.hpp"
using namespace kamp;
#define AB_STR2(x) #x
#define AB_STR(x) AB_STR2(x)

template <class F>
void run(const char* name, std::int64_t n, double copy_gbs) {
  using traits = format_traits<F>;
  using V = value_type_t<F>;
  const Kokkos::Cuda exec;
  const auto A = filled<F, Kokkos::Cuda>(n * n, 11, "A"), x = filled<F, Kokkos::Cuda>(n, 12, "x");
  array_t<F, Kokkos::CudaSpace> y(n, "y");
  const double bytes = static_cast<double>(sizeof(V)) * static_cast<double>(n * n + 2 * n);
  for (const char trans : {'N', 'T'}) {
    const double ms = best_of_launches_ms([&] {
      blas::generic::gemv<F, Kokkos::Cuda, array_t<F, Kokkos::CudaSpace>, blas::generic::dot_chain<F>>(
          exec, trans == 'T', n, n, traits::from_double({}, 1.0), false, A, n, x, 1, traits::zero(), true, y, 1);
    });
    bits_hash hash;
    for (const V& v : on_host<F>(y, n)) hash.add(&v, sizeof v);
    const double gbs = bytes / (ms * 1e-3) * 1e-9;
    std::printf("%s,%s,%c,%.4f,%.1f,%016llx\n", AB_STR(AB_NAME), name, trans, ms, 100 * gbs / copy_gbs, hash.value);
  }
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const double copy_gbs = harness::measure_stream_bandwidth_gbs<Kokkos::Cuda>(std::size_t(1) << 27);
  for (int rep = 0; rep < 2; ++rep) {
    run<dd::qd_real>("qd_real", 8192, copy_gbs);
    run<dd::expansion<3>>("expansion_3", 8192, copy_gbs);
  }
  return 0;
}

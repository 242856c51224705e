// The RNS AXPY's one-element-a-thread kernels (blas/rns/level1.hpp) under launch bounds of one to
// three blocks of 256 threads a multiprocessor: rns::fma (one rounding) and mul then add (two),
// at 106 / 212 / 424 bits on 10^7 elements and 848 bits on 2 10^6, full-precision random data
// (rns::fill_random), y <- alpha x + y relaunched eight times, the median of the last seven.
// Prints variant,bits,blocks_per_sm,ms. The one-off measurement behind
// experiments/comparisons/rns_axpy_element_launch_bounds.csv; no CMake target: built as an
// executable of its own linked with kamp::rns in a CUDA build.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "rns/fma.hpp"
#include "rns/kernels.hpp"
#include "rns/random_values.hpp"

namespace rns = kamp::rns;

template <int N, bool OneRounding>
struct element_kernel {
  rns::mp_float<N> alpha;
  rns::mp_array<N, Kokkos::CudaSpace> x, y;
  const rns::basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t j) const {
    const auto xv = x.load(j), yv = y.load(j);
    if constexpr (OneRounding)
      y.store(j, rns::fma<N>(alpha, xv, yv, *b));
    else
      y.store(j, rns::add<N>(rns::mul<N>(alpha, xv, *b), yv, *b));
  }
};

template <int N, bool OneRounding, int Blocks>
double median_ms(const rns::mp_float<N>& alpha, const rns::mp_array<N, Kokkos::CudaSpace>& x,
                 const rns::mp_array<N, Kokkos::CudaSpace>& y, std::int64_t n) {
  const auto* b = rns::basis<N>::template in<Kokkos::CudaSpace>();
  const Kokkos::RangePolicy<Kokkos::Cuda, Kokkos::LaunchBounds<256, Blocks>, Kokkos::IndexType<std::int64_t>> policy(0, n);
  std::vector<double> ms;
  for (int r = 0; r < 8; ++r) {
    Kokkos::fence();
    Kokkos::Timer t;
    Kokkos::parallel_for("probe", policy, element_kernel<N, OneRounding>{alpha, x, y, b});
    Kokkos::fence();
    if (r > 0) ms.push_back(t.seconds() * 1e3);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

template <int N>
void run(std::int64_t n) {
  rns::mp_array<N, Kokkos::CudaSpace> x(n), y(n);
  rns::fill_random<Kokkos::Cuda>(x, Kokkos::View<rns::mp_float<N>*, Kokkos::CudaSpace>(), 11, 7);
  rns::fill_random<Kokkos::Cuda>(y, Kokkos::View<rns::mp_float<N>*, Kokkos::CudaSpace>(), 12, 13);
  const auto alpha = rns::random_mp_floats<N>(17, 1)[0];
  const int bits = rns::basis_constants<N>::precision;
  std::printf("fma,%d,1,%.4f\n", bits, median_ms<N, true, 1>(alpha, x, y, n));
  std::printf("fma,%d,2,%.4f\n", bits, median_ms<N, true, 2>(alpha, x, y, n));
  std::printf("mul_then_add,%d,1,%.4f\n", bits, median_ms<N, false, 1>(alpha, x, y, n));
  std::printf("mul_then_add,%d,2,%.4f\n", bits, median_ms<N, false, 2>(alpha, x, y, n));
  std::printf("mul_then_add,%d,3,%.4f\n", bits, median_ms<N, false, 3>(alpha, x, y, n));
  std::fflush(stdout);
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    std::printf("variant,bits,blocks_per_sm,ms\n");
    run<8>(10000000);
    run<16>(10000000);
    run<32>(10000000);
    run<64>(2000000);
  }
  Kokkos::finalize();
  return 0;
}

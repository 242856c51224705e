// E13 (issue 13): the double-double GEMM by the Ozaki scheme II (blas/gemm_ozaki.hpp) beside
// kamp's FMA kernel (blas::gemm) and the vendor's double GEMM (experiments/ozaki_gemm_bench.hpp
// has the rows and data): the scheme at its default 104 bits (within the FMA kernel's bound) and
// at 53 bits (about a double GEMM's accuracy, fewer moduli), each componentwise and normwise
// (options::bound: the vectors' spreads cost no moduli); the FMA kernel up to n = 8192 on the
// GPU, 1024 on the host; rates in GDDFlop/s. Then the double GEMM emulated by the same scheme at
// its default 53 bits (format "double", rates in GFlop/s: the vendor's DGEMM rows are its
// baseline; the normwise rows are GEMMul8's FP64 emulation, double operands and outputs), with
// kamp's FMA kernel on doubles up to n = 2048 (512 on the host).
#include "experiments/ozaki_gemm_bench.hpp"

namespace kamp::experiments {

void run_e13_ozaki_gemm(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E13: double-double GEMM and the emulated double GEMM by the Ozaki scheme II (residue "
      "GEMMs on INT8 tensor cores / OpenBLAS) vs the FMA kernel and the vendor's DGEMM (NN, "
      "beta = 0)");
  using Space = Kokkos::DefaultExecutionSpace;
  const bool gpu = !std::is_same<Space::memory_space, Kokkos::HostSpace>::value;
  const bool paper = options.size == problem_size::paper;
  ozaki_bench::bench<Space, multi_double::dd_real> bench(table, "E13", "gddflops", gpu ? 8192 : 1024);
  std::vector<std::int64_t> sizes;
  if (gpu)
    sizes = paper ? std::vector<std::int64_t>{1024, 2048, 4096, 8192, 16384} : std::vector<std::int64_t>{1024, 2048};
  else
    sizes = paper ? std::vector<std::int64_t>{256, 512, 1024} : std::vector<std::int64_t>{128, 256};
  const std::vector<blas::ozaki::accuracy> bounds{blas::ozaki::accuracy::componentwise,
                                                  blas::ozaki::accuracy::normwise};
  for (const auto n : sizes) bench.run(n, "well_scaled", 0, {104, 53}, true, bounds);
  bench.run(gpu ? 4096 : 256, "wide_32", 32, {104, 53}, false, bounds);
  ozaki_bench::bench<Space, double> doubles(table, "E13", "gflops", gpu ? 2048 : 512);
  for (const auto n : sizes) doubles.run(n, "well_scaled", 0, {53}, false, bounds);
  doubles.run(gpu ? 4096 : 256, "wide_32", 32, {53}, false, bounds);
}

}  // namespace kamp::experiments

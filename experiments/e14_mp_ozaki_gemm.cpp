// E14 (issue 47): multiple-precision GEMM on the tensor cores, qd_real (212 bits), expansion<8>
// (424 bits) and the RNS formats of 106 to 1696 bits by the Ozaki scheme II with narrow and wide
// moduli (blas/ozaki/crt_basis.hpp), beside the FMA kernel and the vendor's DGEMM in the same run
// (experiments/ozaki_gemm_bench.hpp has the rows and data): the scheme at the format's default
// bits (52N, RNS: its precision less one; within the FMA kernel's bound); the FMA kernel where it
// finishes in seconds (on the GPU qd_real and RNS 106-212 up to n = 1024, expansion<8> and RNS 424
// up to 512, RNS 848 up to 256, RNS 1696 up to 128; far less on the host, where RNS 848 runs the
// scheme up to 256 and RNS 1696 up to 64; on the GPU RNS 1696 up to n = 4096, whose operands and
// 712 residue planes take 100 GB);
// rates in GFlop/s of the format's operations (2 n^3 / time).
#include "experiments/ozaki_gemm_bench.hpp"

namespace kamp::experiments {

void run_e14_mp_ozaki_gemm(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E14: qd_real, expansion<8> and RNS 106-1696 GEMM by the Ozaki scheme II (residue GEMMs on INT8 "
      "tensor cores / OpenBLAS, wide moduli by Karatsuba) vs the FMA kernel and the vendor's DGEMM (NN, "
      "beta = 0)");
  using Space = Kokkos::DefaultExecutionSpace;
  const bool gpu = !std::is_same<Space::memory_space, Kokkos::HostSpace>::value;
  const bool paper = options.size == problem_size::paper;
  ozaki_bench::bench<Space, multi_double::qd_real> qd(table, "E14", "gflops", gpu ? 1024 : 256);
  ozaki_bench::bench<Space, multi_double::expansion<8>> e8(table, "E14", "gflops", gpu ? 512 : 128);
  ozaki_bench::bench<Space, rns::mp_float<8>> r106(table, "E14", "gflops", gpu ? 1024 : 128);
  ozaki_bench::bench<Space, rns::mp_float<16>> r212(table, "E14", "gflops", gpu ? 1024 : 128);
  ozaki_bench::bench<Space, rns::mp_float<32>> r424(table, "E14", "gflops", gpu ? 512 : 128);
  ozaki_bench::bench<Space, rns::mp_float<64>> r848(table, "E14", "gflops", gpu ? 256 : 32);
  ozaki_bench::bench<Space, rns::mp_float<128>> r1696(table, "E14", "gflops", gpu ? 128 : 16);
  std::vector<std::int64_t> sizes;
  if (gpu)
    sizes = paper ? std::vector<std::int64_t>{1024, 2048, 4096, 8192} : std::vector<std::int64_t>{1024, 2048};
  else
    sizes = paper ? std::vector<std::int64_t>{128, 256, 512} : std::vector<std::int64_t>{64, 128};
  for (const auto n : sizes) {
    qd.run(n, "well_scaled", 0, {0}, true);
    e8.run(n, "well_scaled", 0, {0}, false);
    r106.run(n, "well_scaled", 0, {0}, false);
    r212.run(n, "well_scaled", 0, {0}, false);
    r424.run(n, "well_scaled", 0, {0}, false);
    if (gpu || n <= 256) r848.run(n, "well_scaled", 0, {0}, false);
    if (gpu ? n <= 4096 : n <= 64) r1696.run(n, "well_scaled", 0, {0}, false);
  }
  // n = 16384 where three operands fit one GPU (141 GB on the H200: qd_real 26 GB, RNS 212 103 GB,
  // whose workspace then runs in column blocks; RNS 424's operands would take 155 GB).
  if (gpu && paper) {
    qd.run(16384, "well_scaled", 0, {0}, true);
    r212.run(16384, "well_scaled", 0, {0}, false);
  }
  // The FMA kernels at their largest n when it is below the scheme's sizes.
  if (!gpu || paper) {
    qd.run(gpu ? 512 : 32, "well_scaled", 0, {0}, false);
    e8.run(gpu ? 512 : 32, "well_scaled", 0, {0}, false);
    r106.run(gpu ? 512 : 32, "well_scaled", 0, {0}, false);
    r212.run(gpu ? 512 : 32, "well_scaled", 0, {0}, false);
    r424.run(gpu ? 512 : 32, "well_scaled", 0, {0}, false);
    r848.run(gpu ? 256 : 32, "well_scaled", 0, {0}, false);
    r1696.run(gpu ? 128 : 16, "well_scaled", 0, {0}, false);
  }
  qd.run(gpu ? 4096 : 128, "wide_32", 32, {0}, false);
}

}  // namespace kamp::experiments

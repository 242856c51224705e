#include <iostream>

#include "experiments/experiment.hpp"

namespace kamp::experiments {

const std::vector<experiment>& registry() {
  static const std::vector<experiment> all{
      {"E0", "Machine characterization: copy bandwidth, FP64 throughput, vendor double BLAS", run_e0_machine},
      {"E1", "GEMV kernel time shares, 1000 x 1000, 424 bits, split and fused (Isupov and Knyazkov, Table 3)",
       run_e1_gemv_time_shares},
      {"E2", "GEMV kernel occupancy, divergence, DRAM bandwidth via ncu (Isupov and Knyazkov, Table 4; ./kamp profile)",
       run_e2_gemv_profile},
      {"E3", "GEMV time vs precision: split/fused/tuned N/T, basic, MPFR+OpenMP (Isupov and Knyazkov, Table 5)",
       run_e3_gemv_precision},
      {"E4", "GEMV error against the bound of Isupov and Knyazkov's eqs. (16)-(19)", run_e4_gemv_error},
      {"E5",
       "Double-double AXPY, GEMV, GEMM vs vendor double BLAS, the DD peak model and QD+OpenMP (Mukunoki and Takahashi)",
       run_e5_dd_blas},
      {"E6", "Triple-precision D+S AXPY, GEMV, GEMM: SoA vs AoS, vs dd_real and double (Mukunoki and Takahashi)",
       run_e6_ds_blas},
      {"E7",
       "Mixed-precision GESV: refinement on a double/float LU with multi_double/qd residuals vs the direct dd LU "
       "(Mukunoki and Takahashi, last slide)",
       run_e7_gesv},
      {"E8",
       "Signed-digit summation, methods 1 and 2, vs GMP and an ordinary-digit CPU loop (Otsokov and Magomedov, Figs. "
       "5-6)",
       run_e8_sd_summation},
      {"E9", "Signed-digit dot product of 50-digit and longer integers vs GMP (Otsokov and Magomedov, Fig. 7)",
       run_e9_sd_dot},
      {"E10",
       "Accuracy: the dot product 8779 for beta = 1..21 and the DFT round trip in float, double, dd, RNS and "
       "signed digits (Otsokov and Magomedov, Figs. 2-3)",
       run_e10_sd_accuracy},
      {"E11",
       "VPBi-CGSTAB, multiple-precision outer / double JOR inner, on the edge-element curl-curl problem (the "
       "VPBi-CGSTAB paper)",
       run_e11_vpbicgstab},
      {"E12", "RNS elementwise array add/mul throughput, split kernels vs per-thread vs MPFR+OpenMP",
       run_e12_rns_elementwise},
      {"E13",
       "Double-double GEMM and the emulated double GEMM by the Ozaki scheme II (residue GEMMs on INT8 tensor "
       "cores) vs the FMA kernel and the vendor's DGEMM (issues 13, 47)",
       run_e13_ozaki_gemm},
      {"E14",
       "qd_real, expansion<8> and RNS 106-1696 GEMM by the Ozaki scheme II (narrow and wide moduli on INT8 tensor "
       "cores) vs "
       "the FMA kernel and the vendor's DGEMM (issue 47)",
       run_e14_mp_ozaki_gemm},
      {"E16",
       "Elementary functions (exp, log, hyperbolic and their inverses) in dd_real, expansion<3>, qd_real and "
       "expansion<8>: results per second and largest error in u, beside MPFR and QD on the host",
       run_e16_elementary},
  };
  return all;
}

void progress(const std::string& id, const std::string& what) {
  std::cerr << "\r\033[K[" << id << "] " << what << std::flush;
}

}  // namespace kamp::experiments

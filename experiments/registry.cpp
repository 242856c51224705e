#include <iostream>

#include "experiments/experiment.hpp"

namespace kamp::experiments {

const std::vector<experiment>& registry() {
  static const std::vector<experiment> all{
      {"E0", "Machine characterization: copy bandwidth, FP64 throughput, vendor double BLAS",
       run_e0_machine},
      {"E12", "RNS elementwise array add/mul throughput, split kernels vs per-thread vs MPFR+OpenMP",
       run_e12_rns_elementwise},
  };
  return all;
}

void progress(const std::string& id, const std::string& what) {
  std::cerr << "\r\033[K[" << id << "] " << what << std::flush;
}

}  // namespace kamp::experiments

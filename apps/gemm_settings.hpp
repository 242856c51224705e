#pragma once
// kamp_gemm's command line: the distributed GEMM's problem, format, engine, process grid and
// repetitions.
#include <cstdint>
#include <string>
#include <vector>

namespace kamp::apps {

struct gemm_settings {
  bool help = false;                 // --help: print gemm_usage() and multiply nothing
  std::int64_t size = 4096;          // m = n = k
  std::string format = "dd";         // double, dd, qd
  std::string engine = "ozaki";      // ozaki (dd only) or fma
  int grid_rows = 0, grid_cols = 0;  // 0: the squarest grid of the ranks
  int repeat = 3;
  double panel_bytes = 0;        // 0: half of the free memory
  int check = 16;                // outputs sampled against MPFR
  std::string space = "device";  // device (the default Kokkos space) or host
  bool host_staged = false;      // panels through host memory even where GPUs could copy them
};

// The arguments after the program's name. Unknown options, missing values and bad values raise
// kamp::invalid_argument naming the option and the text as given; every number is read whole and
// range-checked (core/parse_number.hpp). It reads nothing but `args`, so a fuzzer can call it.
gemm_settings parse_gemm_settings(const std::vector<std::string>& args);
std::string gemm_usage();

}  // namespace kamp::apps

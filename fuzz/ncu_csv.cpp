// The Nsight Compute CSV reader (harness/ncu_csv.hpp), which E2 runs over ncu's output. On any
// file content it returns metrics or raises kamp::invalid_argument naming KAMP_E2_NCU_DIR and the
// file; every label returned is one of E2's kernel labels, and every value a finite number.
#include <cmath>
#include <cstdint>
#include <set>
#include <string>

#include "core/error.hpp"
#include "fuzz/fuzz_support.hpp"
#include "harness/ncu_csv.hpp"

using kamp::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = kamp::fuzz::process_scratch_file().write(data, size);
  const std::set<std::string> labels = {"fused_row",     "fused_row::finish", "row_sum",
                                        "mat_scal::esi", "mat_scal::digits",  "mat_scal::round"};
  try {
    for (const auto& [label, metrics] : kamp::harness::read_ncu_csv(path, 1e6)) {
      require(labels.count(label) == 1, "an unknown kernel label " + label);
      for (const auto& [name, value] : metrics) require(std::isfinite(value), name + " is not finite");
    }
  } catch (const kamp::invalid_argument& e) {
    require(e.argument() == "KAMP_E2_NCU_DIR" && e.value() == path,
            std::string("the error does not name the file: ") + e.what());
  }
  return 0;
}

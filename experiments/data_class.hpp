#pragma once
// The data classes of the GEMV experiments (E1-E4): how many significant bits the random
// operands in [-1, 1] have.
//   quarter  p/4 bits (p the precision), as Isupov and Knyazkov's own benchmark fills A, x, y, alpha and
//            beta: products have about p/2 bits and rarely need rounding (the workload behind
//            its Tables 3-5);
//   full     all q bits of the format: every product of Algorithm 1 is rounded.
#include <vector>

namespace kamp::experiments {

enum class data_class { quarter, full };

// How tables and `kamp_run --data` name a data class.
inline const char* to_string(data_class data) { return data == data_class::quarter ? "p/4-bit" : "full"; }

// Both data classes, the paper's first.
inline std::vector<data_class> all_data_classes() { return {data_class::quarter, data_class::full}; }

// Significant bits of the random operands at precision p, for a format of q significand bits.
inline int data_bits(data_class data, int p, int q) { return data == data_class::quarter ? p / 4 : q; }

}  // namespace kamp::experiments

#pragma once
// Reading what Nsight Compute writes with `ncu --csv --print-units base --metrics ...`: one
// record per (kernel launch, metric), with the kernel's demangled name and launch shape.
#include <map>
#include <string>
#include <vector>

namespace kamp::harness {

// One CSV record: fields split at commas outside double quotes, quotes removed ("" -> ").
std::vector<std::string> csv_fields(const std::string& line);

// The E2 label of a profiled GEMV kernel from its functor type and launch size (threads in
// all): fused_row, fused_row::finish, row_sum, mat_scal::{esi,digits,round}; empty for kernels outside the
// table (the vector stages, data generation). matrix_cells = m n tells the matrix-sized
// round stage from the vector ones (they share a functor type).
std::string kernel_label(const std::string& name, double threads, double matrix_cells);

// metric -> value (base units, thousands separators dropped) per kernel label; the last
// launch of each label wins. A record whose value is not a finite number (ncu's n/a) or whose
// launch shape has a dimension beyond double gives none. Raises kamp::invalid_argument (argument
// KAMP_E2_NCU_DIR) for a file that cannot be read or holds no ncu CSV.
std::map<std::string, std::map<std::string, double>> read_ncu_csv(const std::string& path, double matrix_cells);

}  // namespace kamp::harness

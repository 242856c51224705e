#include "harness/ncu_csv.hpp"

#include <fstream>
#include <optional>

#include "core/error.hpp"
#include "core/parse_number.hpp"

namespace kamp::harness {

namespace {

// The thread count of a launch shape, "(3907, 1, 1)" -> 3907; none when a dimension is beyond
// double.
std::optional<double> product_of_dims(const std::string& dims) {
  double product = 1;
  std::string number;
  for (const char c : dims + ",") {
    if (c >= '0' && c <= '9') {
      number += c;
    } else if (!number.empty()) {
      double d = 0;
      if (core::to_real(number, d) != core::number_error::none) return std::nullopt;
      product *= d;
      number.clear();
    }
  }
  return product;
}

// A metric value with its thousands separators dropped ("2,500,000"); none for anything else
// (ncu writes n/a for a metric it could not collect, on which std::stod would throw).
std::optional<double> metric_value(const std::string& text) {
  std::string digits;
  for (const char c : text)
    if (c != ',') digits += c;
  double v = 0;
  if (core::to_real(digits, v) != core::number_error::none) return std::nullopt;
  return v;
}

}  // namespace

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else {
        quoted = !quoted;
      }
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

std::string kernel_label(const std::string& name, double threads, double matrix_cells) {
  const bool matrix_sized = threads >= 0.5 * matrix_cells;
  if (name.find("gemv_fused_kernel") != std::string::npos) return "fused_row";
  if (name.find("fused_finish") != std::string::npos) return "fused_row::finish";
  if (name.find("gemv_reduce_kernel") != std::string::npos) return "row_sum";
  if (name.find("mul_digits_stage") != std::string::npos && name.find("matrix_map") != std::string::npos)
    return "mat_scal::digits";
  if (name.find("mul_esi_stage") != std::string::npos && name.find("matrix_map") != std::string::npos)
    return "mat_scal::esi";
  if (name.find("round_stage_kernel") != std::string::npos && matrix_sized) return "mat_scal::round";
  return "";
}

std::map<std::string, std::map<std::string, double>> read_ncu_csv(const std::string& path, double matrix_cells) {
  std::ifstream in(path);
  if (!in) throw invalid_argument("kamp::experiments::E2", "KAMP_E2_NCU_DIR", path, "cannot be read");
  std::string line;
  std::vector<std::string> header;
  std::map<std::string, std::map<std::string, double>> by_label;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] != '"') continue;  // ncu's own messages start with ==PROF==
    const auto fields = csv_fields(line);
    if (header.empty()) {
      header = fields;
      continue;
    }
    std::map<std::string, std::string> f;
    for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) f[header[i]] = fields[i];
    const auto grid = product_of_dims(f["Grid Size"]), block = product_of_dims(f["Block Size"]);
    const auto value = metric_value(f["Metric Value"]);
    if (!grid || !block || !value) continue;
    const std::string label = kernel_label(f["Kernel Name"], *grid * *block, matrix_cells);
    if (label.empty()) continue;
    by_label[label][f["Metric Name"]] = *value;
  }
  if (header.empty()) throw invalid_argument("kamp::experiments::E2", "KAMP_E2_NCU_DIR", path, "holds no ncu CSV");
  return by_label;
}

}  // namespace kamp::harness

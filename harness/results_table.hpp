#pragma once
// results_table: one writer for every experiment. Tidy CSV, one measurement per row:
//   id,variant,bits,m,n,metric,value,unit,paper,machine,backend,kokkos,git,date[,extra...]
// and a Markdown table with the paper's figure and the ratio ours/paper beside ours.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/run_context.hpp"

namespace kamp::harness {

struct result_row {
  std::string id;       // experiment id, E0..E11
  std::string variant;  // what was measured, e.g. "cublas_dgemm"
  int bits = 0;         // working precision in bits (53 for double)
  std::int64_t m = 0, n = 0;
  std::string metric;   // one of results_table::metrics()
  double value = 0;
  std::optional<double> paper;               // the source document's figure, when it has one
  std::map<std::string, std::string> extra;  // further columns

  // The fields every row has; paper and extra are set afterwards where they apply.
  static result_row of(std::string id, std::string variant, int bits, std::int64_t m, std::int64_t n,
                       std::string metric, double value) {
    result_row row;
    row.id = std::move(id);
    row.variant = std::move(variant);
    row.bits = bits;
    row.m = m;
    row.n = n;
    row.metric = std::move(metric);
    row.value = value;
    return row;
  }
};

class results_table {
 public:
  results_table(run_context context, std::string title);

  // Throws kamp::invalid_argument for an id not of the form E<number>, a metric outside
  // the vocabulary, or a non-finite value.
  void add(result_row row);
  const std::vector<result_row>& rows() const { return rows_; }
  const run_context& context() const { return context_; }

  void write_csv(const std::string& path) const;
  void write_markdown(const std::string& path) const;

  // The fixed metric vocabulary and the unit of each.
  static const std::map<std::string, std::string>& metrics();

 private:
  run_context context_;
  std::string title_;
  std::vector<result_row> rows_;
};

}  // namespace kamp::harness

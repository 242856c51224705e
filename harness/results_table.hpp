#pragma once
// results_table: one writer for every experiment. Tidy CSV, one measurement per row:
//   id,variant,bits,m,n,metric,value,unit,paper,machine,backend,kokkos,git,date[,extra...]
// (the extra columns: every key of any row's `extra`, sorted) and a Markdown table with the
// paper's figure and the ratio ours/paper beside ours. A table may keep its CSV on disk as rows
// come (record_csv_at), so that a run that dies later loses nothing it measured.
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
  std::string metric;  // one of results_table::metrics()
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

  // The Markdown head's title: kamp_run creates the table, the experiment names what it holds.
  void set_title(std::string title) { title_ = std::move(title); }

  // Throws kamp::invalid_argument for an id not of the form E<number>, a metric outside
  // the vocabulary, or a non-finite value. With record_csv_at, the row is on disk on return.
  void add(result_row row);
  const std::vector<result_row>& rows() const { return rows_; }
  const run_context& context() const { return context_; }

  // From now on the CSV at `path` holds every row added: written now (the header alone when no
  // row is in yet) and again after each add(). Throws std::runtime_error naming the path when it
  // cannot be written.
  void record_csv_at(std::string path);

  // Both write the whole file beside it first (PATH.tmp) and rename it over PATH: a reader, or a
  // run killed half way, finds the previous complete file or the new one, never a torn one.
  void write_csv(const std::string& path) const;
  // `stopped_by`, when not empty: the table is what was measured before that error ended the run,
  // and its head says so.
  void write_markdown(const std::string& path, const std::string& stopped_by = "") const;

  // The fixed metric vocabulary and the unit of each.
  static const std::map<std::string, std::string>& metrics();

 private:
  run_context context_;
  std::string title_;
  std::vector<result_row> rows_;
  std::string csv_path_;  // record_csv_at's file; empty: rows stay in memory until written
};

}  // namespace kamp::harness

#include "harness/results_table.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"

namespace kamp::harness {

const std::map<std::string, std::string>& results_table::metrics() {
  static const std::map<std::string, std::string> vocabulary{
      {"time_ms", "ms"},
      {"gflops", "GFlop/s"},
      {"gddflops", "GDDFlop/s"},
      {"bandwidth_gbs", "GB/s"},
      {"pct_bandwidth", "%"},
      {"pct_peak", "%"},
      {"occupancy_pct", "%"},
      {"theoretical_occupancy_pct", "%"},
      {"divergence_pct", "%"},
      {"time_share_pct", "%"},
      {"rel_error", "1"},
      {"rel_residual", "1"},
      {"rel_error_pct", "%"},
      {"error_bound", "1"},
      {"error_u", "u"},  // an error in units of the format's unit roundoff
      {"bound_u", "u"},  // a stated error bound in those units
      {"mresults_per_s", "Mresult/s"},
      {"speedup", "x"},
      {"ratio", "x"},  // a quotient without a better direction: the variant names it
      {"iterations", "1"},
      {"needs_bytes", "B"},  // a point whose memory its space could not give (harness/does_not_fit.hpp)
  };
  return vocabulary;
}

results_table::results_table(run_context context, std::string title)
    : context_(std::move(context)), title_(std::move(title)) {}

void results_table::add(result_row row) {
  const char* fn = "kamp::harness::results_table::add";
  static const std::regex id_form("E[0-9]+");
  require_argument(std::regex_match(row.id, id_form), fn, "row.id", row.id, "must be E<number>, e.g. E0");
  require_argument(metrics().count(row.metric) == 1, fn, "row.metric", row.metric,
                   "must be one of the metric vocabulary (time_ms, gflops, bandwidth_gbs, ...)");
  require_argument(std::isfinite(row.value), fn, "row.value", row.value, "must be finite");
  require_argument(!row.paper || std::isfinite(*row.paper), fn, "row.paper", row.paper.value_or(0), "must be finite");
  rows_.push_back(std::move(row));
  if (!csv_path_.empty()) write_csv(csv_path_);
}

// The whole file again after each row, not an append: the extra columns are the union of the
// rows' keys, so a row with a new key changes the header, and rewriting keeps one valid header
// without every experiment declaring its columns up front. The cost, the table's text per row
// (a few hundred rows of a few hundred bytes), is nothing beside a measurement.
void results_table::record_csv_at(std::string path) {
  csv_path_ = std::move(path);
  write_csv(csv_path_);
}

namespace {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string quoted = "\"";
  for (char c : s) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string number(double v) {
  std::ostringstream s;
  s << std::setprecision(10) << v;
  return s.str();
}

std::set<std::string> extra_keys(const std::vector<result_row>& rows) {
  std::set<std::string> keys;
  for (const auto& r : rows)
    for (const auto& kv : r.extra) keys.insert(kv.first);
  return keys;
}

// `text` into PATH.tmp, then renamed over PATH: rename within one folder replaces the file in one
// step (POSIX), so PATH is always a complete file.
void write_whole_file(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("kamp::harness::results_table: cannot write " + path);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("kamp::harness::results_table: cannot write " + temporary);
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    throw std::runtime_error("kamp::harness::results_table: cannot replace " + path + " by " + temporary + ": " +
                             error.message());
  }
}

}  // namespace

void results_table::write_csv(const std::string& path) const {
  const std::set<std::string> keys = extra_keys(rows_);
  std::ostringstream out;
  out << "id,variant,bits,m,n,metric,value,unit,paper,machine,backend,kokkos,git,date";
  for (const auto& k : keys) out << ',' << csv_field(k);
  out << '\n';
  for (const auto& r : rows_) {
    out << csv_field(r.id) << ',' << csv_field(r.variant) << ',' << r.bits << ',' << r.m << ',' << r.n << ','
        << r.metric << ',' << number(r.value) << ',' << csv_field(metrics().at(r.metric)) << ','
        << (r.paper ? number(*r.paper) : "") << ',' << csv_field(context_.machine) << ',' << csv_field(context_.backend)
        << ',' << csv_field(context_.kokkos) << ',' << csv_field(context_.git_hash) << ',' << context_.date;
    for (const auto& k : keys) {
      const auto it = r.extra.find(k);
      out << ',' << (it == r.extra.end() ? "" : csv_field(it->second));
    }
    out << '\n';
  }
  write_whole_file(path, out.str());
}

void results_table::write_markdown(const std::string& path, const std::string& stopped_by) const {
  std::ostringstream out;
  out << "# " << title_ << "\n\n"
      << "- machine: " << context_.machine << "\n- backend: " << context_.backend << "\n- Kokkos: " << context_.kokkos
      << "\n- git: " << context_.git_hash << "\n- date: " << context_.date << "\n- command: `" << context_.command
      << "`\n\n";
  if (!stopped_by.empty()) out << "**Incomplete**: the run stopped after these rows: " << stopped_by << "\n\n";
  const std::set<std::string> keys = extra_keys(rows_);
  out << "| variant | bits | m | n | metric | ours | unit | paper | ours/paper |";
  for (const auto& k : keys) out << ' ' << k << " |";
  out << "\n|---|---:|---:|---:|---|---:|---|---:|---:|";
  for (std::size_t i = 0; i < keys.size(); ++i) out << "---|";
  out << '\n';
  for (const auto& r : rows_) {
    out << "| " << r.variant << " | " << r.bits << " | " << r.m << " | " << r.n << " | " << r.metric << " | "
        << number(r.value) << " | " << metrics().at(r.metric) << " | " << (r.paper ? number(*r.paper) : "") << " | "
        << (r.paper && *r.paper != 0 ? number(r.value / *r.paper) : "") << " |";
    for (const auto& k : keys) {
      const auto it = r.extra.find(k);
      out << ' ' << (it == r.extra.end() ? "" : it->second) << " |";
    }
    out << '\n';
  }
  out << "\nFor time_ms a ratio below 1 means kamp is faster than the paper; for rates, above 1.\n";
  write_whole_file(path, out.str());
}

}  // namespace kamp::harness

#include "sparse/matrix_market.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>
#include <vector>

#include "core/memory_limit.hpp"
#include "core/parse_number.hpp"

namespace kamp::sparse {

matrix_market_error::matrix_market_error(const std::string& source, std::int64_t line, const std::string& problem)
    : std::runtime_error(source + ":" + std::to_string(line) + ": " + problem), line_(line) {}

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool blank(const std::string& line) {
  return std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c) != 0; });
}

// Tokens are read whole by the one number parser (core/parse_number.hpp), which keeps subnormal
// values (std::stod rejects them as out of range).
bool parse_integer(const std::string& token, std::int64_t& v) {
  return core::to_integer(token, v) == core::number_error::none;
}

// Bytes that reading and assembling `stored` entries of a matrix of `rows` rows takes: the
// triplets (row, column, value), then from_triplets' sort order and the CSR arrays.
double bytes_to_read(double stored, double rows) {
  const double triplet = 2 * sizeof(std::int64_t) + sizeof(double);
  const double assembled = sizeof(std::size_t) + sizeof(std::int32_t) + sizeof(double);
  return stored * (triplet + assembled) + (rows + 1) * sizeof(std::int64_t);
}

}  // namespace

csr_host read_matrix_market(std::istream& in, const std::string& source) {
  const auto fail = [&](std::int64_t line, const std::string& problem) -> void {
    throw matrix_market_error(source, line, problem);
  };
  std::string text;
  std::int64_t line = 0;
  if (!std::getline(in, text)) fail(1, "empty file: expected a %%MatrixMarket banner");
  ++line;
  std::istringstream banner(text);
  std::string magic, object, format, field, symmetry, extra;
  banner >> magic >> object >> format >> field >> symmetry;
  if (magic != "%%MatrixMarket") fail(line, "expected the banner %%MatrixMarket, got '" + text + "'");
  if (banner >> extra) fail(line, "unexpected token '" + extra + "' after the banner");
  object = lower(object), format = lower(format), field = lower(field), symmetry = lower(symmetry);
  if (object != "matrix") fail(line, "object '" + object + "' is not supported (only matrix)");
  if (format != "coordinate") fail(line, "format '" + format + "' is not supported (only coordinate)");
  if (field != "real" && field != "integer" && field != "pattern") {
    fail(line, "field '" + field + "' is not supported (real, integer or pattern)");
  }
  if (symmetry != "general" && symmetry != "symmetric") {
    fail(line, "symmetry '" + symmetry + "' is not supported (general or symmetric)");
  }
  const bool pattern = field == "pattern", symmetric = symmetry == "symmetric", integer = field == "integer";

  std::int64_t rows = -1, cols = -1, entries = -1;
  while (std::getline(in, text)) {
    ++line;
    if (blank(text) || text[0] == '%') continue;
    std::istringstream size(text);
    std::string r, c, n;
    if (!(size >> r >> c >> n) || !parse_integer(r, rows) || !parse_integer(c, cols) || !parse_integer(n, entries)) {
      fail(line, "expected the size line 'rows cols entries', got '" + text + "'");
    }
    if (size >> extra) fail(line, "unexpected token '" + extra + "' on the size line");
    if (rows < 0 || cols < 0 || entries < 0) fail(line, "negative size in '" + text + "'");
    if (cols > std::numeric_limits<std::int32_t>::max()) fail(line, "more than 2^31 - 1 columns");
    if (symmetric && rows != cols) fail(line, "a symmetric matrix must be square, got " + r + " x " + c);
    // Checked before anything is reserved: a size the process cannot hold is named here, not
    // reported as std::bad_alloc.
    const std::string shortfall = core::memory_shortfall(
        bytes_to_read(static_cast<double>(entries) * (symmetric ? 2 : 1), static_cast<double>(rows)));
    if (!shortfall.empty()) {
      fail(line, "the size line declares " + n + " entries of a " + r + " x " + c + " matrix: reading it " + shortfall);
    }
    break;
  }
  if (entries < 0) fail(line, "no size line");

  const std::size_t stored = static_cast<std::size_t>(entries) * (symmetric ? 2 : 1);
  std::vector<std::int64_t> row, col;
  std::vector<double> value;
  row.reserve(stored), col.reserve(stored), value.reserve(stored);
  std::int64_t read = 0;
  while (std::getline(in, text)) {
    ++line;
    if (blank(text) || text[0] == '%') continue;
    if (read == entries) fail(line, "more entries than the " + std::to_string(entries) + " the size line announced");
    std::istringstream entry(text);
    std::string ti, tj, tv;
    std::int64_t i = 0, j = 0;
    double v = 1;
    if (!(entry >> ti >> tj) || !parse_integer(ti, i) || !parse_integer(tj, j)) {
      fail(line, "expected 'row column" + std::string(pattern ? "'" : " value'") + ", got '" + text + "'");
    }
    if (!pattern) {
      std::int64_t iv = 0;
      if (!(entry >> tv)) fail(line, "missing value in '" + text + "'");
      const core::number_error error = integer ? core::to_integer(tv, iv) : core::to_real(tv, v);
      if (error == core::number_error::out_of_range) {
        fail(line, "'" + tv + "' is beyond the range of " +
                       (integer ? "64-bit integers" : "double (it overflows or rounds to zero)"));
      }
      if (error != core::number_error::none) {
        fail(line, "'" + tv + "' is not a" + std::string(integer ? "n integer" : " finite real number"));
      }
      if (integer) v = static_cast<double>(iv);
    }
    if (entry >> extra) fail(line, "unexpected token '" + extra + "'");
    if (i < 1 || i > rows || j < 1 || j > cols) {
      fail(line, "index (" + ti + ", " + tj + ") outside the " + std::to_string(rows) + " x " + std::to_string(cols) +
                     " matrix");
    }
    if (symmetric && i < j) fail(line, "entry (" + ti + ", " + tj + ") above the diagonal of a symmetric matrix");
    row.push_back(i - 1), col.push_back(j - 1), value.push_back(v);
    if (symmetric && i != j) row.push_back(j - 1), col.push_back(i - 1), value.push_back(v);
    ++read;
  }
  if (read < entries) {
    fail(line,
         "end of file: only " + std::to_string(read) + " of the " + std::to_string(entries) + " announced entries");
  }
  csr_host a = from_triplets(rows, cols, row, col, value);
  // Duplicates are summed, and finite values can sum beyond double (1e308 twice would read as Inf,
  // and the matrix written back would not read).
  const auto beyond = std::find_if(a.values.begin(), a.values.end(), [](double v) { return !std::isfinite(v); });
  if (beyond != a.values.end()) {
    const auto p = beyond - a.values.begin();
    const auto i = std::upper_bound(a.row_ptr.begin(), a.row_ptr.end(), p) - a.row_ptr.begin() - 1;
    fail(line, "the duplicate entries at (" + std::to_string(i + 1) + ", " +
                   std::to_string(a.col_idx[static_cast<std::size_t>(p)] + 1) + ") sum beyond the range of double");
  }
  return a;
}

csr_host read_matrix_market_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw matrix_market_error(path, 0, "cannot open the file");
  return read_matrix_market(in, path);
}

void write_matrix_market(std::ostream& out, const csr_host& a) {
  validate(a);
  out << "%%MatrixMarket matrix coordinate real general\n"
      << a.rows << ' ' << a.cols << ' ' << a.nnz() << '\n'
      << std::setprecision(17);
  for (std::int64_t i = 0; i < a.rows; ++i) {
    for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
      out << i + 1 << ' ' << a.col_idx[static_cast<std::size_t>(p)] + 1 << ' ' << a.values[static_cast<std::size_t>(p)]
          << '\n';
    }
  }
}

void write_matrix_market_file(const std::string& path, const csr_host& a) {
  std::ofstream out(path);
  if (!out) throw matrix_market_error(path, 0, "cannot open the file for writing");
  write_matrix_market(out, a);
  if (!out) throw matrix_market_error(path, 0, "writing failed");
}

}  // namespace kamp::sparse

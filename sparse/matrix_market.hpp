#pragma once
// Matrix Market coordinate files (NIST's format): read into and written from csr_host.
//
// Read: `%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric>`, comment
// lines starting with %, a size line `rows cols entries`, then one `i j [value]` line per entry
// (1-based; pattern entries have value 1). A symmetric file stores the lower triangle (i >= j)
// and each off-diagonal entry is mirrored. Duplicate entries are summed. Anything else (array
// files, complex or skew-symmetric fields, a missing or extra token, an index out of range, an
// upper-triangle entry in a symmetric file, too few or too many entries, a value that is not a
// finite double, subnormals included, or that overflows or rounds to zero in double, duplicates
// that sum beyond double, named at the end of the file) raises matrix_market_error naming the
// source, the line and the problem; no matrix is returned then.
// A size line declaring more than the process can allocate (core/memory_limit.hpp) is rejected
// with the declared size before anything is allocated.
// Write: `coordinate real general` with 17 significant digits, so reading back is exact.
#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>

#include "sparse/csr_matrix.hpp"

namespace kamp::sparse {

class matrix_market_error : public std::runtime_error {
 public:
  matrix_market_error(const std::string& source, std::int64_t line, const std::string& problem);
  std::int64_t line() const noexcept { return line_; }

 private:
  std::int64_t line_;
};

csr_host read_matrix_market(std::istream& in, const std::string& source = "<stream>");
// Throws matrix_market_error (line 0) when the file cannot be opened.
csr_host read_matrix_market_file(const std::string& path);

void write_matrix_market(std::ostream& out, const csr_host& a);
void write_matrix_market_file(const std::string& path, const csr_host& a);

}  // namespace kamp::sparse

// The Matrix Market reader (sparse/matrix_market.hpp). On any text it returns a matrix or raises
// matrix_market_error on a line of the text; a matrix satisfies csr_host's invariant (validate:
// indices in range, rows sorted), and writing it and reading it back gives the same matrix, bit
// for bit. The process may allocate 32 MiB (core::cap_allocatable_bytes): a size line that
// declares more is an error like one beyond the machine. Reading, checking and writing are linear
// in the declared rows, so under a larger cap a size line alone could make an input run long
// enough to count as a hang.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>

#include "core/memory_limit.hpp"
#include "fuzz/fuzz_support.hpp"
#include "sparse/matrix_market.hpp"

namespace {

using kamp::fuzz::require;

bool same(const kamp::sparse::csr_host& a, const kamp::sparse::csr_host& b) {
  const auto same_bits = [](double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; };
  return a.rows == b.rows && a.cols == b.cols && a.row_ptr == b.row_ptr && a.col_idx == b.col_idx &&
         std::equal(a.values.begin(), a.values.end(), b.values.begin(), b.values.end(), same_bits);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  kamp::core::cap_allocatable_bytes(std::uint64_t(32) << 20);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  kamp::sparse::csr_host a;
  try {
    std::istringstream in(text);
    a = kamp::sparse::read_matrix_market(in, "fuzz");
  } catch (const kamp::sparse::matrix_market_error& e) {
    const auto lines = std::count(text.begin(), text.end(), '\n') + 1;
    require(e.line() >= 1 && e.line() <= lines,
            "an error on line " + std::to_string(e.line()) + " of " + std::to_string(lines) + ": " + e.what());
    return 0;
  }
  kamp::sparse::validate(a);  // kamp::invalid_argument here is a crash: the reader broke the invariant
  std::ostringstream out;
  kamp::sparse::write_matrix_market(out, a);
  std::istringstream back(out.str());
  require(same(kamp::sparse::read_matrix_market(back, "written"), a), "the written matrix reads back differently");
  return 0;
}

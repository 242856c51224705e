// Matrix Market reading and writing, CSR assembly and validation (host code): every supported
// header, symmetric mirroring, duplicates summed, an exact write/read round trip, and each kind
// of malformed file rejected with its line and problem named.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "core/random.hpp"
#include "sparse/matrix_market.hpp"
#include "tests/backends.hpp"

namespace kamp::test {
namespace {

sparse::csr_host read(const std::string& text) {
  std::istringstream in(text);
  return sparse::read_matrix_market(in, "test.mtx");
}

// The dense value of a CSR matrix entry (0 when absent).
double entry(const sparse::csr_host& a, std::int64_t i, std::int32_t j) {
  for (std::int64_t p = a.row_ptr[static_cast<std::size_t>(i)]; p < a.row_ptr[static_cast<std::size_t>(i + 1)]; ++p) {
    if (a.col_idx[static_cast<std::size_t>(p)] == j) return a.values[static_cast<std::size_t>(p)];
  }
  return 0;
}

TEST(matrix_market, ReadsGeneralRealWithCommentsAndDuplicates) {
  const auto a = read(
      "%%MatrixMarket matrix coordinate real general\n% a comment\n\n3 4 5\n1 1 1.5\n3 4 -2e3\n2 2 0.25\n"
      "1 1 0.5\n% trailing comment\n3 1 7\n");
  EXPECT_EQ(a.rows, 3);
  EXPECT_EQ(a.cols, 4);
  EXPECT_EQ(a.nnz(), 4);  // (1,1) given twice: summed
  EXPECT_EQ(entry(a, 0, 0), 2.0);
  EXPECT_EQ(entry(a, 1, 1), 0.25);
  EXPECT_EQ(entry(a, 2, 3), -2000.0);
  EXPECT_EQ(entry(a, 2, 0), 7.0);
  EXPECT_NO_THROW(sparse::validate(a));
}

TEST(matrix_market, MirrorsSymmetricAndReadsPatternAndInteger) {
  const auto s = read("%%MatrixMarket matrix coordinate integer symmetric\n3 3 3\n1 1 4\n3 1 -2\n3 2 5\n");
  EXPECT_EQ(s.nnz(), 5);
  EXPECT_EQ(entry(s, 0, 2), -2.0);
  EXPECT_EQ(entry(s, 2, 0), -2.0);
  EXPECT_EQ(entry(s, 1, 2), 5.0);
  EXPECT_EQ(entry(s, 2, 1), 5.0);
  const auto p = read("%%MatrixMarket MATRIX Coordinate Pattern General\n2 3 2\n1 3\n2 1\n");
  EXPECT_EQ(entry(p, 0, 2), 1.0);
  EXPECT_EQ(entry(p, 1, 0), 1.0);
  EXPECT_EQ(p.nnz(), 2);
}

TEST(matrix_market, WriteThenReadIsExact) {
  core::random_source rng(5);
  std::vector<std::int64_t> r, c;
  std::vector<double> v;
  for (int e = 0; e < 500; ++e) {
    r.push_back(rng.integer(0, 63)), c.push_back(rng.integer(0, 40)), v.push_back(rng.wide_exponent(-300, 300));
  }
  const auto a = sparse::from_triplets(64, 41, r, c, v);
  std::stringstream io;
  sparse::write_matrix_market(io, a);
  const auto b = sparse::read_matrix_market(io, "roundtrip");
  EXPECT_EQ(b.row_ptr, a.row_ptr);
  EXPECT_EQ(b.col_idx, a.col_idx);
  EXPECT_EQ(b.values, a.values);  // bit for bit: 17 significant digits
}

// Subnormal doubles are numbers like any other: read exactly (std::stod rejects them as out of
// range), in real and symmetric files, and written and read back bit for bit.
TEST(matrix_market, SubnormalValuesAreReadExactly) {
  const double denorm_min = std::numeric_limits<double>::denorm_min();
  const double largest_subnormal = std::nextafter(std::numeric_limits<double>::min(), 0.0);
  const double tiny = std::strtod("1e-310", nullptr);  // glibc's strtod rounds correctly (and sets ERANGE)
  ASSERT_GT(tiny, 0.0);
  ASSERT_LT(tiny, std::numeric_limits<double>::min());
  const auto a = read(
      "%%MatrixMarket matrix coordinate real general\n2 2 4\n1 1 1e-310\n1 2 4.9406564584124654e-324\n"
      "2 1 -2.2250738585072009e-308\n2 2 2.2250738585072014e-308\n");
  EXPECT_EQ(entry(a, 0, 0), tiny);
  EXPECT_EQ(entry(a, 0, 1), denorm_min);
  EXPECT_EQ(entry(a, 1, 0), -largest_subnormal);
  EXPECT_EQ(entry(a, 1, 1), std::numeric_limits<double>::min());
  const auto s = read("%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 1\n2 1 -1e-310\n");
  EXPECT_EQ(entry(s, 0, 1), -tiny);
  EXPECT_EQ(entry(s, 1, 0), -tiny);
  std::stringstream io;
  sparse::write_matrix_market(io, a);
  EXPECT_EQ(sparse::read_matrix_market(io, "roundtrip").values, a.values);
}

// Expects a matrix_market_error at `line` whose message contains `problem`.
void expect_error(const std::string& text, std::int64_t line, const std::string& problem) {
  try {
    read(text);
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const sparse::matrix_market_error& e) {
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_NE(std::string(e.what()).find(problem), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("test.mtx:" + std::to_string(line)), std::string::npos) << e.what();
  }
}

TEST(matrix_market, MalformedFilesNameLineAndProblem) {
  const std::string head = "%%MatrixMarket matrix coordinate real general\n";
  expect_error("", 1, "empty file");
  expect_error("%%MatrixMarkt matrix coordinate real general\n1 1 0\n", 1, "banner");
  expect_error("%%MatrixMarket matrix array real general\n1 1\n1\n", 1, "format 'array'");
  expect_error("%%MatrixMarket matrix coordinate complex general\n1 1 0\n", 1, "field 'complex'");
  expect_error("%%MatrixMarket matrix coordinate real skew-symmetric\n1 1 0\n", 1, "symmetry 'skew-symmetric'");
  expect_error(head + "% only comments\n", 2, "no size line");
  expect_error(head + "3 x 2\n", 2, "size line");
  expect_error(head + "3 3 -1\n", 2, "negative size");
  expect_error("%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n", 2, "square");
  expect_error(head + "2 2 2\n1 1 1\n3 1 1\n", 4, "outside the 2 x 2 matrix");
  expect_error(head + "2 2 1\n0 1 1\n", 3, "outside");
  expect_error(head + "2 2 1\n1 1 abc\n", 3, "'abc' is not a finite real number");
  expect_error(head + "2 2 1\n1 1 inf\n", 3, "not a finite real number");
  expect_error(head + "2 2 1\n1 1 1e400\n", 3, "'1e400' is beyond the range of double");
  expect_error(head + "2 2 1\n1 1 -1e-400\n", 3, "'-1e-400' is beyond the range of double (it overflows or rounds");
  expect_error(head + "2 2 1\n1 1\n", 3, "missing value");
  expect_error(head + "2 2 1\n1 1 1 9\n", 3, "unexpected token '9'");
  expect_error(head + "2 2 2\n1 1 1\n", 3, "end of file: only 1 of the 2");
  expect_error(head + "2 2 1\n1 1 1\n2 2 1\n", 4, "more entries");
  expect_error("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 1\n", 3, "above the diagonal");
  expect_error("%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n", 3, "not an integer");
  // Finite duplicates that sum beyond double, named on the last line
  // (fuzz/corpus/matrix_market/duplicates_overflow: never read as an Inf entry).
  expect_error(head + "2 2 3\n2 1 1e308\n1 1 1\n2 1 1e308\n", 5, "the duplicate entries at (2, 1) sum beyond");
  expect_error("%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 -1e308\n2 1 -1e308\n", 4,
               "the duplicate entries at (1, 2) sum beyond");
}

// A size line the process cannot hold is rejected on its own line, with the size as declared,
// before anything is allocated: a reserve of 10^15 entries would throw std::bad_alloc, which
// expect_error does not catch.
TEST(matrix_market, OversizedDeclarationsNameTheSize) {
  const std::string head = "%%MatrixMarket matrix coordinate real general\n";
  const std::string why = "bytes this process can allocate";
  expect_error(head + "10 10 1000000000000000\n1 1 1\n", 2, "declares 1000000000000000 entries of a 10 x 10 matrix");
  expect_error(head + "10 10 1000000000000000\n1 1 1\n", 2, why);
  expect_error(head + "% a comment\n1000000000000000 1 0\n", 3, "declares 0 entries of a 1000000000000000 x 1 matrix");
  expect_error(head + "9223372036854775807 2 9223372036854775807\n", 2, why);  // sizes that overflow int64 products
  // A symmetric file stores up to twice its entries.
  expect_error("%%MatrixMarket matrix coordinate pattern symmetric\n5 5 +400000000000000\n", 2,
               "declares +400000000000000 entries of a 5 x 5 matrix");
  try {
    read(head + "10 10 1000000000000000\n");
  } catch (const sparse::matrix_market_error& e) {
    EXPECT_NE(std::string(e.what()).find("needs 4.4e+16 bytes"), std::string::npos) << e.what();
  }
}

TEST(matrix_market, MissingFileIsNamed) {
  EXPECT_THROW(sparse::read_matrix_market_file("/nonexistent/kamp.mtx"), sparse::matrix_market_error);
}

TEST(csr, ValidateAndTripletsNameTheBrokenField) {
  sparse::csr_host a;
  a.rows = 2, a.cols = 3;
  a.row_ptr = {0, 2, 3};
  a.col_idx = {2, 1, 0};  // row 0 not increasing
  a.values = {1, 2, 3};
  expect_invalid_argument("col_idx", [&] { sparse::validate(a); });
  a.col_idx = {0, 3, 1};  // column 3 out of range
  expect_invalid_argument("col_idx", [&] { sparse::validate(a); });
  a.col_idx = {0, 1, 1};
  a.row_ptr = {0, 2, 2};
  expect_invalid_argument("row_ptr", [&] { sparse::validate(a); });
  expect_invalid_argument("row", [&] { sparse::from_triplets(2, 2, {2}, {0}, {1.0}); });
  expect_invalid_argument("col", [&] { sparse::from_triplets(2, 2, {0}, {-1}, {1.0}); });
}

}  // namespace
}  // namespace kamp::test

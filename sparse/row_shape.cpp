#include "sparse/row_shape.hpp"

#include <string>

#include "core/error.hpp"

namespace kamp::sparse {

void check_row_shape(const char* function, const row_shape& shape) {
  const auto text = [&] {
    return std::to_string(shape.lanes) + " lanes x " + std::to_string(shape.rows_per_team) + " rows";
  };
  if (shape.lanes < 1 || shape.lanes > 32 || (shape.lanes & (shape.lanes - 1)) != 0) {
    throw invalid_argument(function, "shape", text(), "lanes must be a power of two in [1, 32]");
  }
  if (shape.rows_per_team < 1 || shape.lanes * shape.rows_per_team > 1024) {
    throw invalid_argument(function, "shape", text(), "rows_per_team must be >= 1 with lanes x rows_per_team <= 1024");
  }
}

}  // namespace kamp::sparse

#pragma once
// How a GEMV runs: which algorithm and with which team shapes. Zero means "derive from the
// device"; `automatic` means "the tuned choice for this shape if one is cached, else fused".
#include <string>

#include "core/error.hpp"

namespace kamp::rns {

enum class gemv_algorithm { automatic, split, fused };

struct gemv_launch {
  gemv_algorithm algorithm = gemv_algorithm::automatic;
  int reduce_team_size = 0;        // split: threads per output element in the row/column sums
  int fused_team_size = 0;         // fused: threads per output element
  int fused_vector_length = 0;     // fused: lanes sharing one term's residues
  int fused_outputs_per_team = 0;  // fused: consecutive outputs a team sums (row sums 'N' only)

  bool operator==(const gemv_launch& o) const {
    return algorithm == o.algorithm && reduce_team_size == o.reduce_team_size && fused_team_size == o.fused_team_size &&
           fused_vector_length == o.fused_vector_length && fused_outputs_per_team == o.fused_outputs_per_team;
  }
};

inline const char* to_string(gemv_algorithm a) {
  switch (a) {
    case gemv_algorithm::split:
      return "split";
    case gemv_algorithm::fused:
      return "fused";
    default:
      return "automatic";
  }
}

inline gemv_algorithm parse_gemv_algorithm(const std::string& name) {
  if (name == "split") return gemv_algorithm::split;
  if (name == "fused") return gemv_algorithm::fused;
  if (name == "automatic") return gemv_algorithm::automatic;
  throw invalid_argument("kamp::rns::parse_gemv_algorithm", "name", name, "must be split, fused or automatic");
}

}  // namespace kamp::rns

#pragma once
// The options of the iterative solvers (solvers/jor.hpp, solvers/vpbicgstab.hpp), apart from
// their kernels: a command-line parser fills them without Kokkos or the BLAS.
#include <cstdint>

namespace kamp::solvers {

struct jor_options {
  int sweeps = 5;
  double omega = 0.5;
  double inner_tolerance = 0;  // 0: always `sweeps` sweeps
};

struct vpbicgstab_options {
  double tolerance = 1e-12;  // on both the recurrence and the final true residual
  std::int64_t max_iterations = 1000;
  std::int64_t true_residual_every = 10;  // 0: only at the end
  bool precondition = true;               // false: plain Bi-CGSTAB
  jor_options inner;
};

}  // namespace kamp::solvers

#pragma once
// Dense test problems for GESV (Mukunoki and Takahashi's last slide, experiment E7 and the solver tests), the
// same on every machine for a seed (core::random_source and correctly rounded arithmetic only).
//
// random_problem: entries of A and b uniform in [-1, 1), as the slides' dlarnv inputs.
// ill_conditioned_problem: A = Q_L diag(sigma) Q_R^T with sigma_i = condition^(-i/(n-1)),
//   geometric from 1 to 1/condition (so cond_2(A) = condition), formed in dd_real: Q = H B, B a
//   butterfly of Givens rotations with random angles (ceil(log2 n) layers pairing i with i + 2^l)
//   and H a Householder reflector with a random vector. A few reflectors alone would leave A a
//   diagonal matrix plus a low-rank term, which partial pivoting solves accurately whatever
//   sigma (its rows and columns are graded like sigma); the butterfly makes every entry nonzero
//   in O(n^2 log n). The rotations' cosines and sines are doubles with c^2 + s^2 = 1 + O(2^-53),
//   which scales each singular value by 1 + O(2^-53) per layer, so the condition number holds to
//   about 1e-14 relative; the entries' dd roundings (a few 1e-32 each) move sigma_n = 1/condition
//   by about sqrt(n) log2(n) 1e-32, under 1e-11 relative for n <= 4096 up to condition 1e17.
//   b is uniform in [-1, 1).
// A is held in dd_real (exact in dd_real and every expansion; rounded in double), b in double.
#include <cstdint>
#include <string>
#include <vector>

#include "multi_double/dd_format.hpp"
#include "multi_double/double_format.hpp"
#include "formats/matrix.hpp"

namespace kamp::solvers {

struct dense_problem {
  std::string name;  // "random" or "cond_1e+12"
  std::int64_t n = 0;
  double condition = 0;                  // the prescribed cond_2(A); 0 for a random matrix
  std::vector<multi_double::dd_real> a;  // n x n, column-major
  std::vector<double> b;
};

// kamp::invalid_argument naming "n" for n < 1, "condition" for a condition number below 1 or
// not finite.
dense_problem random_problem(std::int64_t n, std::uint64_t seed);
dense_problem ill_conditioned_problem(std::int64_t n, double condition, std::uint64_t seed);

// v in the format: exact for dd_real and the expansions, rounded to nearest for double.
template <class Format>
value_type_t<Format> from_dd(const multi_double::dd_real& v) {
  using traits = format_traits<Format>;
  const auto c = traits::template context<Kokkos::HostSpace>();
  return traits::add(c, traits::from_double(c, v.hi), traits::from_double(c, v.lo));
}

// The problem's A and b in the format, in the memory space.
template <class Format, class MemorySpace>
matrix<Format, MemorySpace> matrix_of(const dense_problem& p) {
  std::vector<value_type_t<Format>> values;
  values.reserve(p.a.size());
  for (const auto& v : p.a) values.push_back(from_dd<Format>(v));
  matrix<Format, MemorySpace> A(p.n, p.n, "kamp::solvers::problem::A");
  copy_from_host(A.values, values);
  return A;
}

template <class Format, class MemorySpace>
array_t<Format, MemorySpace> rhs_of(const dense_problem& p) {
  std::vector<value_type_t<Format>> values;
  for (double v : p.b) values.push_back(from_dd<Format>(multi_double::dd_real(v)));
  array_t<Format, MemorySpace> b(p.b.size(), "kamp::solvers::problem::b");
  copy_from_host(b, values);
  return b;
}

}  // namespace kamp::solvers

#pragma once
// The inner "rough solve" of seed 003's VPBi-CGSTAB: Jacobi over-relaxation in double,
//   z <- z + omega D^-1 (v - A z),  z_0 = 0,
// for a fixed number of sweeps, or until ||v - A z||_2 <= inner_tolerance ||v||_2 when that is
// positive (the sweeps are then the upper limit). Each sweep is one SpMV-like kernel over rows.
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>

#include "sparse/csr_matrix.hpp"

namespace kamp::solvers {

struct jor_options {
  int sweeps = 5;
  double omega = 0.5;
  double inner_tolerance = 0;  // 0: always `sweeps` sweeps
};

namespace detail {

// CUDA lambdas cannot live in constructors or private members: the kernels are free functions.
template <class ExecSpace, class Vector>
void inverse_diagonal(const ExecSpace& exec, const sparse::csr_matrix<typename ExecSpace::memory_space>& a,
                      const Vector& d) {
  Kokkos::parallel_for(
      "kamp::solvers::jor::diagonal", Kokkos::RangePolicy<ExecSpace>(exec, 0, a.rows()), KOKKOS_LAMBDA(std::int64_t i) {
        double diagonal = 0;
        for (std::int64_t p = a.row_begin(i); p < a.row_end(i); ++p) {
          if (a.col(p) == i) diagonal = a.value(p);
        }
        d(i) = diagonal != 0 ? 1 / diagonal : 0;  // a zero diagonal leaves its unknown at 0
      });
}

// next = z + omega D^-1 (v - A z), residual = v - A z.
template <class ExecSpace, class Vector>
void jor_sweep(const ExecSpace& exec, const sparse::csr_matrix<typename ExecSpace::memory_space>& a, const Vector& d,
               double omega, const Vector& v, const Vector& z, const Vector& next, const Vector& residual) {
  Kokkos::parallel_for(
      "kamp::solvers::jor::sweep", Kokkos::RangePolicy<ExecSpace>(exec, 0, a.rows()), KOKKOS_LAMBDA(std::int64_t i) {
        double az = 0;
        for (std::int64_t p = a.row_begin(i); p < a.row_end(i); ++p) az += a.value(p) * z(a.col(p));
        residual(i) = v(i) - az;
        next(i) = z(i) + omega * d(i) * residual(i);
      });
}

template <class ExecSpace, class Vector>
double dot(const ExecSpace& exec, const Vector& x, const Vector& y) {
  double s = 0;
  Kokkos::parallel_reduce(
      "kamp::solvers::jor::dot", Kokkos::RangePolicy<ExecSpace>(exec, 0, x.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i, double& acc) { acc += x(i) * y(i); }, s);
  return s;
}

}  // namespace detail

template <class ExecSpace>
class jor {
 public:
  using memory = typename ExecSpace::memory_space;
  using vector = Kokkos::View<double*, memory>;

  jor(const sparse::csr_matrix<memory>& A, const jor_options& options)
      : A_(A),
        options_(options),
        inverse_diagonal_("kamp::solvers::jor::inverse_diagonal", A.rows()),
        next_("kamp::solvers::jor::next", A.rows()),
        residual_("kamp::solvers::jor::residual", A.rows()) {
    detail::inverse_diagonal(ExecSpace(), A_, inverse_diagonal_);
  }

  // z approximates A^-1 v; returns the sweeps done.
  int solve(const ExecSpace& exec, const vector& v, const vector& z) {
    Kokkos::deep_copy(exec, z, 0.0);
    const double v_norm = options_.inner_tolerance > 0 ? std::sqrt(detail::dot(exec, v, v)) : 0;
    for (int sweep = 0; sweep < options_.sweeps; ++sweep) {
      detail::jor_sweep(exec, A_, inverse_diagonal_, options_.omega, v, z, next_, residual_);
      Kokkos::deep_copy(exec, z, next_);
      if (options_.inner_tolerance > 0 &&
          std::sqrt(detail::dot(exec, residual_, residual_)) <= options_.inner_tolerance * v_norm) {
        return sweep + 1;  // the residual of the sweep's starting z was small enough
      }
    }
    return options_.sweeps;
  }

 private:
  sparse::csr_matrix<memory> A_;
  jor_options options_;
  vector inverse_diagonal_, next_, residual_;
};

}  // namespace kamp::solvers

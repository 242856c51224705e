#pragma once
// The inner "rough solve" of the VPBi-CGSTAB paper's solver: Jacobi over-relaxation in double,
//   z <- z + omega D^-1 (v - A z),  z_0 = 0,
// for a fixed number of sweeps, or until ||v - A z||_2 <= inner_tolerance ||v||_2 when that is
// positive (the sweeps are then the upper limit). The first sweep is omega D^-1 v (A z_0 = 0);
// each later one is one SpMV-like kernel over the rows, with the halo of z exchanged while the
// interior rows are swept on a distributed matrix. The result does not depend on the number of
// ranks (each row's sum is the one-rank chain); with an inner tolerance, the norms are summed
// in rank order (parallel/rank_order_sum.hpp).
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdint>
#include <utility>

#include "core/argument_range.hpp"
#include "multi_double/double_format.hpp"
#include "formats/value_array.hpp"
#include "parallel/rank_order_sum.hpp"
#include "solvers/solver_options.hpp"
#include "sparse/distributed_matrix.hpp"
#include "sparse/halo.hpp"
#include "sparse/spmv.hpp"

namespace kamp::solvers {

namespace detail {

template <class MemorySpace>
using double_array = value_array<double, double, MemorySpace>;

// CUDA lambdas cannot live in constructors or private members: the kernels are free functions.
template <class ExecSpace>
void inverse_diagonal(const ExecSpace& exec, const sparse::distributed_matrix<typename ExecSpace::memory_space>& a,
                      const Kokkos::View<double*, typename ExecSpace::memory_space>& d) {
  const auto A = a.local();
  const std::int64_t below = a.below();
  Kokkos::parallel_for(
      "kamp::solvers::jor::diagonal", Kokkos::RangePolicy<ExecSpace>(exec, 0, A.rows()), KOKKOS_LAMBDA(std::int64_t i) {
        double diagonal = 0;
        for (std::int64_t p = A.row_begin(i); p < A.row_end(i); ++p) {
          if (A.col(p) == below + i) diagonal = A.value(p);
        }
        d(i) = diagonal != 0 ? 1 / diagonal : 0;  // a zero diagonal leaves its unknown at 0
      });
}

// z_1 = omega D^-1 v.
template <class ExecSpace, class Vector>
void jor_first_sweep(const ExecSpace& exec, const Vector& d, double omega, const Vector& v, const Vector& z) {
  Kokkos::parallel_for(
      "kamp::solvers::jor::first_sweep", core::range(exec, v.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) { z(i) = omega * d(i) * v(i); });
}

// next = z + omega D^-1 (v - A z) on `rows`; residual = v - A z there when it is allocated.
// Rows are read as in the SpMV (sparse::detail::reduce_rows: lanes per row on a GPU).
template <class ExecSpace, class Vector, class Z>
void jor_sweep(const ExecSpace& exec, const sparse::csr_matrix<typename ExecSpace::memory_space>& A, const Vector& d,
               double omega, const Vector& v, const Z& z, const Vector& next, const Vector& residual,
               const sparse::row_set<typename ExecSpace::memory_space>& rows) {
  const bool keep_residual = residual.extent(0) > 0;
  const std::int64_t below = z.below;
  sparse::detail::reduce_rows<ExecSpace, double>(
      "kamp::solvers::jor::sweep", exec, A, rows,
      KOKKOS_LAMBDA(double a, std::int32_t col, double acc) { return acc + a * z.load(col); },
      KOKKOS_LAMBDA(std::int64_t i, double az) {
        const double r = v(i) - az;
        if (keep_residual) residual(i) = r;
        next(i) = z.load(below + i) + omega * d(i) * r;
      });
}

template <class ExecSpace, class Vector>
double squared_norm(const ExecSpace& exec, const Vector& x) {
  double s = 0;
  Kokkos::parallel_reduce(
      "kamp::solvers::jor::squared_norm", Kokkos::RangePolicy<ExecSpace>(exec, 0, x.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i, double& acc) { acc += x(i) * x(i); }, s);
  return s;
}

}  // namespace detail

template <class ExecSpace>
class jor {
 public:
  using memory = typename ExecSpace::memory_space;
  using vector = Kokkos::View<double*, memory>;

  jor(const sparse::distributed_matrix<memory>& A, const jor_options& options)
      : A_(A),
        options_(options),
        inverse_diagonal_("kamp::solvers::jor::inverse_diagonal", A.owned_rows()),
        next_("kamp::solvers::jor::next", A.owned_rows()),
        residual_("kamp::solvers::jor::residual", options.inner_tolerance > 0 ? A.owned_rows() : 0),
        halo_(A) {
    detail::inverse_diagonal(ExecSpace(), A_, inverse_diagonal_);
  }

  // z approximates A^-1 v (this rank's rows of both); returns the sweeps done. Collective.
  int solve(const ExecSpace& exec, const vector& v, const vector& z) {
    const bool adaptive = options_.inner_tolerance > 0;
    const double v_norm = adaptive ? global_norm(exec, v) : 0;
    // Ping-pong between z and next_, the first sweep landing where the last one ends in z.
    vector current = options_.sweeps % 2 == 1 ? z : next_, other = options_.sweeps % 2 == 1 ? next_ : z;
    detail::jor_first_sweep(exec, inverse_diagonal_, options_.omega, v, current);
    if (adaptive && v_norm == 0) return finish(exec, current, z, 1);
    for (int sweep = 1; sweep < options_.sweeps; ++sweep) {
      sweep_once(exec, v, current, other);
      std::swap(current, other);
      if (adaptive && global_norm(exec, residual_) <= options_.inner_tolerance * v_norm) {
        return finish(exec, current, z, sweep + 1);  // the residual of the sweep's starting z was small enough
      }
    }
    return finish(exec, current, z, options_.sweeps);
  }

 private:
  void sweep_once(const ExecSpace& exec, const vector& v, const vector& z, const vector& next) {
    detail::double_array<memory> zs;
    zs.values = z;
    const auto ext = sparse::extended(A_, zs, halo_);
    sparse::for_rows_with_halo(exec, A_, zs, halo_, [&](const sparse::row_set<memory>& rows) {
      detail::jor_sweep(exec, A_.local(), inverse_diagonal_, options_.omega, v, ext, next, residual_, rows);
    });
  }

  double global_norm(const ExecSpace& exec, const vector& x) const {
    return std::sqrt(parallel::sum_in_rank_order<double>(A_.comm(), detail::squared_norm(exec, x)));
  }

  static int finish(const ExecSpace& exec, const vector& current, const vector& z, int sweeps) {
    if (current.data() != z.data()) Kokkos::deep_copy(exec, z, current);
    return sweeps;
  }

  sparse::distributed_matrix<memory> A_;
  jor_options options_;
  vector inverse_diagonal_, next_, residual_;
  sparse::halo_buffer<double, memory> halo_;
};

}  // namespace kamp::solvers

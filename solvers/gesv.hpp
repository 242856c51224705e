#pragma once
// Mixed-precision GESV (Mukunoki and Takahashi, last slide): A x = b with A and b in a working
// format F (dd_real, qd_real or any format of blas::multi_double_arithmetic_formats) by iterative
// refinement on the vendor's LU (solvers/vendor_lu.hpp) of A rounded to double or float:
//
//   factor fl(A) = P L U in the LU precision;  x_0 = (LU)^-1 fl(b), widened to F
//   for k = 0, 1, ...:
//     r_k = b - A x_k in F (kamp::blas::gemv);  eta_k = ||r_k|| / (||A|| ||x_k||)
//     stop, converged,        if eta_k <= u
//     stop at x_k,            if k = options.max_iterations (k corrections applied)
//     d_k = (LU)^-1 fl(r_k) in the LU precision
//     stop at x_k,            if k >= 1 and ||d_k|| > ||d_{k-1}|| / 2   (d_k is not applied)
//     x_{k+1} = x_k + d_k in F
//     stop, converged,        if ||d_k|| <= u ||x_k||
//
// with infinity norms and u = format_traits<F>::unit_roundoff(). A run that stops at x_k has
// converged when eta_k <= sqrt(n) u (LAPACK dsgesv's backward-error test, in F), and otherwise
// reports max_iterations or stagnated: never a solution that is not one. Such an x solves
// (A + dA) x = b with ||dA|| <= sqrt(n) u ||A|| up to the residual's own rounding (gamma_{n+2},
// blas/gemv.hpp), so its forward error is at most about cond(A) sqrt(n) u. The tighter first test
// (eta_k <= u) lets corrections continue while they still pay: stopping at sqrt(n) u would leave
// ill-conditioned problems a forward error far above the direct dd LU's (E7). The halving test is
// the contraction test: refinement contracts by the spectral radius of I - (LU)^-1 A per step (at
// most about cond(A) u_LU, often far less), so a correction that does not halve means either F's
// limiting accuracy (eta at its floor: converged) or an LU that cannot resolve A (stagnated). A NaN
// or Inf in A, b, a residual or a correction stops with not_a_number. Residuals are rounded to the
// LU precision after scaling by a power of two (solvers/gesv_kernels.hpp), so a qd residual of
// 1e-60 does not underflow in float.
//
// Checks, before anything is written (kamp::invalid_argument naming the argument): A square, b
// and x of A's order, options.max_iterations >= 0. A whose rounding to the LU precision has a
// zero pivot raises kamp::invalid_argument naming "A" and the pivot (x untouched). x must not be
// b (b is read at every step). On return x holds the last iterate and the call has fenced.
#include <Kokkos_Core.hpp>
#include <mpfr.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <string>

#include "blas/gemv.hpp"
#include "core/error.hpp"
#include "formats/matrix.hpp"
#include "solvers/gesv_kernels.hpp"
#include "solvers/gesv_result.hpp"
#include "solvers/vector_ops.hpp"
#include "solvers/vendor_lu.hpp"

namespace kamp::solvers {

enum class lu_precision { double_precision, single_precision };

inline std::string to_string(lu_precision p) { return p == lu_precision::double_precision ? "double" : "float"; }

struct gesv_options {
  lu_precision lu = lu_precision::double_precision;
  std::int64_t max_iterations = 30;  // corrections; LAPACK dsgesv's ITERMAX
};

namespace detail {

template <class Real, class ExecSpace, class Format, class MemorySpace>
gesv_result refine(const ExecSpace& exec, const matrix<Format, MemorySpace>& A, const array_t<Format, MemorySpace>& b,
                   const array_t<Format, MemorySpace>& x, const gesv_options& options) {
  using lu = typename vendor_lu<ExecSpace>::type;
  using traits = format_traits<Format>;
  const int n = static_cast<int>(A.rows);
  gesv_result result;
  const auto finish = [&](gesv_status status) {
    result.status = status;
    result.converged = status == gesv_status::converged;
    return result;
  };
  if (n == 0) return finish(gesv_status::converged);

  const double a_norm = detail::infinity_norm(exec, A), b_norm = detail::max_magnitude(exec, b);
  if (!std::isfinite(b_norm) || !std::isfinite(a_norm)) return finish(gesv_status::not_a_number);

  // The vendor runs on Kokkos' default stream, which `exec` need not be: fence around its calls.
  Kokkos::View<Real*, MemorySpace> factors("kamp::solvers::gesv::lu", static_cast<std::size_t>(n) * n),
      d("kamp::solvers::gesv::d", n);
  Kokkos::View<int*, MemorySpace> pivots("kamp::solvers::gesv::pivots", n);
  detail::round_matrix<Real>(exec, A, factors);
  exec.fence();
  try {
    lu::getrf(n, factors.data(), n, pivots.data());
  } catch (const invalid_argument& e) {
    throw invalid_argument("kamp::solvers::gesv", "A", e.value() + " once rounded to " + to_string(options.lu),
                           "must be nonsingular in the LU's precision");
  }
  // d <- (LU)^-1 fl(v 2^-e) with 2^-e bringing ||v|| to [1, 2); returns e (d / 2^-e solves A d = v).
  const auto solve = [&](const array_t<Format, MemorySpace>& v, double v_norm) {
    const int e = std::ilogb(v_norm);
    detail::round_scaled<Real>(exec, v, std::ldexp(1.0, -e), d);
    exec.fence();
    lu::getrs(n, factors.data(), n, pivots.data(), d.data());
    Kokkos::fence();
    return e;
  };

  const double u = mpfr_get_d(traits::unit_roundoff().get(), MPFR_RNDU);
  if (b_norm == 0) {
    Kokkos::parallel_for(
        "kamp::solvers::gesv::zero", Kokkos::RangePolicy<ExecSpace>(exec, 0, x.size()),
        KOKKOS_LAMBDA(std::int64_t i) { x.store(static_cast<std::size_t>(i), traits::zero()); });
    exec.fence();
    result.backward_errors.push_back(0);
    return finish(gesv_status::converged);
  }
  detail::add_scaled(exec, d, std::ldexp(1.0, solve(b, b_norm)), x, true);

  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const auto one = traits::from_double(ctx, 1.0), minus_one = traits::from_double(ctx, -1.0);
  const array_t<Format, MemorySpace> r(static_cast<std::size_t>(n), "kamp::solvers::gesv::r");
  double previous = 0;
  for (std::int64_t k = 0;; ++k) {
    detail::copy(exec, b, r);
    blas::gemv(exec, 'N', minus_one, A, x, one, r);
    const double r_norm = detail::max_magnitude(exec, r), x_norm = detail::max_magnitude(exec, x);
    const double eta = r_norm == 0 ? 0 : r_norm / (a_norm * x_norm);
    result.backward_errors.push_back(eta);
    if (!std::isfinite(eta)) return finish(gesv_status::not_a_number);
    if (eta <= u) return finish(gesv_status::converged);
    const bool backward_stable = eta <= std::sqrt(static_cast<double>(n)) * u;
    if (k == options.max_iterations)
      return finish(backward_stable ? gesv_status::converged : gesv_status::max_iterations);
    const int e = solve(r, r_norm);
    const double d_norm = std::ldexp(detail::max_magnitude(exec, d), e);
    result.correction_norms.push_back(d_norm / x_norm);
    if (!std::isfinite(d_norm)) return finish(gesv_status::not_a_number);
    if (k >= 1 && d_norm > previous / 2)
      return finish(backward_stable ? gesv_status::converged : gesv_status::stagnated);
    detail::add_scaled(exec, d, std::ldexp(1.0, e), x, false);
    ++result.iterations;
    if (d_norm <= u * x_norm) {
      exec.fence();
      return finish(gesv_status::converged);
    }
    previous = d_norm;
  }
}

}  // namespace detail

template <class ExecSpace, class Format, class MemorySpace>
gesv_result gesv(const ExecSpace& exec, const matrix<Format, MemorySpace>& A, const array_t<Format, MemorySpace>& b,
                 const array_t<Format, MemorySpace>& x, const gesv_options& options = {}) {
  static_assert(vendor_lu<ExecSpace>::available,
                "kamp::solvers::gesv needs a vendor LU on this execution space (solvers/vendor_lu.hpp)");
  require_space_memory<ExecSpace, MemorySpace>();
  const char* fn = "kamp::solvers::gesv";
  require_argument(A.rows == A.cols, fn, "A", std::to_string(A.rows) + " x " + std::to_string(A.cols),
                   "must be square");
  require_argument(A.rows <= INT_MAX, fn, "A", std::to_string(A.rows) + " x " + std::to_string(A.cols),
                   "must have at most INT_MAX rows (the vendor LU's index type)");
  const std::string order = std::to_string(A.rows);
  require_argument(static_cast<std::int64_t>(b.size()) == A.rows, fn, "b", std::to_string(b.size()) + " elements",
                   "must have the matrix's " + order + " rows");
  require_argument(static_cast<std::int64_t>(x.size()) == A.rows, fn, "x", std::to_string(x.size()) + " elements",
                   "must have the matrix's " + order + " rows");
  require_argument(options.max_iterations >= 0, fn, "options.max_iterations", options.max_iterations, "must be >= 0");
  if (options.lu == lu_precision::single_precision) return detail::refine<float>(exec, A, b, x, options);
  return detail::refine<double>(exec, A, b, x, options);
}

}  // namespace kamp::solvers

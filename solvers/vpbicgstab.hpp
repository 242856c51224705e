#pragma once
// The VPBi-CGSTAB paper's variable-preconditioned Bi-CGSTAB (its Fig. 1) with the outer loop in any format F
// and the inner "rough solves" A z = p and A w = t by JOR in double (solvers/jor.hpp):
//
//   r_0 = b - A x_0, p_0 = r0* = r_0
//   until ||r_k||_2 / ||b||_2 <= tolerance:
//     z_k ~ A^-1 p_k (inner);  alpha_k = (r0*, r_k) / (r0*, A z_k);  t_k = r_k - alpha_k A z_k
//     w_k ~ A^-1 t_k (inner);  gamma_k = (A w_k, t_k) / (A w_k, A w_k)
//     x_{k+1} = x_k + alpha_k z_k + gamma_k w_k;  r_{k+1} = t_k - gamma_k A w_k
//     beta_k = (alpha_k / gamma_k) (r0*, r_{k+1}) / (r0*, r_k);  p_{k+1} = r_{k+1} + beta_k (p_k - gamma_k A z_k)
//
// With options.precondition = false the inner solves are z = p and w = t: plain Bi-CGSTAB in F
// (F = double gives the double-precision solver). Vectors, dot products and SpMV are in F through
// the BLAS and sparse layers; the quotients are formed in MPFR and rounded once to F. A z and A w
// read z and w as the inner solve leaves them, in double (F holds them exactly): the products are
// exact, and the multi-double formats round each row's sum once (sparse/spmv.hpp). A zero
// denominator or a non-finite scalar stops the solver with the breakdown as its status and the
// iteration where it happened; x then holds the last iterate. The true residual
// ||b - A x_k|| / ||b|| is recomputed every options.true_residual_every iterations and at the end.
// The solver stops when the recurrence residual meets the tolerance, but reports `converged`
// only when the true residual recomputed then meets it too; otherwise
// `converged_recurrence_only` (solvers/solver_result.hpp): in double, a tolerance of 1e-30 is
// met by the recurrence while the true residual stays near 1e-15.
//
// On a distributed matrix (sparse/distributed_matrix.hpp) every rank passes its rows of b and x
// and the call is collective. SpMV and the inner solves give bitwise the one-rank values; the
// dot products are this rank's partial sums added in rank order (parallel/rank_order_sum.hpp),
// so every rank sees the same scalars and takes the same decisions, and the iterates differ
// from the one-rank run only by the roundings of those P - 1 additions per dot product.
//
// The vector updates and the dot products they feed run as four fused steps
// (solvers/vp_steps.hpp), bitwise the BLAS calls they replace; they read z and w as the inner
// solve leaves them, in double (without the preconditioner: p and t themselves), so neither is
// copied into the format. An iteration waits for three
// global sums, the fewest Bi-CGSTAB allows: (r0, A z); (A w, t), (A w, A w) and t's norm; (r0, r)
// and r's norm. t's norm is formed with A w's products, so the test of t against the tolerance
// comes after the second inner solve and SpMV, which the iteration that meets it computes in vain;
// x, the iteration count and the status are those of testing it first.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>

#include "blas/level1.hpp"
#include "core/error.hpp"
#include "solvers/jor.hpp"
#include "solvers/solver_options.hpp"
#include "solvers/solver_result.hpp"
#include "parallel/rank_order_sum.hpp"
#include "solvers/vector_ops.hpp"
#include "solvers/vp_steps.hpp"
#include "sparse/distributed_matrix.hpp"
#include "sparse/spmv.hpp"

namespace kamp::solvers {

template <class ExecSpace, class Array, class Format = typename Array::format>
solver_result vpbicgstab(const ExecSpace& exec, const sparse::distributed_matrix<typename Array::memory_space>& A,
                         const Array& b, const Array& x, const vpbicgstab_options& options = {}) {
  using memory = typename Array::memory_space;
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  require_space_memory<ExecSpace, memory>();
  const char* fn = "kamp::solvers::vpbicgstab";
  require_argument(static_cast<std::int64_t>(b.size()) == A.owned_rows(), fn, "b",
                   std::to_string(b.size()) + " elements", "must have the matrix's rows on this rank");
  require_argument(static_cast<std::int64_t>(x.size()) == A.owned_rows(), fn, "x",
                   std::to_string(x.size()) + " elements", "must have the matrix's rows on this rank");
  require_argument(options.tolerance > 0, fn, "options.tolerance", options.tolerance, "must be positive");
  require_argument(options.max_iterations >= 0, fn, "options.max_iterations", options.max_iterations, "must be >= 0");
  require_argument(options.inner.sweeps >= 1, fn, "options.inner.sweeps", options.inner.sweeps, "must be >= 1");

  const auto called = std::chrono::steady_clock::now();
  const std::size_t n = b.size();
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const value one = traits::from_double(ctx, 1.0), minus_one = traits::from_double(ctx, -1.0);
  const value zero = traits::zero();
  // z and w in the format only where the steps are BLAS calls over them.
  const std::size_t rough_n = options.precondition && !detail::fused_vp_steps<Format> ? n : 0;
  Array r(n, "kamp::solvers::r"), r0(n, "kamp::solvers::r0"), p(n, "kamp::solvers::p"), z(rough_n, "kamp::solvers::z"),
      az(n, "kamp::solvers::Az"), t(n, "kamp::solvers::t"), w(rough_n, "kamp::solvers::w"), aw(n, "kamp::solvers::Aw");
  // The inner solve's right-hand side in double, formed by the vector step before it.
  const detail::inner_vector<memory> inner_in("kamp::solvers::inner_in", options.precondition ? n : 0);
  const detail::inner_vector<memory> inner_out("kamp::solvers::inner_out", options.precondition ? n : 0);
  jor<ExecSpace> inner(A, options.inner);
  const sparse::halo_buffer<value, memory> halo(A);
  const sparse::halo_buffer<double, memory> inner_halo =
      options.precondition ? sparse::halo_buffer<double, memory>(A) : sparse::halo_buffer<double, memory>();
  const auto spmv = [&](const value& alpha, const Array& in, const value& beta, const Array& out) {
    sparse::spmv(exec, alpha, A, in, beta, out, halo);
  };
  // out = A v, v the inner solve's result for the right-hand side rhs (in double while
  // preconditioned; rhs itself without).
  const auto spmv_of_rough = [&](const Array& rhs, const Array& out) {
    if (!options.precondition) return spmv(one, rhs, zero, out);
    sparse::spmv(exec, one, A, inner_out, zero, out, inner_halo);
  };
  detail::blas_workspace<Array> workspace;  // the BLAS calls' arrays, for formats with kernels of their own
  const auto global = [&](const auto& local_sums) { return parallel::sum_in_rank_order<Format>(A.comm(), local_sums); };
  const auto dot = [&](const Array& u, const Array& v) { return global(blas::dot(exec, u, v, &workspace)); };
  // inner_out ~ A^-1 rhs, the inner solve reading inner_in (= double(rhs)), and in `as_format`
  // too for the BLAS calls; rhs itself without the preconditioner.
  const auto rough_solve = [&](const Array& as_format) {
    if (!options.precondition) return;
    inner.solve(exec, inner_in, inner_out);
    if constexpr (!detail::fused_vp_steps<Format>) detail::from_double(exec, inner_out, as_format);
  };
  // step(v) with v the last rough solve's result as the vector steps read it.
  const auto with_rough = [&](const Array& rhs, const Array& as_format, const auto& step) {
    if (!options.precondition) return step(rhs);
    if constexpr (detail::fused_vp_steps<Format>)
      return step(inner_out);
    else
      return step(as_format);
  };
  const double b_norm = detail::host_sqrt<Format>(dot(b, b));
  const auto relative_of = [&](const value& squared_norm) {
    const double norm = detail::host_sqrt<Format>(squared_norm);
    return b_norm > 0 ? norm / b_norm : norm;
  };
  const auto true_residual = [&]() {  // uses t as scratch
    detail::copy(exec, b, t);
    spmv(minus_one, x, one, t);
    return relative_of(dot(t, t));
  };

  solver_result result;
  exec.fence();
  result.setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - called).count();
  detail::copy(exec, b, r);
  spmv(minus_one, x, one, r);  // r_0 = b - A x_0
  detail::copy(exec, r, r0);
  detail::copy(exec, r, p);
  if (options.precondition) detail::to_double(exec, p, inner_in);
  value rho = dot(r0, r);
  result.relative_residual = relative_of(dot(r, r));
  result.history.push_back({0, result.relative_residual, true_residual()});
  std::chrono::steady_clock::time_point iterating{};
  const auto stop = [&](solver_status status) {
    if (iterating != std::chrono::steady_clock::time_point{}) {
      exec.fence();
      result.iteration_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - iterating).count();
    }
    if (result.history.back().iteration != result.iterations || result.history.back().true_residual < 0) {
      result.history.push_back({result.iterations, result.relative_residual, true_residual()});
    }
    result.true_residual = result.history.back().true_residual;
    // The same on every rank: the true residual's norm is summed in rank order.
    const bool reached = result.true_residual <= options.tolerance;
    result.status = status == solver_status::converged && !reached ? solver_status::converged_recurrence_only : status;
    return result;
  };
  if (result.relative_residual <= options.tolerance) return stop(solver_status::converged);

  iterating = std::chrono::steady_clock::now();  // the queue is empty: the true residual waited for its sum
  for (std::int64_t k = 0; k < options.max_iterations; ++k) {
    if (detail::is_zero<Format>(rho)) return stop(solver_status::breakdown_rho);
    rough_solve(z);
    spmv_of_rough(p, az);
    const value r0_az = dot(r0, az);
    if (detail::is_zero<Format>(r0_az)) return stop(solver_status::breakdown_alpha);
    const value alpha = detail::quotient<Format>(rho, one, r0_az, one);
    if (!detail::is_finite<Format>(alpha)) return stop(solver_status::not_a_number);
    // t = r - alpha A z
    with_rough(p, z, [&](const auto& zk) {
      detail::t_step(exec, alpha, detail::negated<Format>(alpha), r, az, zk, x, t, inner_in, &workspace);
    });
    rough_solve(w);
    spmv_of_rough(t, aw);
    const auto [aw_t, aw_aw, t_t] = global(detail::aw_dots(exec, aw, t, &workspace));
    result.iterations = k + 1;
    result.relative_residual = relative_of(t_t);
    if (result.relative_residual <= options.tolerance) {  // x + alpha z already solves it
      detail::copy(exec, t, r);
      return stop(solver_status::converged);
    }
    if (detail::is_zero<Format>(aw_aw) || detail::is_zero<Format>(aw_t)) return stop(solver_status::breakdown_omega);
    const value gamma = detail::quotient<Format>(aw_t, one, aw_aw, one);
    if (!detail::is_finite<Format>(gamma)) return stop(solver_status::not_a_number);
    const value minus_gamma = detail::negated<Format>(gamma);
    // x += gamma w, r = t - gamma A w
    const auto [rho_next, r_r] = global(with_rough(t, w, [&](const auto& wk) {
      return detail::r_step(exec, gamma, minus_gamma, t, aw, wk, x, r0, r, &workspace);
    }));
    const value beta = detail::quotient<Format>(alpha, rho_next, gamma, rho);
    if (!detail::is_finite<Format>(beta)) return stop(solver_status::not_a_number);
    rho = rho_next;
    detail::p_step(exec, beta, minus_gamma, r, az, p, inner_in, &workspace);  // p = r + beta (p - gamma A z)
    result.relative_residual = relative_of(r_r);
    if (!std::isfinite(result.relative_residual)) return stop(solver_status::not_a_number);
    const bool check = options.true_residual_every > 0 && result.iterations % options.true_residual_every == 0;
    result.history.push_back({result.iterations, result.relative_residual, check ? true_residual() : -1.0});
    if (result.relative_residual <= options.tolerance) return stop(solver_status::converged);
  }
  return stop(solver_status::max_iterations);
}

// One rank: the matrix as it is.
template <class ExecSpace, class Array, class Format = typename Array::format>
solver_result vpbicgstab(const ExecSpace& exec, const sparse::csr_matrix<typename Array::memory_space>& A,
                         const Array& b, const Array& x, const vpbicgstab_options& options = {}) {
  require_argument(A.rows() == A.cols(), "kamp::solvers::vpbicgstab", "A",
                   std::to_string(A.rows()) + " x " + std::to_string(A.cols()), "must be square");
  return vpbicgstab(exec, sparse::distributed_matrix<typename Array::memory_space>(A), b, x, options);
}

}  // namespace kamp::solvers

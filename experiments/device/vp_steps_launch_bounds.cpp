// The VP iteration's fused vector steps (solvers/vp_steps.hpp: t_step, aw_dots, r_step, p_step)
// for dd_real and qd_real at E11's size (1,736,028 unknowns), operands from a hash, full-precision
// scalars; median of five runs of ten launches, with a hash of the results' bits: the one-off
// measurement behind experiments/comparisons/vp_steps_launch_bounds_h200.csv; no CMake target.
// Each variant is one binary built by hand like spmv_row_launch_bounds.cpp (-DAB_NAME=<variant>),
// with -I to a copy of core/argument_range.hpp in which core::range and core::value_range both
// give a RangePolicy under Kokkos::LaunchBounds<AB_RANGE_BOUNDS> (-DAB_RANGE_BOUNDS=T,B; undefined:
// Kokkos' default), so the steps' kernels and the deterministic sums' levels run under it (the
// measurement predates value_range: its copy changed core::range alone).
#include <cstdio>

#include "dd/dd_format.hpp"
#include "experiments/device/bench_values.hpp"
#include "experiments/timing.hpp"
#include "solvers/vp_steps.hpp"

using namespace kamp;
#define AB_STR2(x) #x
#define AB_STR(x) AB_STR2(x)

template <class F>
void run(const char* name, std::int64_t n) {
  using traits = format_traits<F>;
  using V = value_type_t<F>;
  using exec_space = Kokkos::Cuda;
  const exec_space exec;
  const auto r = filled<F, exec_space>(n, 1, "r"), az = filled<F, exec_space>(n, 2, "az");
  const auto x = filled<F, exec_space>(n, 3, "x"), t = filled<F, exec_space>(n, 4, "t");
  const auto p = filled<F, exec_space>(n, 5, "p"), r0 = filled<F, exec_space>(n, 6, "r0");
  const auto rr = filled<F, exec_space>(n, 7, "rr");
  const Kokkos::View<double*, Kokkos::CudaSpace> z("z", n), inner("inner", n);
  Kokkos::parallel_for(
      "z", Kokkos::RangePolicy<exec_space>(0, n),
      KOKKOS_LAMBDA(std::int64_t i) { z(i) = 1.0 / (1.0 + static_cast<double>(i % 977)) - 0.25; });
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const V one = traits::from_double(ctx, 1.0);
  const V third = solvers::detail::quotient<F>(one, one, traits::from_double(ctx, 3.0), one);
  const V minus_third = solvers::detail::negated<F>(third);
  const V seventh = solvers::detail::quotient<F>(one, one, traits::from_double(ctx, 7.0), one);
  const auto time_of = [&](const auto& launch) {
    return experiments::median_milliseconds([&] { for (int k = 0; k < 10; ++k) launch(); }, 5) / 10;
  };
  const double t_ms = time_of([&] { solvers::detail::t_step(exec, third, minus_third, r, az, z, x, t, inner); });
  const double aw_ms = time_of([&] { solvers::detail::aw_dots(exec, az, t); });
  const double r_ms = time_of([&] { solvers::detail::r_step(exec, third, minus_third, t, az, z, x, r0, rr); });
  const double p_ms = time_of([&] { solvers::detail::p_step(exec, seventh, minus_third, rr, az, p, inner); });
  // The bits: one more of each step from fresh operands, then t, x, r, p and the sums.
  bits_hash hash;
  const auto x2 = filled<F, exec_space>(n, 3, "x2"), p2 = filled<F, exec_space>(n, 5, "p2");
  solvers::detail::t_step(exec, third, minus_third, r, az, z, x2, t, inner);
  const auto aw = solvers::detail::aw_dots(exec, az, t);
  const auto rs = solvers::detail::r_step(exec, third, minus_third, t, az, z, x2, r0, rr);
  solvers::detail::p_step(exec, seventh, minus_third, rr, az, p2, inner);
  for (const auto* a : {&t, &x2, &rr, &p2})
    for (const V& v : on_host<F>(*a, n)) hash.add(&v, sizeof v);
  for (const V& v : aw) hash.add(&v, sizeof v);
  for (const V& v : rs) hash.add(&v, sizeof v);
  std::printf("%s,%s,%.4f,%.4f,%.4f,%.4f,%016llx\n", AB_STR(AB_NAME), name, t_ms, aw_ms, r_ms, p_ms, hash.value);
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  for (int rep = 0; rep < 2; ++rep) {
    run<dd::dd_real>("dd_real", 1736028);
    run<dd::qd_real>("qd_real", 1736028);
  }
  return 0;
}

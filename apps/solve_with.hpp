#pragma once
// The body of solve_with<Format> (apps/solve_problem.hpp), instantiated once per format in its
// own translation unit (solve_<format>.cpp) to keep device builds short.
#include <Kokkos_Core.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <type_traits>

#include "apps/solve_problem.hpp"
#include "harness/kernel_profiler.hpp"
#include "blas/format_list.hpp"
#include "solvers/vpbicgstab.hpp"
#include "sparse/distributed_matrix.hpp"

namespace kamp::apps {

namespace detail {

inline double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

template <class Space, class Format>
solve_report solve_on(const solve_problem& problem, const solve_settings& settings,
                      const std::shared_ptr<const parallel::timed_communicator>& comm) {
  using memory = typename Space::memory_space;
  using traits = format_traits<Format>;
  const int me = comm->rank();
  const std::int64_t first = problem.blocks.begin(me), last = problem.blocks.end(me);
  solve_report report;
  const auto setup = std::chrono::steady_clock::now();
  const sparse::distributed_matrix<memory> A(sparse::row_slice(problem.matrix, first, last), problem.blocks, comm,
                                             sparse::default_row_storage<memory>(), settings.halo);
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  std::vector<value_type_t<Format>> b_host, x_host(static_cast<std::size_t>(last - first), traits::zero());
  for (std::int64_t i = first; i < last; ++i)
    b_host.push_back(traits::from_double(ctx, problem.rhs[static_cast<std::size_t>(i)]));
  array_t<Format, memory> b(b_host.size(), "kamp_solve::b"), x(x_host.size(), "kamp_solve::x");
  copy_from_host(b, b_host);
  copy_from_host(x, x_host);
  Kokkos::fence();
  report.setup_seconds = since(setup);
  report.ghosts = A.ghosts();
  report.halo = A.halo_transport();

  std::optional<harness::kernel_profiler> profiler;
  // With the halo's staging copies, and NVTX ranges named by the labels under ncu or nsys.
  if (settings.profile) profiler.emplace(harness::kernel_profiler_options{/*deep_copies=*/true, /*named_ranges=*/true});
  comm->reset();
  const auto solve = std::chrono::steady_clock::now();
  report.result = solvers::vpbicgstab(Space(), A, b, x, settings.solver);
  Kokkos::fence();
  report.solve_seconds = since(solve);
  report.communication_seconds = comm->seconds();
  if (profiler) report.kernel_table = profiler->format();
  return report;
}

}  // namespace detail

template <class Format>
solve_report solve_with(const solve_problem& problem, const solve_settings& settings,
                        const std::shared_ptr<const parallel::timed_communicator>& comm) {
  if (settings.space == "host")
    return detail::solve_on<Kokkos::DefaultHostExecutionSpace, Format>(problem, settings, comm);
  return detail::solve_on<Kokkos::DefaultExecutionSpace, Format>(problem, settings, comm);
}

}  // namespace kamp::apps

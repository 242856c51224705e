// kamp_gemm: the distributed GEMM from the command line (apps/gemm_settings.cpp lists the
// options), on one process or under mpirun, one GPU per node-local rank in CUDA builds.
// C <- alpha A B (beta = 0, E13's operation) on generated operands; rank 0 prints a CSV row
// per repetition and checks sampled outputs against MPFR (gamma_(k+2) |alpha| |A| |B|, the
// single-process FMA kernel's bound, which the Ozaki scheme's default 104 bits lies within).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "apps/gemm_operands.hpp"
#include "apps/gemm_settings.hpp"
#include "apps/mpi_main.hpp"
#include "core/error_bounds.hpp"
#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "distributed_blas/gemm.hpp"
#include "blas/format_list.hpp"

namespace kamp::apps {
namespace {

constexpr std::uint64_t seed_a = 1, seed_b = 2, seed_alpha = 3;

// The largest |C_ij - exact| / (gamma_(k+2) |alpha| sum_l |A_il B_lj|) over `count` sampled
// outputs (a collective: each owner reads its samples, every rank checks its share).
template <class Format, class MemorySpace>
double sampled_error_over_bound(const distributed_blas::block_matrix<Format, MemorySpace>& C,
                                const value_type_t<Format>& alpha, int count) {
  using traits = format_traits<Format>;
  const auto& comm = *C.grid.comm;
  const std::int64_t n = C.rows;
  core::random_source rng(7);
  std::vector<std::int64_t> at;
  for (int s = 0; s < count; ++s) at.push_back(rng.integer(0, n - 1) + rng.integer(0, n - 1) * n);
  // Each rank reads the samples in its block; the sum over ranks of (value, owned) picks them.
  const auto mine = C.owned();
  Kokkos::View<value_type_t<Format>*, MemorySpace> picked("kamp_gemm::samples", static_cast<std::size_t>(count));
  Kokkos::View<std::int64_t*, Kokkos::HostSpace> local("kamp_gemm::sample_index", static_cast<std::size_t>(count));
  for (int s = 0; s < count; ++s) {
    const std::int64_t i = at[s] % n, j = at[s] / n;
    const bool owned = i >= mine.rows.first && i < mine.rows.last && j >= mine.cols.first && j < mine.cols.last;
    local(s) = owned ? (i - mine.rows.first) + (j - mine.cols.first) * C.local.ld : -1;
  }
  const auto index = Kokkos::create_mirror_view_and_copy(MemorySpace(), local);
  const auto values = C.local.values;
  Kokkos::parallel_for(
      "kamp_gemm::read_samples", Kokkos::RangePolicy<typename MemorySpace::execution_space>(0, count),
      KOKKOS_LAMBDA(const int s) {
        if (index(s) >= 0) picked(s) = values.load(static_cast<std::size_t>(index(s)));
      });
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), picked);
  std::vector<value_type_t<Format>> all(static_cast<std::size_t>(count) * comm.size());
  comm.allgather(host.data(), all.data(), sizeof(value_type_t<Format>) * static_cast<std::size_t>(count));
  // Every rank checks samples s = rank, rank + P, ...; the largest ratio is gathered.
  const auto context = traits::template context<Kokkos::HostSpace>();
  const mpfr_prec_t bits = 8 * traits::precision + 512;
  const core::mpfr_value a = traits::to_mpfr(alpha);
  const core::mpfr_value gamma = core::product_error_factor(n, traits::unit_roundoff());
  double worst = 0;
  for (int s = comm.rank(); s < count; s += comm.size()) {
    const std::int64_t i = at[s] % n, j = at[s] / n;
    // The owner of (i, j): the rank whose block holds it.
    int owner = 0;
    for (int r = 0; r < comm.size(); ++r) {
      const auto b = C.block(r / C.grid.cols, r % C.grid.cols);
      if (i >= b.rows.first && i < b.rows.last && j >= b.cols.first && j < b.cols.last) owner = r;
    }
    const auto got = traits::to_mpfr(all[static_cast<std::size_t>(owner) * count + s]);
    core::mpfr_value exact(bits), scale(bits), t(bits);
    for (std::int64_t l = 0; l < n; ++l) {
      const auto x = traits::to_mpfr(generated_value<Format>(context, seed_a, i, l));
      const auto y = traits::to_mpfr(generated_value<Format>(context, seed_b, l, j));
      mpfr_mul(t.get(), x.get(), y.get(), MPFR_RNDN);  // exact at these bits
      mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      mpfr_add(scale.get(), scale.get(), t.get(), MPFR_RNDU);
    }
    mpfr_mul(exact.get(), exact.get(), a.get(), MPFR_RNDN);
    mpfr_mul(scale.get(), scale.get(), a.get(), MPFR_RNDU);
    mpfr_abs(scale.get(), scale.get(), MPFR_RNDU);
    mpfr_mul(scale.get(), scale.get(), gamma.get(), MPFR_RNDU);
    mpfr_sub(t.get(), got.get(), exact.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDU);
    const double ratio = mpfr_zero_p(scale.get()) ? (mpfr_zero_p(t.get()) ? 0.0 : 1e300)
                                                  : mpfr_get_d(t.get(), MPFR_RNDU) / mpfr_get_d(scale.get(), MPFR_RNDD);
    worst = std::max(worst, ratio);
  }
  const auto ratios = comm.allgather_value(worst);
  return *std::max_element(ratios.begin(), ratios.end());
}

template <class T>
T largest(const parallel::communicator& comm, T mine) {
  const auto all = comm.allgather_value(mine);
  return *std::max_element(all.begin(), all.end());
}

template <class Format, class ExecSpace>
int run_format(const gemm_settings& s, std::shared_ptr<const parallel::communicator> comm) {
  using memory = typename ExecSpace::memory_space;
  using clock = std::chrono::steady_clock;
  const ExecSpace exec;
  const auto grid = s.grid_rows > 0 ? distributed_blas::make_process_grid(comm, s.grid_rows, s.grid_cols)
                                    : distributed_blas::make_process_grid(comm);
  const std::int64_t n = s.size;
  distributed_blas::block_matrix<Format, memory> A(grid, n, n, "kamp_gemm::A"), B(grid, n, n, "kamp_gemm::B"),
      C(grid, n, n, "kamp_gemm::C");
  fill_generated(exec, A, seed_a);
  fill_generated(exec, B, seed_b);
  exec.fence();
  const auto host_context = format_traits<Format>::template context<Kokkos::HostSpace>();
  const value_type_t<Format> alpha = generated_value<Format>(host_context, seed_alpha, 0, 0);
  const value_type_t<Format> zero = format_traits<Format>::from_double(host_context, 0.0);
  distributed_blas::gemm_options opts;
  opts.engine = s.engine == "ozaki" ? distributed_blas::product_engine::ozaki : distributed_blas::product_engine::fma;
  opts.panel_bytes = s.panel_bytes;
  opts.host_staged = s.host_staged;
  const double flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  const std::string space = ExecSpace::name();
  if (comm->rank() == 0)
    std::printf(
        "kind,ranks,grid,format,engine,space,transport,n,repeat,seconds,tflops,gather_seconds,multiply_seconds,"
        "bytes_received,panels,panel_width,moduli,sampled_error_over_bound\n");
  double worst = 0;
  auto row = [&](const char* kind, const char* transport, int repeat, double seconds, double gather, double multiply,
                 double bytes, int panels, std::int64_t width, int moduli, double error) {
    if (comm->rank() != 0) return;
    std::printf("%s,%d,%dx%d,%s,%s,%s,%s,%lld,%d,%.6f,%.4f,%.6f,%.6f,%.6g,%d,%lld,%d,%.4g\n", kind, comm->size(),
                grid.rows, grid.cols, format_traits<Format>::name().c_str(), s.engine.c_str(), space.c_str(), transport,
                static_cast<long long>(n), repeat, seconds, flops / seconds * 1e-12, gather, multiply, bytes, panels,
                static_cast<long long>(width), moduli, error);
    std::fflush(stdout);
  };
  for (int repeat = 0; repeat < s.repeat; ++repeat) {
    comm->allgather_value(0);  // start together
    const auto start = clock::now();
    const auto report = distributed_blas::gemm(exec, 'N', 'N', alpha, A, B, zero, C, opts);
    exec.fence();
    const double seconds = largest(*comm, std::chrono::duration<double>(clock::now() - start).count());
    const double error = repeat == 0 && s.check > 0 ? sampled_error_over_bound(C, alpha, s.check) : -1;
    worst = std::max(worst, error);
    const int moduli = report.ozaki.empty() ? 0 : report.ozaki.front().moduli;
    row("distributed", parallel::to_string(report.panels_moved), repeat, seconds, largest(*comm, report.gather_seconds),
        largest(*comm, report.multiply_seconds), largest(*comm, static_cast<double>(report.bytes_received)),
        report.panels, report.panel_width, moduli, error);
  }
  if (comm->size() == 1) {  // the single-process GEMM on the same arrays, no gathers
    const auto& a = A.local.values;
    for (int repeat = 0; repeat < s.repeat; ++repeat) {
      const auto start = clock::now();
      int moduli = 0;
      if constexpr (blas::ozaki::scheme_format<Format>::supported) {
        if (s.engine == "ozaki")
          moduli =
              blas::gemm_ozaki(exec, 'N', 'N', n, n, n, alpha, a, n, B.local.values, n, zero, C.local.values, n).moduli;
      }
      if (s.engine == "fma")
        blas::gemm(exec, 'N', 'N', n, n, n, alpha, a, n, B.local.values, n, zero, C.local.values, n);
      exec.fence();
      const double seconds = std::chrono::duration<double>(clock::now() - start).count();
      const double error = repeat == 0 && s.check > 0 ? sampled_error_over_bound(C, alpha, s.check) : -1;
      worst = std::max(worst, error);
      row("single", "none", repeat, seconds, 0, seconds, 0, 1, n, moduli, error);
    }
  }
  if (comm->rank() == 0 && s.check > 0)
    std::printf("kamp_gemm_result: within_bound=%s largest_error_over_bound=%.4g\n", worst <= 1 ? "yes" : "no", worst);
  return worst <= 1 ? 0 : 2;
}

template <class ExecSpace>
int run_space(const gemm_settings& s, std::shared_ptr<const parallel::communicator> comm) {
  if (s.format == "double") return run_format<double, ExecSpace>(s, std::move(comm));
  if (s.format == "qd") return run_format<multi_double::qd_real, ExecSpace>(s, std::move(comm));
  return run_format<multi_double::dd_real, ExecSpace>(s, std::move(comm));
}

int run(const std::vector<std::string>& args, std::shared_ptr<const parallel::communicator> comm) {
  const gemm_settings settings = parse_gemm_settings(args);
  if (settings.help) {
    if (comm->rank() == 0) std::cout << gemm_usage();
    return 0;
  }
  if (settings.space == "host") return run_space<Kokkos::DefaultHostExecutionSpace>(settings, std::move(comm));
  return run_space<Kokkos::DefaultExecutionSpace>(settings, std::move(comm));
}

}  // namespace
}  // namespace kamp::apps

int main(int argc, char** argv) {
  return kamp::apps::mpi_main(
      argc, argv, "kamp_gemm",
      [](const std::vector<std::string>& args, std::shared_ptr<const kamp::parallel::communicator> comm) {
        return kamp::apps::run(args, std::move(comm));
      });
}

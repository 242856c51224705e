// E13 (issue 13): the double-double GEMM by the Ozaki scheme II (blas/gemm_ozaki.hpp) beside
// kamp's FMA kernel (blas::gemm) and the vendor's double GEMM, C <- alpha A B (NN, square n x
// n, beta = 0). Rows per n:
//   ozaki_b104  the scheme at its default 104 bits (within the FMA kernel's bound): time,
//               GDDFlop/s (2 n^3 / time), the moduli it chose, the time shares of its stages
//               (analyse: exponent scans and choices; residues; products: the residue GEMMs;
//               combine: reconstruction), and the error of 16 sampled outputs against MPFR as a
//               fraction of the scheme's bound (error_bound.hpp) and of the FMA kernel's
//               gamma_{n+2} |alpha| |A| |B|;
//   ozaki_b53   the scheme at 53 bits (about a double GEMM's accuracy), fewer moduli;
//   fma         the FMA kernel (up to n = 8192 on the GPU, 1024 on the host);
//   vendor      cuBLAS or OpenBLAS DGEMM on doubles.
// Data: "well_scaled": uniform in [-1, 1) with a full second word (106 random bits), the FMA
// kernel's E5 operands; "wide_32": the same times 2^U(-16, 16) per element, a harder, labelled
// workload whose exponent spread costs moduli.
#include <cmath>

#include "blas/gemm.hpp"
#include "blas/gemm_ozaki.hpp"
#include "blas/ozaki/error_bound.hpp"
#include "blas/vendor_blas.hpp"
#include "core/error_bounds.hpp"
#include "core/random.hpp"
#include "dd/dd_format.hpp"
#include "experiments/experiment.hpp"
#include "experiments/timing.hpp"

namespace kamp::experiments {

namespace {

using dd::dd_real;

template <class Space>
using dd_array = array_t<dd_real, typename Space::memory_space>;

dd_real full_value(core::random_source& rng, int spread) {
  const double hi = rng.uniform(), lo = std::ldexp(rng.uniform(), -53) * std::abs(hi);
  const dd_real x = dd::add(dd_real(hi), dd_real(lo));
  if (spread == 0) return x;
  const int e = static_cast<int>(rng.integer(-spread / 2, spread / 2));
  return dd_real(std::ldexp(x.hi, e), std::ldexp(x.lo, e));
}

template <class Space>
struct operands {
  std::vector<dd_real> a, b;
  dd_array<Space> A, B, C;
  dd_real alpha;
};

template <class Space>
operands<Space> make_operands(std::int64_t n, int spread, std::uint64_t seed) {
  core::random_source rng(seed);
  operands<Space> o;
  const auto cells = static_cast<std::size_t>(n * n);
  o.a.resize(cells);
  o.b.resize(cells);
  for (auto& v : o.a) v = full_value(rng, spread);
  for (auto& v : o.b) v = full_value(rng, spread);
  o.alpha = full_value(rng, 0);
  o.A = dd_array<Space>(cells, "E13_A");
  o.B = dd_array<Space>(cells, "E13_B");
  o.C = dd_array<Space>(cells, "E13_C");
  copy_from_host(o.A, o.a);
  copy_from_host(o.B, o.b);
  return o;
}

// The largest error of 16 sampled outputs over (a) the scheme's bound and (b) the FMA kernel's
// gamma_{n+2} |alpha| |A| |B|, and the largest relative error.
struct sampled_error {
  double relative = 0, over_scheme_bound = 0, over_fma_bound = 0;
};

template <class Space>
sampled_error sample_error(const operands<Space>& o, std::int64_t n, int bits) {
  const auto got = copy_to_host(o.C);
  const mpfr_prec_t precision = 512;
  const core::mpfr_value scheme = blas::ozaki::product_factor(bits);
  const core::mpfr_value fma = core::product_error_factor(n, format_traits<dd_real>::unit_roundoff());
  const core::mpfr_value alpha = dd::to_mpfr(o.alpha);
  sampled_error e;
  for (int s = 0; s < 16; ++s) {
    const std::int64_t i = (s * 7919) % n, j = (s * 104729 + 13) % n;
    core::mpfr_value exact(precision), magnitude(precision), t(precision);
    for (std::int64_t l = 0; l < n; ++l) {
      mpfr_mul(t.get(), dd::to_mpfr(o.a[static_cast<std::size_t>(i + l * n)]).get(),
               dd::to_mpfr(o.b[static_cast<std::size_t>(l + j * n)]).get(), MPFR_RNDN);
      mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDU);
    }
    mpfr_mul(exact.get(), exact.get(), alpha.get(), MPFR_RNDN);
    mpfr_mul(magnitude.get(), magnitude.get(), alpha.get(), MPFR_RNDU);
    mpfr_abs(magnitude.get(), magnitude.get(), MPFR_RNDU);
    mpfr_sub(t.get(), dd::to_mpfr(got[static_cast<std::size_t>(i + j * n)]).get(), exact.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDN);
    const double err = t.to_double();
    e.relative = std::max(e.relative, err / std::abs(exact.to_double()));
    mpfr_mul(t.get(), magnitude.get(), scheme.get(), MPFR_RNDU);
    e.over_scheme_bound = std::max(e.over_scheme_bound, err / t.to_double());
    mpfr_mul(t.get(), magnitude.get(), fma.get(), MPFR_RNDU);
    e.over_fma_bound = std::max(e.over_fma_bound, err / t.to_double());
  }
  return e;
}

template <class Space>
class e13_bench {
 public:
  explicit e13_bench(harness::results_table& table) : table_(table) {}

  void run(std::int64_t n, const std::string& data, int spread) {
    const bool gpu = !std::is_same<typename Space::memory_space, Kokkos::HostSpace>::value;
    const auto o = make_operands<Space>(n, spread, 1300 + static_cast<std::uint64_t>(n) + spread);
    const int reps = gpu ? (n >= 8192 ? 3 : 5) : (n >= 1024 ? 1 : 3);
    const double dd_flops = 2.0 * static_cast<double>(n) * n * n;
    for (const int bits : {104, 53}) ozaki_rows(o, n, data, bits, reps, dd_flops);
    if (spread == 0 && n <= (gpu ? 8192 : 1024)) {
      progress("E13", std::string(Space::name()) + ": fma n = " + std::to_string(n));
      const double ms = median_milliseconds(
          [&] { blas::gemm(Space(), 'N', 'N', n, n, n, o.alpha, o.A, n, o.B, n, dd_real(0.0), o.C, n); },
          n >= 4096 ? 1 : reps);
      add(row("fma", n, data, "time_ms", ms));
      add(row("fma", n, data, "gddflops", dd_flops / (ms * 1e-3) * 1e-9));
      const auto e = sample_error(o, n, 104);
      auto r = row("fma", n, data, "rel_error", e.relative);
      r.extra["error_over_fma_bound"] = std::to_string(e.over_fma_bound);
      add(r);
    }
    if (spread == 0) vendor_rows(n, reps);
  }

 private:
  void ozaki_rows(const operands<Space>& o, std::int64_t n, const std::string& data, int bits, int reps,
                  double dd_flops) {
    progress("E13", std::string(Space::name()) + ": ozaki bits " + std::to_string(bits) + " n = " + std::to_string(n));
    const std::string variant = "ozaki_b" + std::to_string(bits);
    blas::ozaki::gemm_plan<Space> plan;
    blas::ozaki::options opts;
    opts.bits = bits;
    blas::ozaki::report report;
    const double ms = median_milliseconds(
        [&] {
          report = blas::gemm_ozaki(Space(), 'N', 'N', n, n, n, o.alpha, o.A, n, o.B, n, dd_real(0.0), o.C, n, opts,
                                    &plan);
        },
        reps);
    auto tag = [&](harness::result_row r) {
      r.extra["moduli"] = std::to_string(report.moduli);
      r.extra["bits_a"] = std::to_string(report.bits_a);
      r.extra["bits_b"] = std::to_string(report.bits_b);
      r.extra["engine"] = report.engine;
      r.extra["scheme"] = report.scheme ? "yes" : "no: " + report.reason;
      return r;
    };
    add(tag(row(variant, n, data, "time_ms", ms)));
    add(tag(row(variant, n, data, "gddflops", dd_flops / (ms * 1e-3) * 1e-9)));
    const auto e = sample_error(o, n, bits);
    auto r = tag(row(variant, n, data, "rel_error", e.relative));
    r.extra["error_over_scheme_bound"] = std::to_string(e.over_scheme_bound);
    r.extra["error_over_fma_bound"] = std::to_string(e.over_fma_bound);
    add(r);
    if (!report.scheme) return;
    // The stages apart, each fenced: their median times and shares of their sum.
    const Space exec;
    const double analyse = median_milliseconds(
        [&] { plan.analyse(exec, false, false, n, n, n, o.A, n, o.B, n, opts); }, reps);
    const double residues = median_milliseconds([&] { plan.residues(exec); }, reps);
    const double products = median_milliseconds([&] { plan.products(exec); }, reps);
    const double combine = median_milliseconds(
        [&] { plan.combine(exec, o.alpha, dd_real(0.0), true, o.C, n); }, reps);
    const double sum = analyse + residues + products + combine;
    for (const auto& [stage, t] : {std::pair<const char*, double>{"analyse", analyse}, {"residues", residues},
                                   {"products", products}, {"combine", combine}}) {
      auto s = tag(row(variant + "_" + stage, n, data, "time_ms", t));
      add(s);
      add(tag(row(variant + "_" + stage, n, data, "time_share_pct", 100.0 * t / sum)));
    }
    // The residue GEMMs' integer rate: moduli x 2 n^3 operations.
    auto g = tag(row(variant + "_products", n, data, "gflops", report.moduli * dd_flops / (products * 1e-3) * 1e-9));
    add(g);
  }

  void vendor_rows(std::int64_t n, int reps) {
    using vendor = typename blas::vendor_double_blas<Space>::type;
    progress("E13", std::string(Space::name()) + ": " + vendor::name() + " dgemm n = " + std::to_string(n));
    const auto cells = static_cast<std::size_t>(n * n);
    Kokkos::View<double*, typename Space::memory_space> a("E13_da", cells), b("E13_db", cells), c("E13_dc", cells);
    Kokkos::deep_copy(a, 0.5);
    Kokkos::deep_copy(b, 0.25);
    const int ni = static_cast<int>(n);
    const double ms = median_milliseconds(
        [&] { vendor::gemm('N', 'N', ni, ni, ni, 1.0, a.data(), ni, b.data(), ni, 0.0, c.data(), ni); }, reps);
    add(row(vendor::name() + "_dgemm", n, "-", "time_ms", ms));
    add(row(vendor::name() + "_dgemm", n, "-", "gflops", 2.0 * static_cast<double>(n) * n * n / (ms * 1e-3) * 1e-9));
  }

  harness::result_row row(const std::string& variant, std::int64_t n, const std::string& data,
                          const std::string& metric, double value) {
    auto r = harness::result_row::of("E13", variant, variant.find("dgemm") != std::string::npos ? 53 : 106, n, n, metric,
                                      value);
    r.extra["data"] = data;
    r.extra["space"] = Space::name();
    return r;
  }
  void add(const harness::result_row& r) { table_.add(r); }

  harness::results_table& table_;
};

}  // namespace

harness::results_table run_e13_ozaki_gemm(const experiment_options& options) {
  harness::results_table table(harness::run_context::current(options.command),
                               "E13: double-double GEMM by the Ozaki scheme II (residue GEMMs on INT8 tensor cores / "
                               "OpenBLAS) vs the FMA kernel and the vendor's DGEMM (NN, beta = 0)");
  using Space = Kokkos::DefaultExecutionSpace;
  const bool gpu = !std::is_same<Space::memory_space, Kokkos::HostSpace>::value;
  const bool paper = options.size == problem_size::paper;
  e13_bench<Space> bench(table);
  std::vector<std::int64_t> sizes;
  if (gpu) sizes = paper ? std::vector<std::int64_t>{1024, 2048, 4096, 8192, 16384} : std::vector<std::int64_t>{1024, 2048};
  else sizes = paper ? std::vector<std::int64_t>{256, 512, 1024} : std::vector<std::int64_t>{128, 256};
  for (const auto n : sizes) bench.run(n, "well_scaled", 0);
  bench.run(gpu ? 4096 : 256, "wide_32", 32);
  return table;
}

}  // namespace kamp::experiments

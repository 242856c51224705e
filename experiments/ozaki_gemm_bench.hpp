#pragma once
// The Ozaki scheme GEMM bench shared by E13 (dd_real, double) and E14 (qd_real, expansion<8>,
// RNS): C <- alpha A B (NN, square n x n, beta = 0) by blas::gemm_ozaki beside the FMA kernel
// (blas::gemm) and the vendor's double GEMM, in one run. Rows per n:
//   ozaki_b<bits>   the scheme keeping <bits> bits of every input (ozaki_b<bits>_normwise: of
//                   each vector's largest element, options::bound): time, the rate (2 n^3 /
//                   time, in the format's operations), moduli and residue GEMMs (planes), the
//                   time shares of its stages (analyse: exponent scans and choices; residues;
//                   products: the residue GEMMs, and their integer rate in "gflops"; combine:
//                   reconstruction), and the error of 16 sampled outputs against MPFR as a
//                   fraction of the scheme's bound (blas/ozaki/error_bound.hpp: componentwise or
//                   normwise) and of the FMA kernel's gamma_{n+2} |alpha| |A| |B|;
//   fma             the FMA kernel (up to the bench's fma_max_n);
//   vendor          cuBLAS or OpenBLAS DGEMM on doubles.
// A variant whose operands or workspace the memory space cannot hold at n has one needs_bytes row
// there instead (status "does not fit", harness/does_not_fit.hpp), and the sweep goes on.
// Data: "well_scaled": uniform in [-1, 1) with every component of the format random (full
// significands), the FMA kernel's E5 operands; RNS: magnitudes in [1/2, 1) with random signs and q
// random bits, a pool of 1024 such values tiled over the matrix (the GEMV experiments' operands,
// format_kernels::random_operand); "wide_32": the same times 2^U(-16, 16) per element, a harder,
// labelled workload whose exponent spread costs moduli (multi-doubles).
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "blas/format_kernels.hpp"
#include "blas/gemm.hpp"
#include "blas/gemm_ozaki.hpp"
#include "blas/ozaki/error_bound.hpp"
#include "blas/vendor_blas.hpp"
#include "core/allocation.hpp"
#include "core/error_bounds.hpp"
#include "core/random.hpp"
#include "multi_double/dd_format.hpp"
#include "experiments/experiment.hpp"
#include "experiments/timing.hpp"
#include "harness/does_not_fit.hpp"
#include "rns/random_values.hpp"

namespace kamp::experiments::ozaki_bench {

// x 2^e, component by component (exact: the operands stay far from both ends of the range).
inline double scaled(double x, int e) { return std::ldexp(x, e); }
inline multi_double::dd_real scaled(const multi_double::dd_real& x, int e) {
  return multi_double::dd_real(std::ldexp(x.hi, e), std::ldexp(x.lo, e));
}
template <int N>
multi_double::expansion<N> scaled(multi_double::expansion<N> x, int e) {
  for (auto& c : x.c) c = std::ldexp(c, e);
  return x;
}

// Uniform in [-1, 1), each further component uniform in (-2^-53, 2^-53) times the one before: a
// full significand of the format, and the format's invariant (|c_(i+1)| < 2^-53 |c_i| < ulp(c_i))
// without the cost of its arithmetic (n^2 values on one host thread).
inline double full_value(core::random_source& rng, double) { return rng.uniform(); }
inline multi_double::dd_real full_value(core::random_source& rng, multi_double::dd_real) {
  const double hi = rng.uniform();
  return multi_double::dd_real(hi, std::ldexp(rng.uniform(), -53) * std::abs(hi));
}
template <int N>
multi_double::expansion<N> full_value(core::random_source& rng, multi_double::expansion<N>) {
  multi_double::expansion<N> x(rng.uniform());
  for (int i = 1; i < N; ++i) x.c[i] = std::ldexp(rng.uniform(), -53) * std::abs(x.c[i - 1]);
  return x;
}
template <class Value>
Value full_value(core::random_source& rng, int spread) {
  const Value x = full_value(rng, Value());
  if (spread == 0) return x;
  return scaled(x, static_cast<int>(rng.integer(-spread / 2, spread / 2)));
}

// The 16 sampled outputs (i, j) of the error check.
constexpr int samples = 16;
KOKKOS_INLINE_FUNCTION std::int64_t sample_row(int s, std::int64_t n) { return (s * 7919) % n; }
KOKKOS_INLINE_FUNCTION std::int64_t sample_column(int s, std::int64_t n) { return (s * 104729 + 13) % n; }

template <class Space, class Value>
struct operands {
  using array = array_t<Value, typename Space::memory_space>;
  array A, B, C;
  Value alpha;
  // Row sample_row(s) of A and column sample_column(s) of B, element l at s n + l.
  std::vector<Value> rows_a, columns_b;
};

template <class Value>
struct is_rns : std::false_type {};
template <int N>
struct is_rns<rns::mp_float<N>> : std::true_type {};

// `cells` values of the data class (RNS: spread 0 only). The device array comes first: a size that
// does not fit fails before the values are drawn on one host thread.
template <class Space, class Value>
array_t<Value, typename Space::memory_space> filled(std::int64_t cells, int spread, core::random_source& rng,
                                                    std::uint64_t seed) {
  if constexpr (is_rns<Value>::value) {
    return blas::format_kernels<Value>::template random_operand<Space>(cells, seed, 7, "ozaki_bench_operand");
  } else {
    array_t<Value, typename Space::memory_space> a(static_cast<std::size_t>(cells), "ozaki_bench_operand");
    std::vector<Value> host(static_cast<std::size_t>(cells));
    for (auto& v : host) v = full_value<Value>(rng, spread);
    copy_from_host(a, host);
    return a;
  }
}

// The sampled rows of A (rows) or columns of B, from the device.
template <class Space, class Value>
std::vector<Value> sampled(const array_t<Value, typename Space::memory_space>& a, std::int64_t n, bool rows) {
  const array_t<Value, typename Space::memory_space> out(static_cast<std::size_t>(samples * n), "ozaki_bench_samples");
  Kokkos::parallel_for(
      "ozaki_bench_samples", Kokkos::RangePolicy<Space>(0, samples * n), KOKKOS_LAMBDA(std::int64_t e) {
        const int s = static_cast<int>(e / n);
        const std::int64_t l = e % n;
        out.store(static_cast<std::size_t>(e),
                  a.load(static_cast<std::size_t>(rows ? sample_row(s, n) + l * n : l + sample_column(s, n) * n)));
      });
  Kokkos::fence();
  return copy_to_host(out);
}

// The sampled outputs C(sample_row(s), sample_column(s)), from the device (C itself may take
// tens of GB).
template <class Space, class Value>
std::vector<Value> sampled_outputs(const array_t<Value, typename Space::memory_space>& c, std::int64_t n) {
  const array_t<Value, typename Space::memory_space> out(static_cast<std::size_t>(samples), "ozaki_bench_outputs");
  Kokkos::parallel_for(
      "ozaki_bench_outputs", Kokkos::RangePolicy<Space>(0, samples), KOKKOS_LAMBDA(int s) {
        const std::int64_t at = sample_row(s, n) + sample_column(s, n) * n;
        out.store(static_cast<std::size_t>(s), c.load(static_cast<std::size_t>(at)));
      });
  Kokkos::fence();
  return copy_to_host(out);
}

template <class Space, class Value>
operands<Space, Value> make_operands(std::int64_t n, int spread, std::uint64_t seed) {
  core::random_source rng(seed);
  operands<Space, Value> o;
  const auto cells = static_cast<std::size_t>(n * n);
  o.A = filled<Space, Value>(n * n, spread, rng, seed);
  o.B = filled<Space, Value>(n * n, spread, rng, seed + 1);
  o.C = typename operands<Space, Value>::array(cells, "ozaki_bench_C");
  if constexpr (is_rns<Value>::value) {
    constexpr int N = format_traits<Value>::moduli, q = rns::basis_constants<N>::significand_bits;
    o.alpha = rns::random_mp_float<N>(rng, -q, -q);
  } else {
    o.alpha = full_value<Value>(rng, 0);
  }
  o.rows_a = sampled<Space, Value>(o.A, n, true);
  o.columns_b = sampled<Space, Value>(o.B, n, false);
  return o;
}

// A ratio in three significant digits (std::to_string's six decimals print the longer formats'
// ratios, 1e-7 and below, as 0).
inline std::string three_digits(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

// The largest error of 16 sampled outputs over (a) the scheme's bound at `bits` (componentwise, or
// normwise: |alpha| n max|a_i| max|b_j| for |alpha| (|A| |B|)_ij) and (b) the FMA kernel's
// gamma_{n+2} |alpha| |A| |B|, and the largest relative error.
struct sampled_error {
  double relative = 0, over_scheme_bound = 0, over_fma_bound = 0;
};

template <class Space, class Value>
sampled_error sample_error(const operands<Space, Value>& o, std::int64_t n, int bits,
                           blas::ozaki::accuracy bound = blas::ozaki::accuracy::componentwise) {
  using traits = format_traits<Value>;
  const auto got = sampled_outputs<Space, Value>(o.C, n);
  const mpfr_prec_t precision = 4 * traits::precision + 64;
  const bool normwise = bound == blas::ozaki::accuracy::normwise;
  const core::mpfr_value scheme =
      normwise ? blas::ozaki::normwise_product_factor<Value>(bits) : blas::ozaki::product_factor<Value>(bits);
  const core::mpfr_value fma = core::product_error_factor(n, traits::unit_roundoff());
  const core::mpfr_value alpha = traits::to_mpfr(o.alpha);
  sampled_error e;
  for (int s = 0; s < samples; ++s) {
    core::mpfr_value exact(precision), magnitude(precision), t(precision), largest_a(precision), largest_b(precision);
    for (std::int64_t l = 0; l < n; ++l) {
      const core::mpfr_value a = traits::to_mpfr(o.rows_a[static_cast<std::size_t>(s * n + l)]);
      const core::mpfr_value b = traits::to_mpfr(o.columns_b[static_cast<std::size_t>(s * n + l)]);
      mpfr_mul(t.get(), a.get(), b.get(), MPFR_RNDN);
      mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
      mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDU);
      mpfr_abs(t.get(), a.get(), MPFR_RNDU);
      mpfr_max(largest_a.get(), largest_a.get(), t.get(), MPFR_RNDU);
      mpfr_abs(t.get(), b.get(), MPFR_RNDU);
      mpfr_max(largest_b.get(), largest_b.get(), t.get(), MPFR_RNDU);
    }
    core::mpfr_value scheme_magnitude(precision);
    if (normwise) {
      mpfr_mul(scheme_magnitude.get(), largest_a.get(), largest_b.get(), MPFR_RNDU);
      mpfr_mul_ui(scheme_magnitude.get(), scheme_magnitude.get(), static_cast<unsigned long>(n), MPFR_RNDU);
      mpfr_mul(scheme_magnitude.get(), scheme_magnitude.get(), alpha.get(), MPFR_RNDU);
      mpfr_abs(scheme_magnitude.get(), scheme_magnitude.get(), MPFR_RNDU);
    }
    mpfr_mul(exact.get(), exact.get(), alpha.get(), MPFR_RNDN);
    mpfr_mul(magnitude.get(), magnitude.get(), alpha.get(), MPFR_RNDU);
    mpfr_abs(magnitude.get(), magnitude.get(), MPFR_RNDU);
    mpfr_sub(t.get(), traits::to_mpfr(got[static_cast<std::size_t>(s)]).get(), exact.get(), MPFR_RNDN);
    mpfr_abs(t.get(), t.get(), MPFR_RNDN);
    // Ratios taken in MPFR: the errors of qd_real and longer formats are below the double range's
    // comfortable part only after division.
    core::mpfr_value ratio(64);
    mpfr_div(ratio.get(), t.get(), exact.get(), MPFR_RNDU);
    e.relative = std::max(e.relative, std::abs(ratio.to_double()));
    core::mpfr_value allowed(precision);
    mpfr_mul(allowed.get(), normwise ? scheme_magnitude.get() : magnitude.get(), scheme.get(), MPFR_RNDU);
    mpfr_div(ratio.get(), t.get(), allowed.get(), MPFR_RNDU);
    e.over_scheme_bound = std::max(e.over_scheme_bound, ratio.to_double());
    mpfr_mul(allowed.get(), magnitude.get(), fma.get(), MPFR_RNDU);
    mpfr_div(ratio.get(), t.get(), allowed.get(), MPFR_RNDU);
    e.over_fma_bound = std::max(e.over_fma_bound, ratio.to_double());
  }
  return e;
}

// rate_metric names the rate of the format's operations ("gddflops" for E13, "gflops" for E14).
template <class Space, class Value>
class bench {
 public:
  bench(harness::results_table& table, std::string id, std::string rate_metric, std::int64_t fma_max_n)
      : table_(table), id_(std::move(id)), rate_metric_(std::move(rate_metric)), fma_max_n_(fma_max_n) {}

  // The scheme at each of `bits` (0: the format's default) and `bounds`, the FMA kernel up to
  // fma_max_n on well-scaled data; `vendor`: the vendor's DGEMM at n too. What the memory space
  // cannot hold becomes a needs_bytes row (harness/does_not_fit.hpp) and the rest goes on: operands
  // that do not fit, one for each variant planned at n; a scheme's workspace, for its variant.
  void run(std::int64_t n, const std::string& data, int spread, const std::vector<int>& bits, bool vendor,
           const std::vector<blas::ozaki::accuracy>& bounds = {blas::ozaki::accuracy::componentwise}) {
    const int reps = gpu ? (n >= 8192 ? 3 : 5) : (n >= 1024 ? 1 : 3);
    const bool fma = spread == 0 && n <= fma_max_n_;
    std::vector<harness::result_row> planned;
    for (const auto bound : bounds)
      for (const int b : bits) planned.push_back(point(ozaki_variant(b, bound), n, data));
    if (fma) planned.push_back(point("fma", n, data));
    std::optional<operands<Space, Value>> o;
    const auto allocate_operands = [&] {
      o.emplace(make_operands<Space, Value>(n, spread, 1300 + static_cast<std::uint64_t>(n) + spread));
    };
    if (harness::measured_or_does_not_fit(table_, planned, allocate_operands)) {
      for (const auto bound : bounds)
        for (const int b : bits)
          harness::measured_or_does_not_fit(table_, {point(ozaki_variant(b, bound), n, data)},
                                            [&] { ozaki_rows(*o, n, data, b, bound, reps); });
      if (fma) harness::measured_or_does_not_fit(table_, {point("fma", n, data)}, [&] { fma_rows(*o, n, data, reps); });
    }
    o.reset();  // the vendor's arrays may need the memory the operands held
    if (vendor)
      harness::measured_or_does_not_fit(table_, {vendor_row(n, "needs_bytes", 0)}, [&] { vendor_rows(n, reps); });
  }

 private:
  static constexpr bool gpu = !std::is_same<typename Space::memory_space, Kokkos::HostSpace>::value;

  static std::string name() { return format_traits<Value>::name(); }
  static double flops(std::int64_t n) { return 2.0 * static_cast<double>(n) * n * n; }
  static std::string ozaki_variant(int bits, blas::ozaki::accuracy bound) {
    const int kept = bits > 0 ? bits : blas::ozaki::scheme_format<Value>::default_bits;
    return "ozaki_b" + std::to_string(kept) + (bound == blas::ozaki::accuracy::normwise ? "_normwise" : "");
  }

  void fma_rows(const operands<Space, Value>& o, std::int64_t n, const std::string& data, int reps) {
    progress(id_, std::string(Space::name()) + ": " + name() + " fma n = " + std::to_string(n));
    const double ms = median_milliseconds(
        [&] { blas::gemm(Space(), 'N', 'N', n, n, n, o.alpha, o.A, n, o.B, n, format_traits<Value>::zero(), o.C, n); },
        n >= 1024 ? 1 : reps);
    add(row("fma", n, data, "time_ms", ms));
    add(row("fma", n, data, rate_metric_, flops(n) / (ms * 1e-3) * 1e-9));
    const auto e = sample_error(o, n, blas::ozaki::scheme_format<Value>::default_bits);
    auto r = row("fma", n, data, "rel_error", e.relative);
    r.extra["error_over_fma_bound"] = three_digits(e.over_fma_bound);
    add(r);
  }

  void ozaki_rows(const operands<Space, Value>& o, std::int64_t n, const std::string& data, int bits,
                  blas::ozaki::accuracy bound, int reps) {
    const bool normwise = bound == blas::ozaki::accuracy::normwise;
    progress(id_, std::string(Space::name()) + ": " + name() + " ozaki bits " + std::to_string(bits) +
                      (normwise ? " normwise" : "") + " n = " + std::to_string(n));
    blas::ozaki::gemm_plan<Space, Value> plan;
    blas::ozaki::options opts;
    opts.bits = bits;
    opts.bound = bound;
    blas::ozaki::report report;
    const double ms = median_milliseconds(
        [&] {
          report = blas::gemm_ozaki(Space(), 'N', 'N', n, n, n, o.alpha, o.A, n, o.B, n, format_traits<Value>::zero(),
                                    o.C, n, opts, &plan);
        },
        reps);
    const int kept = bits > 0 ? bits : blas::ozaki::scheme_format<Value>::default_bits;
    const std::string variant = ozaki_variant(bits, bound);
    auto tag = [&](harness::result_row r) {
      r.extra["moduli"] = std::to_string(report.moduli);
      r.extra["planes"] = std::to_string(report.planes);
      r.extra["bits_a"] = std::to_string(report.bits_a);
      r.extra["bits_b"] = std::to_string(report.bits_b);
      r.extra["column_blocks"] = std::to_string(report.column_blocks);
      r.extra["engine"] = report.engine;
      r.extra["scheme"] = report.scheme ? "yes" : "no: " + report.reason;
      return r;
    };
    add(tag(row(variant, n, data, "time_ms", ms)));
    add(tag(row(variant, n, data, rate_metric_, flops(n) / (ms * 1e-3) * 1e-9)));
    const auto e = sample_error(o, n, kept, bound);
    auto r = tag(row(variant, n, data, "rel_error", e.relative));
    r.extra["error_over_scheme_bound"] = three_digits(e.over_scheme_bound);
    r.extra["error_over_fma_bound"] = three_digits(e.over_fma_bound);
    add(r);
    if (!report.scheme || report.column_blocks > 1) return;
    // The stages apart, each fenced: their median times and shares of their sum.
    const Space exec;
    const double analyse =
        median_milliseconds([&] { plan.analyse(exec, false, false, n, n, n, o.A, n, o.B, n, opts); }, reps);
    const double residues = median_milliseconds([&] { plan.residues(exec); }, reps);
    const double products = median_milliseconds([&] { plan.products(exec); }, reps);
    const double combine =
        median_milliseconds([&] { plan.combine(exec, o.alpha, format_traits<Value>::zero(), true, o.C, n); }, reps);
    const double sum = analyse + residues + products + combine;
    for (const auto& [stage, t] : {std::pair<const char*, double>{"analyse", analyse},
                                   {"residues", residues},
                                   {"products", products},
                                   {"combine", combine}}) {
      add(tag(row(variant + "_" + stage, n, data, "time_ms", t)));
      add(tag(row(variant + "_" + stage, n, data, "time_share_pct", 100.0 * t / sum)));
    }
    // The residue GEMMs' integer rate: planes x 2 n^3 operations.
    add(tag(row(variant + "_products", n, data, "gflops", report.planes * flops(n) / (products * 1e-3) * 1e-9)));
  }

  void vendor_rows(std::int64_t n, int reps) {
    using vendor = typename blas::vendor_double_blas<Space>::type;
    progress(id_, std::string(Space::name()) + ": " + vendor::name() + " dgemm n = " + std::to_string(n));
    const auto cells = static_cast<std::size_t>(n * n);
    using view = Kokkos::View<double*, typename Space::memory_space>;
    const auto make = [&](const char* label) {
      return core::allocate<view>("kamp::experiments::ozaki_bench", label, core::initial_values::unset, cells);
    };
    const view a = make("ozaki_bench_da"), b = make("ozaki_bench_db"), c = make("ozaki_bench_dc");
    Kokkos::deep_copy(a, 0.5);
    Kokkos::deep_copy(b, 0.25);
    const int ni = static_cast<int>(n);
    const double ms = median_milliseconds(
        [&] { vendor::gemm('N', 'N', ni, ni, ni, 1.0, a.data(), ni, b.data(), ni, 0.0, c.data(), ni); }, reps);
    add(vendor_row(n, "time_ms", ms));
    add(vendor_row(n, "gflops", flops(n) / (ms * 1e-3) * 1e-9));
  }

  harness::result_row vendor_row(std::int64_t n, const std::string& metric, double value) const {
    using vendor = typename blas::vendor_double_blas<Space>::type;
    auto r = harness::result_row::of(id_, vendor::name() + "_dgemm", 53, n, n, metric, value);
    r.extra["data"] = "-";
    r.extra["space"] = Space::name();
    return r;
  }

  // The row a measurement of `variant` at (n, data) would add, for does_not_fit_row.
  harness::result_row point(const std::string& variant, std::int64_t n, const std::string& data) const {
    return row(variant, n, data, "needs_bytes", 0);
  }

  harness::result_row row(const std::string& variant, std::int64_t n, const std::string& data,
                          const std::string& metric, double value) const {
    auto r = harness::result_row::of(id_, variant, format_traits<Value>::precision, n, n, metric, value);
    r.extra["format"] = name();
    r.extra["data"] = data;
    r.extra["space"] = Space::name();
    return r;
  }
  void add(const harness::result_row& r) { table_.add(r); }

  harness::results_table& table_;
  std::string id_, rate_metric_;
  std::int64_t fma_max_n_;
};

}  // namespace kamp::experiments::ozaki_bench

#pragma once
// The measurements behind E5 and E6 (Mukunoki and Takahashi): AXPY, GEMV (N, T) and GEMM (NN) of any
// multi-double or RNS format through kamp::blas on one execution space, each set beside what
// the same run measured for the vendor's double routine (cuBLAS or OpenBLAS), the copy
// bandwidth, the DD peak model, QD with OpenMP (host, dd_real and qd_real, when QD is built in) and, at
// the headline sizes, the error of sampled outputs against MPFR.
//
// Flops are Mukunoki and Takahashi's: 2 DDFlop per multiply-add (AXPY 2n, GEMV 2n^2, GEMM 2n^3). The peak
// models are the slides' DD model, written for each multi-double format: the FP64 instruction
// rate (FMA lanes x clock, vector units only) times 2 flops per multiply-add over the FP64
// instructions one costs in kamp's arithmetic (madd_fp64_instructions; the slides count 20 for
// QD's sloppy dd addition). The special-value tests are not counted. The RNS formats compute in
// integers and have no such model (no pct_peak row). Bytes are those that must move: AXPY reads
// x and y and writes y; GEMV reads A and x and reads and writes y.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "blas/gemm.hpp"
#include "multi_double/expansion_traits.hpp"
#include "blas/gemv.hpp"
#include "blas/level1.hpp"
#include "blas/vendor_blas.hpp"
#include "core/allocation.hpp"
#include "core/error_bounds.hpp"
#include "core/random.hpp"
#include "multi_double/dd_format.hpp"
#include "multi_double/ds_format.hpp"
#include "experiments/experiment.hpp"
#include "harness/device_info.hpp"
#include "harness/does_not_fit.hpp"
#include "harness/results_table.hpp"
#include "experiments/timing.hpp"
#ifdef KAMP_ENABLE_QD
#include "experiments/qd_baselines.hpp"
#endif

namespace kamp::experiments {

// FP64 instructions per multiply-add, counted from the algorithms (multi_double/dd_arithmetic.hpp,
// multi_double/expansion.hpp); 0 where the format has no FP64 model.
template <class Format>
constexpr int madd_fp64_instructions() {
  if constexpr (std::is_same<Format, double>::value) {
    return 1;  // one FMA
  } else if constexpr (std::is_same<Format, multi_double::dd_real>::value ||
                       std::is_same<Format, multi_double::ds_soa>::value ||
                       std::is_same<Format, multi_double::ds_aos>::value) {
    return 29;  // DWTimesDW3 9 + AccurateDWPlusDW 20
  } else if constexpr (multi_double::expansion_components<Format>::value > 0) {
    // The fused multiply-add (multi_double::fma, multi_double/binned_cores.hpp): n (n + 1) / 2
    // TwoProds (2 each), the tail's n - 1 products and 2n - 1 additions, the bins' offsets, the
    // deposits (a FastTwoSum a bin, then 1 to add what the last bin leaves to rest) of the
    // product's terms and the addend's n components, the digits (rest into the last bin, 2 flops
    // for each bin's value and 5 for each carry) and n extractions of Compress over the digits (2
    // (used - 1) FastTwoSums each).
    constexpr int n = Format::size, fast_two_sum = 3;
    using bins = multi_double::detail::fma_bins_of<n>;
    auto deposit = [](int depth) { return (bins::last - bins::first_bin(depth) + 1) * fast_two_sum + 1; };
    int deposits =
        deposit(0) + deposit(53) + n * deposit(52 * (n - 1)) + deposit(52 * n - multi_double::detail::ceil_log2(2 * n));
    for (int d = 1; d <= n - 2; ++d) deposits += (d + 1) * (deposit(52 * d) + deposit(52 * d + 53));
    for (int k = 0; k < n; ++k) deposits += deposit(52 * k);
    const int digits = fast_two_sum + 2 * bins::count + 5 * bins::last;
    int extractions = 0;
    for (int used = bins::digit_count; used > bins::digit_count - n; --used)
      extractions += 2 * (used - 1) * fast_two_sum;
    return n * (n + 1) + (n - 1) + (2 * n - 1) + bins::count + deposits + digits + extractions;  // qd_real: 356
  } else {
    return 0;
  }
}

// FP64 instructions per multiply-add of the operation: qd_real's GEMV and GEMM rows sum their
// products on anchored levels (formats/product_sum_chain.hpp), 136 FP64 instructions a product and a
// carry pass of 20 every 4 (multi_double/anchored_level_sum.hpp); AXPY and every other format take the
// format's multiply-add.
template <class Format>
int op_madd_fp64_instructions(const std::string& op) {
  const bool chain = op.rfind("gemv", 0) == 0 || op.rfind("gemm", 0) == 0;
  if (chain && std::is_same<Format, multi_double::qd_real>::value) return 136 + 20 / 4;
  return madd_fp64_instructions<Format>();
}

// An operation of Mukunoki and Takahashi's at one size, with the slides' figures where they have one.
struct blas_operation {
  std::string name;  // "axpy", "gemv_N", "gemv_T", "gemm_NN"
  std::int64_t n = 0;
  std::optional<double> paper_gddflops, paper_pct_peak, paper_x_double;
};

template <class Space>
class multi_double_blas {
 public:
  multi_double_blas(harness::results_table& table, std::string id, int repetitions)
      : table_(table),
        id_(std::move(id)),
        repetitions_(repetitions),
        info_(harness::query_device_info<Space>()),
        copy_gbs_(harness::measure_stream_bandwidth_gbs<Space>(std::size_t(1) << 26)) {}

  // Format's peak model for op in G(format)Flop/s: 2 flops per multiply-add at the FP64 instruction rate.
  template <class Format>
  double peak_gflops(const blas_operation& op) const {
    return info_.peak_fp64_gflops() / op_madd_fp64_instructions<Format>(op.name);
  }

  // Times op for Format and adds its rows; with check_error, also the sampled error vs MPFR. A size
  // whose arrays the memory space cannot hold is a needs_bytes row (harness/does_not_fit.hpp).
  template <class Format>
  void run(const blas_operation& op, bool check_error) {
    harness::measured_or_does_not_fit(table_, {row<Format>(op, "needs_bytes", 0)},
                                      [&] { measure<Format>(op, check_error); });
  }

 private:
  using memory = typename Space::memory_space;
  static constexpr bool gpu = !std::is_same<memory, Kokkos::HostSpace>::value;

  template <class Format>
  void measure(const blas_operation& op, bool check_error) {
    using traits = format_traits<Format>;
    using value = value_type_t<Format>;
    const std::int64_t n = op.n;
    progress(id_, std::string(Space::name()) + ": " + traits::name() + " " + op.name + " n = " + std::to_string(n));
    const bool matrix = op.name != "axpy";
    const std::int64_t cells = matrix ? n * n : n;
    core::random_source rng(1000 + static_cast<std::uint64_t>(n));
    const auto alpha = full<Format>(rng), beta = full<Format>(rng);
    auto A = operand<Format>(rng, cells, "A");
    auto x = operand<Format>(rng, n, "x"), y = operand<Format>(rng, n, "y");
    std::optional<array_t<Format, memory>> B, C;
    double ms = 0;
    if (op.name == "axpy") {
      ms = median_milliseconds([&] { blas::axpy(Space(), n, alpha, A, 1, y, 1); }, repetitions_);
    } else if (op.name == "gemm_NN") {
      B = operand<Format>(rng, cells, "B");
      C = operand<Format>(rng, cells, "C");
      ms = median_milliseconds([&] { blas::gemm(Space(), 'N', 'N', n, n, n, alpha, A, n, *B, n, beta, *C, n); },
                               gemm_repetitions(n));
    } else {
      const char trans = op.name.back();
      ms = median_milliseconds([&] { blas::gemv(Space(), trans, n, n, alpha, A, n, x, 1, beta, y, 1); }, repetitions_);
    }
    const double madds = static_cast<double>(cells) * (op.name == "gemm_NN" ? static_cast<double>(n) : 1.0);
    const double bytes = op.name == "gemm_NN" ? 0.0 : stored_bytes<Format>(cells + 2 * n + (matrix ? n : 0));
    add_rows<Format>(op, ms, madds, bytes);
    if (check_error) {
      // AXPY: x was A's first n values; the check recomputes from the operands as stored.
      if (op.name == "axpy")
        error_rows<Format>(op, alpha, beta, A, A, y, true);
      else if (op.name == "gemm_NN")
        error_rows<Format>(op, alpha, beta, A, *B, *C, false);
      else
        error_rows<Format>(op, alpha, beta, A, x, y, false);
    }
  }

  // Uniform in [-1, 1) with a full second word: as many significant bits as the format holds
  // up to 106 (a double's worth for double). draw() takes the two words from rng.
  static void draw(core::random_source& rng, double& hi, double& lo) {
    hi = rng.uniform();
    lo = std::ldexp(rng.uniform(), -53) * std::abs(hi);
  }
  template <class Format>
  static value_type_t<Format> of_words(double hi, double lo) {
    using traits = format_traits<Format>;
    const auto c = traits::template context<Kokkos::HostSpace>();
    return traits::add(c, traits::from_double(c, hi), traits::from_double(c, lo));
  }
  template <class Format>
  static value_type_t<Format> full(core::random_source& rng) {
    double hi = 0, lo = 0;
    draw(rng, hi, lo);
    return of_words<Format>(hi, lo);
  }

  // A GEMM of seconds is timed fewer times: once on the host from n = 2048, three times on the
  // GPU from n = 4096 (the dd GEMM at 8192 takes seconds there too).
  int gemm_repetitions(std::int64_t n) const {
    if (!gpu) return n >= 2048 ? 1 : repetitions_;
    return n >= 4096 ? std::min(3, repetitions_) : repetitions_;
  }

  // count values of full<Format>'s class: the random doubles drawn in order (the values full()
  // gives one at a time), the conversions on the host's threads (a GEMV operand at n = 8192 is
  // 67 M values, and an RNS conversion is costly: drawn one by one, the RNS rows would take most of
  // E5's time). The device array comes first: a size that does not fit fails before the
  // draws.
  template <class Format>
  static array_t<Format, memory> operand(core::random_source& rng, std::int64_t count, const char* label) {
    const auto size = static_cast<std::size_t>(count);
    array_t<Format, memory> a(size, label);
    std::vector<double> hi(size), lo(size);
    for (std::size_t i = 0; i < size; ++i) draw(rng, hi[i], lo[i]);
    std::vector<value_type_t<Format>> values(size);
    Kokkos::parallel_for("kamp::experiments::operand", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, size),
                         [&](std::size_t i) { values[i] = of_words<Format>(hi[i], lo[i]); });
    Kokkos::fence();
    copy_from_host(a, values);
    return a;
  }

  template <class Format>
  static double stored_bytes(std::int64_t values) {
    // D+S keeps a double and a float (12 bytes) per value in both layouts.
    constexpr bool ds =
        std::is_same<Format, multi_double::ds_soa>::value || std::is_same<Format, multi_double::ds_aos>::value;
    return static_cast<double>(values) * (ds ? 12.0 : static_cast<double>(sizeof(value_type_t<Format>)));
  }

  // A row of Format's op (variant <format>_<op>).
  template <class Format>
  harness::result_row row(const blas_operation& op, const std::string& metric, double value) const {
    using traits = format_traits<Format>;
    auto r = harness::result_row::of(id_, traits::name() + "_" + op.name, traits::precision, op.n, op.n, metric, value);
    r.extra["space"] = Space::name();
    return r;
  }

  template <class Format>
  void add_rows(const blas_operation& op, double ms, double madds, double bytes) {
    using traits = format_traits<Format>;
    const std::string variant = traits::name() + "_" + op.name;
    const double gddflops = 2.0 * madds / (ms * 1e-3) * 1e-9;
    auto time = row<Format>(op, "time_ms", ms);
    const double vendor = vendor_ms(op);
    time.extra["vendor_double_ms"] = std::to_string(vendor);
    time.extra["x_vendor_double"] = std::to_string(ms / vendor);
    table_.add(time);
    const bool dd = std::is_same<Format, multi_double::dd_real>::value;
    auto flops = row<Format>(op, "gddflops", gddflops);
    if (dd && op.paper_gddflops) flops.paper = *op.paper_gddflops;
    table_.add(flops);
    if constexpr (madd_fp64_instructions<Format>() > 0) {
      auto peak = row<Format>(op, "pct_peak", 100.0 * gddflops / peak_gflops<Format>(op));
      peak.extra["peak_gflops"] = std::to_string(peak_gflops<Format>(op));
      peak.extra["madd_fp64_instructions"] = std::to_string(op_madd_fp64_instructions<Format>(op.name));
      if (dd && op.paper_pct_peak) peak.paper = *op.paper_pct_peak;
      table_.add(peak);
    }
    auto slower = row<Format>(op, "speedup", vendor / ms);  // below 1: slower than the vendor's double
    slower.variant = variant + "_vs_vendor_double";
    if (dd && op.paper_x_double) slower.paper = 1.0 / *op.paper_x_double;
    table_.add(slower);
    if (bytes > 0) {
      auto bw = row<Format>(op, "pct_bandwidth", 100.0 * bytes / (ms * 1e-3) * 1e-9 / copy_gbs_);
      bw.extra["bandwidth_gbs"] = std::to_string(bytes / (ms * 1e-3) * 1e-9);
      bw.extra["copy_gbs"] = std::to_string(copy_gbs_);
      table_.add(bw);
    }
#ifdef KAMP_ENABLE_QD
    if constexpr (!gpu && (dd || std::is_same<Format, multi_double::qd_real>::value)) {
      auto qd = row<Format>(op, "speedup", qd_ms<Format>(op) / ms);
      qd.variant = variant + "_vs_qd_openmp";
      table_.add(qd);
    }
#endif
  }

  // The vendor's double routine on the same shape, once per (operation, n).
  double vendor_ms(const blas_operation& op) {
    const auto key = std::make_pair(op.name, op.n);
    if (const auto at = vendor_.find(key); at != vendor_.end()) return at->second;
    using vendor = typename blas::vendor_double_blas<Space>::type;
    const std::int64_t n = op.n, cells = op.name == "axpy" ? n : n * n;
    using view = Kokkos::View<double*, memory>;
    const auto make = [](const char* label, std::int64_t length) {
      return core::allocate<view>("kamp::experiments::multi_double_blas", label, core::initial_values::unset,
                                  static_cast<std::size_t>(length));
    };
    const view a = make("vendor_a", cells), b = make("vendor_b", op.name == "gemm_NN" ? cells : 1),
               c = make("vendor_c", op.name == "gemm_NN" ? cells : n), x = make("vendor_x", n);
    Kokkos::deep_copy(a, 0.5);
    Kokkos::deep_copy(b, 0.25);
    Kokkos::deep_copy(c, 0.125);
    Kokkos::deep_copy(x, 0.75);
    const int ni = static_cast<int>(n);
    double ms = 0;
    if (op.name == "axpy")
      ms = median_milliseconds([&] { vendor::axpy(ni, 0.5, a.data(), c.data()); }, repetitions_);
    else if (op.name == "gemm_NN")
      ms = median_milliseconds(
          [&] { vendor::gemm('N', 'N', ni, ni, ni, 0.5, a.data(), ni, b.data(), ni, 0.5, c.data(), ni); },
          repetitions_);
    else
      ms = median_milliseconds(
          [&] { vendor::gemv(op.name.back(), ni, ni, 0.5, a.data(), ni, x.data(), 0.5, c.data()); }, repetitions_);
    return vendor_[key] = ms;
  }

#ifdef KAMP_ENABLE_QD
  // QD's Format (dd_real or qd_real) with OpenMP on the same operation and data class.
  template <class Format>
  double qd_ms(const blas_operation& op) {
    core::random_source rng(7);
    const std::int64_t n = op.n, cells = op.name == "axpy" ? n : n * n;
    auto values = [&](std::int64_t count) {
      std::vector<Format> v(static_cast<std::size_t>(count));
      for (auto& e : v) e = full<Format>(rng);
      return v;
    };
    const auto alpha = full<Format>(rng), beta = full<Format>(rng);
    const auto A = values(cells);
    const int reps = op.name == "gemm_NN" ? 1 : repetitions_;
    if (op.name == "axpy") return qd_baseline::axpy_ms(alpha, A, values(n), reps);
    if (op.name == "gemm_NN") return qd_baseline::gemm_ms(n, alpha, A, values(cells), beta, values(cells), reps);
    return qd_baseline::gemv_ms(op.name.back(), n, alpha, A, values(n), beta, values(n), reps);
  }
#endif

  // Error of up to 64 sampled outputs against the exact result of the stored operands
  // (recomputed here from the arrays as they are after the timed runs: y and C were updated in
  // place, so the check runs the operation once more on copies of the inputs).
  template <class Format>
  void error_rows(const blas_operation& op, const value_type_t<Format>& alpha, const value_type_t<Format>& beta,
                  const array_t<Format, memory>& first, const array_t<Format, memory>& second,
                  const array_t<Format, memory>& out, bool axpy) {
    using traits = format_traits<Format>;
    const std::int64_t n = op.n;
    const auto in0 = copy_to_host(out);
    const auto a = copy_to_host(first), b = copy_to_host(second);
    if (axpy)
      blas::axpy(Space(), n, alpha, first, 1, out, 1);
    else if (op.name == "gemm_NN")
      blas::gemm(Space(), 'N', 'N', n, n, n, alpha, first, n, second, n, beta, out, n);
    else
      blas::gemv(Space(), op.name.back(), n, n, alpha, first, n, second, 1, beta, out, 1);
    Kokkos::fence();
    const auto got = copy_to_host(out);
    const std::int64_t k = axpy ? 1 : n;
    const mpfr_prec_t bits = 4 * traits::precision + 64;
    const core::mpfr_value u = traits::unit_roundoff();
    const core::mpfr_value gamma = core::product_error_factor(k, u);
    const core::mpfr_value ma = traits::to_mpfr(alpha), mb = traits::to_mpfr(beta);
    double worst_relative = 0, worst_of_bound = 0;
    const std::int64_t outputs = axpy ? n : (op.name == "gemm_NN" ? n * n : n);
    const std::int64_t samples = std::min<std::int64_t>(64, outputs);
    for (std::int64_t s = 0; s < samples; ++s) {
      const std::int64_t o = s * (outputs / samples);
      core::mpfr_value exact(bits), magnitude(bits), t(bits);
      for (std::int64_t l = 0; l < k; ++l) {
        std::size_t ia = 0, ib = 0;
        if (axpy)
          ia = ib = static_cast<std::size_t>(o);  // alpha x_o + y_o: product a_o * 1
        else if (op.name == "gemm_NN")
          ia = static_cast<std::size_t>(o % n + l * n), ib = static_cast<std::size_t>(l + (o / n) * n);
        else if (op.name == "gemv_N")
          ia = static_cast<std::size_t>(o + l * n), ib = static_cast<std::size_t>(l);
        else
          ia = static_cast<std::size_t>(l + o * n), ib = static_cast<std::size_t>(l);
        const core::mpfr_value fa = traits::to_mpfr(a[ia]);
        if (axpy)
          mpfr_set(t.get(), fa.get(), MPFR_RNDN);
        else
          mpfr_mul(t.get(), fa.get(), traits::to_mpfr(b[ib]).get(), MPFR_RNDN);
        mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
        mpfr_abs(t.get(), t.get(), MPFR_RNDN);
        mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDN);
      }
      mpfr_mul(exact.get(), exact.get(), ma.get(), MPFR_RNDN);
      mpfr_mul(magnitude.get(), magnitude.get(), ma.get(), MPFR_RNDN);
      mpfr_abs(magnitude.get(), magnitude.get(), MPFR_RNDN);
      const core::mpfr_value c0 = traits::to_mpfr(in0[static_cast<std::size_t>(o)]);
      if (axpy) {
        mpfr_add(exact.get(), exact.get(), c0.get(), MPFR_RNDN);
        mpfr_abs(t.get(), c0.get(), MPFR_RNDN);
      } else {
        mpfr_mul(t.get(), c0.get(), mb.get(), MPFR_RNDN);
        mpfr_add(exact.get(), exact.get(), t.get(), MPFR_RNDN);
        mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      }
      mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDN);
      mpfr_sub(t.get(), traits::to_mpfr(got[static_cast<std::size_t>(o)]).get(), exact.get(), MPFR_RNDN);
      mpfr_abs(t.get(), t.get(), MPFR_RNDN);
      const double err = t.to_double();
      worst_relative = std::max(worst_relative, err / std::abs(exact.to_double()));
      mpfr_mul(magnitude.get(), magnitude.get(), gamma.get(), MPFR_RNDN);
      worst_of_bound = std::max(worst_of_bound, err / magnitude.to_double());
    }
    auto row = harness::result_row::of(id_, traits::name() + "_" + op.name, traits::precision, n, n, "rel_error",
                                       worst_relative);
    row.extra["space"] = Space::name();
    row.extra["samples"] = std::to_string(samples);
    row.extra["error_over_bound"] = std::to_string(worst_of_bound);  // <= 1: within gamma_{k+2}
    table_.add(row);
  }

  harness::results_table& table_;
  std::string id_;
  int repetitions_;
  harness::device_info info_;
  double copy_gbs_;
  std::map<std::pair<std::string, std::int64_t>, double> vendor_;
};

}  // namespace kamp::experiments

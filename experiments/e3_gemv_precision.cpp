// E3 (Isupov and Knyazkov's Table 5): GEMV 1000 x 1000 time against precision (106..1696 bits): Algorithm 1
// (split), the fused kernel and the autotuner's choice (N and T), the basic implementation,
// on the default execution space and (in the CUDA build) on the host's OpenMP threads, beside
// MPFR with OpenMP on the host and the N-term expansions of 106, 212 and 424 bits (CAMPARY's
// row: expansion_2, qd_real, expansion_8 through kamp::blas::gemv, N and T), on the paper's
// p/4-bit data and on full-precision data. The paper's GTX 1080 figures sit beside the
// matching p/4-bit rows (its own workload); each row also gives its byte-count floor at the
// copy bandwidth measured in the same run.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "blas/gemv_tuner.hpp"
#include "experiments/experiment.hpp"
#include "experiments/gemv_problem.hpp"
#include "harness/device_info.hpp"
#include "experiments/mpfr_gemv.hpp"
#include "experiments/precisions.hpp"
#include "experiments/timing.hpp"
#include "blas/format_list.hpp"

namespace kamp::experiments {

namespace {

// Isupov and Knyazkov's Table 5, ms, by precision in bits; a precision the paper did not run has no row.
const std::map<std::string, std::map<int, double>>& table5() {
  static const std::map<std::string, std::map<int, double>> t{
      {"split_N", {{106, 3.1}, {212, 5.6}, {424, 8.5}, {848, 12.9}, {1696, 24.6}}},
      {"split_T", {{106, 2.9}, {212, 4.6}, {424, 7.1}, {848, 11.2}, {1696, 19.4}}},
      {"basic_N", {{106, 12.1}, {212, 22.8}, {424, 42.4}, {848, 75.5}, {1696, 150.6}}},
      {"expansion_N", {{106, 0.7}, {212, 6.0}, {424, 26.3}, {848, 124.4}, {1696, 2499.9}}},  // CAMPARY
  };
  return t;
}

std::optional<double> paper_ms(const std::string& row, int bits) {
  const auto r = table5().find(row);
  if (r == table5().end()) return std::nullopt;
  const auto at = r->second.find(bits);
  if (at == r->second.end()) return std::nullopt;
  return at->second;
}

template <class Space>
class precision_sweep {
 public:
  precision_sweep(harness::results_table& table, std::int64_t size, blas::tuning_cache& cache)
      : table_(table),
        size_(size),
        cache_(cache),
        copy_gbs_(harness::measure_stream_bandwidth_gbs<Space>(std::size_t(1) << 26)) {}

  template <int N>
  void run(data_class data) {
    constexpr int p = rns::basis_constants<N>::precision;
    const bool gpu = !std::is_same<typename Space::memory_space, Kokkos::HostSpace>::value;
    progress("E3", std::string(Space::name()) + ": " + std::to_string(p) + " bits, " + to_string(data) + " data");
    data_ = data;
    gemv_problem<Space, N> problem(size_, size_, data);
    const int reps = gpu ? 10 : 2;
    using rns::gemv_algorithm;
    // Bytes each algorithm must move at least: Algorithm 1 reads A, writes B and reads it
    // back; the fused kernel reads A once; the basic path reads A as mp_float structs.
    const double cells = static_cast<double>(size_) * static_cast<double>(size_);
    const double element = 4.0 * N + 2 * sizeof(std::int32_t) + 2 * sizeof(core::er_float);
    const std::map<std::string, double> floor_bytes{
        {"split", 3 * cells * element}, {"fused", cells * element}, {"basic", cells * sizeof(rns::mp_float<N>)}};
    const auto reset = [&] { problem.reset_y(); };
    for (const char trans : {'N', 'T'}) {
      const std::string t(1, trans);
      const double split_ms = median_milliseconds([&] { problem.split(trans); }, reps, reset);
      add("split_" + t, p, split_ms, floor_bytes.at("split"));
      const double fused_ms = median_milliseconds(
          [&] {
            problem.run(trans, {gemv_algorithm::fused, 0, 0, 0});
          },
          reps, reset);
      add("fused_" + t, p, fused_ms, floor_bytes.at("fused"));
      // The autotuner's choice on this data class's operands (the fused kernel's best shape
      // depends on it), timed afresh here; its own timing is in the cache file.
      const auto tuned = blas::tune_gemv<Space, rns::mp_float<N>>(
          Space(), trans, size_, size_, problem.A, problem.x, problem.y, to_string(data), cache_, {gpu ? 5 : 1, true});
      const auto launch = blas::format_kernels<rns::mp_float<N>>::read(tuned.entry.launch);
      const double tuned_ms = median_milliseconds([&] { problem.run(trans, launch); }, reps, reset);
      const bool split = launch.algorithm == gemv_algorithm::split;
      add("tuned_" + t, p, tuned_ms, floor_bytes.at(split ? "split" : "fused"), 0, describe(launch));
    }
    add("basic_N", p, median_milliseconds([&] { problem.basic('N'); }, gpu ? 3 : 1, reset), floor_bytes.at("basic"));
    if (!gpu) {
      problem.reset_y();
      mpfr_gemv<N> mpfr(problem);
      add("mpfr_N", p, median_milliseconds([&] { mpfr.run(); }, 2), 0, mpfr_gemv<N>::threads());
    }
  }

  // GEMV N and T of an N-term expansion through kamp::blas (Format's precision: 53 x terms).
  template <class Format>
  void run_expansion(data_class data) {
    using traits = format_traits<Format>;
    constexpr int p = traits::precision;
    const bool gpu = !std::is_same<typename Space::memory_space, Kokkos::HostSpace>::value;
    progress("E3", std::string(Space::name()) + ": " + traits::name() + ", " + to_string(data) + " data");
    data_ = data;
    const int bits = data_bits(data, p, p);
    core::random_source rng(35 + p);
    const auto values = [&](std::int64_t count, const char* label) {
      std::vector<value_type_t<Format>> host(static_cast<std::size_t>(count));
      for (auto& v : host) v = random_expansion<Format>(rng, bits);
      array_t<Format, typename Space::memory_space> a(static_cast<std::size_t>(count), label);
      copy_from_host(a, host);
      return a;
    };
    const auto A = values(size_ * size_, "kamp::e3::A"), x = values(size_, "kamp::e3::x"),
               y = values(size_, "kamp::e3::y");
    const auto alpha = random_expansion<Format>(rng, bits), beta = random_expansion<Format>(rng, bits);
    const double floor_bytes = static_cast<double>(size_) * static_cast<double>(size_) * sizeof(value_type_t<Format>);
    for (const char trans : {'N', 'T'}) {
      const double ms = median_milliseconds(
          [&] { blas::gemv(Space(), trans, size_, size_, alpha, A, size_, x, 1, beta, y, 1); }, gpu ? 10 : 2);
      add("expansion_" + std::string(1, trans), p, ms, floor_bytes, 0, traits::name());
    }
  }

 private:
  // Magnitude in [1/2, 1), random sign, `bits` random significant bits: 53-bit chunks at
  // consecutive positions, so the sum is exact in Format.
  template <class Format>
  static value_type_t<Format> random_expansion(core::random_source& rng, int bits) {
    using traits = format_traits<Format>;
    const auto c = traits::template context<Kokkos::HostSpace>();
    auto v = traits::zero();
    for (int done = 0; done < bits;) {
      const int chunk = std::min(53, bits - done);
      std::uint64_t digits = rng.next_u64() >> (64 - chunk);
      if (done == 0) digits |= std::uint64_t(1) << (chunk - 1);
      v = traits::add(c, v, traits::from_double(c, std::ldexp(static_cast<double>(digits), -(done + chunk))));
      done += chunk;
    }
    return rng.next_u64() & 1 ? traits::sub(c, traits::zero(), v) : v;
  }

  static std::string describe(const rns::gemv_launch& l) {
    if (l.algorithm == rns::gemv_algorithm::split)
      return "split, reduce team " + (l.reduce_team_size ? std::to_string(l.reduce_team_size) : std::string("derived"));
    const std::string shape =
        std::to_string(l.fused_team_size) + " threads x " + std::to_string(l.fused_vector_length) + " lanes";
    if (l.fused_outputs_per_team > 1)
      return "fused, " + std::to_string(l.fused_outputs_per_team) + " outputs x " + shape;
    return "fused, " + shape;
  }

  void add(const std::string& variant, int bits, double ms, double floor_bytes = 0, std::int64_t threads = 0,
           const std::string& config = "") {
    auto row = harness::result_row::of("E3", variant, bits, size_, size_, "time_ms", ms);
    // Every RNS variant is set beside the paper's Algorithm 1 row of the same trans; the
    // expansions beside CAMPARY's (which the paper timed for N only).
    const bool own_row = variant.rfind("basic", 0) == 0 || variant.rfind("expansion", 0) == 0;
    const std::string paper_row = own_row ? variant : "split_" + variant.substr(variant.size() - 1);
    const auto paper = paper_ms(paper_row, bits);
    if (variant.rfind("mpfr", 0) != 0 && paper && size_ == 1000 && data_ == data_class::quarter) row.paper = *paper;
    row.extra["data"] = to_string(data_);
    row.extra["space"] = Space::name();
    if (threads) row.extra["threads"] = std::to_string(threads);
    if (floor_bytes > 0) {
      // The byte-count floor at the copy bandwidth measured in this run, and how far above it we are.
      const double floor_ms = floor_bytes / (copy_gbs_ * 1e9) * 1e3;
      row.extra["floor_ms"] = std::to_string(floor_ms);
      row.extra["x_floor"] = std::to_string(ms / floor_ms);
    }
    if (!config.empty()) row.extra["config"] = config;
    table_.add(row);
  }

  harness::results_table& table_;
  std::int64_t size_;
  blas::tuning_cache& cache_;
  double copy_gbs_;
  data_class data_ = data_class::quarter;
};

template <class Space>
void sweep(harness::results_table& table, std::int64_t size, const std::vector<data_class>& data_classes) {
  precision_sweep<Space> s(table, size, blas::tuning_cache::shared());
  for (const data_class data : data_classes) {
    for_each_precision([&](auto n) { s.template run<decltype(n)::value>(data); });
    formats::for_each_type(blas::expansion_peers_of_rns{},
                           [&](auto format) { s.template run_expansion<typename decltype(format)::type>(data); });
  }
}

}  // namespace

void run_e3_gemv_precision(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E3: GEMV time vs precision, Algorithm 1 (split), fused, tuned (N/T), basic, MPFR+OpenMP, N-term "
      "expansions (CAMPARY's row), on p/4-bit (the paper's) and full-precision data (Isupov and Knyazkov, Table 5)");
  // The quick size keeps a run on a small CPU short; the paper's is 1000.
  const std::int64_t size = options.size == problem_size::paper ? 1000 : 200;
  sweep<Kokkos::DefaultExecutionSpace>(table, size, options.data);
  if (measures_host_rows(options)) sweep<Kokkos::DefaultHostExecutionSpace>(table, size, options.data);
}

}  // namespace kamp::experiments

// E8: Otsokov and Magomedov's Figs. 5-6, summing k signed-digit integers of d decimal digits (k = 10^4, 10^5,
// 10^6; d = 50..1000 as in the paper and beyond) by method 1 and method 2, against GMP on one
// core and on every core (OpenMP) and against the paper's CPU reference (ordinary digits with
// carries, one core). The data class is the paper's: random positive integers of exactly d
// digits (leading digit nonzero), stored as d + 1 signed digits. Times are medians of the whole
// call (every kernel and the copy of the result to the host); "_with_transfer" rows add the
// host-to-device copy of the array, as the paper timed it. Every result is checked against GMP.
#include <omp.h>

#include <string>
#include <vector>

#include "experiments/experiment.hpp"
#include "harness/device_info.hpp"
#include "harness/kernel_profiler.hpp"
#include "experiments/sd_baselines.hpp"
#include "experiments/timing.hpp"
#include "signed_digit/conversions.hpp"
#include "signed_digit/operations.hpp"

namespace kamp::experiments {

namespace {

using space = Kokkos::DefaultExecutionSpace;
using memory = space::memory_space;

class summation_sweep {
 public:
  summation_sweep(harness::results_table& table, const experiment_options& options)
      : table_(table), info_(harness::query_device_info<space>()), paper_(options.size == problem_size::paper) {
    copy_bandwidth_ =
        harness::measure_stream_bandwidth_gbs<space>(info_.is_gpu ? (std::size_t(1) << 27) : (std::size_t(1) << 24));
    add("copy_reference", 0, 0, "bandwidth_gbs", copy_bandwidth_);
  }

  void run() {
    const std::vector<std::int64_t> ks =
        paper_ ? std::vector<std::int64_t>{10000, 100000, 1000000} : std::vector<std::int64_t>{10000};
    for (const std::int64_t k : ks) {
      std::vector<int> digits =
          paper_ ? std::vector<int>{50, 100, 200, 400, 600, 800, 900, 1000, 2000} : std::vector<int>{50, 400, 1000};
      if (paper_ && k <= 100000) digits.push_back(4000);
      if (paper_ && k <= 10000) digits.push_back(8192);
      for (const int d : digits) measure(k, d);
    }
  }

 private:
  void add(const std::string& variant, std::int64_t k, int d, const std::string& metric, double value) {
    auto row = harness::result_row::of("E8", variant, 0, k, d, metric, value);
    row.extra["space"] = space::name();
    row.extra["data"] = "positive integers, d digits";
    table_.add(row);
  }

  void measure(std::int64_t k, int d) {
    progress("E8", "k = " + std::to_string(k) + ", " + std::to_string(d) + " digits");
    signed_digit::array<memory> x(k, d + 1, "kamp::e8::x");
    signed_digit::fill_random_integers(space(), x, 8000 + d, d);
    const auto host_digits = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.digits());
    const auto host_exponents = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.exponents());
    const double transfer_ms = median_milliseconds(
        [&] {
          Kokkos::deep_copy(x.digits(), host_digits);
          Kokkos::deep_copy(x.exponents(), host_exponents);
        },
        3);
    add("host_to_device_copy", k, d, "time_ms", transfer_ms);

    // The reference, and the CPU baselines on the same integers.
    const auto numbers = signed_digit::copy_to_host(x);
    mpz_vector values(numbers.size());
    significands(numbers, values);
    mpz_t exact, check;
    mpz_init(exact);
    mpz_init(check);
    const int cores = omp_get_max_threads();
    const double gmp1_ms = median_milliseconds([&] { gmp_sum(values, exact, 1); }, 3);
    const double gmp_all_ms = median_milliseconds([&] { gmp_sum(values, check, cores); }, 5);
    require_equal(exact, check, "GMP with OpenMP", k, d);
    add("gmp_1core", k, d, "time_ms", gmp1_ms);
    add("gmp_omp_" + std::to_string(cores) + "cores", k, d, "time_ms", gmp_all_ms);
    const int result_digits = static_cast<int>(signed_digit::sum_digit_count(d + 1, k));
    const auto ordinary = to_ordinary(values, d);
    std::vector<std::uint8_t> ordinary_result;
    const double ordinary_ms =
        median_milliseconds([&] { ordinary_result = ordinary_sum(ordinary, result_digits); }, paper_ ? 1 : 3);
    ordinary_to_mpz(ordinary_result, check);
    require_equal(exact, check, "the ordinary-digit loop", k, d);
    add("ordinary_digits_1core", k, d, "time_ms", ordinary_ms);

    const double bytes = double(k) * (d + 1) + 4.0 * k;  // digits, and the exponents read once
    for (const auto method : {signed_digit::summation_method::method2, signed_digit::summation_method::method1}) {
      const bool two = method == signed_digit::summation_method::method2;
      const std::string name = two ? "sd_method2" : "sd_method1";
      signed_digit::number result;
      const int reps = two ? 10 : (double(k) * d > 1e8 ? 1 : 3);
      const double ms = median_milliseconds([&] { result = signed_digit::sum(space(), x, method); }, reps);
      signed_digit::to_mpz(check, result);
      require_equal(exact, check, name, k, d);
      add(name, k, d, "time_ms", ms);
      add(name + "_with_transfer", k, d, "time_ms", ms + transfer_ms);
      add(name + "_vs_ordinary", k, d, "speedup", ordinary_ms / ms);
      add(name + "_with_transfer_vs_ordinary", k, d, "speedup", ordinary_ms / (ms + transfer_ms));
      add(name + "_vs_gmp_1core", k, d, "speedup", gmp1_ms / ms);
      add(name + "_vs_gmp_omp", k, d, "speedup", gmp_all_ms / ms);
      if (two) {
        harness::kernel_profiler profiler;
        signed_digit::sum(space(), x, method);
        double all_kernels_ms = 0;
        for (const auto& kt : profiler.table()) all_kernels_ms += kt.milliseconds;
        add("sd_method2_all_kernels", k, d, "time_ms", all_kernels_ms);  // what the target counts
        for (const auto& kt : profiler.table()) {
          if (kt.label != "kamp::signed_digit::sum::method2_columns") continue;
          add("sd_method2_columns_kernel", k, d, "time_ms", kt.milliseconds);
          add("sd_method2_columns_kernel", k, d, "bandwidth_gbs", bytes / (kt.milliseconds * 1e6));
          add("sd_method2_columns_kernel", k, d, "pct_bandwidth",
              100 * bytes / (kt.milliseconds * 1e6) / copy_bandwidth_);
        }
        add("sd_method2", k, d, "bandwidth_gbs", bytes / (ms * 1e6));
        add("sd_method2", k, d, "pct_bandwidth", 100 * bytes / (ms * 1e6) / copy_bandwidth_);
      }
    }
    mpz_clear(exact);
    mpz_clear(check);
  }

  static void require_equal(mpz_srcptr expected, mpz_srcptr got, const std::string& who, std::int64_t k, int d) {
    if (mpz_cmp(expected, got) != 0) {
      throw std::runtime_error("E8: " + who + " differs from GMP's sum for k = " + std::to_string(k) +
                               ", d = " + std::to_string(d));
    }
  }

  harness::results_table& table_;
  harness::device_info info_;
  bool paper_;
  double copy_bandwidth_ = 0;
};

}  // namespace

void run_e8_sd_summation(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E8: signed-digit summation of k random positive d-digit integers, methods 1 and 2, vs GMP (1 "
      "core, OpenMP) and the ordinary-digit CPU loop (Otsokov and Magomedov, Figs. 5-6: method 1 gains only above ~400 "
      "digits, method 2 3-4x at 800-900 digits, transfers included; no numeric figures published)");
  summation_sweep sweep(table, options);
  sweep.run();
}

}  // namespace kamp::experiments

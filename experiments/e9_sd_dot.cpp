// E9: Otsokov and Magomedov's Fig. 7, the exact dot product of k pairs of random positive integers
// of d decimal digits (the paper's d = 50, k = 10^4, 10^5, 10^6; longer d as extra rows), by
// partial products digit by digit (the paper's) and from 4-digit limbs, summed by method 2, against
// GMP (mpz_addmul) on one core and on every core (OpenMP). Times are medians of the whole call;
// "_with_transfer" rows add the host-to-device copy of both arrays. Every result is checked against
// GMP.
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

class dot_sweep {
 public:
  dot_sweep(harness::results_table& table, const experiment_options& options)
      : table_(table), paper_(options.size == problem_size::paper) {}

  void run() {
    const std::vector<std::int64_t> ks =
        paper_ ? std::vector<std::int64_t>{10000, 100000, 1000000} : std::vector<std::int64_t>{10000, 100000};
    const std::vector<int> digits = paper_ ? std::vector<int>{50, 100, 200, 500, 1000} : std::vector<int>{50, 200};
    for (const int d : digits) {
      for (const std::int64_t k : ks) measure(k, d);
    }
  }

 private:
  void add(const std::string& variant, std::int64_t k, int d, const std::string& metric, double value) {
    auto row = harness::result_row::of("E9", variant, 0, k, d, metric, value);
    row.extra["space"] = space::name();
    row.extra["data"] = "positive integers, d digits";
    table_.add(row);
  }

  void measure(std::int64_t k, int d) {
    progress("E9", "k = " + std::to_string(k) + ", " + std::to_string(d) + " digits");
    signed_digit::array<memory> x(k, d + 1, "kamp::e9::x"), y(k, d + 1, "kamp::e9::y");
    signed_digit::fill_random_integers(space(), x, 9000 + d, d);
    signed_digit::fill_random_integers(space(), y, 9500 + d, d);
    const auto hx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.digits());
    const auto hy = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y.digits());
    const double transfer_ms = median_milliseconds(
        [&] {
          Kokkos::deep_copy(x.digits(), hx);
          Kokkos::deep_copy(y.digits(), hy);
        },
        3);
    add("host_to_device_copy", k, d, "time_ms", transfer_ms);

    mpz_vector xs(x.size()), ys(y.size());
    significands(signed_digit::copy_to_host(x), xs);
    significands(signed_digit::copy_to_host(y), ys);
    mpz_t exact, check;
    mpz_init(exact);
    mpz_init(check);
    const int cores = omp_get_max_threads();
    const double gmp1_ms = median_milliseconds([&] { gmp_dot(xs, ys, exact, 1); }, 3);
    const double gmp_all_ms = median_milliseconds([&] { gmp_dot(xs, ys, check, cores); }, 5);
    if (mpz_cmp(exact, check) != 0) throw std::runtime_error("E9: GMP with OpenMP differs from GMP on one core");
    add("gmp_1core", k, d, "time_ms", gmp1_ms);
    add("gmp_omp_" + std::to_string(cores) + "cores", k, d, "time_ms", gmp_all_ms);

    for (const auto products : {signed_digit::partial_products::digitwise, signed_digit::partial_products::grouped}) {
      const std::string name =
          products == signed_digit::partial_products::digitwise ? "sd_dot_digitwise" : "sd_dot_grouped";
      signed_digit::number result;
      const double ms = median_milliseconds([&] { result = signed_digit::dot(space(), x, y, products); }, 10);
      signed_digit::to_mpz(check, result);
      if (mpz_cmp(exact, check) != 0) {
        throw std::runtime_error("E9: " + name + " differs from GMP for k = " + std::to_string(k) +
                                 ", d = " + std::to_string(d));
      }
      add(name, k, d, "time_ms", ms);
      add(name + "_with_transfer", k, d, "time_ms", ms + transfer_ms);
      add(name + "_vs_gmp_1core", k, d, "speedup", gmp1_ms / ms);
      add(name + "_vs_gmp_omp", k, d, "speedup", gmp_all_ms / ms);
      add(name + "_with_transfer_vs_gmp_omp", k, d, "speedup", gmp_all_ms / (ms + transfer_ms));
      harness::kernel_profiler profiler;
      signed_digit::dot(space(), x, y, products);
      double all_kernels_ms = 0;
      for (const auto& kt : profiler.table()) {
        all_kernels_ms += kt.milliseconds;
        if (kt.label == "kamp::signed_digit::dot::partial_products")
          add(name + "_products_kernel", k, d, "time_ms", kt.milliseconds);
      }
      add(name + "_all_kernels", k, d, "time_ms", all_kernels_ms);
    }
    mpz_clear(exact);
    mpz_clear(check);
  }

  harness::results_table& table_;
  bool paper_;
};

}  // namespace

void run_e9_sd_dot(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E9: exact signed-digit dot product of k pairs of random positive d-digit integers "
      "vs GMP mpz_addmul (1 core, OpenMP) (Otsokov and Magomedov, Fig. 7: speedup grows with k and the "
      "digit count; no numeric figures published)");
  dot_sweep sweep(table, options);
  sweep.run();
}

}  // namespace kamp::experiments

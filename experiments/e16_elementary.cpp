// E16: throughput of the elementary functions (elementary/) in dd_real, expansion<3>, qd_real and
// expansion<8>, one kernel per function over an array of arguments, on each space; beside them,
// on the host's threads in the same run and over the same arguments, MPFR at the format's
// precision and, for dd_real and qd_real, the QD library's functions where it has them. Each kamp
// and QD row also carries the largest error observed over the first 2,048 arguments, in units of
// the format's unit roundoff u (MPFR at the format's precision + 128 bits as the reference), next
// to the bound that elementary/ states.
#include <omp.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "elementary/apply.hpp"
#include "elementary/function_id.hpp"
#include "elementary/mpfr_functions.hpp"
#include "experiments/experiment.hpp"
#include "experiments/timing.hpp"
#include "harness/device_info.hpp"
#include "multi_double/dd_format.hpp"
#include "multi_double/mpfr_conversion.hpp"
#ifdef KAMP_ENABLE_QD
#include "experiments/qd_baselines.hpp"
#endif

namespace kamp::experiments {

namespace {

using elementary::function_id;

// Where each function's arguments are drawn: [lo, hi] uniformly, or for the logarithms
// (log_scale) 2^e (1 + w) with e uniform in [lo, hi] and w in [0, 1).
struct argument_range {
  double lo, hi;
  bool log_scale = false;
};

argument_range range_of(function_id f) {
  switch (f) {
    case function_id::exp:
      return {-300, 700};  // results above 2^-433: every format at its full precision
    case function_id::expm1:
      return {-2, 2};
    case function_id::log:
    case function_id::log2:
    case function_id::log10:
      return {-300, 300, true};
    case function_id::log1p:
      return {-0.9, 4};
    case function_id::cbrt:
      return {-300, 300, true};
    case function_id::sin:
    case function_id::cos:
    case function_id::tan:
      return {-10, 10};  // the reduction's common case past 0.785
    case function_id::atan:
      return {-100, 100};
    case function_id::sinh:
    case function_id::cosh:
      return {-20, 20};
    case function_id::tanh:
      return {-5, 5};
    case function_id::asinh:
      return {-100, 100};
    case function_id::acosh:
      return {1, 100};
    default:  // asin, acos, atanh
      return {-0.99, 0.99};
  }
}

// n arguments of f with every component of V random (w's components at 2^-53 steps).
template <class V>
std::vector<V> arguments(function_id f, std::int64_t n, std::uint64_t seed) {
  core::random_source rng(seed);
  const argument_range r = range_of(f);
  std::vector<V> x(static_cast<std::size_t>(n));
  for (auto& v : x) {
    V w(rng.uniform(0, 1));
    for (int k = 1; k < elementary::detail::shape<V>::components; ++k)
      w = multi_double::add(w, V(std::ldexp(rng.uniform(0, 1), -53 * k)));
    if (r.log_scale) {
      const int e = static_cast<int>(rng.integer(static_cast<std::int64_t>(r.lo), static_cast<std::int64_t>(r.hi)));
      v = elementary::detail::times_power_of_two(multi_double::add(V(1.0), w), e);
    } else {
      v = multi_double::add(V(r.lo), multi_double::mul(w, r.hi - r.lo));
    }
  }
  return x;
}

// The largest |f(x_i) - y_i| / (u |f(x_i)|) over the first `count` arguments (host, OpenMP).
template <class V>
double largest_error_u(function_id f, const std::vector<V>& x, const std::vector<V>& y, std::size_t count) {
  using traits = format_traits<V>;
  const std::size_t m = std::min(count, x.size());
  const double u = mpfr_get_d(traits::unit_roundoff().get(), MPFR_RNDN);
  std::vector<double> errors(m, 0.0);
#pragma omp parallel for schedule(dynamic, 16)
  for (std::size_t i = 0; i < m; ++i) {
    core::mpfr_value exact(traits::precision + 128);
    elementary::mpfr_evaluate(f, exact.get(), traits::to_mpfr(x[i]).get());
    errors[i] = mpfr_get_d(core::relative_error(traits::to_mpfr(y[i]), exact).get(), MPFR_RNDU) / u;
  }
  return m == 0 ? 0.0 : *std::max_element(errors.begin(), errors.end());
}

template <class Space>
class elementary_throughput {
 public:
  elementary_throughput(harness::results_table& table, const experiment_options& options)
      : table_(table), info_(harness::query_device_info<Space>()), quick_(options.size == problem_size::quick) {}

  template <class V>
  void run() {
    const std::int64_t n = info_.is_gpu ? (quick_ ? 1 << 18 : 1 << 22) : (quick_ ? 1 << 11 : 1 << 14);
    for (const function_id f : elementary::every_function_id) measure<V>(f, n);
  }

 private:
  using memory = typename Space::memory_space;
  static constexpr std::size_t checked = 2048;

  template <class V>
  void add(const std::string& variant, std::int64_t threads, std::int64_t n, const std::string& metric, double value) {
    auto row = harness::result_row::of("E16", variant, format_traits<V>::precision, threads, n, metric, value);
    row.extra["space"] = Space::name();
    row.extra["format"] = format_traits<V>::name();
    table_.add(row);
  }

  template <class V>
  void measure(function_id f, std::int64_t n) {
    const std::string name = elementary::name_of(f);
    progress("E16", std::string(Space::name()) + ": " + format_traits<V>::name() + " " + name);
    const std::vector<V> host_x = arguments<V>(f, n, 1600 + static_cast<int>(f));
    Kokkos::View<V*, memory> x("kamp::e16::x", n), y("kamp::e16::y", n);
    auto mirror = Kokkos::create_mirror_view(x);
    for (std::int64_t i = 0; i < n; ++i) mirror(i) = host_x[i];
    Kokkos::deep_copy(x, mirror);
    const Kokkos::View<const V*, memory> cx = x;
    const double ms = median_milliseconds([&] { elementary::apply(Space(), f, cx, y); }, info_.is_gpu ? 5 : 3);
    add<V>("kamp_" + name, 0, n, "time_ms", ms);
    add<V>("kamp_" + name, 0, n, "mresults_per_s", n / (ms * 1e3));
    auto host_y = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    const std::vector<V> kamp_y(host_y.data(), host_y.data() + n);
    add<V>("kamp_" + name, 0, n, "error_u", largest_error_u(f, host_x, kamp_y, checked));
    add<V>("kamp_" + name, 0, n, "bound_u", elementary::bound_of<V>(f));
    if (info_.is_gpu) return;
    add<V>("mpfr_" + name, omp_get_max_threads(), n, "speedup", mpfr_ms<V>(f, host_x, name) / ms);
#ifdef KAMP_ENABLE_QD
    if constexpr (std::is_same<V, multi_double::dd_real>::value || std::is_same<V, multi_double::qd_real>::value) {
      std::vector<V> qd_y;
      const double qd = qd_baseline::function_ms(f, host_x, qd_y, 3);
      if (qd < 0) return;
      add<V>("qd_" + name, omp_get_max_threads(), n, "time_ms", qd);
      add<V>("qd_" + name, omp_get_max_threads(), n, "mresults_per_s", n / (qd * 1e3));
      add<V>("qd_" + name, omp_get_max_threads(), n, "error_u", largest_error_u(f, host_x, qd_y, checked));
      add<V>("qd_" + name, omp_get_max_threads(), n, "speedup", qd / ms);  // of kamp over QD
    }
#endif
  }

  // MPFR at the format's precision over the same arguments, OpenMP over the elements; adds its
  // rows and returns its milliseconds.
  template <class V>
  double mpfr_ms(function_id f, const std::vector<V>& x, const std::string& name) {
    const auto n = static_cast<std::int64_t>(x.size());
    std::vector<core::mpfr_value> a, r;
    a.reserve(x.size());
    r.reserve(x.size());
    for (const V& v : x) {
      a.push_back(format_traits<V>::to_mpfr(v));
      r.emplace_back(format_traits<V>::precision);
    }
    const double ms = median_milliseconds(
        [&] {
#pragma omp parallel for schedule(static)
          for (std::int64_t i = 0; i < n; ++i) elementary::mpfr_evaluate(f, r[i].get(), a[i].get());
        },
        3);
    add<V>("mpfr_" + name, omp_get_max_threads(), n, "time_ms", ms);
    add<V>("mpfr_" + name, omp_get_max_threads(), n, "mresults_per_s", n / (ms * 1e3));
    return ms;
  }

  harness::results_table& table_;
  harness::device_info info_;
  bool quick_;
};

template <class Space>
void run_formats(harness::results_table& table, const experiment_options& options) {
  elementary_throughput<Space> e(table, options);
  e.template run<multi_double::dd_real>();
  e.template run<multi_double::expansion<3>>();
  e.template run<multi_double::qd_real>();
  e.template run<multi_double::expansion<8>>();
}

}  // namespace

void run_e16_elementary(harness::results_table& table, const experiment_options& options) {
  table.set_title("E16: elementary functions per format (results per second, largest error in u) beside MPFR and QD");
  run_formats<Kokkos::DefaultExecutionSpace>(table, options);
  if (measures_host_rows(options)) run_formats<Kokkos::DefaultHostExecutionSpace>(table, options);
}

}  // namespace kamp::experiments

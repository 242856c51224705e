// E7 (Mukunoki and Takahashi, last slide "Performance of GESV"): A x = b, A N x N and one right-hand side, by
// mixed-precision iterative refinement (solvers/gesv.hpp: the vendor's LU of A rounded to double
// or float, residuals and updates in the working format) against the direct LU in dd_real
// (solvers/dense_lu.hpp, the slides' QP, which they ran with MLAPACK on one CPU thread), on
// random matrices (the slides' dlarnv inputs) and on matrices of prescribed condition 1e8, 1e12
// and 1e14 (solvers/gesv_problems.hpp), on the default execution space. Rows:
//   lu_double+dd_real   the slides' MP(DP+QD)      lu_float+dd_real
//   lu_double+qd_real                              lu_float+double (the slides' MP(SP+DP); random A only)
//   direct_lu_dd_real   the slides' QP             vendor_lu_double (the vendor's double LU solve, time only)
// Per row: iterations (corrections applied), the status, ||b - A x|| / (||A|| ||x||) (rel_residual)
// and the slides' ||b - A x|| / ||A|| (rel_error, measure "slides"), both in MPFR with infinity
// norms, the forward error ||x - x*|| / ||x*|| against the MPFR Gaussian elimination at 912 bits
// (rel_error, measure "forward"; only up to N = 512, beyond that the rel_residual row says "not
// computed"), the median time and the direct dd LU's time over it (speedup; read it with the
// status: a run that did not converge is fast for nothing). Measures are named with norm(...): a
// | would split a Markdown cell. The slides' figures sit beside the random-matrix rows.
// lu_float+double runs on random matrices only: an ill-conditioned A held in dd_real rounded to
// double is another problem, with another solution.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "experiments/experiment.hpp"
#include "experiments/timing.hpp"
#include "solvers/dense_lu.hpp"
#include "solvers/gesv.hpp"
#include "solvers/gesv_accuracy.hpp"
#include "solvers/gesv_problems.hpp"

namespace kamp::experiments {

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using memory = Space::memory_space;

// The MPFR reference solution's precision: four times qd_real's, the widest working format here.
constexpr mpfr_prec_t reference_bits = 4 * 212 + 64;
constexpr std::int64_t reference_limit = 512;  // largest N with a forward error (n^3 MPFR operations)

// The slides' figures: errors ||b - Ax|| / ||A|| of order 1e-29..1e-31 (QP) and 1e-31..1e-32
// (MP(DP+QD)), set beside ours at their geometric middle; iterations 3-7 (SP+DP) and 2 (DP+QD).
struct slides_figures {
  std::optional<double> error, iterations;
  std::string error_range, iterations_range;
};

class gesv_rows {
 public:
  gesv_rows(harness::results_table& table, const solvers::dense_problem& p, int repetitions)
      : table_(table), p_(p), repetitions_(repetitions) {
    if (p.n <= reference_limit) {
      progress("E7", p.name + ", N = " + std::to_string(p.n) + ": MPFR reference");
      reference_ = solvers::reference_solution(p, reference_bits);
    }
  }

  // The direct dd LU first: every refinement row is divided by its time.
  void direct() {
    using F = multi_double::dd_real;
    progress("E7", p_.name + ", N = " + std::to_string(p_.n) + ": direct_lu_dd_real");
    const auto A = solvers::matrix_of<F, memory>(p_);
    const auto b = solvers::rhs_of<F, memory>(p_);
    const array_t<F, memory> x(static_cast<std::size_t>(p_.n), "kamp::e7::x");
    direct_ms_ = median_milliseconds(
        [&] { solvers::dense_lu_solve(Space(), solvers::dense_lu_factor(Space(), A), b, x); }, repetitions_);
    const slides_figures slides{random() ? std::optional<double>(1e-30) : std::nullopt, std::nullopt,
                                "1e-31..1e-29 (QP, MLAPACK, 1 CPU thread)", ""};
    add_solution<F>("direct_lu_dd_real", copy_to_host(x), "", slides);
    add("direct_lu_dd_real", format_traits<F>::precision, "time_ms", direct_ms_, "");
  }

  template <class F>
  void refine(const std::string& variant, solvers::lu_precision lu, const slides_figures& slides = {}) {
    progress("E7", p_.name + ", N = " + std::to_string(p_.n) + ": " + variant);
    const auto A = solvers::matrix_of<F, memory>(p_);
    const auto b = solvers::rhs_of<F, memory>(p_);
    const array_t<F, memory> x(static_cast<std::size_t>(p_.n), "kamp::e7::x");
    solvers::gesv_options options;
    options.lu = lu;
    solvers::gesv_result result;
    const double ms = median_milliseconds([&] { result = solvers::gesv(Space(), A, b, x, options); }, repetitions_);
    const std::string status = solvers::to_string(result.status);
    auto iterations =
        row(variant, format_traits<F>::precision, "iterations", static_cast<double>(result.iterations), status);
    if (random() && slides.iterations) {
      iterations.paper = slides.iterations;
      iterations.extra["paper_range"] = slides.iterations_range;
    }
    table_.add(iterations);
    add_solution<F>(variant, copy_to_host(x), status, random() ? slides : slides_figures{});
    add(variant, format_traits<F>::precision, "time_ms", ms, status);
    add(variant, format_traits<F>::precision, "speedup", direct_ms_ / ms, status);
  }

  // The vendor's double LU and solve of A rounded to double: what the refinement's LU costs.
  void vendor_double() {
    using lu = solvers::vendor_lu<Space>::type;
    const int n = static_cast<int>(p_.n);
    const auto A = solvers::matrix_of<double, memory>(p_);
    const Kokkos::View<double*, memory> factors("kamp::e7::lu", A.values.size()), x("kamp::e7::x", n);
    const Kokkos::View<int*, memory> pivots("kamp::e7::pivots", n);
    const double ms = median_milliseconds(
        [&] {
          Kokkos::deep_copy(factors, A.values.values);
          Kokkos::fence();
          lu::getrf(n, factors.data(), n, pivots.data());
          lu::getrs(n, factors.data(), n, pivots.data(), x.data());
        },
        repetitions_);
    auto r = row("vendor_lu_double", 53, "time_ms", ms, "");
    r.extra["vendor"] = lu::name();
    table_.add(r);
  }

 private:
  bool random() const { return p_.condition == 0; }

  harness::result_row row(const std::string& variant, int bits, const std::string& metric, double value,
                          const std::string& status) const {
    auto r = harness::result_row::of("E7", variant, bits, p_.n, p_.n, metric, value);
    r.extra["matrix"] = p_.name;
    if (!status.empty()) r.extra["status"] = status;
    return r;
  }

  void add(const std::string& variant, int bits, const std::string& metric, double value, const std::string& status) {
    table_.add(row(variant, bits, metric, value, status));
  }

  template <class F>
  void add_solution(const std::string& variant, const std::vector<value_type_t<F>>& x, const std::string& status,
                    const slides_figures& slides) {
    const int bits = format_traits<F>::precision;
    const auto xs = solvers::exact_values<F>(x);
    const auto norms = solvers::residual(p_, xs, 2 * bits + 128);
    auto backward = row(variant, bits, "rel_residual", norms.backward_error(), status);
    backward.extra["measure"] = "backward: norm(b-Ax)/(norm(A) norm(x))";
    auto slides_error = row(variant, bits, "rel_error", norms.slides_error(), status);
    slides_error.extra["measure"] = "slides: norm(b-Ax)/norm(A)";
    if (slides.error) {
      slides_error.paper = slides.error;
      slides_error.extra["paper_range"] = slides.error_range;
    }
    auto forward = row(variant, bits, "rel_error", 0, status);
    forward.extra["measure"] = "forward: norm(x-x*)/norm(x*)";
    if (reference_.empty()) {
      backward.extra["forward_error"] = "not computed (N > " + std::to_string(reference_limit) + ")";
    } else {
      forward.value = solvers::forward_error(xs, reference_);
      table_.add(forward);
    }
    table_.add(backward);
    table_.add(slides_error);
  }

  harness::results_table& table_;
  const solvers::dense_problem& p_;
  int repetitions_;
  std::vector<core::mpfr_value> reference_;
  double direct_ms_ = 0;
};

void run_problem(harness::results_table& table, const solvers::dense_problem& p, int repetitions) {
  using solvers::lu_precision;
  gesv_rows rows(table, p, repetitions);
  rows.direct();
  rows.refine<multi_double::dd_real>("lu_double+dd_real", lu_precision::double_precision,
                                     {3.2e-32, 2, "1e-32..1e-31 (MP(DP+QD))", "2 (MP(DP+QD))"});
  rows.refine<multi_double::dd_real>("lu_float+dd_real", lu_precision::single_precision);
  rows.refine<multi_double::qd_real>("lu_double+qd_real", lu_precision::double_precision);
  if (p.condition == 0)
    rows.refine<double>("lu_float+double", lu_precision::single_precision, {std::nullopt, 5, "", "3-7 (MP(SP+DP))"});
  rows.vendor_double();
}

}  // namespace

void run_e7_gesv(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E7: mixed-precision GESV, iterative refinement on a double or float LU with dd_real / qd_real "
      "residuals, against the direct dd_real LU, on random and ill-conditioned matrices (Mukunoki and Takahashi, last "
      "slide; m = n = N)");
  const bool quick = options.size == problem_size::quick;
  const std::vector<std::int64_t> sizes =
      quick ? std::vector<std::int64_t>{256, 512} : std::vector<std::int64_t>{256, 512, 1024, 2048, 4096};
  const int repetitions = quick ? 3 : 5;
  std::uint64_t seed = 7000;
  for (const std::int64_t n : sizes) {
    progress("E7", "N = " + std::to_string(n) + ": generating the matrices");
    run_problem(table, solvers::random_problem(n, ++seed), repetitions);
    for (const double condition : {1e8, 1e12, 1e14})
      run_problem(table, solvers::ill_conditioned_problem(n, condition, ++seed), repetitions);
  }
}

}  // namespace kamp::experiments

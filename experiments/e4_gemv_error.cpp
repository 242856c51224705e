// E4 (Isupov and Knyazkov, section 5): the measured GEMV error against the bound of eqs.
// (16)-(19), ||y* - y||_1 / || |alpha||A||x| + |beta||y| ||_1 <= gamma_{n+2}, gamma_k = k u / (1 - k u),
// u = 4/sqrt(M), with y* exact (MPFR), across sizes and precisions, Algorithm 1 (split) and the
// fused kernel, 'N', on p/4-bit data (the paper's) and on full-precision data.
#include <cmath>

#include "core/error_bounds.hpp"
#include "core/mpfr_reference.hpp"
#include "experiments/experiment.hpp"
#include "experiments/gemv_problem.hpp"
#include "experiments/precisions.hpp"

namespace kamp::experiments {

namespace {

void add_rows(harness::results_table& table, const std::string& variant, int p, std::int64_t size, data_class data,
              const core::mpfr_value& error, const core::mpfr_value& gamma);

template <int N>
void measure(harness::results_table& table, std::int64_t size, data_class data) {
  using Space = Kokkos::DefaultExecutionSpace;
  constexpr int p = rns::basis_constants<N>::precision, q = rns::basis_constants<N>::significand_bits;
  progress("E4", std::to_string(p) + " bits, n = " + std::to_string(size) + ", " + to_string(data) + " data");
  gemv_problem<Space, N> problem(size, size, data, false);
  const auto A = rns::copy_to_host(problem.A), x = rns::copy_to_host(problem.x), y0 = rns::copy_to_host(problem.y);
  // Algorithm 1 and the fused kernel from the same y.
  std::vector<std::pair<std::string, std::vector<rns::mp_float<N>>>> results;
  for (const auto algorithm : {rns::gemv_algorithm::split, rns::gemv_algorithm::fused}) {
    problem.reset_y();
    problem.run('N', {algorithm, 0, 0, 0});
    Kokkos::fence();
    results.emplace_back(std::string(rns::to_string(algorithm)) + "_N", rns::copy_to_host(problem.y));
  }
  std::vector<core::mpfr_value> Am, xm, exact;
  for (const auto& v : A) Am.push_back(rns::to_mpfr<N>(v));
  for (std::int64_t j = 0; j < size; ++j) {
    xm.push_back(rns::to_mpfr<N>(x[j]));
    exact.push_back(rns::to_mpfr<N>(y0[j]));
  }
  const mpfr_prec_t wide = 4 * q + 64;
  core::reference_gemv('N', size, size, rns::to_mpfr<N>(problem.alpha), Am.data(), size, xm.data(), 1,
                       rns::to_mpfr<N>(problem.beta), exact.data(), 1, wide);
  core::mpfr_value magnitude(wide), t(wide);
  const core::mpfr_value alpha = rns::to_mpfr<N>(problem.alpha), beta = rns::to_mpfr<N>(problem.beta);
  for (std::int64_t i = 0; i < size; ++i) {
    for (std::int64_t j = 0; j < size; ++j) {
      mpfr_mul(t.get(), Am[i + j * size].get(), xm[j].get(), MPFR_RNDU);
      mpfr_mul(t.get(), t.get(), alpha.get(), MPFR_RNDU);
      mpfr_abs(t.get(), t.get(), MPFR_RNDU);
      mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDU);
    }
    mpfr_mul(t.get(), rns::to_mpfr<N>(y0[i]).get(), beta.get(), MPFR_RNDU);
    mpfr_abs(t.get(), t.get(), MPFR_RNDU);
    mpfr_add(magnitude.get(), magnitude.get(), t.get(), MPFR_RNDU);
  }
  // gamma_{n+2}, from the one error-bound helper the tests use (below the double range at 1696 bits).
  const core::mpfr_value gamma = core::product_error_factor(size, format_traits<rns::mp_float<N>>::unit_roundoff());
  for (const auto& [variant, y] : results) {
    core::mpfr_value error(wide);
    for (std::int64_t i = 0; i < size; ++i) {
      mpfr_sub(t.get(), rns::to_mpfr<N>(y[i]).get(), exact[i].get(), MPFR_RNDA);
      mpfr_abs(t.get(), t.get(), MPFR_RNDU);
      mpfr_add(error.get(), error.get(), t.get(), MPFR_RNDU);
    }
    mpfr_div(error.get(), error.get(), magnitude.get(), MPFR_RNDU);
    add_rows(table, variant, p, size, data, error, gamma);
  }
}

// Both are far below the double range at high precision: log2 goes in an extra column.
void add_rows(harness::results_table& table, const std::string& variant, int p, std::int64_t size, data_class data,
              const core::mpfr_value& error, const core::mpfr_value& gamma) {
  for (const auto* which : {&error, &gamma}) {
    auto row = harness::result_row::of("E4", variant, p, size, size, which == &error ? "rel_error" : "error_bound",
                                       mpfr_get_d(which->get(), MPFR_RNDU));
    long exponent = 0;
    const double frac = mpfr_get_d_2exp(&exponent, which->get(), MPFR_RNDU);
    row.extra["log2"] = std::to_string(frac > 0 ? std::log2(frac) + static_cast<double>(exponent) : -INFINITY);
    row.extra["within_bound"] = mpfr_cmp(error.get(), gamma.get()) <= 0 ? "yes" : "NO";
    row.extra["data"] = to_string(data);
    table.add(row);
  }
}

}  // namespace

void run_e4_gemv_error(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E4: GEMV error against the bound gamma_{n+2} of Isupov and Knyazkov's eqs. (16)-(19), p/4-bit (the "
      "paper's) and full-precision data");
  const std::vector<std::int64_t> sizes = options.size == problem_size::paper ? std::vector<std::int64_t>{10, 100, 1000}
                                                                              : std::vector<std::int64_t>{10, 100};
  for (const data_class data : options.data)
    for (const std::int64_t n : sizes) for_each_precision([&](auto N) { measure<decltype(N)::value>(table, n, data); });
}

}  // namespace kamp::experiments

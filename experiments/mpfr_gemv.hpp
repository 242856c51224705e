#pragma once
// The MPFR baseline of the RNS GEMV experiments: y_i = beta y_i + sum_j A_ij (alpha x_j) at q
// bits, one rounding per operation, OpenMP over rows ('N'; the sums of each row in order).
// The operands are copied from a gemv_problem once; run() is what the experiments time.
#include <omp.h>

#include <vector>

#include "core/mpfr_value.hpp"
#include "experiments/gemv_problem.hpp"
#include "rns/mpfr_conversion.hpp"

namespace kamp::experiments {

template <int N>
class mpfr_gemv {
 public:
  static constexpr int q = rns::basis_constants<N>::significand_bits;

  // A square problem (size x size), as E3 and the GEMV benchmarks draw them.
  template <class Space>
  explicit mpfr_gemv(const gemv_problem<Space, N>& problem)
      : size_(problem.n), beta_(rns::to_mpfr<N>(problem.beta)), out_(size_, core::mpfr_value(q)) {
    const auto A = rns::copy_to_host(problem.A), x = rns::copy_to_host(problem.x), y = rns::copy_to_host(problem.y);
    const core::mpfr_value alpha = rns::to_mpfr<N>(problem.alpha);
    for (const auto& v : A) A_.push_back(rns::to_mpfr<N>(v));
    for (std::int64_t j = 0; j < size_; ++j) {
      d_.emplace_back(q);
      mpfr_mul(d_.back().get(), alpha.get(), rns::to_mpfr<N>(x[j]).get(), MPFR_RNDN);
      y_.push_back(rns::to_mpfr<N>(y[j]));
    }
  }

  void run() {
#pragma omp parallel
    {
      core::mpfr_value product(q);
#pragma omp for
      for (std::int64_t i = 0; i < size_; ++i) {
        mpfr_mul(out_[i].get(), beta_.get(), y_[i].get(), MPFR_RNDN);
        for (std::int64_t j = 0; j < size_; ++j) {
          mpfr_mul(product.get(), A_[i + j * size_].get(), d_[j].get(), MPFR_RNDN);
          mpfr_add(out_[i].get(), out_[i].get(), product.get(), MPFR_RNDN);
        }
      }
    }
  }

  static int threads() { return omp_get_max_threads(); }

 private:
  std::int64_t size_;
  core::mpfr_value beta_;
  std::vector<core::mpfr_value> A_, d_, y_, out_;
};

}  // namespace kamp::experiments

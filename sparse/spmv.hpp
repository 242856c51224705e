#pragma once
// y <- alpha A x + beta y for a CSR matrix A with double values and vectors x, y of any format
// (kamp::array_t<Format, MemorySpace>), written once through format_traits. Each row is one
// thread's chain of fused multiply-adds in the format, a_ij converted exactly (from_double), so
// every output obeys the GEMV bound of seed 000 with the row's nonzero count r in place of the
// inner dimension and two roundings per fma: |y_i - y*_i| <= gamma_(2r+3) (|alpha| (|A||x|)_i +
// |beta| |y_i|) (core::product_error_factor(2r + 1, u)). beta = 0 does not read y (NaN there is
// overwritten). Argument errors (x not of length cols, y not of length rows) raise
// kamp::invalid_argument naming the argument before anything is written.
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "formats/format_traits.hpp"
#include "formats/host_values.hpp"
#include "sparse/csr_matrix.hpp"

namespace kamp::sparse {

template <class ExecSpace, class Array, class Format = typename Array::format>
void spmv(const ExecSpace& exec, const value_type_t<Format>& alpha, const csr_matrix<typename Array::memory_space>& A,
          const Array& x, const value_type_t<Format>& beta, const Array& y) {
  using traits = format_traits<Format>;
  using memory = typename Array::memory_space;
  using value = value_type_t<Format>;
  require_space_memory<ExecSpace, memory>();
  const char* fn = "kamp::sparse::spmv";
  require_argument(static_cast<std::int64_t>(x.size()) == A.cols(), fn, "x", std::to_string(x.size()) + " elements",
                   "must have A.cols() = " + std::to_string(A.cols()));
  require_argument(static_cast<std::int64_t>(y.size()) == A.rows(), fn, "y", std::to_string(y.size()) + " elements",
                   "must have A.rows() = " + std::to_string(A.rows()));
  if (A.rows() == 0) return;
  const bool beta_zero = equals_double<Format>(beta, 0.0);
  const auto context = traits::template context<memory>();
  Kokkos::parallel_for(
      "kamp::sparse::spmv", Kokkos::RangePolicy<ExecSpace>(exec, 0, A.rows()), KOKKOS_LAMBDA(std::int64_t i) {
        value sum = traits::zero();
        for (std::int64_t p = A.row_begin(i); p < A.row_end(i); ++p) {
          sum = traits::fma(context, traits::from_double(context, A.value(p)),
                            x.load(static_cast<std::size_t>(A.col(p))), sum);
        }
        value result = traits::mul(context, alpha, sum);
        if (!beta_zero) result = traits::fma(context, beta, y.load(static_cast<std::size_t>(i)), result);
        y.store(static_cast<std::size_t>(i), result);
      });
}

}  // namespace kamp::sparse

#pragma once
// One GEMV problem of the papers' kind (m x n, lda = m, unit strides, A, x, y, alpha and beta
// random in [-1, 1], of the significant bits their data class says: experiments/data_class.hpp)
// in both layouts: mp_arrays for Algorithm 1 and the fused kernel and Views of mp_float for the
// basic path. Magnitudes are in [1/2, 1) with a random sign. y is updated in place, so timed
// repetitions call reset_y() first, as the paper's harness restores y before each timed run:
// otherwise every run after the first scales a full-precision y.
#include "blas/gemv.hpp"
#include "core/allocation.hpp"
#include "experiments/data_class.hpp"
#include "blas/rns/gemv_basic.hpp"
#include "rns/kernels.hpp"
#include "rns/random_values.hpp"
#include "rns/rns_format.hpp"

namespace kamp::experiments {

template <class Space, int N>
struct gemv_problem {
  using memory = typename Space::memory_space;
  std::int64_t m, n;
  rns::mp_array<N, memory> A, x, y, y_initial;
  Kokkos::View<rns::mp_float<N>*, memory> sA, sx, sy, sy_initial;
  rns::mp_float<N> alpha, beta;
  blas::workspace_t<rns::mp_float<N>, memory> workspace;

  gemv_problem(std::int64_t rows, std::int64_t cols, data_class data, bool with_structs = true)
      : m(rows),
        n(cols),
        A(rows * cols, "kamp::gemv::A"),
        x(std::max(rows, cols), "kamp::gemv::x"),
        y(std::max(rows, cols), "kamp::gemv::y"),
        y_initial(std::max(rows, cols), "kamp::gemv::y_initial") {
    if (with_structs) {
      sA = structs("kamp::gemv::sA", rows * cols);
      sx = structs("kamp::gemv::sx", std::max(rows, cols));
      sy = structs("kamp::gemv::sy", std::max(rows, cols));
      sy_initial = structs("kamp::gemv::sy_initial", std::max(rows, cols));
    }
    constexpr int q = rns::basis_constants<N>::significand_bits;
    const int bits = data_bits(data, rns::basis_constants<N>::precision, q);
    rns::fill_random<Space>(A, sA, 31, 7, bits);
    rns::fill_random<Space>(x, sx, 32, 13, bits);
    rns::fill_random<Space>(y, sy, 33, 17, bits);
    rns::copy_values(y, y_initial);
    if (with_structs) Kokkos::deep_copy(sy_initial, sy);
    core::random_source rng(34);
    alpha = rns::random_mp_float<N>(rng, -bits, -bits, bits);
    beta = rns::random_mp_float<N>(rng, -bits, -bits, bits);
  }

  // A View of mp_float for the basic path, or kamp::allocation_error when the space cannot hold it.
  static Kokkos::View<rns::mp_float<N>*, memory> structs(const char* label, std::int64_t length) {
    return core::allocate<Kokkos::View<rns::mp_float<N>*, memory>>(
        "kamp::experiments::gemv_problem", label, core::initial_values::zero, static_cast<std::size_t>(length));
  }

  // y (both layouts) back to its drawn values.
  void reset_y() {
    rns::copy_values(y_initial, y);
    if (sy.extent(0) > 0) Kokkos::deep_copy(sy, sy_initial);
  }

  // Algorithm 1 or the fused kernel, as `launch` says (automatic: the tuned choice).
  void run(char trans, const rns::gemv_launch& launch) {
    blas::gemv(Space(), trans, m, n, alpha, A, m, x, 1, beta, y, 1, &workspace, launch);
  }
  void split(char trans) { run(trans, {rns::gemv_algorithm::split, 0, 0, 0}); }
  void basic(char trans) { blas::gemv_basic<Space, N, memory>(Space(), trans, m, n, alpha, sA, m, sx, 1, beta, sy, 1); }
};

}  // namespace kamp::experiments

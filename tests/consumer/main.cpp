// kamp as an installed library: a double-double and an RNS GEMV on the default execution
// space, y = alpha op(A) x + beta y on small integers, whose exact result both formats must
// reproduce. Exits non-zero on any mismatch.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "blas/gemv.hpp"
#include "multi_double/dd_format.hpp"
#include "rns/rns_format.hpp"

namespace {

constexpr std::int64_t m = 37, n = 23;  // A is m x n, column-major, lda = m
constexpr double alpha = 2, beta = -3;

double a_value(std::int64_t i, std::int64_t j) { return static_cast<double>((7 * i + 3 * j) % 11 - 5); }
double x_value(std::int64_t k) { return static_cast<double>(k % 5 - 2); }
double y_value(std::int64_t k) { return static_cast<double>(k % 3 - 1); }

// The exact result in 64-bit integers on the host.
std::vector<double> expected(char trans) {
  const std::int64_t rows = trans == 'N' ? m : n, cols = trans == 'N' ? n : m;
  std::vector<double> y(rows);
  for (std::int64_t r = 0; r < rows; ++r) {
    std::int64_t sum = 0;
    for (std::int64_t c = 0; c < cols; ++c) {
      const auto a = static_cast<std::int64_t>(trans == 'N' ? a_value(r, c) : a_value(c, r));
      sum += a * static_cast<std::int64_t>(x_value(c));
    }
    const auto y0 = static_cast<std::int64_t>(y_value(r));
    y[r] = static_cast<double>(static_cast<std::int64_t>(alpha) * sum + static_cast<std::int64_t>(beta) * y0);
  }
  return y;
}

// Runs y = alpha op(A) x + beta y in format F and counts the elements that differ from the
// exact result.
template <class F>
int mismatches(const char* format, char trans) {
  using traits = kamp::format_traits<F>;
  using Mem = Kokkos::DefaultExecutionSpace::memory_space;
  const auto ctx = traits::template context<Kokkos::HostSpace>();
  const auto value = [&](double d) { return traits::from_double(ctx, d); };
  const std::int64_t xlen = trans == 'N' ? n : m, ylen = trans == 'N' ? m : n;

  std::vector<kamp::value_type_t<F>> a, x, y;
  for (std::int64_t j = 0; j < n; ++j)
    for (std::int64_t i = 0; i < m; ++i) a.push_back(value(a_value(i, j)));
  for (std::int64_t k = 0; k < xlen; ++k) x.push_back(value(x_value(k)));
  for (std::int64_t k = 0; k < ylen; ++k) y.push_back(value(y_value(k)));
  kamp::array_t<F, Mem> A(m * n), X(xlen), Y(ylen);
  copy_from_host(A, a);
  copy_from_host(X, x);
  copy_from_host(Y, y);

  const Kokkos::DefaultExecutionSpace exec;
  kamp::blas::gemv(exec, trans, m, n, value(alpha), A, m, X, 1, value(beta), Y, 1);
  exec.fence();

  const auto out = copy_to_host(Y);
  const auto want = expected(trans);
  int bad = 0;
  for (std::int64_t k = 0; k < ylen; ++k) {
    const double got = traits::to_double(ctx, out[k]);
    if (got != want[k] && bad++ < 5)
      std::fprintf(stderr, "%s gemv '%c': y[%lld] = %.17g, expected %.17g\n", format, trans, static_cast<long long>(k),
                   got, want[k]);
  }
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  int bad = 0;
  for (const char trans : {'N', 'T'}) {
    bad += mismatches<kamp::multi_double::dd_real>("dd_real", trans);
    bad += mismatches<kamp::rns::mp_float<8>>("rns mp_float<8>", trans);
  }
  if (bad) {
    std::fprintf(stderr, "kamp consumer: %d mismatches\n", bad);
    return 1;
  }
  std::printf("kamp consumer: dd_real and rns mp_float<8> GEMV (N, T) on %s match the exact result\n",
              Kokkos::DefaultExecutionSpace::name());
  return 0;
}

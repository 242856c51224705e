#include "solvers/gesv_problems.hpp"

#include <mpfr.h>

#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/mpfr_value.hpp"
#include "core/random.hpp"

namespace kamp::solvers {

namespace {

using multi_double::dd_real;
using host = Kokkos::DefaultHostExecutionSpace;

void check_order(const char* fn, std::int64_t n) { require_argument(n >= 1, fn, "n", n, "must be >= 1"); }

// A rotation (c, s) with a uniformly random angle: a random point of the unit disc's bounding
// square normalised (correctly rounded sqrt and division, so the same bits everywhere).
struct rotation {
  double c, s;
};

rotation random_rotation(core::random_source& rng) {
  for (;;) {
    const double p = rng.uniform(), q = rng.uniform(), r2 = p * p + q * q;
    if (r2 > 0x1p-20 && r2 <= 1) {
      const double r = std::sqrt(r2);
      return {p / r, q / r};
    }
  }
}

// One butterfly layer per stride h = 1, 2, 4, ... < n: rows (or columns) i and i + h, for i with
// bit h clear, rotate by their own random angle.
std::vector<std::vector<rotation>> random_butterfly(core::random_source& rng, std::int64_t n) {
  std::vector<std::vector<rotation>> layers;
  for (std::int64_t h = 1; h < n; h *= 2) {
    std::vector<rotation> layer(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i + h < n; ++i)
      if ((i & h) == 0) layer[static_cast<std::size_t>(i)] = random_rotation(rng);
    layers.push_back(std::move(layer));
  }
  return layers;
}

// (x, y) <- (c x + s y, c y - s x) in dd_real.
void rotate(dd_real& x, dd_real& y, const rotation& g) {
  const dd_real nx = multi_double::add(multi_double::mul(dd_real(g.c), x), multi_double::mul(dd_real(g.s), y));
  y = multi_double::sub(multi_double::mul(dd_real(g.c), y), multi_double::mul(dd_real(g.s), x));
  x = nx;
}

// M <- Q M with Q = H(w) B: first the butterfly (rows i and i + h of every column rotated), then
// the reflector H = I - tau w w^T, tau = 2 / (w^T w). M is n x n column-major; every column is
// one thread's, so the rows' accesses are contiguous.
void apply_orthogonal(std::vector<dd_real>& m, std::int64_t n, core::random_source& rng) {
  const auto layers = random_butterfly(rng, n);
  std::vector<dd_real> w(static_cast<std::size_t>(n));
  dd_real norm2(0.0);
  for (auto& wi : w) {
    wi = dd_real(rng.uniform());
    norm2 = multi_double::add(norm2, multi_double::mul(wi, wi));
  }
  const dd_real tau = multi_double::div(dd_real(2.0), norm2);
  Kokkos::parallel_for(Kokkos::RangePolicy<host>(0, n), [&](std::int64_t j) {
    dd_real* column = &m[static_cast<std::size_t>(j * n)];
    std::int64_t h = 1;
    for (const auto& layer : layers) {
      for (std::int64_t i = 0; i + h < n; ++i)
        if ((i & h) == 0) rotate(column[i], column[i + h], layer[static_cast<std::size_t>(i)]);
      h *= 2;
    }
    dd_real dot(0.0);
    for (std::int64_t i = 0; i < n; ++i)
      dot = multi_double::add(dot, multi_double::mul(w[static_cast<std::size_t>(i)], column[i]));
    const dd_real scale = multi_double::mul(tau, dot);
    for (std::int64_t i = 0; i < n; ++i)
      column[i] = multi_double::sub(column[i], multi_double::mul(scale, w[static_cast<std::size_t>(i)]));
  });
}

std::vector<dd_real> transposed(const std::vector<dd_real>& m, std::int64_t n) {
  std::vector<dd_real> t(m.size());
  Kokkos::parallel_for(Kokkos::RangePolicy<host>(0, n), [&](std::int64_t j) {
    for (std::int64_t i = 0; i < n; ++i)
      t[static_cast<std::size_t>(j + i * n)] = m[static_cast<std::size_t>(i + j * n)];
  });
  return t;
}

std::string condition_name(double condition) {
  std::ostringstream s;
  s << "cond_" << std::scientific;
  s.precision(0);
  s << condition;
  return s.str();
}

}  // namespace

dense_problem random_problem(std::int64_t n, std::uint64_t seed) {
  check_order("kamp::solvers::random_problem", n);
  core::random_source rng(seed);
  dense_problem p;
  p.name = "random";
  p.n = n;
  p.a.reserve(static_cast<std::size_t>(n * n));
  for (std::int64_t e = 0; e < n * n; ++e) p.a.emplace_back(rng.uniform());
  p.b = rng.uniform_vector(static_cast<std::size_t>(n));
  return p;
}

dense_problem ill_conditioned_problem(std::int64_t n, double condition, std::uint64_t seed) {
  const char* fn = "kamp::solvers::ill_conditioned_problem";
  check_order(fn, n);
  require_argument(std::isfinite(condition) && condition >= 1, fn, "condition", condition, "must be finite and >= 1");
  core::random_source rng(seed);
  dense_problem p;
  p.name = condition_name(condition);
  p.n = n;
  p.condition = condition;
  p.a.assign(static_cast<std::size_t>(n * n), dd_real(0.0));
  // sigma_i = condition^(-i / (n - 1)), correctly rounded in MPFR then rounded to dd_real.
  core::mpfr_value sigma(160), exponent(160);
  for (std::int64_t i = 0; i < n; ++i) {
    mpfr_set_si(exponent.get(), -i, MPFR_RNDN);
    if (n > 1) mpfr_div_si(exponent.get(), exponent.get(), static_cast<long>(n - 1), MPFR_RNDN);
    mpfr_set_d(sigma.get(), condition, MPFR_RNDN);
    mpfr_pow(sigma.get(), sigma.get(), exponent.get(), MPFR_RNDN);
    p.a[static_cast<std::size_t>(i + i * n)] = multi_double::dd_from_mpfr(sigma.get());
  }
  // Q_L diag(sigma) Q_R^T = (Q_R (Q_L diag(sigma))^T)^T.
  apply_orthogonal(p.a, n, rng);
  p.a = transposed(p.a, n);
  apply_orthogonal(p.a, n, rng);
  p.a = transposed(p.a, n);
  p.b = rng.uniform_vector(static_cast<std::size_t>(n));
  return p;
}

}  // namespace kamp::solvers

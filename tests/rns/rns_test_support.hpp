#pragma once
// Shared pieces of the RNS tests: typed configurations (backend x precision), random and
// adversarial operands, and exact checks against MPFR and GMP.
#include <gmp.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "formats/format_list.hpp"
#include "rns/mp_float.hpp"
#include "rns/mpfr_conversion.hpp"
#include "rns/random_values.hpp"
#include "tests/backends.hpp"

namespace kamp::test {

template <class Space, int N>
struct rns_config {
  using space = Space;
  static constexpr int moduli = N;
};

// Every enabled backend at every RNS precision of the format list.
template <class Pairs>
struct rns_configs_of;

template <class... Pairs>
struct rns_configs_of<formats::type_list<Pairs...>> {
  using type =
      ::testing::Types<rns_config<typename Pairs::second, format_traits<typename Pairs::first>::moduli>...>;
};

using rns_configs = rns_configs_of<formats::cartesian_t<formats::rns_formats, space_list>>::type;

struct rns_config_name {
  template <class T>
  static std::string GetName(int) {
    return std::string(T::space::name()) + "_" + std::to_string(T::moduli);
  }
};

inline bool long_tests() {
  const char* v = std::getenv("KAMP_LONG_TESTS");
  return v && std::string(v) == "1";
}

// Random operations per operation kind and precision: the long sweep does 10^5 each.
template <class Space>
std::size_t random_operation_count() {
  if (long_tests()) return 100000;
  return std::is_same<Space, Kokkos::Serial>::value ? 2000 : 34000;
}

// A random q-bit (or `bits`-bit) significand with the given exponent range and random sign.
template <int N>
rns::mp_float<N> random_mp(core::random_source& rng, int min_exponent, int max_exponent, int bits = 0) {
  return rns::random_mp_float<N>(rng, min_exponent, max_exponent, bits);
}

// The format's unit roundoff, 4/sqrt(M) rounded up (seed 000 eq. (6)).
template <int N>
core::mpfr_value unit_roundoff() {
  return format_traits<rns::mp_float<N>>::unit_roundoff();
}

// Empty when x satisfies the representation invariant: X < 2^q and eval bounds X/M.
template <int N>
std::string invariant_violation(const rns::mp_float<N>& x) {
  if (!x.is_finite()) {
    for (int i = 0; i < N; ++i)
      if (x.digits[i] != 0) return "special value with nonzero digits";
    return "";
  }
  mpz_t X, M;
  mpz_init_set_str(X, rns::significand_string<N>(x).c_str(), 10);
  mpz_init_set_ui(M, 1);
  const auto& b = rns::basis<N>::host();
  for (int i = 0; i < N; ++i) mpz_mul_ui(M, M, static_cast<unsigned long>(b.m[i]));
  std::string problem;
  if (mpz_sizeinbase(X, 2) > static_cast<std::size_t>(rns::basis_constants<N>::significand_bits) && mpz_sgn(X) != 0)
    problem = "significand longer than q bits";
  if (mpz_sgn(X) == 0 && (x.sign != 0 || x.exp != 0 || !x.eval[0].is_zero() || !x.eval[1].is_zero()))
    problem = "zero not in canonical form";
  const mpfr_prec_t wide = static_cast<mpfr_prec_t>(mpz_sizeinbase(M, 2)) + 8;
  core::mpfr_value ratio(wide), bound(64), xm(wide), mm(wide);
  mpfr_set_z(xm.get(), X, MPFR_RNDN);
  mpfr_set_z(mm.get(), M, MPFR_RNDN);
  mpfr_div(ratio.get(), xm.get(), mm.get(), MPFR_RNDN);  // within 2^-wide relative: compare with margin below
  for (int k = 0; k < 2; ++k) {
    mpfr_set_d(bound.get(), x.eval[k].frac, MPFR_RNDN);
    mpfr_mul_2si(bound.get(), bound.get(), static_cast<long>(x.eval[k].exp), MPFR_RNDN);
    const int c = mpfr_cmp(bound.get(), ratio.get());
    if ((k == 0 && c > 0) || (k == 1 && c < 0)) problem = k == 0 ? "lower bound above X/M" : "upper bound below X/M";
  }
  mpz_clears(X, M, nullptr);
  return problem;
}

template <int N>
bool identical(const rns::mp_float<N>& a, const rns::mp_float<N>& b) {
  for (int i = 0; i < N; ++i)
    if (a.digits[i] != b.digits[i]) return false;
  return a.sign == b.sign && a.exp == b.exp && a.eval[0].frac == b.eval[0].frac && a.eval[0].exp == b.eval[0].exp &&
         a.eval[1].frac == b.eval[1].frac && a.eval[1].exp == b.eval[1].exp;
}

template <int N>
std::string describe(const rns::mp_float<N>& x) {
  std::ostringstream s;
  s << rns::to_string<N>(x, 12) << " (exp " << x.exp << ", eval [" << x.eval[0].frac << "*2^" << x.eval[0].exp << ", "
    << x.eval[1].frac << "*2^" << x.eval[1].exp << "])";
  return s.str();
}

// Runs f(x[i], y[i]) -> z[i] for every i on Space.
template <class Space, int N, class Op>
std::vector<rns::mp_float<N>> map_on(const std::vector<rns::mp_float<N>>& x, const std::vector<rns::mp_float<N>>& y,
                                     Op op) {
  auto vx = to_space<Space>(x, "x");
  auto vy = to_space<Space>(y, "y");
  Kokkos::View<rns::mp_float<N>*, typename Space::memory_space> vz("z", x.size());
  const rns::basis_constants<N>* b = rns::basis<N>::template in<typename Space::memory_space>();
  Kokkos::parallel_for(
      "kamp::test::rns_map", Kokkos::RangePolicy<Space>(0, x.size()),
      KOKKOS_LAMBDA(std::size_t i) { vz(i) = op(vx(i), vy(i), *b); });
  return to_host(vz);
}

}  // namespace kamp::test

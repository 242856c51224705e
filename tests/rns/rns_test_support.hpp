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
#include "blas/format_list.hpp"
#include "rns/add.hpp"
#include "rns/invariant.hpp"
#include "rns/array_stages.hpp"
#include "rns/mp_float.hpp"
#include "rns/mpfr_conversion.hpp"
#include "rns/mul.hpp"
#include "rns/random_values.hpp"
#include "tests/backends.hpp"
#include "tests/sweep_count.hpp"
#include "tests/tested_formats.hpp"

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
  using type = ::testing::Types<rns_config<typename Pairs::second, format_traits<typename Pairs::first>::moduli>...>;
};

using rns_configs = rns_configs_of<formats::cartesian_t<tested_formats_t<blas::rns_formats>, space_list>>::type;

struct rns_config_name {
  template <class T>
  static std::string GetName(int) {
    return std::string(T::space::name()) + "_" + std::to_string(T::moduli);
  }
};

// Random operations per operation kind and precision: the long sweep does 10^5 each; Serial, one
// thread, runs fewer (a Kokkos without Serial has no such space to name).
template <class Space>
std::size_t random_operation_count() {
#ifdef KOKKOS_ENABLE_SERIAL
  if (std::is_same<Space, Kokkos::Serial>::value) return sweep_count(2000, 100000);
#endif
  return sweep_count(34000, 100000);
}

// A random q-bit (or `bits`-bit) significand with the given exponent range and random sign.
template <int N>
rns::mp_float<N> random_mp(core::random_source& rng, int min_exponent, int max_exponent, int bits = 0) {
  return rns::random_mp_float<N>(rng, min_exponent, max_exponent, bits);
}

// The format's unit roundoff, 4/sqrt(M) rounded up (Isupov and Knyazkov's eq. (6)).
template <int N>
core::mpfr_value unit_roundoff() {
  return format_traits<rns::mp_float<N>>::unit_roundoff();
}

// MPFR's exponent range set while in scope (by default the widest: the format's values reach
// 2^(2^30 + q), beyond MPFR's default), the previous one restored after.
class mpfr_exponent_range {
 public:
  explicit mpfr_exponent_range(mpfr_exp_t emin = mpfr_get_emin_min(), mpfr_exp_t emax = mpfr_get_emax_max())
      : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
  }
  ~mpfr_exponent_range() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }
  mpfr_exponent_range(const mpfr_exponent_range&) = delete;
  mpfr_exponent_range& operator=(const mpfr_exponent_range&) = delete;

 private:
  mpfr_exp_t emin_, emax_;
};

// (-1)^sign X 2^exp with the integer 0 < X < 2^q as its significand (from_mpfr would strip
// X's trailing zeros), at any exponent of the format: built at exponent 0 and then moved, so
// MPFR's exponent range does not matter.
template <int N>
rns::mp_float<N> from_integer(const mpz_t X, long exp, int sign = 0) {
  core::mpfr_value v(rns::basis_constants<N>::significand_bits);
  mpfr_set_z(v.get(), X, MPFR_RNDN);
  rns::mp_float<N> x = rns::from_mpfr<N>(v.get());
  const auto& b = rns::basis<N>::host();
  for (int i = 0; i < N; ++i) x.digits[i] = rns::mod_mul(x.digits[i], b.pow2[x.exp][i], b.m[i], b.inv_m[i]);
  x.eval[0] = x.eval[0].scaled(x.exp);
  x.eval[1] = x.eval[1].scaled(x.exp);
  x.exp = static_cast<std::int32_t>(exp);
  x.sign = sign;
  return x;
}

// The same for X = 2^j + offset.
template <int N>
rns::mp_float<N> from_power_of_two(int j, long offset, long exp, int sign = 0) {
  mpz_t X;
  mpz_init(X);
  mpz_ui_pow_ui(X, 2, static_cast<unsigned long>(j));
  if (offset >= 0) mpz_add_ui(X, X, static_cast<unsigned long>(offset));
  if (offset < 0) mpz_sub_ui(X, X, static_cast<unsigned long>(-offset));
  const rns::mp_float<N> x = from_integer<N>(X, exp, sign);
  mpz_clear(X);
  return x;
}

// What the format's truncation makes of an exact value (see rns/round_stage.hpp): toward zero
// at q bits, then to a multiple of 2^-2^30 below 2^(q - 2^30); infinity from 2^(q + 2^30) on.
// Needs a wide MPFR exponent range.
template <int N>
core::mpfr_value truncated_into_format(const core::mpfr_value& exact) {
  constexpr long q = rns::basis_constants<N>::significand_bits, limit = rns::exponent_limit;
  core::mpfr_value r(q);
  mpfr_set(r.get(), exact.get(), MPFR_RNDZ);
  if (!mpfr_regular_p(r.get())) return r;
  if (mpfr_get_exp(r.get()) > q + limit) {  // |r| >= 2^(q + limit)
    mpfr_set_inf(r.get(), mpfr_sgn(r.get()));
  } else if (mpfr_get_exp(r.get()) <= q - limit) {  // |r| < 2^(q - limit)
    mpfr_mul_2si(r.get(), r.get(), limit, MPFR_RNDN);
    mpfr_trunc(r.get(), r.get());
    mpfr_mul_2si(r.get(), r.get(), -limit, MPFR_RNDN);
    if (mpfr_zero_p(r.get())) mpfr_set_zero(r.get(), 1);
  }
  return r;
}

enum class op_kind { add, sub, mul };

struct apply_op {
  op_kind kind;
  template <int N>
  KOKKOS_INLINE_FUNCTION rns::mp_float<N> operator()(const rns::mp_float<N>& x, const rns::mp_float<N>& y,
                                                     const rns::basis_constants<N>& b) const {
    if (kind == op_kind::add) return rns::add<N>(x, y, b);
    if (kind == op_kind::sub) return rns::sub<N>(x, y, b);
    return rns::mul<N>(x, y, b);
  }
};

// x op y in MPFR at 4q + 64 bits, which must hold it exactly (for + and -, operands within
// about 3q bits of each other).
template <int N>
core::mpfr_value exact_result(op_kind kind, const rns::mp_float<N>& x, const rns::mp_float<N>& y) {
  const core::mpfr_value a = rns::to_mpfr<N>(x), c = rns::to_mpfr<N>(y);
  core::mpfr_value r(4 * rns::basis_constants<N>::significand_bits + 64);
  const int inexact = kind == op_kind::add   ? mpfr_add(r.get(), a.get(), c.get(), MPFR_RNDN)
                      : kind == op_kind::sub ? mpfr_sub(r.get(), a.get(), c.get(), MPFR_RNDN)
                                             : mpfr_mul(r.get(), a.get(), c.get(), MPFR_RNDN);
  EXPECT_EQ(inexact, 0) << "the reference is not exact";
  return r;
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

// z = x op y through the split-kernel stages (esi, digits, round) of rns/array_stages.hpp.
template <class Space, int N>
std::vector<rns::mp_float<N>> split_stages_on(op_kind kind, const std::vector<rns::mp_float<N>>& x,
                                              const std::vector<rns::mp_float<N>>& y) {
  using Memory = typename Space::memory_space;
  const auto n = static_cast<std::int64_t>(x.size());
  rns::mp_array<N, Memory> ax(x.size()), ay(y.size()), az(x.size());
  rns::copy_from_host(ax, x);
  rns::copy_from_host(ay, y);
  const rns::operand<N, Memory> ox{ax, {1, n}}, oy{ay, {1, n}}, oz{az, {1, n}};
  const rns::basis_constants<N>* b = rns::basis<N>::template in<Memory>();
  const Kokkos::RangePolicy<Space> elements(0, n), residues(0, n * N);
  if (kind == op_kind::mul) {
    Kokkos::parallel_for(elements, rns::mul_esi_stage<N, Memory>{ox, oy, oz, false, {}, b});
    using digits_stage = rns::mul_digits_stage<N, Memory>;
    Kokkos::parallel_for(Kokkos::RangePolicy<Space>(0, digits_stage::threads(n)),
                         digits_stage{ox, oy, oz, false, {}, b});
  } else {
    Kokkos::parallel_for(elements, rns::add_esi_stage<N, Memory>{ox, oy, oz, kind == op_kind::sub, b});
    Kokkos::parallel_for(residues, rns::add_digits_stage<N, Memory>{ox, oy, oz, b});
  }
  Kokkos::parallel_for(elements, rns::round_stage_kernel<N, Memory>{oz, kind != op_kind::mul, b});
  Kokkos::fence();
  return rns::copy_to_host(az);
}

}  // namespace kamp::test
